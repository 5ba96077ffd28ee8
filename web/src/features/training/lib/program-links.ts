import { paths } from '@/app/paths';
import type { Program } from '../api/programs';

// Links of a coach's programs (docs/training.md#programs-written-by-a-coach).

/** ?athlete=<id> of the current address, or undefined. */
export function athleteParam(search: string): number | undefined {
  const n = Number(new URLSearchParams(search).get('athlete'));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The new-program address, for an athlete when a coach writes. */
export const programNewPath = (athleteId?: number) => (athleteId ? `${paths.programNew}?athlete=${athleteId}` : paths.programNew);

/** The programs of one athlete, as their coach sees them. */
export const athleteProgramsPath = (athleteId: number) => `${paths.programs}?athlete=${athleteId}`;

/** True when a coach wrote p for an athlete. */
export const coachWritten = (p: Program) => p.authorId != null && p.athleteId != null && p.authorId !== p.athleteId;
