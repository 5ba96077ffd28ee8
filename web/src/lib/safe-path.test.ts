import { describe, expect, it } from 'vitest';
import { safePath } from './safe-path';

describe('safePath', () => {
  it('keeps a same-site path with its query', () => {
    expect(safePath('/subscription?plan=pro&interval=year')).toBe('/subscription?plan=pro&interval=year');
    expect(safePath('/training')).toBe('/training');
  });
  it('refuses other hosts and tricks that become one', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'evil.example', 'javascript:alert(1)', '']) {
      expect(safePath(bad), bad).toBe('/');
    }
  });
  it('never returns to /auth itself', () => {
    expect(safePath('/auth?next=/x')).toBe('/');
    expect(safePath('/auth')).toBe('/');
  });
  it('uses the fallback', () => {
    expect(safePath(null, '/home')).toBe('/home');
  });
});
