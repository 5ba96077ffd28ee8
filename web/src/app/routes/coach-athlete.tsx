import AthletePage from '@/features/coaching/pages/athlete-page';
import { logActuals } from '@/features/training/api/types';
import { LogExerciseTable } from '@/features/training/components/log-exercise-table';

// Composes the coach's view of an athlete (features do not import each other;
// src/app does): a log's detail shows what the athlete did per exercise with
// the training area's own table.
export default function CoachAthleteRoute() {
  return <AthletePage logExercises={(log) => <LogExerciseTable exercises={logActuals(log)} records={log.records} />} />;
}
