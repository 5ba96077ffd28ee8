import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useApiForm } from './use-api-form';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  email: z.string(),
});
type Values = z.infer<typeof schema>;

function setup() {
  return renderHook(() => useApiForm<Values>({ schema, defaultValues: { name: 'Ann', email: 'a@b.co' } }));
}

async function submitWith(result: ReturnType<typeof setup>['result'], handler: (v: Values) => Promise<unknown>) {
  await act(async () => {
    await result.current.submit(handler)();
  });
}

describe('useApiForm', () => {
  it('puts a 400 field error on the field and shows no form message', async () => {
    const { result } = setup();
    await submitWith(result, () => Promise.reject(new ApiError(400, 'Email taken.', { email: 'Email taken.' })));
    expect(result.current.form.getFieldState('email').error?.message).toBe('Email taken.');
    expect(result.current.formError).toBeUndefined();
  });

  it('shows a 400 whose fields the form does not know as the form message', async () => {
    const { result } = setup();
    await submitWith(result, () => Promise.reject(new ApiError(400, 'Bad input.', { other: 'Nope.' })));
    expect(result.current.formError).toBe('Bad input.');
    expect(result.current.form.getFieldState('name').error).toBeUndefined();
    expect(result.current.form.getFieldState('email').error).toBeUndefined();
  });

  it('shows a non-400 error as the form message, even with an errors map', async () => {
    const { result } = setup();
    await submitWith(result, () => Promise.reject(new ApiError(409, 'Already there.', { email: 'Taken.' })));
    expect(result.current.formError).toBe('Already there.');
    expect(result.current.form.getFieldState('email').error).toBeUndefined();
    await submitWith(result, () => Promise.reject(new ApiError(500, '500: boom')));
    expect(result.current.formError).toBe('500: boom');
  });

  it('clears the form message on the next submit and runs nothing on invalid input', async () => {
    const { result } = setup();
    await submitWith(result, () => Promise.reject(new ApiError(503, 'Down.')));
    expect(result.current.formError).toBe('Down.');
    const ok = vi.fn(async () => 'done');
    await submitWith(result, ok);
    expect(ok).toHaveBeenCalledWith({ name: 'Ann', email: 'a@b.co' });
    expect(result.current.formError).toBeUndefined();
    act(() => result.current.form.setValue('name', ''));
    const never = vi.fn(async () => undefined);
    await submitWith(result, never);
    expect(never).not.toHaveBeenCalled();
    expect(result.current.form.getFieldState('name').error?.message).toBe('Name is required');
  });
});
