import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormError, InputField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreateCustomFood, useUpdateCustomFood } from '../api/my-foods';
import type { Food } from '../api/types';

const EMPTY = { name: '', kcal: '', protein: '', carbs: '', fat: '', portion: '', portionGrams: '' };
type Fields = typeof EMPTY;

/** Client checks mirror the server's (docs/nutrition-foods.md#custom-foods); the server has the last word. */
function check(v: Fields): Partial<Record<keyof Fields, string>> {
  const e: Partial<Record<keyof Fields, string>> = {};
  const num = (s: string) => (s.trim() === '' ? NaN : Number(s));
  if (!v.name.trim()) e.name = 'Name is required';
  if (!(num(v.kcal) >= 0 && num(v.kcal) <= 900)) e.kcal = 'Calories per 100 g must be between 0 and 900';
  for (const [k, label] of [
    ['protein', 'Protein'],
    ['carbs', 'Carbs'],
    ['fat', 'Fat'],
  ] as const) {
    if (!(num(v[k]) >= 0 && num(v[k]) <= 100)) e[k] = `${label} per 100 g must be between 0 and 100 g`;
  }
  if (!e.protein && !e.carbs && !e.fat && num(v.protein) + num(v.carbs) + num(v.fat) > 100) e.fat = 'Protein, carbs and fat add up to more than 100 g';
  if (v.portion.trim() && !(num(v.portionGrams) > 0 && num(v.portionGrams) <= 5000)) e.portionGrams = 'A portion must weigh more than 0 g and at most 5000 g';
  return e;
}

/** The form's fields for a food being edited: its values per 100 g and its first portion. */
function fieldsOf(food: Food): Fields {
  const first = food.measures[0];
  return {
    name: food.name,
    kcal: String(food.kcal),
    protein: String(food.protein),
    carbs: String(food.carbs),
    fat: String(food.fat),
    portion: first?.label ?? '',
    portionGrams: first ? String(first.grams) : '',
  };
}

/**
 * A dialog to add one of my own foods (values per 100 g and an optional portion) or, given
 * `food`, to edit it (docs/nutrition-foods.md#custom-foods). Editing keeps any further
 * portions the food has (the dialog shows the first); entries already logged keep their figures.
 */
export function CustomFoodDialog({ food, onSaved }: { food?: Food; onSaved: (food: Food) => void }) {
  const editing = food !== undefined;
  const [open, setOpen] = useState(false);
  const [v, setV] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCustomFood();
  const update = useUpdateCustomFood();
  const pending = create.isPending || update.isPending;
  const field = (k: keyof Fields) => ({
    value: v[k],
    error: errors[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.target.value }),
  });
  const onOpenChange = (next: boolean) => {
    if (next) {
      setV(food ? fieldsOf(food) : EMPTY);
      setErrors({});
      setServerError(null);
    }
    setOpen(next);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const found = check(v);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const first = v.portion.trim() ? [{ label: v.portion.trim(), grams: Number(v.portionGrams) }] : [];
    const body = {
      name: v.name,
      kcal: Number(v.kcal),
      protein: Number(v.protein),
      carbs: Number(v.carbs),
      fat: Number(v.fat),
      measures: [...first, ...(food?.measures.slice(1) ?? [])],
    };
    try {
      const saved = food ? await update.mutateAsync({ id: food.id, food: body }) : await create.mutateAsync(body);
      setOpen(false);
      setV(EMPTY);
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors as typeof errors);
      setServerError(errorMessage(err, 'Failed to save the food'));
    }
  };

  const title = editing ? `Edit ${food.name}` : 'New custom food';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {editing ? (
          <Button type="button" size="sm" variant="ghost" aria-label={title} className="shrink-0">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {/* Icon only on narrow screens: the food's name keeps the room. */}
            <span className="hidden sm:inline">Edit</span>
          </Button>
        ) : (
          <Button type="button" size="sm" variant="outline">
            <Plus className="h-4 w-4" aria-hidden="true" />
            New custom food
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit custom food' : 'New custom food'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Values per 100 g, as on a label. Food you already logged keeps its figures; new entries use these.'
              : 'Values per 100 g, as on a label. Only you see your foods.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <InputField label="Name" maxLength={100} {...field('name')} />
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Calories per 100 g" type="number" inputMode="decimal" {...field('kcal')} />
            <InputField label="Protein per 100 g" type="number" inputMode="decimal" {...field('protein')} />
            <InputField label="Carbs per 100 g" type="number" inputMode="decimal" {...field('carbs')} />
            <InputField label="Fat per 100 g" type="number" inputMode="decimal" {...field('fat')} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Portion name (optional)" placeholder="e.g. bar" maxLength={40} {...field('portion')} />
            <InputField label="Portion weight (g)" type="number" inputMode="decimal" {...field('portionGrams')} />
          </div>
          <FormError message={serverError} />
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : editing ? 'Save changes' : 'Save food'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
