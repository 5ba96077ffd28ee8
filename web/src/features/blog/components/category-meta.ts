import { Dumbbell, HeartPulse, Footprints, type LucideIcon } from 'lucide-react';
import type { BlogCategory } from '../api/get-articles';

export const CATEGORIES: { name: BlogCategory; icon: LucideIcon; text: string }[] = [
  { name: 'Training', icon: Dumbbell, text: 'Station technique, pacing the eight runs and the Roxzone.' },
  { name: 'Recovery', icon: HeartPulse, text: 'Training load, tapering, sleep and the days after a race.' },
  { name: 'Gear', icon: Footprints, text: 'Shoes, grip, a home kit and the race-day bag.' },
];

export function isCategory(value: string | null): value is BlogCategory {
  return CATEGORIES.some((c) => c.name === value);
}
