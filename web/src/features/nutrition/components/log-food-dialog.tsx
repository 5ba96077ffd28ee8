import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Zap } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateFoodEntry } from '../api/create-food-entry';
import { FOOD_PRESETS, MEAL_LABELS, MEAL_TYPES, QUICK_ADD, type FoodPreset } from '../lib/content';
import { dayLabel, mealForTime } from '../lib/dates';
import { emptyFoodForm, foodFormSchema, type FoodFormInput, type FoodFormOutput } from './food-form-schema';

export const selectClasses =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive';

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** The log-food dialog: fields, common-food presets and quick-add foods. */
export function LogFoodDialog({ userId, date }: { userId: number; date: string }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateFoodEntry();
  const uid = useId();
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

  const fieldId = (name: string) => `${uid}-${name}`;
  const errId = (name: string) => `${uid}-${name}-error`;
  const aria = (name: keyof FoodFormInput) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errId(name) : undefined,
  });

  const numberField = (name: 'calories' | 'protein' | 'carbs' | 'fat', label: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={fieldId(name)}>{label}</Label>
      <Input type="number" inputMode="numeric" step={1} placeholder="0" {...aria(name)} {...register(name)} />
      <FieldError id={errId(name)} message={errors[name]?.message} />
    </div>
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
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId('mealType')}>Meal type</Label>
            <select className={selectClasses} {...aria('mealType')} {...register('mealType')}>
              <option value="">Select a meal</option>
              {MEAL_TYPES.map((m) => (
                <option key={m} value={m}>
                  {MEAL_LABELS[m]}
                </option>
              ))}
            </select>
            <FieldError id={errId('mealType')} message={errors.mealType?.message} />
          </div>

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
                  className="h-auto justify-between py-2 whitespace-normal"
                >
                  <span className="text-left">
                    {p.foodName}
                    {p.id === 'eggs' ? ' (2 large)' : ''}
                  </span>
                  <span className="text-xs text-muted-foreground">{p.calories} cal</span>
                </Button>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-1.5">
            <Label htmlFor={`${uid}-preset`}>Common foods</Label>
            <select
              id={`${uid}-preset`}
              className={selectClasses}
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
            </select>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId('foodName')}>Food name</Label>
              <Input autoComplete="off" maxLength={100} {...aria('foodName')} {...register('foodName')} />
              <FieldError id={errId('foodName')} message={errors.foodName?.message} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId('quantity')}>Quantity</Label>
              <Input autoComplete="off" maxLength={50} placeholder="e.g. 1 cup" {...aria('quantity')} {...register('quantity')} />
              <FieldError id={errId('quantity')} message={errors.quantity?.message} />
            </div>
            {numberField('calories', 'Calories')}
            {numberField('protein', 'Protein (g)')}
            {numberField('carbs', 'Carbs (g)')}
            {numberField('fat', 'Fat (g)')}
          </div>

          {serverError && (
            <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-red-700 dark:text-red-400">
              {serverError}
            </p>
          )}

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
