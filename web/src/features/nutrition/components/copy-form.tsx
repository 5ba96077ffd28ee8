import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useApiForm } from '@/components/ui/use-api-form';
import { timeZone } from '@/lib/time-zone';
import { useCopyFoodEntries } from '../api/copy-food-entries';
import { MEAL_LABELS } from '../lib/content';
import { addDays, dayLabel, todayISO } from '../lib/dates';
import { copyDaySchema, type CopyDayValues } from '../schemas';
import { MealOptions } from './meal-options';

/** Copy a meal or a whole day from another date into this one (never from the future). */
export default function CopyForm({ date }: { date: string }) {
  const uid = useId();
  const today = todayISO();
  const [done, setDone] = useState<string | null>(null);
  const copy = useCopyFoodEntries();
  const { form, formError, submit } = useApiForm<CopyDayValues>({
    schema: copyDaySchema,
    defaultValues: { fromDate: addDays(date, -1), mealType: '' },
    fallback: 'Copy failed',
  });
  const { errors } = form.formState;
  const onSubmit = (e: React.FormEvent) => {
    setDone(null);
    return submit(async ({ fromDate, mealType }) => {
      const res = await copy.mutateAsync({ fromDate, toDate: date, ...(mealType ? { mealType } : {}), tz: timeZone() });
      const what = mealType ? MEAL_LABELS[mealType] : 'the whole day';
      setDone(`Copied ${res.copied} ${res.copied === 1 ? 'food' : 'foods'} (${what} of ${dayLabel(fromDate, today)}).`);
    })(e);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-lg border border-border p-3" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className="text-sm font-semibold">
        Copy from another day
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <InputField label="Copy from" type="date" max={today} required error={errors.fromDate?.message} {...form.register('fromDate')} />
        <FormField label="What" error={errors.mealType?.message}>
          {(control) => (
            <Select {...control} {...form.register('mealType')}>
              <option value="">Whole day</option>
              <MealOptions />
            </Select>
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={copy.isPending} className="sm:mt-7">
          <Copy className="h-4 w-4" aria-hidden="true" />
          {copy.isPending ? 'Copying...' : 'Copy to this day'}
        </Button>
      </div>
      {done && (
        <p role="status" className="text-sm text-muted-foreground">
          {done}
        </p>
      )}
      {formError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      )}
    </form>
  );
}
