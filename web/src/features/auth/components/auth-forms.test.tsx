import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { safeNext } from '../schemas';
import { RegisterForm } from './register-form';
import { LoginForm } from './login-form';

function renderWith(ui: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('RegisterForm', () => {
  it("shows the form messages and sends nothing on bad input", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<RegisterForm onRegistered={() => {}} />);
    fill('Username', 'ab');
    fill('Email', 'nope');
    fill('Password', '12345');
    fill('Confirm Password', '54321');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    fill('Username', 'abc');
    fill('Email', 'a@b.co');
    fill('Password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends username, email and password but not the confirmation', async () => {
    const user = { id: 1, username: 'abc', email: 'a@b.co', subscriptionTier: 'basic', createdAt: '2026-01-01T00:00:00Z' };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(user), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const done = vi.fn();
    renderWith(<RegisterForm onRegistered={done} />);
    fill('Username', 'abc');
    fill('Email', 'a@b.co');
    fill('Password', '123456');
    fill('Confirm Password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/register');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'abc', email: 'a@b.co', password: '123456' });
  });
});

describe('LoginForm', () => {
  it('requires both fields and shows the server message under the form', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'Invalid username or password' }), { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<LoginForm onLoggedIn={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    fill('Username or email', 'ana');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
  });
});

describe('safeNext', () => {
  it('keeps same-site paths only', () => {
    expect(safeNext('/training')).toBe('/training');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('/auth?next=/x')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});
