// Workout-log formatting (docs/product.md#training).

/** The rating labels, 1 to 5. */
export const RATING_LABELS = ['Very Easy', 'Easy', 'Moderate', 'Hard', 'Very Hard'] as const;

export function ratingLabel(rating: number): string {
  return RATING_LABELS[Math.min(5, Math.max(1, Math.round(rating))) - 1]!;
}

/** Average rating to one decimal, 'N/A' when zero. */
export function formatAvgRating(avg: number): string {
  return avg ? avg.toFixed(1) : 'N/A';
}

export function titleCase(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** "WOD" reads better upper-case; other categories are title case. */
export function categoryLabel(category: string): string {
  return category === 'wod' ? 'WOD' : titleCase(category);
}

export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function dayName(day: number): string {
  return DAY_NAMES[day - 1] ?? `Day ${day}`;
}
