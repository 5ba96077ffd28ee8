import { Calculator } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useApiForm } from '@/components/ui/use-api-form';
import { useSaveNutritionProfile } from '../api/save-nutrition-profile';
import { useSuggestTargets } from '../api/suggest-targets';
import type { NutritionProfile, NutritionSuggestion, NutritionTargets } from '../api/types';
import { bodySchema, targetsSchema, type BodyInput, type BodyOutput, type TargetsInput, type TargetsOutput } from '../schemas';

const ACTIVITY_LABELS: Record<BodyOutput['activity'], string> = {
  sedentary: 'Sedentary (little exercise)',
  light: 'Light (1-3 sessions a week)',
  moderate: 'Moderate (3-5 sessions a week)',
  active: 'Active (6-7 sessions a week)',
  very_active: 'Very active (twice a day)',
};

type Person = Pick<TargetsInput, 'sex' | 'birthYear'>;

const toInput = (t: NutritionTargets, who: Person): TargetsInput => ({
  dailyCalories: String(t.dailyCalories),
  proteinTarget: String(t.proteinTarget),
  carbsTarget: String(t.carbsTarget),
  fatTarget: String(t.fatTarget),
  ...who,
});

const personOf = (p?: Partial<Pick<NutritionProfile, 'sex' | 'birthYear'>>): Person => ({
  sex: p?.sex ?? '',
  birthYear: p?.birthYear ? String(p.birthYear) : '',
});

/**
 * Create (or edit) the nutrition profile: body data gives suggested targets
 * (Mifflin-St Jeor on the server), which stay editable before saving.
 */
export function ProfileForm({
  userId,
  date,
  initial,
  submitLabel = 'Create Profile',
  onDone,
}: {
  userId: number;
  date: string;
  initial?: NutritionTargets & Partial<Pick<NutritionProfile, 'sex' | 'birthYear'>>;
  submitLabel?: string;
  onDone?: () => void;
}) {
  const uid = useId();
  const suggest = useSuggestTargets();
  const save = useSaveNutritionProfile(userId, date);
  const [suggestion, setSuggestion] = useState<NutritionSuggestion | null>(null);
  const bodyForm = useApiForm<BodyInput, BodyOutput>({
    schema: bodySchema,
    defaultValues: { weightKg: '80', heightCm: '180', age: '30', sex: 'male', activity: 'active', goal: 'maintain' },
    fallback: 'Could not suggest targets',
  });
  const targetsForm = useApiForm<TargetsInput, TargetsOutput>({
    schema: targetsSchema,
    defaultValues: initial
      ? toInput(initial, personOf(initial))
      : { dailyCalories: '', proteinTarget: '', carbsTarget: '', fatTarget: '', ...personOf() },
    fallback: 'Could not save your targets',
  });
  const body = bodyForm.form;
  const targets = targetsForm.form;

  const runSuggest = bodyForm.submit(async (values) => {
    const s = await suggest.mutateAsync(values);
    setSuggestion(s);
    // New targets; the sex and birth year typed stay.
    const { sex, birthYear } = targets.getValues();
    targets.reset(toInput(s, { sex, birthYear }));
  });

  // Pre-fill suggested targets once, from the default body data.
  const prefilled = useRef(false);
  const prefill = useEffectEvent(() => void runSuggest());
  useEffect(() => {
    if (initial || prefilled.current) return;
    prefilled.current = true;
    prefill();
  }, [initial]);

  const onSave = targetsForm.submit(async (values) => {
    await save.mutateAsync(values);
    toast({ title: 'Nutrition targets saved', description: `${values.dailyCalories} kcal, ${values.proteinTarget}g protein a day.` });
    onDone?.();
  });

  const be = body.formState.errors;
  const te = targets.formState.errors;
  const id = (n: string) => `${uid}-${n}`;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form noValidate onSubmit={runSuggest} className="grid content-start gap-4" aria-labelledby={id('about')}>
        <h3 id={id('about')} className="font-bold">
          About you
        </h3>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <InputField label="Weight (kg)" type="number" inputMode="decimal" step="0.1" error={be.weightKg?.message} {...body.register('weightKg')} />
          <InputField label="Height (cm)" type="number" inputMode="decimal" step="1" error={be.heightCm?.message} {...body.register('heightCm')} />
          <InputField label="Age" type="number" inputMode="numeric" step="1" error={be.age?.message} {...body.register('age')} />
          <FormField label="Sex">
            {(control) => (
              <Select {...control} {...body.register('sex')}>
                <option value="male">Male</option>
                <option value="female">Female</option>
              </Select>
            )}
          </FormField>
          <FormField label="Activity" className="col-span-2 sm:col-span-2">
            {(control) => (
              <Select {...control} {...body.register('activity')}>
                {Object.entries(ACTIVITY_LABELS).map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Goal" className="col-span-2 sm:col-span-3">
            {(control) => (
              <Select {...control} {...body.register('goal')}>
                <option value="maintain">Maintain weight</option>
                <option value="lose">Lose weight (10 % less)</option>
                <option value="gain">Gain weight (10 % more)</option>
              </Select>
            )}
          </FormField>
        </div>
        <div>
          <Button type="submit" variant="outline" disabled={suggest.isPending}>
            <Calculator className="h-4 w-4" aria-hidden="true" />
            {suggest.isPending ? 'Calculating...' : 'Suggest targets'}
          </Button>
        </div>
        <FormError message={bodyForm.formError} />
        {suggestion && (
          <p className="text-sm text-muted-foreground" data-testid="suggestion-note">
            Resting energy {suggestion.bmr} kcal (Mifflin-St Jeor) x {suggestion.activityFactor} activity = {suggestion.tdee} kcal a
            day; protein {suggestion.proteinPerKg} g per kg, fat 25 % of calories, carbs the rest.
          </p>
        )}
      </form>

      <form noValidate onSubmit={onSave} className="grid content-start gap-4" aria-labelledby={id('targets')}>
        <h3 id={id('targets')} className="font-bold">
          Daily targets
        </h3>
        <div className="grid grid-cols-2 gap-4">
          {(
            [
              ['dailyCalories', 'Daily calories (kcal)'],
              ['proteinTarget', 'Protein (g)'],
              ['carbsTarget', 'Carbs (g)'],
              ['fatTarget', 'Fat (g)'],
            ] as const
          ).map(([name, label]) => (
            <InputField key={name} label={label} type="number" inputMode="numeric" step="1" error={te[name]?.message} {...targets.register(name)} />
          ))}
          <FormField label="Sex (optional)" error={te.sex?.message}>
            {(control) => (
              <Select {...control} {...targets.register('sex')}>
                <option value="">Not given</option>
                <option value="female">Female</option>
                <option value="male">Male</option>
              </Select>
            )}
          </FormField>
          <InputField
            label="Birth year (optional)"
            type="number"
            inputMode="numeric"
            step="1"
            placeholder="1990"
            error={te.birthYear?.message}
            {...targets.register('birthYear')}
          />
        </div>
        <p className="text-sm text-muted-foreground">Sex and birth year set your reference intakes for minerals and vitamins.</p>
        <FormError message={targetsForm.formError} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : submitLabel}
          </Button>
          {onDone && initial && (
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
