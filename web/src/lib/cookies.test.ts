import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie by its whole name and decodes it', () => {
    const jar = 'hyrox_tz_offset=-60; hyrox_tz=Europe%2FBerlin; a=b=c';
    expect(readCookie('hyrox_tz', jar)).toBe('Europe/Berlin');
    expect(readCookie('hyrox_tz_offset', jar)).toBe('-60');
    expect(readCookie('a', jar)).toBe('b=c');
  });
  it('is undefined when absent, empty or not decodable', () => {
    expect(readCookie('hyrox', 'hyrox_tz=x')).toBeUndefined();
    expect(readCookie('x', 'x=')).toBeUndefined();
    expect(readCookie('x', 'x=%E0%A4%A')).toBeUndefined();
  });
});
