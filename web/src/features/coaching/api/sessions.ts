import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { COACHING_KEY } from './coaching';
import { timeZone } from '@/lib/time-zone';

export type Availability = components['schemas']['CoachAvailability'];
export type Window = Availability['weekly'][number];
export type AvailabilityException = Availability['exceptions'][number];
export type Slots = components['schemas']['CoachSlots'];
export type Session = components['schemas']['CoachSession'];
export type Sessions = components['schemas']['CoachSessions'];

const availabilityKey = [...COACHING_KEY, 'availability'] as const;
const sessionsKey = [...COACHING_KEY, 'sessions'] as const;
const slotsKey = (minutes: number) => [...COACHING_KEY, 'slots', minutes] as const;

export function useAvailability() {
  return useQuery({ queryKey: availabilityKey, queryFn: ({ signal }) => apiFetch<Availability>('/api/coaching/availability', { signal }) });
}

export function useSaveAvailability() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (av: Availability) => apiFetch<Availability>('/api/coaching/availability', { method: 'PUT', body: av }),
    onSuccess: (av) => qc.setQueryData(availabilityKey, av),
  });
}

export function useSlots(minutes: number, enabled = true) {
  return useQuery({
    queryKey: slotsKey(minutes),
    enabled,
    queryFn: ({ signal }) => apiFetch<Slots>(`/api/coaching/slots?minutes=${minutes}`, { signal }),
  });
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => apiFetch<Sessions>('/api/coaching/sessions', { signal }) });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: sessionsKey });
    void qc.invalidateQueries({ queryKey: [...COACHING_KEY, 'slots'] });
  };
}

export function useBook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (b: { coachId: number; start: string; minutes: number }) =>
      apiFetch<Session>('/api/coaching/sessions', { method: 'POST', body: { ...b, timeZone: timeZone() } }),
    onSuccess: refresh,
    onError: refresh, // a 409 means the slots changed: show the fresh ones
  });
}

export function useCancelSession() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiFetch<Session>(`/api/coaching/sessions/${id}/cancel`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useSetLink(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (url: string) => apiFetch<Session>(`/api/coaching/sessions/${id}/link`, { method: 'PUT', body: { url } }),
    onSuccess: refresh,
  });
}

// In another zone than the device's, so Intl's; a formatter is costly to make
// (a list of slots asked for three per slot): one per zone and kind.
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoned(kind: string, locale: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind} ${zone}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone })));
  return f;
}
const dayFmt = (zone: string) => zoned('day', 'en-US', zone, { weekday: 'long', day: 'numeric', month: 'long' });
const timeFmt = (zone: string) => zoned('time', 'en-US', zone, { hour: '2-digit', minute: '2-digit' });
const keyFmt = (zone: string) => zoned('key', 'en-CA', zone, { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The local date (YYYY-MM-DD) of an instant in zone. */
export function localDate(iso: string, zone = timeZone()): string {
  return keyFmt(zone).format(new Date(iso));
}

export function formatDay(iso: string, zone = timeZone()): string {
  return dayFmt(zone).format(new Date(iso));
}

export function formatTime(iso: string, zone = timeZone()): string {
  return timeFmt(zone).format(new Date(iso));
}

/** Groups slot instants by their local date in the browser's zone, in order. */
export function groupByDay(slots: string[], zone = timeZone()): { date: string; label: string; slots: string[] }[] {
  const out: { date: string; label: string; slots: string[] }[] = [];
  for (const s of slots) {
    const date = localDate(s, zone);
    const last = out[out.length - 1];
    if (last && last.date === date) last.slots.push(s);
    else out.push({ date, label: formatDay(s, zone), slots: [s] });
  }
  return out;
}
