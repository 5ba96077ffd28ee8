/**
 * A same-site path to go to after signing in (?next=), or `fallback`: never
 * another host (no open redirect, docs/product.md#navigation), never /auth
 * itself. Control characters and backslashes are refused outright (browsers
 * drop tabs and newlines and read "\" as "/", so "/\t/evil.example" would
 * become "//evil.example"); what is left must resolve to this origin.
 */
export function safePath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  const base = 'https://same-site.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return fallback;
  return url.pathname + url.search + url.hash;
}
