import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useApiForm } from '@/components/ui/use-api-form';
import { type CalendarSession, usePatchSession } from '../api/programs';
import { moveSessionSchema, type MoveSessionValues } from '../schemas';

/** Moves a session to another date; the server's message lands on the date. */
export default function MoveSessionForm({ s, onMoved }: { s: CalendarSession; onMoved: () => void }) {
  const move = usePatchSession();
  const { form, formError, submit } = useApiForm<MoveSessionValues>({ schema: moveSessionSchema, defaultValues: { date: s.date } });
  const onSubmit = submit(async ({ date }) => {
    await move.mutateAsync({ id: s.id, date });
    onMoved();
  });
  const dateError = form.formState.errors.date?.message;
  return (
    <form className="mt-1 flex flex-col gap-1" onSubmit={onSubmit}>
      <FormField label="New date" id={`move-${s.id}`} error={dateError} className="min-w-0" labelClassName="text-xs">
        {(c) => <Input {...c} type="date" {...form.register('date')} className="h-8 w-full min-w-0 px-1 text-xs" />}
      </FormField>
      <Button type="submit" size="sm" className="h-8 self-start px-2 text-xs" disabled={move.isPending}>
        Save
      </Button>
      <FormError message={formError} />
    </form>
  );
}
