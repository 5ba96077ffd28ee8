import { toLocalISODate } from '@/lib/format';

/** The browser's local date and offset (minutes east of UTC) for the day-based endpoints. */
export function localCalendarQuery(): string {
  const now = new Date();
  return new URLSearchParams({ today: toLocalISODate(now), tzOffset: String(-now.getTimezoneOffset()) }).toString();
}
