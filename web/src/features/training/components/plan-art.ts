import cardio from '../assets/plan-cardio.svg';
import running from '../assets/plan-running.svg';
import strength from '../assets/plan-strength.svg';
import wod from '../assets/plan-wod.svg';

/** The illustration of a plan's category (shipped with the app). */
export const PLAN_ART: Record<string, string> = { strength, running, wod, cardio };

export function planArt(category: string): string {
  return PLAN_ART[category] ?? strength;
}
