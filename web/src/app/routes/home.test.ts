import { describe, expect, it } from 'vitest';
import { greeting } from './home';

describe('greeting', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('greets an account on its first day as new', () => {
    expect(greeting('kai', '2026-11-25T11:59:00Z', now)).toBe('Welcome, kai');
    expect(greeting('kai', '2026-11-24T12:00:01Z', now)).toBe('Welcome, kai');
  });
  it('welcomes an older account back', () => {
    expect(greeting('kai', '2026-11-24T12:00:00Z', now)).toBe('Welcome back, kai');
    expect(greeting('kai', '2025-01-01T00:00:00Z', now)).toBe('Welcome back, kai');
  });
});
