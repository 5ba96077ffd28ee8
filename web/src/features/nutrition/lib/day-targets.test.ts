import { describe, expect, it } from 'vitest';
import type { DayPlan } from '../api/types';
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

function plan(over: Partial<DayPlan>): DayPlan {
  return {
    date: '2026-03-02',
    source: 'profile',
    day: null,
    explanation: [],
    base,
    targets: base,
    meals: [],
    totals: { calories: 0, protein: 0, carbs: 0, fat: 0 },
    ...over,
  } as DayPlan;
}

describe('dashboardTargets (docs/nutrition-foods.md#day-targets)', () => {
  it("measures against the calendar day's targets and says so", () => {
    const p = plan({
      source: 'calendar',
      day: { kind: 'training', plannedMinutes: 120, plannedLoad: 840 },
      targets: { dailyCalories: 3100, proteinTarget: 160, carbsTarget: 450, fatTarget: 80 },
    });
    const got = dashboardTargets(profile, p, true);
    expect(got.note).toBe("Today's targets: training day");
    expect(got.figures).toEqual({ ...profile, dailyCalories: 3100, carbsTarget: 450 });
    expect(dashboardTargets(profile, p, false).note).toBe("This day's targets: training day");
  });

  it('names rest, race and loading days', () => {
    const kinds = ['rest', 'race', 'loading'] as const;
    const notes = kinds.map((kind) => dashboardTargets(profile, plan({ source: 'calendar', day: { kind, plannedMinutes: 0, plannedLoad: 0 } }), true).note);
    expect(notes).toEqual(["Today's targets: rest day", "Today's targets: race day", "Today's targets: carbohydrate loading"]);
  });

  it("keeps the profile's targets without a calendar or without a plan", () => {
    expect(dashboardTargets(profile, plan({ targets: { ...base, carbsTarget: 999 } }), true)).toEqual({ figures: profile, note: null });
    expect(dashboardTargets(profile, null, true)).toEqual({ figures: profile, note: null });
    expect(dashboardTargets(profile, undefined, false)).toEqual({ figures: profile, note: null });
  });
});
