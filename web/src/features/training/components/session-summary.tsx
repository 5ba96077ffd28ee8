import { Link } from 'wouter';
import { Dumbbell } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { workoutPath } from '@/app/paths';
import type { TrainingSession } from '../api/programs';
import { SessionExercises } from './session-exercises';

/** One planned session of a plan or program: title, kind, minutes and RPE, its workout, details and exercises. */
export function SessionSummary({ session: s }: { session: TrainingSession }) {
  return (
    <div className="flex-1">
      <p className="font-semibold">
        {s.title}
        {s.kind === 'race' && <Badge className="ml-2">Race day</Badge>}
        {s.kind === 'rest' && <Badge className="ml-2">Rest</Badge>}
        {s.minutes > 0 && (
          <span className="ml-2 text-sm font-normal text-muted-foreground">
            {s.minutes} min{s.rpe > 0 ? `, RPE ${s.rpe}` : ''}
          </span>
        )}
      </p>
      <p className="text-sm text-muted-foreground">
        {s.workoutName && s.workoutId != null && (
          <Link href={workoutPath(s.workoutId)} className="inline-flex items-center gap-1 font-medium text-foreground underline-offset-2 hover:underline">
            <Dumbbell className="h-3.5 w-3.5" aria-hidden="true" /> {s.workoutName}.
          </Link>
        )}{' '}
        {s.details}
      </p>
      <SessionExercises exercises={s.exercises} />
    </div>
  );
}
