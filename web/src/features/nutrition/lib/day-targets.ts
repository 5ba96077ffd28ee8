// The dashboard's targets (docs/nutrition-foods.md#day-targets): the server gives each
// day's targets once (the profile's `day`, from the calendar and the logged sessions);
// the dashboard, the history and the plan all show that figure.
import type { DashboardFigures } from '../components/nutrition-dashboard';
import type { DayTargets } from '../api/types';

/** The plan's day kinds as the dashboard names them. */
export const DAY_KIND_NAMES: Record<string, string> = {
  training: 'training day',
  rest: 'rest day',
  race: 'race day',
  loading: 'carbohydrate loading',
};

/**
 * The figures the bars use and, when the calendar or the logged sessions set them, a
 * short note saying so ("Today's targets: training day"). Without a day (an older
 * answer) or without a calendar for the day, the profile's targets stand and there is
 * no note.
 */
export function dashboardTargets(
  profile: DashboardFigures & { day?: DayTargets | null },
  isToday: boolean,
): { figures: DashboardFigures; note: string | null } {
  const { day, ...figures } = profile;
  if (!day) return { figures, note: null };
  const t = day.targets;
  const withDay = { ...figures, dailyCalories: t.dailyCalories, proteinTarget: t.proteinTarget, carbsTarget: t.carbsTarget, fatTarget: t.fatTarget };
  if (day.source !== 'calendar' || !day.day) return { figures: withDay, note: null };
  const kind = DAY_KIND_NAMES[day.day.kind] ?? day.day.kind;
  return { figures: withDay, note: `${isToday ? "Today's" : "This day's"} targets: ${kind}` };
}
