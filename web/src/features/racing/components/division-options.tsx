import { DIVISIONS, divisionLabel } from '../lib/race';

/** One <option> per division, for the result form and the leaderboard filter. */
export function DivisionOptions() {
  return DIVISIONS.map((d) => (
    <option key={d} value={d}>
      {divisionLabel(d)}
    </option>
  ));
}
