import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { NewsletterBox } from './newsletter-box';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function renderBox() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NewsletterBox />
    </QueryClientProvider>,
  );
  const input = screen.getByLabelText('Email address');
  const submit = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  };
  return { input, submit };
}

afterEach(() => vi.unstubAllGlobals());

describe('NewsletterBox', () => {
  it('sends the trimmed address and shows the server message on success', async () => {
    const fetch = answer(200, { email: 'ana@example.com', message: 'Thanks for subscribing!' });
    vi.stubGlobal('fetch', fetch);
    const { submit } = renderBox();
    submit('  ana@example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks for subscribing!');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/newsletter');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@example.com' });
  });

  it('shows the server field message on a 400 and marks the field invalid', async () => {
    vi.stubGlobal('fetch', answer(400, { message: 'Please enter a valid email address', errors: { email: 'Please enter a valid email address' } }));
    const { input, submit } = renderBox();
    submit('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // Typing again clears the error.
    fireEvent.change(input, { target: { value: 'nope2' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server message of a rate limit', async () => {
    vi.stubGlobal('fetch', answer(429, { message: 'Too many newsletter sign-ups. Please wait a minute and try again.' }));
    const { submit } = renderBox();
    submit('ana@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many newsletter sign-ups. Please wait a minute and try again.');
  });
});
