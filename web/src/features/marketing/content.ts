// Marketing figures. source: docs/product.md#marketing-figures (175K+ athletes,
// 50+ countries, 95% success rate, 50K+ posts/month, 400% yearly growth,
// 45-60 minute sessions, elite transitions under 15 seconds).

export const HERO_STATS = [
  { value: '175K+', label: 'Active Athletes' },
  { value: '50+', label: 'Countries' },
  { value: '95%', label: 'Success Rate' },
] as const;

// source: /work/shared/domain/hyrox.md, "The race" (station order and work).
export const STATIONS = [
  { name: 'SkiErg', work: '1000 m' },
  { name: 'Sled Push', work: '50 m' },
  { name: 'Sled Pull', work: '50 m' },
  { name: 'Burpee Broad Jumps', work: '80 m' },
  { name: 'Rowing', work: '1000 m' },
  { name: 'Farmers Carry', work: '200 m' },
  { name: 'Sandbag Lunges', work: '100 m' },
  { name: 'Wall Balls', work: '100 reps' },
] as const;
