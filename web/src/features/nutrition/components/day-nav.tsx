import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { addDays, dayLabel, parseISODay, todayISO } from '../lib/dates';

/** Previous / next day and a date picker; the future is not reachable. */
export function DayNav({ date, onChange }: { date: string; onChange: (date: string) => void }) {
  const uid = useId();
  const today = todayISO();
  const [error, setError] = useState<string | null>(null);
  const pick = (value: string) => {
    if (!parseISODay(value)) return; // a half-typed date
    if (value > today) {
      setError('Pick today or an earlier day.');
      return;
    }
    setError(null);
    onChange(value);
  };
  return (
    <nav aria-label="Day" className="grid gap-2 rounded-xl border border-border bg-card p-2">
      <div className="flex items-center justify-between gap-1">
        <Button variant="ghost" size="sm" className="px-2" onClick={() => onChange(addDays(date, -1))}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous day
        </Button>
        <p className="min-w-0 text-center font-semibold" aria-live="polite" data-testid="day-label">
          <time dateTime={date}>{dayLabel(date, today)}</time>
        </p>
        <Button variant="ghost" size="sm" className="px-2" onClick={() => onChange(addDays(date, 1))} disabled={date >= today}>
          Next day
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Label htmlFor={`${uid}-date`} className="text-sm">
          Go to date
        </Label>
        <Input
          id={`${uid}-date`}
          type="date"
          className="w-auto max-w-48"
          max={today}
          value={date}
          onChange={(e) => pick(e.target.value)}
          aria-describedby={error ? `${uid}-error` : undefined}
          aria-invalid={error ? true : undefined}
        />
        {date !== today && (
          <Button variant="link" size="sm" onClick={() => (setError(null), onChange(today))}>
            Today
          </Button>
        )}
      </div>
      {error && (
        <p id={`${uid}-error`} role="alert" className="text-center text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </nav>
  );
}
