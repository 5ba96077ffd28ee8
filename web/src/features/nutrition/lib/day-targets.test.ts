import { describe, expect, it } from 'vitest';
import type { DayTargets } from '../api/types';
import { dashboardTargets } from './day-targets';

const profile = {
  dailyCalories: 2500,
  proteinTarget: 160,
  carbsTarget: 300,
  fatTarget: 80,
  currentCalories: 1200,
  currentProtein: 70,
  currentCarbs: 150,
  currentFat: 40,
};
const base = { dailyCalories: 2500, proteinTarget: 160, carbsTarget: 300, fatTarget: 80 };

function day(over: Partial<DayTargets>): DayTargets {
  return { source: 'profile', day: null, targets: base, explanation: [], ...over };
}
const none = { plannedMinutes: 0, plannedLoad: 0, loggedMinutes: 0, loggedLoad: 0 };

describe('dashboardTargets (docs/nutrition-foods.md#day-targets)', () => {
  it("measures against the day's targets the server gives and says so", () => {
    const d = day({
      source: 'calendar',
      day: { ...none, kind: 'training', loggedMinutes: 80, loggedLoad: 720 },
      targets: { dailyCalories: 2888, proteinTarget: 160, carbsTarget: 412, fatTarget: 80 },
    });
    const got = dashboardTargets({ ...profile, day: d }, true);
    expect(got.note).toBe("Today's targets: training day");
    expect(got.figures).toEqual({ ...profile, dailyCalories: 2888, carbsTarget: 412 });
    expect(dashboardTargets({ ...profile, day: d }, false).note).toBe("This day's targets: training day");
  });

  it('names rest, race and loading days', () => {
    const kinds = ['rest', 'race', 'loading'] as const;
    const notes = kinds.map((kind) => dashboardTargets({ ...profile, day: day({ source: 'calendar', day: { ...none, kind } }) }, true).note);
    expect(notes).toEqual(["Today's targets: rest day", "Today's targets: race day", "Today's targets: carbohydrate loading"]);
  });

  it("keeps the profile's targets without a calendar day", () => {
    expect(dashboardTargets({ ...profile, day: day({}) }, true)).toEqual({ figures: profile, note: null });
    expect(dashboardTargets({ ...profile, day: null }, true)).toEqual({ figures: profile, note: null });
    expect(dashboardTargets(profile, false)).toEqual({ figures: profile, note: null });
  });
});
