import { Link } from 'wouter';
import { CalendarPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';
import { paths } from '@/app/paths';
import { useStartProgram } from '../api/programs';
import { formatDay, nextMonday, today } from '../lib/dates';
import { startProgramSchema, type StartProgramValues } from '../schemas';

/**
 * Start a plan or program on a date: its sessions land on the calendar.
 * Week 1 is the week of the start date (docs/training.md#calendar), so the
 * next Monday is the default. With athleteName, a coach starts a program
 * they wrote on that athlete's calendar (docs/training.md#programs-written-by-a-coach).
 */
export function StartProgramForm({ programId, name, athleteName }: { programId: number; name: string; athleteName?: string }) {
  const start = useStartProgram();
  const { form, formError, submit } = useApiForm<StartProgramValues>({
    schema: startProgramSchema,
    defaultValues: { startDate: nextMonday(today()) },
  });
  const onSubmit = submit(({ startDate }) => start.mutateAsync({ id: programId, startDate }));
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:flex-wrap sm:items-end"
      aria-label={`Start ${name}`}
      onSubmit={onSubmit}
    >
      <InputField
        label="Start date"
        type="date"
        {...form.register('startDate')}
        error={form.formState.errors.startDate?.message}
        hint="Week 1 is the week of this date; start on a Monday to get every session."
        className="min-w-56 flex-1"
        required
      />
      <Button type="submit" disabled={start.isPending}>
        <CalendarPlus className="h-4 w-4" aria-hidden="true" /> {start.isPending ? 'Starting…' : athleteName ? `Start on ${athleteName}'s calendar` : 'Start on my calendar'}
      </Button>
      {formError && (
        <div className="sm:basis-full">
          <FormError message={formError} />
        </div>
      )}
      {start.isSuccess && (
        <p role="status" className="text-sm font-semibold sm:basis-full">
          {start.data.sessions} sessions added {athleteName ? `to ${athleteName}'s calendar ` : ''}from {formatDay(start.data.startDate)} to{' '}
          {formatDay(start.data.endDate)}.{' '}
          {!athleteName && (
            <Link href={`${paths.calendar}?date=${start.data.startDate}`} className="underline">
              Open the calendar
            </Link>
          )}
        </p>
      )}
    </form>
  );
}
