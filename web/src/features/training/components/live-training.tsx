import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useLiveEvent, useLiveOpen } from '@/lib/live';
import { trainingHomeKey } from '../api/get-home';
import { calendarKey, programsKey } from '../api/programs';

/**
 * Training's live events (docs/live.md): a program the athlete's coach wrote
 * for them shows in their programs, calendar and home at once, with a note.
 */
export function LiveTraining() {
  const qc = useQueryClient();
  // A new stream did not carry what came while the page loaded.
  useLiveOpen(() => {
    void qc.invalidateQueries({ queryKey: programsKey });
    void qc.invalidateQueries({ queryKey: calendarKey });
    void qc.invalidateQueries({ queryKey: trainingHomeKey });
  });
  useLiveEvent('program', () => {
    void qc.invalidateQueries({ queryKey: programsKey });
    void qc.invalidateQueries({ queryKey: calendarKey });
    void qc.invalidateQueries({ queryKey: trainingHomeKey });
    toast({ title: 'Your coach wrote you a program', description: 'Find it under Programs.' });
  });
  return null;
}
