// The one rule for typing a time (docs/time-entry.md): what phones let people
// type, read the way they mean it, and nothing guessed.
//
//   25:30, 25.30, 25,30   -> 25 min 30 s (':', '.' and ',' all separate)
//   2530                  -> 25 min 30 s (digits only: the last two are seconds)
//   1:05:30, 10530        -> 1 h 5 min 30 s
//   45, 25.3, 25:75       -> refused: ambiguous or not a time

/** A typed time: its seconds, or why it is refused. Empty text is `{ empty: true }`. */
export type TimeEntry = { seconds: number } | { error: string } | { empty: true };

export const TIME_FORMAT_HINT = 'e.g. 25:30 or 2530';

const GENERIC = 'Write a time as m:ss or h:mm:ss, e.g. 25:30 or 1:05:30.';

export function parseTimeEntry(text: string): TimeEntry {
  const t = text.trim();
  if (t === '') return { empty: true };
  let parts: string[];
  if (/^\d+$/.test(t)) {
    if (t.length <= 2) return { error: `"${t}" could be seconds or minutes: write 0:${t.padStart(2, '0')} or ${t}:00.` };
    if (t.length > 6) return { error: GENERIC };
    // Digits only: seconds are the last two, minutes the two (or one) before, hours the rest.
    parts = t.length <= 4 ? [t.slice(0, -2), t.slice(-2)] : [t.slice(0, -4), t.slice(-4, -2), t.slice(-2)];
  } else {
    if (!/^\d{1,3}([:.,]\d+){1,2}$/.test(t)) return { error: GENERIC };
    parts = t.split(/[:.,]/);
    if (parts.length === 2 && parts[1].length === 1) {
      return { error: `"${t}" is unclear: write ${parts[0]}:${parts[1]}0 or ${parts[0]}:0${parts[1]}.` };
    }
    if (parts.slice(1).some((p) => p.length !== 2)) {
      return { error: `"${t}" is unclear: write two digits after each separator, e.g. 1:05:30.` };
    }
  }
  const [first, ...rest] = parts.map(Number);
  if (rest[rest.length - 1] > 59) return { error: `Seconds go up to 59 ("${t}").` };
  if (rest.length === 2 && rest[0] > 59) return { error: `Minutes go up to 59 after the hours ("${t}").` };
  return { seconds: parts.length === 3 ? first * 3600 + rest[0] * 60 + rest[1] : first * 60 + rest[0] };
}

/** The seconds of a typed time, or null when it is empty or refused. */
export function timeEntrySeconds(text: string): number | null {
  const e = parseTimeEntry(text);
  return 'seconds' in e ? e.seconds : null;
}

/** The refusal of a typed time, or undefined when it is a time or empty. */
export function timeEntryError(text: string): string | undefined {
  const e = parseTimeEntry(text);
  return 'error' in e ? e.error : undefined;
}

/** Seconds as m:ss, or h:mm:ss from an hour: the form a time field is filled with. */
export function formatTimeEntry(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Seconds in words, as the field reads them back: "25 min 30 s", "1 h 5 min 30 s". */
export function spokenTimeEntry(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const out = [h && `${h} h`, (m || (h && s)) && `${m} min`, (s || (!h && !m)) && `${s} s`].filter(Boolean);
  return out.join(' ');
}
