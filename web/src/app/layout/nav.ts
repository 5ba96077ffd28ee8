import { paths } from '../paths';

export const NAV_LINKS = [
  { href: paths.training, label: 'Training' },
  { href: paths.nutrition, label: 'Nutrition' },
  { href: paths.workoutLogs, label: 'My Workouts' },
  { href: paths.community, label: 'Community' },
  { href: paths.blog, label: 'Blog' },
  { href: paths.about, label: 'About' },
  { href: paths.pricing, label: 'Pricing' },
] as const;
