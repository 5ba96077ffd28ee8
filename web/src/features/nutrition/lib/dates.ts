// Local calendar days as YYYY-MM-DD strings (the "day" the API takes).
import { formatDateParts, toLocalISODate } from '@/lib/format';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's local date, YYYY-MM-DD. */
export const todayISO = (now: Date = new Date()): string => toLocalISODate(now);

/** Parses YYYY-MM-DD as a local date at noon (safe across DST), or null. */
export function parseISODay(value: string | null | undefined): Date | null {
  if (!value || !ISO_DAY.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d, 12);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** The day `days` after `day` (negative for earlier). */
export function addDays(day: string, days: number): string {
  const date = parseISODay(day) ?? new Date();
  date.setDate(date.getDate() + days);
  return todayISO(date);
}

/** "Today", "Yesterday", or "Mon, Mar 2, 2026". */
export function dayLabel(day: string, today: string = todayISO()): string {
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  const date = parseISODay(day);
  if (!date) return day;
  return formatDateParts(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
}

/** A sensible meal for the time of day. */
export function mealForTime(now: Date = new Date()): 'breakfast' | 'lunch' | 'dinner' | 'snack' {
  const h = now.getHours() + now.getMinutes() / 60;
  if (h >= 5 && h < 10.5) return 'breakfast';
  if (h >= 11.5 && h < 14.5) return 'lunch';
  if (h >= 17.5 && h < 21.5) return 'dinner';
  return 'snack';
}
