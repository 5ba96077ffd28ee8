import { describe, expect, it } from 'vitest';
import { pacingPlanSchema, raceGoalSchema, raceResultSchema, roadPredictionSchema } from './schemas';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const full = {
  date: '2026-03-01',
  eventName: ' Full simulation ',
  kind: 'simulation' as const,
  division: 'open_men',
  runSplits: Array(8).fill('3:30'),
  stationSplits: ['3:40', '2:00', '', '', '', '', '', ''],
  roxzoneSeconds: '5:00',
};

describe('raceResultSchema', () => {
  it('sends seconds, a trimmed event name and null for a station not done in a simulation', () => {
    const r = raceResultSchema.safeParse(full);
    expect(r.success && r.data).toEqual({
      date: '2026-03-01',
      eventName: 'Full simulation',
      kind: 'simulation',
      division: 'open_men',
      runSplits: Array(8).fill(210),
      stationSplits: [220, 120, null, null, null, null, null, null],
      roxzoneSeconds: 300,
    });
  });

  it('puts each refusal on its field, keyed as the server keys its errors', () => {
    const r = raceResultSchema.safeParse({ ...full, kind: 'race', eventName: ' ', division: '', runSplits: ['', '45', ...Array(6).fill('3:30')], roxzoneSeconds: '' });
    expect(issues(r)).toEqual({
      'runSplits.0': 'Run 1 is required.',
      'runSplits.1': '"45" could be seconds or minutes: write 0:45 or 45:00.',
      'stationSplits.2': 'Sled Pull is required in a race.',
      'stationSplits.3': 'Burpee Broad Jumps is required in a race.',
      'stationSplits.4': 'Rowing is required in a race.',
      'stationSplits.5': 'Farmers Carry is required in a race.',
      'stationSplits.6': 'Sandbag Lunges is required in a race.',
      'stationSplits.7': 'Wall Balls is required in a race.',
      roxzoneSeconds: 'Roxzone time is required.',
      eventName: 'Event name is required.',
      division: 'Please choose a division.',
    });
  });

  it('wants at least one station in a simulation', () => {
    expect(issues(raceResultSchema.safeParse({ ...full, stationSplits: Array(8).fill('') }))).toEqual({ 'stationSplits.0': 'Enter at least one station split.' });
  });
});

describe('the goal time', () => {
  it('on the analytics page: an empty field clears the goal, a time outside 45:00-6:00:00 is refused', () => {
    expect(raceGoalSchema.parse({ goalSeconds: ' ' })).toEqual({ goalSeconds: null });
    expect(raceGoalSchema.parse({ goalSeconds: '1:20:00' })).toEqual({ goalSeconds: 4800 });
    expect(issues(raceGoalSchema.safeParse({ goalSeconds: '44:59' }))).toEqual({ goalSeconds: 'Enter a goal between 45:00 and 6:00:00, e.g. 1:20:00.' });
  });

  it('on the race strategy page: a plan needs one', () => {
    expect(pacingPlanSchema.parse({ goalSeconds: '6:00:00' })).toEqual({ goalSeconds: 21600 });
    expect(issues(pacingPlanSchema.safeParse({ goalSeconds: '' }))).toEqual({ goalSeconds: 'Enter a goal between 45:00 and 6:00:00, e.g. 1:15:00.' });
  });
});

describe('roadPredictionSchema', () => {
  it("checks the distance's bounds and sends the distance as a number", () => {
    expect(roadPredictionSchema.parse({ distanceKm: '10', seconds: '50:00', division: 'doubles_mixed' })).toEqual({ distanceKm: 10, seconds: 3000, division: 'doubles_mixed' });
    expect(issues(roadPredictionSchema.safeParse({ distanceKm: '5', seconds: '9:00', division: 'open_women' }))).toEqual({
      seconds: 'Enter a 5 km time between 12:30 and 1:30:00, as mm:ss or h:mm:ss.',
    });
  });
});
