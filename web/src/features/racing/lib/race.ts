// Race format facts and time helpers shared by the racing pages.
import { formatDate } from '@/lib/format';

/** Stations in race order (hyrox.md "The race"). */
export const STATIONS = [
  'SkiErg',
  'Sled Push',
  'Sled Pull',
  'Burpee Broad Jumps',
  'Rowing',
  'Farmers Carry',
  'Sandbag Lunges',
  'Wall Balls',
] as const;

export { DIVISIONS, divisionLabel, type Division } from '@/lib/divisions';

export const PERIODS = [
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'all', label: 'All time' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

/** A stored day (YYYY-MM-DD) in the app's one date format: "Mar 5, 2026". */
export function formatDay(date: string): string {
  return formatDate(`${date}T12:00:00`);
}

/** Seconds as "m:ss", or "h:mm:ss" from an hour up; negative gets a minus sign. */
export function formatClock(seconds: number): string {
  const neg = seconds < 0;
  let s = Math.round(Math.abs(seconds));
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  const sec = s - m * 60;
  const body = h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}` : `${m}:${String(sec).padStart(2, '0')}`;
  return neg ? `-${body}` : body;
}

/** A signed difference: "+0:12", "-1:05", "±0:00". */
export function formatDelta(seconds: number): string {
  if (Math.round(seconds) === 0) return '±0:00';
  return seconds > 0 ? `+${formatClock(seconds)}` : formatClock(seconds);
}

/** Words for a screen reader: 3725 -> "1 hour 2 minutes 5 seconds". */
export function spokenTime(seconds: number): string {
  const s = Math.round(Math.abs(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const out: string[] = [];
  if (h) out.push(`${h} hour${h === 1 ? '' : 's'}`);
  if (m) out.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (sec || out.length === 0) out.push(`${sec} second${sec === 1 ? '' : 's'}`);
  return out.join(' ');
}

/** The note by every view that ranks or compares times across events (docs/analytics.md#venues). */
export const VENUE_NOTE = 'Times are corrected to an average venue.';
