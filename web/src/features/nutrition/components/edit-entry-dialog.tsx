import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFood } from '../api/get-food';
import type { FoodEntry, FoodEntryUpdate } from '../api/types';
import { useUpdateFoodEntry } from '../api/update-food-entry';
import { MEAL_LABELS, MEAL_TYPES, type MealType } from '../lib/content';
import { entryPortion } from '../lib/portion';
import { PortionForm } from './portion-form';
import { isQueued, QUEUED_TEXT } from '@/lib/offline/send';

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
  const [v, setV] = useState({
    foodName: entry.foodName,
    quantity: entry.quantity,
    calories: String(entry.calories),
    protein: String(entry.protein),
    carbs: String(entry.carbs),
    fat: String(entry.fat),
    mealType: entry.mealType as MealType,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setV({ ...v, [k]: e.target.value });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      await onSave({
        foodName: v.foodName,
        quantity: v.quantity,
        calories: Number(v.calories),
        protein: Number(v.protein),
        carbs: Number(v.carbs),
        fat: Number(v.fat),
        mealType: v.mealType,
      });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      setError(errorMessage(err, 'Failed to save'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <InputField label="Food name" value={v.foodName} onChange={set('foodName')} error={errors.foodName} maxLength={100} />
      <InputField label="Quantity" value={v.quantity} onChange={set('quantity')} error={errors.quantity} maxLength={50} />
      <div className="grid grid-cols-2 gap-3">
        <InputField label="Calories" type="number" value={v.calories} onChange={set('calories')} error={errors.calories} />
        <InputField label="Protein (g)" type="number" value={v.protein} onChange={set('protein')} error={errors.protein} />
        <InputField label="Carbs (g)" type="number" value={v.carbs} onChange={set('carbs')} error={errors.carbs} />
        <InputField label="Fat (g)" type="number" value={v.fat} onChange={set('fat')} error={errors.fat} />
      </div>
      <FormField label="Meal" error={errors.mealType}>
        {(control) => (
          <Select {...control} value={v.mealType} onChange={set('mealType')}>
            {MEAL_TYPES.map((m) => (
              <option key={m} value={m}>
                {MEAL_LABELS[m]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormError message={error} />
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}

/** Edit one diary entry in a dialog. */
export function EditEntryDialog({ entry }: { entry: FoodEntry }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateFoodEntry();
  const onSave = async (u: FoodEntryUpdate) => {
    const saved = await update.mutateAsync({ id: entry.id, update: u, label: entry.foodName });
    setOpen(false);
    if (isQueued(saved)) toast({ title: 'Edit kept on this device', description: `${entry.foodName}. ${QUEUED_TEXT}` });
    else toast({ title: 'Entry updated', description: `${saved.foodName}: ${saved.quantity}, ${saved.calories} cal.` });
  };
  const fromFood = entry.foodId != null || entry.customFoodId != null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit ${entry.foodName}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit entry</DialogTitle>
          <DialogDescription>
            {fromFood ? 'Change the portion or the meal; calories and macros follow the grams.' : 'Change the name, amount, figures or meal.'}
          </DialogDescription>
        </DialogHeader>
        {open && (fromFood ? <FoodEntryEdit entry={entry} onSave={onSave} /> : <ManualEntryEdit entry={entry} onSave={onSave} />)}
      </DialogContent>
    </Dialog>
  );
}
