/** A cookie's decoded value from a `document.cookie` string; undefined when absent, empty or not decodable. */
export function readCookie(name: string, cookie: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('=')) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
