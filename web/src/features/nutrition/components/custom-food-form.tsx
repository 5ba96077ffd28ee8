import { Button } from '@/components/ui/button';
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

/** The custom food dialog's form, new for each opening: empty, or `food`'s values. */
export default function CustomFoodForm({ food, onSaved }: { food?: Food; onSaved: (food: Food) => void }) {
  const { form, formError, submit } = useApiForm<CustomFoodInput, CustomFoodOutput>({
    schema: customFoodSchema,
    defaultValues: food ? fieldsOf(food) : EMPTY,
    fallback: 'Failed to save the food',
  });
  const { errors } = form.formState;
  const create = useCreateCustomFood();
  const update = useUpdateCustomFood();
  const pending = create.isPending || update.isPending;
  const field = (k: keyof CustomFoodInput) => ({ error: errors[k]?.message, ...form.register(k) });
  const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const;

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
    onSaved(food ? await update.mutateAsync({ id: food.id, food: body }) : await create.mutateAsync(body));
  });

  return (
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
        {pending ? 'Saving...' : food ? 'Save changes' : 'Save food'}
      </Button>
    </form>
  );
}
