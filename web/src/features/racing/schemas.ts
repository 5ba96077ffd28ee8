import { z } from 'zod';
import { parseTimeEntry, timeEntrySeconds } from '@/lib/time-entry';
import type { RaceResultInput } from './api/types';
import { STATIONS, formatClock, type Division } from './lib/race';

// The racing forms' rules, one schema per resource. Times are typed as text
// (docs/time-entry.md) and sent as seconds; the fields are named as the
// server's error keys (runSplits.0, roxzoneSeconds, goalSeconds), so a 400's
// field errors land on them. The server checks the same rules.

/** A typed time's seconds, or its refusal put on `path`; null when empty. */
function readTime(text: string, ctx: z.RefinementCtx, path: (string | number)[]): number | null {
  const e = parseTimeEntry(text);
  if ('error' in e) ctx.addIssue({ code: 'custom', path, message: e.error });
  return 'seconds' in e ? e.seconds : null;
}

// A race or a simulation (create and edit): 8 runs, 8 stations (a simulation
// may leave some empty: not done, but not all) and the Roxzone.
export const raceResultSchema = z
  .object({
    date: z.string(),
    eventName: z.string(),
    kind: z.enum(['race', 'simulation']),
    division: z.string(),
    runSplits: z.array(z.string()).length(8),
    stationSplits: z.array(z.string()).length(8),
    roxzoneSeconds: z.string(),
  })
  .transform((v, ctx): RaceResultInput => {
    const runSplits = v.runSplits.map((t, i) => {
      if (!t.trim()) ctx.addIssue({ code: 'custom', path: ['runSplits', i], message: `Run ${i + 1} is required.` });
      return readTime(t, ctx, ['runSplits', i]);
    });
    const stationSplits = v.stationSplits.map((t, i) => {
      if (t.trim()) return readTime(t, ctx, ['stationSplits', i]);
      if (v.kind === 'race') ctx.addIssue({ code: 'custom', path: ['stationSplits', i], message: `${STATIONS[i]} is required in a race.` });
      return null;
    });
    if (v.kind === 'simulation' && v.stationSplits.every((t) => !t.trim())) {
      ctx.addIssue({ code: 'custom', path: ['stationSplits', 0], message: 'Enter at least one station split.' });
    }
    const rox = v.roxzoneSeconds.trim() ? readTime(v.roxzoneSeconds, ctx, ['roxzoneSeconds']) : null;
    if (!v.roxzoneSeconds.trim()) ctx.addIssue({ code: 'custom', path: ['roxzoneSeconds'], message: 'Roxzone time is required.' });
    if (!v.eventName.trim()) ctx.addIssue({ code: 'custom', path: ['eventName'], message: 'Event name is required.' });
    if (!v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Date is required.' });
    if (!v.division) ctx.addIssue({ code: 'custom', path: ['division'], message: 'Please choose a division.' });
    return {
      date: v.date,
      eventName: v.eventName.trim(),
      kind: v.kind,
      division: v.division as Division,
      runSplits: runSplits as number[],
      stationSplits,
      roxzoneSeconds: rox as number,
    };
  });
export type RaceResultValues = z.input<typeof raceResultSchema>;

/** The fields a race result's server errors may land on. */
export const RACE_RESULT_FIELDS = [
  'date',
  'eventName',
  'kind',
  'division',
  ...STATIONS.map((_, i) => `runSplits.${i}` as const),
  ...STATIONS.map((_, i) => `stationSplits.${i}` as const),
  'roxzoneSeconds',
] as const;

// The one goal time (docs/analytics.md#the-goal-time): 45:00 to 6:00:00. The
// analytics page clears it when the field is left empty; the race strategy
// page needs one. Each form's message gives its own example.
const GOAL_MIN = 2700;
const GOAL_MAX = 21600;
/** A typed goal's seconds, or undefined when it is not a goal time. */
function goalSeconds(text: string): number | undefined {
  const s = timeEntrySeconds(text);
  return s !== null && s >= GOAL_MIN && s <= GOAL_MAX ? s : undefined;
}
const goalMessage = (example: string) => `Enter a goal between 45:00 and 6:00:00, e.g. ${example}.`;

/** The analytics page's goal: set it, or clear it with an empty field. */
export const raceGoalSchema = z.object({
  goalSeconds: z.string().transform((text, ctx) => {
    if (!text.trim()) return null;
    const s = goalSeconds(text);
    if (s === undefined) ctx.addIssue({ code: 'custom', message: goalMessage('1:20:00') });
    return s ?? z.NEVER;
  }),
});
export type RaceGoalValues = z.input<typeof raceGoalSchema>;
export type RaceGoalOutput = z.output<typeof raceGoalSchema>;

/** The race strategy page's goal: a plan needs one (and stores it as the goal). */
export const pacingPlanSchema = z.object({
  goalSeconds: z.string().transform((text, ctx) => {
    const s = goalSeconds(text);
    if (s === undefined) ctx.addIssue({ code: 'custom', message: goalMessage('1:15:00') });
    return s ?? z.NEVER;
  }),
});
export type PacingPlanValues = z.input<typeof pacingPlanSchema>;
export type PacingPlanOutput = z.output<typeof pacingPlanSchema>;

// A road 5K or 10K (docs/analytics.md#a-road-5k-or-10k): the bounds the server
// checks, so most mistakes get their message before a request.
const ROAD_BOUNDS = { 5: [750, 5400], 10: [1560, 10800] } as const;

export const roadPredictionSchema = z
  .object({ distanceKm: z.enum(['5', '10']), seconds: z.string(), division: z.string() })
  .transform((v, ctx) => {
    const distanceKm = v.distanceKm === '10' ? 10 : 5;
    const s = timeEntrySeconds(v.seconds);
    const [lo, hi] = ROAD_BOUNDS[distanceKm];
    if (s === null || s < lo || s > hi) {
      ctx.addIssue({
        code: 'custom',
        path: ['seconds'],
        message: `Enter a ${distanceKm} km time between ${formatClock(lo)} and ${formatClock(hi)}, as mm:ss or h:mm:ss.`,
      });
      return z.NEVER;
    }
    return { distanceKm, seconds: s, division: v.division } as { distanceKm: 5 | 10; seconds: number; division: string };
  });
export type RoadPredictionValues = z.input<typeof roadPredictionSchema>;
export type RoadPredictionOutput = z.output<typeof roadPredictionSchema>;
