import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAvailability, useSaveAvailability, type Availability, type AvailabilityException, type Window } from '../api/sessions';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function Form({ initial }: { initial: Availability }) {
  const [weekly, setWeekly] = useState<Window[]>(initial.weekly);
  const [exceptions, setExceptions] = useState<AvailabilityException[]>(initial.exceptions);
  const save = useSaveAvailability();
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const setW = (i: number, patch: Partial<Window>) => setWeekly((ws) => ws.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const setX = (i: number, patch: Partial<AvailabilityException>) => setExceptions((xs) => xs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(
      { weekly, exceptions },
      {
        onSuccess: (av) => {
          setWeekly(av.weekly);
          setExceptions(av.exceptions);
          toast({ title: 'Availability saved', description: 'Your athletes see the new free times.' });
        },
      },
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-6 rounded-xl border border-border bg-card p-5 shadow-sm">
      <fieldset>
        <legend className="mb-1 font-semibold">Every week</legend>
        <p className="mb-3 text-sm text-muted-foreground">Times on the hour or half hour, in your time zone ({initial.timeZone}).</p>
        <ul className="space-y-3">
          {weekly.map((w, i) => (
            <li key={i} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[10rem_8rem_8rem_auto]">
              <FormField label={`Day of window ${i + 1}`} error={errors[`weekly[${i}]`]} className="col-span-2 sm:col-span-1">
                {(control) => (
                  <Select {...control} value={w.weekday} onChange={(e) => setW(i, { weekday: Number(e.target.value) })}>
                    {DAYS.map((d, n) => (
                      <option key={d} value={n}>
                        {d}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <InputField label="From" type="time" step={1800} value={w.start} onChange={(e) => setW(i, { start: e.target.value })} />
              <InputField label="To" type="time" step={1800} value={w.end} onChange={(e) => setW(i, { end: e.target.value })} />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${DAYS[w.weekday]} ${w.start}-${w.end}`}
                onClick={() => setWeekly((ws) => ws.filter((_, j) => j !== i))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <Button size="sm" variant="outline" className="mt-3" onClick={() => setWeekly((ws) => [...ws, { weekday: 1, start: '07:00', end: '09:00' }])}>
          Add a weekly window
        </Button>
      </fieldset>

      <fieldset>
        <legend className="mb-1 font-semibold">Exceptions</legend>
        <p className="mb-3 text-sm text-muted-foreground">A day off, or extra hours on one date.</p>
        <ul className="space-y-3">
          {exceptions.map((x, i) => (
            <li key={i} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[10rem_10rem_8rem_8rem_auto]">
              <InputField
                label={`Date of exception ${i + 1}`}
                type="date"
                value={x.date}
                onChange={(e) => setX(i, { date: e.target.value })}
                error={errors[`exceptions[${i}]`]}
              />
              <FormField label="Kind">
                {(control) => (
                  <Select
                    {...control}
                    value={x.kind}
                    onChange={(e) => {
                      const kind = e.target.value as AvailabilityException['kind'];
                      setX(i, kind === 'extra' ? { kind, start: x.start || '10:00', end: x.end || '12:00' } : { kind, start: undefined, end: undefined });
                    }}
                  >
                    <option value="off">Day off</option>
                    <option value="extra">Extra hours</option>
                  </Select>
                )}
              </FormField>
              {x.kind === 'extra' ? (
                <>
                  <InputField label="From" type="time" step={1800} value={x.start ?? ''} onChange={(e) => setX(i, { start: e.target.value })} />
                  <InputField label="To" type="time" step={1800} value={x.end ?? ''} onChange={(e) => setX(i, { end: e.target.value })} />
                </>
              ) : (
                <span className="hidden sm:col-span-2 sm:block" />
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove the exception on ${x.date || 'a new date'}`}
                onClick={() => setExceptions((xs) => xs.filter((_, j) => j !== i))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <Button
          size="sm"
          variant="outline"
          className="mt-3"
          onClick={() => setExceptions((xs) => [...xs, { date: new Date().toISOString().slice(0, 10), kind: 'off' }])}
        >
          Add an exception
        </Button>
      </fieldset>
      <div>
        {save.isError && <FormError message={Object.keys(errors).length > 0 ? 'Please correct the marked rows.' : errorMessage(save.error)} />}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save availability'}
        </Button>
      </div>
    </form>
  );
}

/** A coach's weekly availability and exceptions (docs/coaching.md#11-sessions). */
export function AvailabilityEditor() {
  const av = useAvailability();
  return (
    <section className="mt-10" aria-labelledby="availability-heading">
      <h2 id="availability-heading" className="mb-4 text-xl font-bold">
        My availability
      </h2>
      <QueryState query={av} pending={<Skeleton className="h-48 w-full" />}>
        {(data) => <Form initial={data} />}
      </QueryState>
    </section>
  );
}
