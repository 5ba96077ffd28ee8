import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { addDays, dayLabel, todayISO } from '../lib/dates';

/** Previous / next day; the future is not reachable. */
export function DayNav({ date, onChange }: { date: string; onChange: (date: string) => void }) {
  const today = todayISO();
  return (
    <nav aria-label="Day" className="flex items-center justify-between gap-2 rounded-xl border border-border bg-card p-2">
      <Button variant="ghost" size="sm" onClick={() => onChange(addDays(date, -1))}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Previous day
      </Button>
      <p className="text-center font-semibold" aria-live="polite" data-testid="day-label">
        <time dateTime={date}>{dayLabel(date, today)}</time>
      </p>
      <Button variant="ghost" size="sm" onClick={() => onChange(addDays(date, 1))} disabled={date >= today}>
        Next day
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
