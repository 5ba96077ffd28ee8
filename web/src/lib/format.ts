// Formatting with the browser's Intl for en-US (docs/product.md#web-app).

const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const numberFmt = new Intl.NumberFormat('en-US');

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Mar 5, 2025"; '' for an invalid date. */
export function formatDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? dateFmt.format(d) : '';
}

/** "Mar 5, 2025, 2:07 PM"; '' for an invalid date. */
export function formatDateTime(value: string | number | Date): string {
  const d = toDate(value);
  return d ? dateTimeFmt.format(d) : '';
}

/** Money from integer minor units: formatMoney(1900, 'usd') -> "$19.00". */
export function formatMoney(minorUnits: number, currency = 'USD'): string {
  const code = (currency || 'USD').toUpperCase();
  const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.format(minorUnits / 10 ** digits);
}

/** 12345 -> "12,345". */
export function formatNumber(value: number): string {
  return numberFmt.format(value);
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
