// Formatting for en-US (docs/product.md#web-app, "Formatting"). Dates and numbers, which
// nearly every page shows in its first render, are written here rather than
// by Intl: a page's first Intl object loads ICU's data, 40-90 ms of main
// thread on this project's test machine (four times that at Lighthouse's mobile CPU), in the task
// that renders the page. The output is Intl's en-US, character for character
// (format.test.ts compares them); what is not covered here still goes to Intl.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The parts of a date Intl's en-US shows, in its order: "Mon, Mar 2, 2026", "March 2026", "Mar 2". */
export type DateParts = {
  weekday?: 'short' | 'long';
  month?: 'short' | 'long';
  day?: 'numeric';
  year?: 'numeric';
};

/** A date's local calendar parts as Intl.DateTimeFormat('en-US', parts) writes them. */
export function formatDateParts(d: Date, parts: DateParts): string {
  // A day without its month is written in orders of its own ("29 Sun"): Intl's.
  if (parts.day && !parts.month) return new Intl.DateTimeFormat('en-US', parts).format(d);
  const name = (names: string[], i: number, width: 'short' | 'long') => (width === 'long' ? names[i]! : names[i]!.slice(0, 3));
  const weekday = parts.weekday && name(WEEKDAYS, d.getDay(), parts.weekday);
  const month = parts.month && name(MONTHS, d.getMonth(), parts.month);
  const year = parts.year && String(d.getFullYear());
  let date: string | undefined;
  if (month && parts.day) date = year ? `${month} ${d.getDate()}, ${year}` : `${month} ${d.getDate()}`;
  else if (month) date = year ? `${month} ${year}` : month;
  else date = year;
  return [weekday, date].filter(Boolean).join(', ');
}

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Mar 5, 2025"; '' for an invalid date. */
export function formatDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? formatDateParts(d, { year: 'numeric', month: 'short', day: 'numeric' }) : '';
}

/** "Mar 5, 2025, 2:07 PM"; '' for an invalid date. */
export function formatDateTime(value: string | number | Date): string {
  const d = toDate(value);
  if (!d) return '';
  const h = d.getHours();
  return `${formatDate(d)}, ${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Money from integer minor units: formatMoney(1900, 'usd') -> "$19.00". */
export function formatMoney(minorUnits: number, currency = 'USD'): string {
  const code = (currency || 'USD').toUpperCase();
  const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.format(minorUnits / 10 ** digits);
}

/**
 * A number as Intl.NumberFormat('en-US', { maximumFractionDigits }) writes it:
 * 12345 -> "12,345", 2.345 -> "2.345", rounded half away from zero on the
 * number's shortest decimal form, as ICU does.
 */
export function formatNumber(value: number, maximumFractionDigits = 3): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : value < 0 ? '-∞' : 'NaN';
  const negative = value < 0 || Object.is(value, -0);
  const abs = Math.abs(value);
  // Beyond what the shortest decimal form writes without an exponent, Intl's own word.
  if (abs !== 0 && (abs >= 1e21 || abs < 1e-6)) return new Intl.NumberFormat('en-US', { maximumFractionDigits }).format(value);
  const [intPart, fracPart = ''] = String(abs).split('.') as [string, string?];
  let digits = intPart + fracPart.slice(0, maximumFractionDigits).padEnd(maximumFractionDigits, '0');
  if ((fracPart[maximumFractionDigits] ?? '0') >= '5') digits = addOne(digits);
  const intDigits = digits.length - maximumFractionDigits;
  const whole = digits.slice(0, intDigits).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(intDigits).replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** A string of decimal digits plus one in its last place ("0999" -> "1000"). */
function addOne(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return '1' + out.join('');
}

/** Minutes as "45 min" under 60, else "1h 30m" (docs/product.md#training). */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h ${m}m` : `${h}h`;
}

/** Local calendar day as YYYY-MM-DD (the "day" the API takes). */
export function toLocalISODate(value: Date = new Date()): string {
  const y = value.getFullYear();
  const m = String(value.getMonth() + 1).padStart(2, '0');
  const d = String(value.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

const MINUTE = 60_000;

/**
 * How long ago something happened, the one relative-time wording of the app
 * (docs/product.md#web-app): 'just now' under a minute (and for a time ahead of
 * this device's clock), 'N minutes ago', 'N hours ago' (whole hours), then 'N days
 * ago'; '' for an invalid date.
 */
export function formatTimeAgo(value: string | number | Date, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const minutes = Math.floor((now.getTime() - d.getTime()) / MINUTE);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
