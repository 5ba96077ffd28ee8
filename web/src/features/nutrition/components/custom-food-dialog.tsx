import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';
import { useCreateCustomFood, useUpdateCustomFood } from '../api/my-foods';
import type { Food } from '../api/types';
import { customFoodSchema, type CustomFoodInput, type CustomFoodOutput } from '../schemas';

const EMPTY: CustomFoodInput = { name: '', kcal: '', protein: '', carbs: '', fat: '', portion: '', portionGrams: '' };

/** The form's fields for a food being edited: its values per 100 g and its first portion. */
function fieldsOf(food: Food): CustomFoodInput {
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
  const { form, formError, setFormError, submit } = useApiForm<CustomFoodInput, CustomFoodOutput>({
    schema: customFoodSchema,
    defaultValues: EMPTY,
    fallback: 'Failed to save the food',
  });
  const { errors } = form.formState;
  const create = useCreateCustomFood();
  const update = useUpdateCustomFood();
  const pending = create.isPending || update.isPending;
  const field = (k: keyof CustomFoodInput) => ({ error: errors[k]?.message, ...form.register(k) });
  const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const;
  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset(food ? fieldsOf(food) : EMPTY);
      setFormError(undefined);
    }
    setOpen(next);
  };

  const onSubmit = submit(async (v) => {
    const first = v.portion.trim() ? [{ label: v.portion.trim(), grams: v.portionGrams }] : [];
    const body = {
      name: v.name,
      kcal: v.kcal,
      protein: v.protein,
      carbs: v.carbs,
      fat: v.fat,
      measures: [...first, ...(food?.measures.slice(1) ?? [])],
    };
    const saved = food ? await update.mutateAsync({ id: food.id, food: body }) : await create.mutateAsync(body);
    setOpen(false);
    form.reset(EMPTY);
    onSaved(saved);
  });

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
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <InputField label="Name" maxLength={100} {...field('name')} />
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Calories per 100 g" {...decimal} {...field('kcal')} />
            <InputField label="Protein per 100 g" {...decimal} {...field('protein')} />
            <InputField label="Carbs per 100 g" {...decimal} {...field('carbs')} />
            <InputField label="Fat per 100 g" {...decimal} {...field('fat')} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <InputField label="Portion name (optional)" placeholder="e.g. bar" maxLength={40} {...field('portion')} />
            <InputField label="Portion weight (g)" {...decimal} {...field('portionGrams')} />
          </div>
          <FormError message={formError} />
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : editing ? 'Save changes' : 'Save food'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
