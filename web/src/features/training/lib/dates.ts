// Calendar dates as YYYY-MM-DD on the athlete's local calendar (docs/training.md#calendar).
import { formatDateParts, toLocalISODate, type DateParts } from '@/lib/format';

/** The local calendar day of d. */
export const toISODate = (d: Date): string => toLocalISODate(d);

export function parseISODate(s: string): Date {
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function addDays(s: string, days: number): string {
  const d = parseISODate(s);
  d.setDate(d.getDate() + days);
  return toISODate(d);
}

export function today(): string {
  return toISODate(new Date());
}

/** The Monday of the week of s. */
export function mondayOf(s: string): string {
  const d = parseISODate(s);
  return addDays(s, -((d.getDay() + 6) % 7));
}

/** The Monday on or after s (s itself when it is a Monday). */
export function nextMonday(s: string): string {
  const d = parseISODate(s);
  return addDays(s, (8 - d.getDay()) % 7);
}

/** The 6-week grid of the month of s: from the Monday on or before the 1st. */
export function monthGrid(s: string): { from: string; to: string; month: number } {
  const d = parseISODate(s);
  const first = toISODate(new Date(d.getFullYear(), d.getMonth(), 1));
  const from = mondayOf(first);
  return { from, to: addDays(from, 41), month: d.getMonth() };
}

export function formatDay(s: string, parts: DateParts = { weekday: 'short', day: 'numeric', month: 'short' }): string {
  return formatDateParts(parseISODate(s), parts);
}

export function monthLabel(s: string): string {
  return formatDateParts(parseISODate(s), { month: 'long', year: 'numeric' });
}
