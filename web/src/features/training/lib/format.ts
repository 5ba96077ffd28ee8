// Workout-log formatting (docs/product.md#training).
import { formatLoad, type Units } from '@/lib/units';

/** The rating labels, 1 to 5. */
export const RATING_LABELS = ['Very Easy', 'Easy', 'Moderate', 'Hard', 'Very Hard'] as const;

export function ratingLabel(rating: number): string {
  return RATING_LABELS[Math.min(5, Math.max(1, Math.round(rating))) - 1]!;
}

/** Average rating to one decimal, 'N/A' when zero. */
export function formatAvgRating(avg: number): string {
  return avg ? avg.toFixed(1) : 'N/A';
}

export function titleCase(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** "WOD" reads better upper-case; other categories are title case. */
export function categoryLabel(category: string): string {
  return category === 'wod' ? 'WOD' : titleCase(category);
}

export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function dayName(day: number): string {
  return DAY_NAMES[day - 1] ?? `Day ${day}`;
}

/** 'How it felt' (the 1-5 rating) is not effort: RPE 1-10 measures effort (docs/training-logs.md). */
export const FELT_LABEL = 'How it felt';

/** Seconds as m:ss, or h:mm:ss from an hour. */
export function formatClock(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A record's value: a time (m:ss) or a load (stored kg, shown in the athlete's units). */
export function formatRecordValue(r: { kind: string; value: number }, units: Units = 'metric'): string {
  return r.kind === 'time' ? formatClock(r.value) : formatLoad(r.value, units);
}

/** A record's name: exercise and measure, e.g. "SkiErg 1000 m". */
export function recordName(r: { exercise: string; measure: string; kind: string }): string {
  return r.kind === 'load' ? `${r.exercise} (best load)` : r.measure ? `${r.exercise} ${r.measure}` : r.exercise;
}

/** A Date as the value of an <input type="datetime-local"> (local time, minutes). */
export function toDateTimeLocal(value: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}`;
}
