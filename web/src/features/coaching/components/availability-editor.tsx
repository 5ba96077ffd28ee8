import { useFieldArray, useWatch, type Path } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useApiForm } from '@/components/ui/use-api-form';
import { useAvailability, useSaveAvailability, type Availability } from '../api/sessions';
import { availabilitySchema, type AvailabilityOutput, type AvailabilityValues } from '../schemas';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// The server names a row's error by the row (weekly[2], exceptions[0]; at most
// 30 windows and 60 exceptions, docs/coaching.md#11-sessions): it lands on that row.
const ROW_KEYS = [
  ...Array.from({ length: 30 }, (_, i) => `weekly[${i}]`),
  ...Array.from({ length: 60 }, (_, i) => `exceptions[${i}]`),
] as Path<AvailabilityValues>[];

const valuesOf = (av: Availability): AvailabilityValues => ({ weekly: av.weekly, exceptions: av.exceptions });

function Form({ initial }: { initial: Availability }) {
  const save = useSaveAvailability();
  const { form, formError, submit } = useApiForm<AvailabilityValues, AvailabilityOutput>({
    schema: availabilitySchema,
    defaultValues: valuesOf(initial),
    fields: ROW_KEYS,
  });
  const { control, register, setValue, getValues } = form;
  const weeklyRows = useFieldArray({ control, name: 'weekly' });
  const exceptionRows = useFieldArray({ control, name: 'exceptions' });
  const weekly = useWatch({ control, name: 'weekly' });
  const exceptions = useWatch({ control, name: 'exceptions' });
  const { errors } = form.formState;
  const rowError = (list: 'weekly' | 'exceptions', i: number) => errors[list]?.[i]?.message;
  const marked = weeklyRows.fields.some((_, i) => rowError('weekly', i)) || exceptionRows.fields.some((_, i) => rowError('exceptions', i));
  // Rows the server refused: the form says so above the button; any other error is its own message.
  const shownError = formError ?? (marked ? 'Please correct the marked rows.' : undefined);

  const onSubmit = submit(async (values) => {
    const av = await save.mutateAsync(values);
    form.reset(valuesOf(av));
    toast({ title: 'Availability saved', description: 'Your athletes see the new free times.' });
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-6 rounded-xl border border-border bg-card p-5 shadow-sm">
      <fieldset>
        <legend className="mb-1 font-semibold">Every week</legend>
        <p className="mb-3 text-sm text-muted-foreground">Times on the hour or half hour, in your time zone ({initial.timeZone}).</p>
        <ul className="space-y-3">
          {weeklyRows.fields.map((row, i) => {
            const w = weekly[i] ?? row;
            return (
              <li key={row.id} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[10rem_8rem_8rem_auto]">
                <FormField label={`Day of window ${i + 1}`} error={rowError('weekly', i)} className="col-span-2 sm:col-span-1">
                  {(c) => (
                    <Select {...c} {...register(`weekly.${i}.weekday`, { valueAsNumber: true })}>
                      {DAYS.map((d, n) => (
                        <option key={d} value={n}>
                          {d}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                <InputField label="From" type="time" step={1800} {...register(`weekly.${i}.start`)} />
                <InputField label="To" type="time" step={1800} {...register(`weekly.${i}.end`)} />
                <Button variant="ghost" size="icon" aria-label={`Remove ${DAYS[w.weekday]} ${w.start}-${w.end}`} onClick={() => weeklyRows.remove(i)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
        <Button size="sm" variant="outline" className="mt-3" onClick={() => weeklyRows.append({ weekday: 1, start: '07:00', end: '09:00' })}>
          Add a weekly window
        </Button>
      </fieldset>

      <fieldset>
        <legend className="mb-1 font-semibold">Exceptions</legend>
        <p className="mb-3 text-sm text-muted-foreground">A day off, or extra hours on one date.</p>
        <ul className="space-y-3">
          {exceptionRows.fields.map((row, i) => {
            const x = exceptions[i] ?? row;
            return (
              <li key={row.id} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[10rem_10rem_8rem_8rem_auto]">
                <InputField label={`Date of exception ${i + 1}`} type="date" {...register(`exceptions.${i}.date`)} error={rowError('exceptions', i)} />
                <FormField label="Kind">
                  {(c) => (
                    <Select
                      {...c}
                      {...register(`exceptions.${i}.kind`, {
                        // Extra hours start from 10:00-12:00 unless times were typed; a day off has none.
                        onChange: (e) => {
                          const now = getValues(`exceptions.${i}`);
                          if (e.target.value === 'extra') {
                            setValue(`exceptions.${i}.start`, now.start || '10:00');
                            setValue(`exceptions.${i}.end`, now.end || '12:00');
                          } else {
                            setValue(`exceptions.${i}.start`, undefined);
                            setValue(`exceptions.${i}.end`, undefined);
                          }
                        },
                      })}
                    >
                      <option value="off">Day off</option>
                      <option value="extra">Extra hours</option>
                    </Select>
                  )}
                </FormField>
                {x.kind === 'extra' ? (
                  <>
                    <InputField label="From" type="time" step={1800} {...register(`exceptions.${i}.start`)} />
                    <InputField label="To" type="time" step={1800} {...register(`exceptions.${i}.end`)} />
                  </>
                ) : (
                  <span className="hidden sm:col-span-2 sm:block" />
                )}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove the exception on ${x.date || 'a new date'}`}
                  onClick={() => exceptionRows.remove(i)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
        <Button
          size="sm"
          variant="outline"
          className="mt-3"
          onClick={() => exceptionRows.append({ date: new Date().toISOString().slice(0, 10), kind: 'off' })}
        >
          Add an exception
        </Button>
      </fieldset>
      <div>
        <FormError message={shownError} />
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
