/**
 * The browser's IANA time zone, which the server uses for day-based reads
 * (docs/product.md#first-data-with-the-html, "The time zone"). Asking Intl for
 * it makes the page's first Intl object, which loads ICU's data: tens of
 * milliseconds of main thread in the task that renders the page
 * (docs/product.md#web-app, "Formatting"). So a page takes the
 * zone the app kept in its cookie (the one the server used for the page's
 * first data), and once the page is on screen rememberTimeZone asks Intl only
 * if the device's UTC offset is not the one the zone was kept with (travel, a
 * daylight-saving switch, a first start). The offset is a cookie too, so the
 * two are kept and cleared together.
 */

import { readCookie } from './cookies';

/** The cookie that carries the zone to the server. */
export const TIME_ZONE_COOKIE = 'hyrox_tz';
/** Beside it, the UTC offset (Date#getTimezoneOffset) the zone was read with: kept and cleared with the zone. */
const OFFSET_COOKIE = 'hyrox_tz_offset';

let current: string | undefined;

function intlZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** This browser's IANA zone as the app knows it ('UTC' if the browser gives none). */
export function timeZone(): string {
  current ??= readCookie(TIME_ZONE_COOKIE) ?? intlZone();
  return current;
}

/** Keeps the zone for the server (year-long cookies, renewed on each start), read anew when the UTC offset moved. */
export function rememberTimeZone() {
  const offset = String(new Date().getTimezoneOffset());
  const kept = readCookie(TIME_ZONE_COOKIE);
  current = kept && readCookie(OFFSET_COOKIE) === offset ? kept : intlZone();
  const attributes = `; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(current)}${attributes}`;
  document.cookie = `${OFFSET_COOKIE}=${offset}${attributes}`;
}

/** Forgets the zone read in this page (tests). */
export function resetTimeZoneForTest() {
  current = undefined;
}
