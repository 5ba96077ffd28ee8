import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { WorkoutLog } from '../api/types';

/** Asks before a log is deleted; log null = closed. */
export function DeleteLogDialog({ log, pending, onCancel, onDelete }: { log: WorkoutLog | null; pending: boolean; onCancel: () => void; onDelete: () => void }) {
  return (
    <Dialog open={!!log} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Workout</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete {log?.workoutName}? This action cannot be undone.
            {log?.plannedSessionId != null && ' Its planned session goes back to not done.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onDelete} disabled={pending}>
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
