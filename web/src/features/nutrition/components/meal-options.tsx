import { MEAL_LABELS, MEAL_TYPES } from '../lib/content';

/** The meals as a select's options, in the diary's order. */
export function MealOptions() {
  return MEAL_TYPES.map((m) => (
    <option key={m} value={m}>
      {MEAL_LABELS[m]}
    </option>
  ));
}
