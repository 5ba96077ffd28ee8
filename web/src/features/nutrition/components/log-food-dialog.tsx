import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Zap } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateFoodEntry } from '../api/create-food-entry';
import { FOOD_PRESETS, MEAL_LABELS, MEAL_TYPES, QUICK_ADD, type FoodPreset } from '../lib/content';
import { dayLabel, mealForTime } from '../lib/dates';
import { emptyFoodForm, foodFormSchema, type FoodFormInput, type FoodFormOutput } from './food-form-schema';

/** The log-food dialog: fields, common-food presets and quick-add foods. */
export function LogFoodDialog({ userId, date }: { userId: number; date: string }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateFoodEntry();
  const form = useForm<FoodFormInput, unknown, FoodFormOutput>({
    resolver: zodResolver(foodFormSchema),
    defaultValues: emptyFoodForm(mealForTime()),
  });
  const { register, handleSubmit, formState, setValue, getValues, reset, setError, clearErrors } = form;
  const errors = formState.errors;

  const resetAll = () => {
    reset(emptyFoodForm(mealForTime()));
    setServerError(null);
    create.reset();
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) resetAll();
  };

  const post = async (values: FoodFormOutput) => {
    setServerError(null);
    try {
      const entry = await create.mutateAsync({ userId, date, ...values });
      toast({ title: 'Food logged', description: `${entry.foodName} added to ${MEAL_LABELS[entry.mealType]}.` });
      setOpen(false);
      resetAll();
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to log food'));
    }
  };

  const applyPreset = (p: FoodPreset) => {
    const opts = { shouldValidate: formState.isSubmitted, shouldDirty: true };
    setValue('foodName', p.foodName, opts);
    setValue('quantity', p.quantity, opts);
    setValue('calories', String(p.calories), opts);
    setValue('protein', String(p.protein), opts);
    setValue('carbs', String(p.carbs), opts);
    setValue('fat', String(p.fat), opts);
  };

  const quickAdd = (p: FoodPreset) => {
    const mealType = getValues('mealType');
    if (!(MEAL_TYPES as readonly string[]).includes(mealType)) {
      setError('mealType', { message: 'Meal type is required' });
      return;
    }
    clearErrors('mealType');
    void post({
      foodName: p.foodName,
      quantity: p.quantity,
      calories: p.calories,
      protein: p.protein,
      carbs: p.carbs,
      fat: p.fat,
      mealType: mealType as FoodFormOutput['mealType'],
    });
  };

  const numberField = (name: 'calories' | 'protein' | 'carbs' | 'fat', label: string) => (
    <InputField label={label} type="number" inputMode="numeric" step={1} placeholder="0" error={errors[name]?.message} {...register(name)} />
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Log Food
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Log Food</DialogTitle>
          <DialogDescription>Adds to {dayLabel(date).toLowerCase() === 'today' ? 'today' : dayLabel(date)}.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(post)} className="grid gap-4">
          <FormField label="Meal type" error={errors.mealType?.message}>
            {(control) => (
              <Select {...control} {...register('mealType')}>
                <option value="">Select a meal</option>
                {MEAL_TYPES.map((m) => (
                  <option key={m} value={m}>
                    {MEAL_LABELS[m]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>

          <fieldset className="grid gap-2">
            <legend className="mb-2 flex items-center gap-1 text-sm font-medium">
              <Zap className="h-4 w-4 text-accent-text" aria-hidden="true" />
              Quick add
            </legend>
            <div className="grid grid-cols-2 gap-2">
              {QUICK_ADD.map((p) => (
                <Button
                  key={p.id}
                  variant="outline"
                  size="sm"
                  disabled={create.isPending}
                  onClick={() => quickAdd(p)}
                  aria-label={`Quick add ${p.foodName} (${p.quantity}, ${p.calories} cal)`}
                  className="h-auto min-w-0 py-2"
                >
                  {/* A column that wraps: at 360 px a name and its calories do not fit side by side. */}
                  <span className="flex w-full min-w-0 flex-col items-start gap-0.5 text-left whitespace-normal">
                    <span className="max-w-full break-words">
                      {p.foodName}
                      {p.id === 'eggs' ? ' (2 large)' : ''}
                    </span>
                    <span className="text-xs font-normal text-muted-foreground">{p.calories} cal</span>
                  </span>
                </Button>
              ))}
            </div>
          </fieldset>

          <FormField label="Common foods">
            {(control) => (
              <Select
                {...control}
                value=""
                onChange={(e) => {
                  const p = FOOD_PRESETS.find((f) => f.id === e.target.value);
                  if (p) applyPreset(p);
                }}
              >
                <option value="">Fill in from a common food...</option>
                {FOOD_PRESETS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.foodName} ({p.quantity}) - {p.calories} cal
                  </option>
                ))}
              </Select>
            )}
          </FormField>

          <div className="grid gap-4 sm:grid-cols-2">
            <InputField label="Food name" autoComplete="off" maxLength={100} error={errors.foodName?.message} {...register('foodName')} />
            <InputField label="Quantity" autoComplete="off" maxLength={50} placeholder="e.g. 1 cup" error={errors.quantity?.message} {...register('quantity')} />
            {numberField('calories', 'Calories')}
            {numberField('protein', 'Protein (g)')}
            {numberField('carbs', 'Carbs (g)')}
            {numberField('fat', 'Fat (g)')}
          </div>

          <FormError message={serverError} />

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Logging...' : 'Log Food'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
