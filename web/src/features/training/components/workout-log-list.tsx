import { useState } from 'react';
import { Link } from 'wouter';
import { Pencil, Trash2 } from 'lucide-react';
import { workoutLogPath } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDuration } from '@/lib/format';
import { DeleteLogDialog } from './delete-log-dialog';
import { useWorkoutLogs } from '../api/get-workout-logs';
import { useDeleteWorkoutLog } from '../api/workout-log-mutations';
import type { WorkoutLog } from '../api/types';
import { FELT_LABEL, ratingLabel } from '../lib/format';

export function WorkoutLogList({ userId, onEdit }: { userId: number; onEdit: (log: WorkoutLog) => void }) {
  const logs = useWorkoutLogs(userId);
  const remove = useDeleteWorkoutLog(userId);
  const [confirm, setConfirm] = useState<WorkoutLog | null>(null);

  const onDelete = async () => {
    if (!confirm) return;
    try {
      await remove.mutateAsync(confirm.id);
      toast({ title: 'Workout deleted', description: confirm.workoutName });
      setConfirm(null);
    } catch (err) {
      toast({ title: 'Delete failed', description: errorMessage(err, 'Failed to delete workout'), variant: 'destructive' });
    }
  };

  return (
    <>
      <QueryState
        query={logs}
        pending={<SkeletonList label="Loading workouts" count={3} className="flex flex-col gap-3" />}
      >
        {(data) => {
          const items = data.pages.flatMap((p) => p.items);
          return (
            <>
              {items.length === 0 ? (
                <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
                  No workouts logged yet. Log your first workout to start tracking your progress.
                </p>
              ) : (
                <ul className="flex flex-col gap-3" data-testid="workout-log-list">
                  {items.map((log) => (
                    <li key={log.id} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center" data-testid="workout-log">
                      <div className="min-w-0 flex-1">
                        <p className="font-bold">
                          <Link href={workoutLogPath(log.id)} className="underline-offset-4 hover:underline">
                            {log.workoutName}
                          </Link>
                          {log.edited && (
                            <Badge variant="warning" className="ml-2">
                              Edited
                            </Badge>
                          )}
                        </p>
                        <p className="text-sm text-muted-foreground">
                          <time dateTime={log.completedAt}>{formatDateTime(log.completedAt)}</time>
                        </p>
                        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                          <span data-testid="log-duration">{formatDuration(log.duration)}</span>
                          {log.rpe != null && <span data-testid="log-rpe">RPE {log.rpe} · load {log.rpe * log.duration}</span>}
                          <span data-testid="log-rating">
                            {FELT_LABEL}: {log.rating}/5 · {ratingLabel(log.rating)}
                          </span>
                        </p>
                        {log.notes && <p className="mt-1 text-sm break-words text-muted-foreground">{log.notes}</p>}
                      </div>
                      <div className="flex gap-2">
                        <Button variant="outline" size="sm" onClick={() => onEdit(log)} aria-label={`Edit ${log.workoutName}, ${formatDateTime(log.completedAt)}`}>
                          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setConfirm(log)} aria-label={`Delete ${log.workoutName}, ${formatDateTime(log.completedAt)}`}>
                          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {logs.hasNextPage && (
                <div className="mt-4 text-center">
                  <Button variant="outline" onClick={() => logs.fetchNextPage()} disabled={logs.isFetchingNextPage}>
                    {logs.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                </div>
              )}
            </>
          );
        }}
      </QueryState>
      <DeleteLogDialog log={confirm} pending={remove.isPending} onCancel={() => setConfirm(null)} onDelete={onDelete} />
    </>
  );
}
