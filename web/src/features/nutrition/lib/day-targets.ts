// The dashboard's targets (docs/nutrition-foods.md#day-targets): a pro athlete's
// progress bars measure against the day's plan when the training calendar sets it,
// else against the profile.
import type { DashboardFigures } from '../components/nutrition-dashboard';
import type { DayPlan } from '../api/types';

/** The plan's day kinds as the dashboard names them. */
export const DAY_KIND_NAMES: Record<string, string> = {
  training: 'training day',
  rest: 'rest day',
  race: 'race day',
  loading: 'carbohydrate loading',
};

/**
 * The figures the bars use and, when they are the plan's, a short note saying so
 * ("Today's targets: training day"). Without a plan (basic tier, no targets, an error)
 * or without a calendar for the day, the profile's targets stand and there is no note.
 */
export function dashboardTargets(
  profile: DashboardFigures,
  plan: DayPlan | null | undefined,
  isToday: boolean,
): { figures: DashboardFigures; note: string | null } {
  if (!plan || plan.source !== 'calendar' || !plan.day) return { figures: profile, note: null };
  const t = plan.targets;
  const kind = DAY_KIND_NAMES[plan.day.kind] ?? plan.day.kind;
  return {
    figures: { ...profile, dailyCalories: t.dailyCalories, proteinTarget: t.proteinTarget, carbsTarget: t.carbsTarget, fatTarget: t.fatTarget },
    note: `${isToday ? "Today's" : "This day's"} targets: ${kind}`,
  };
}
