import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './session';

describe('hasSignedInHint', () => {
  it('reads the hint cookie among others', () => {
    expect(hasSignedInHint('hyrox_signed_in=1')).toBe(true);
    expect(hasSignedInHint('theme=dark; hyrox_signed_in=1; x=y')).toBe(true);
  });
  it('is false without it, or when it is empty', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('theme=dark')).toBe(false);
    expect(hasSignedInHint('hyrox_signed_in=')).toBe(false);
    expect(hasSignedInHint('not_hyrox_signed_in=1')).toBe(false);
  });
});
