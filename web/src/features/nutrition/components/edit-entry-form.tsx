import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useApiForm } from '@/components/ui/use-api-form';
import { errorMessage } from '@/lib/api-client';
import { useFood } from '../api/get-food';
import type { FoodEntry, FoodEntryUpdate } from '../api/types';
import { type MealType } from '../lib/content';
import { entryPortion } from '../lib/portion';
import { foodEntrySchema, type FoodEntryInput, type FoodEntryOutput } from '../schemas';
import { MealOptions } from './meal-options';
import { PortionForm } from './portion-form';

/** An entry from a food: a new portion or meal; the server computes the macros from the grams. */
function FoodEntryEdit({ entry, onSave }: { entry: FoodEntry; onSave: (u: FoodEntryUpdate) => Promise<void> }) {
  const custom = entry.customFoodId != null;
  const food = useFood(custom ? entry.customFoodId : entry.foodId, custom);
  if (food.isPending) return <Spinner label="Loading the food..." />;
  if (food.isError) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {errorMessage(food.error)}
      </p>
    );
  }
  const initial = { ...entryPortion(food.data, entry.quantity, entry.grams), meal: entry.mealType as MealType };
  return (
    <PortionForm
      food={food.data}
      initial={initial}
      focusTitle={false}
      busyText="Saving..."
      submitText={() => 'Save changes'}
      onSubmit={(c) => onSave(c.measure ? { measure: c.measure, count: c.count, mealType: c.mealType } : { grams: c.grams, mealType: c.mealType })}
    />
  );
}

/** A manual entry: name, quantity, figures and meal, with the creation rules. */
function ManualEntryEdit({ entry, onSave }: { entry: FoodEntry; onSave: (u: FoodEntryUpdate) => Promise<void> }) {
  const { form, formError, submit } = useApiForm<FoodEntryInput, FoodEntryOutput>({
    schema: foodEntrySchema,
    defaultValues: {
      foodName: entry.foodName,
      quantity: entry.quantity,
      calories: String(entry.calories),
      protein: String(entry.protein),
      carbs: String(entry.carbs),
      fat: String(entry.fat),
      mealType: entry.mealType as MealType,
    },
    fallback: 'Failed to save',
  });
  const { errors } = form.formState;
  const onSubmit = submit(onSave);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <InputField label="Food name" {...form.register('foodName')} error={errors.foodName?.message} maxLength={100} />
      <InputField label="Quantity" {...form.register('quantity')} error={errors.quantity?.message} maxLength={50} />
      <div className="grid grid-cols-2 gap-3">
        <InputField label="Calories" inputMode="decimal" autoComplete="off" {...form.register('calories')} error={errors.calories?.message} />
        <InputField label="Protein (g)" inputMode="decimal" autoComplete="off" {...form.register('protein')} error={errors.protein?.message} />
        <InputField label="Carbs (g)" inputMode="decimal" autoComplete="off" {...form.register('carbs')} error={errors.carbs?.message} />
        <InputField label="Fat (g)" inputMode="decimal" autoComplete="off" {...form.register('fat')} error={errors.fat?.message} />
      </div>
      <FormField label="Meal" error={errors.mealType?.message}>
        {(control) => (
          <Select {...control} {...form.register('mealType')}>
            <MealOptions />
          </Select>
        )}
      </FormField>
      <FormError message={formError} />
      <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
        {form.formState.isSubmitting ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}

/** The edit dialog's form: the portion of a food's entry, or a manual entry's fields. */
export default function EditEntryForm({ entry, onSave }: { entry: FoodEntry; onSave: (u: FoodEntryUpdate) => Promise<void> }) {
  const fromFood = entry.foodId != null || entry.customFoodId != null;
  return fromFood ? <FoodEntryEdit entry={entry} onSave={onSave} /> : <ManualEntryEdit entry={entry} onSave={onSave} />;
}
