/**
 * The browser's IANA time zone, which the server uses for day-based reads
 * (docs/product.md#first-data-with-the-html, "The time zone"). Asking Intl for
 * it makes the page's first Intl object, which loads ICU's data: tens of
 * milliseconds of main thread in the task that renders the page
 * (docs/product.md#web-app, "Formatting"). So a page takes the
 * zone the app kept in its cookie (the one the server used for the page's
 * first data), and once the page is on screen rememberTimeZone asks Intl only
 * if the device's UTC offset is not the one the zone was kept with (travel, a
 * daylight-saving switch, a first start).
 */

/** The cookie that carries the zone to the server. */
export const TIME_ZONE_COOKIE = 'hyrox_tz';
/** The UTC offset (Date#getTimezoneOffset) the kept zone was read with. */
const OFFSET_KEY = 'hyrox_tz_offset';

let current: string | undefined;

function keptZone(): string | undefined {
  const m = document.cookie.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`));
  try {
    return m ? decodeURIComponent(m[1]!) || undefined : undefined;
  } catch {
    return undefined;
  }
}

function intlZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** This browser's IANA zone as the app knows it ('UTC' if the browser gives none). */
export function timeZone(): string {
  current ??= (typeof document === 'undefined' ? undefined : keptZone()) ?? intlZone();
  return current;
}

/** Keeps the zone for the server (a year-long cookie, renewed on each start), read anew when the UTC offset moved. */
export function rememberTimeZone() {
  const offset = String(new Date().getTimezoneOffset());
  let keptOffset: string | null = null;
  try {
    keptOffset = localStorage.getItem(OFFSET_KEY);
  } catch {
    // no storage: Intl is asked on each start
  }
  const kept = keptZone();
  current = kept && keptOffset === offset ? kept : intlZone();
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(current)}; path=/; max-age=31536000; samesite=lax${secure}`;
  try {
    localStorage.setItem(OFFSET_KEY, offset);
  } catch {
    // as above
  }
}

/** Forgets the zone read in this page (tests). */
export function resetTimeZoneForTest() {
  current = undefined;
}
