import { useState } from 'react';
import { Link } from 'wouter';
import { CalendarPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { paths } from '@/app/paths';
import { ApiError } from '@/lib/api-client';
import { useStartProgram } from '../api/programs';
import { formatDay, nextMonday, today } from '../lib/dates';

/**
 * Start a plan or program on a date: its sessions land on the calendar.
 * Week 1 is the week of the start date (docs/training.md#calendar), so the
 * next Monday is the default. With athleteName, a coach starts a program
 * they wrote on that athlete's calendar (docs/training.md#programs-written-by-a-coach).
 */
export function StartProgramForm({ programId, name, athleteName }: { programId: number; name: string; athleteName?: string }) {
  const [date, setDate] = useState(() => nextMonday(today()));
  const start = useStartProgram();
  const error = start.error instanceof ApiError ? (start.error.errors.startDate ?? start.error.message) : start.error?.message;
  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:flex-wrap sm:items-end"
      aria-label={`Start ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        start.mutate({ id: programId, startDate: date });
      }}
    >
      <InputField
        label="Start date"
        type="date"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        error={error}
        hint="Week 1 is the week of this date; start on a Monday to get every session."
        className="min-w-56 flex-1"
        required
      />
      <Button type="submit" disabled={start.isPending}>
        <CalendarPlus className="h-4 w-4" aria-hidden="true" /> {start.isPending ? 'Starting…' : athleteName ? `Start on ${athleteName}'s calendar` : 'Start on my calendar'}
      </Button>
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
