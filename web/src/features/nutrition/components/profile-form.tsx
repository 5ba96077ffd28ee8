import { zodResolver } from '@hookform/resolvers/zod';
import { Calculator } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSaveNutritionProfile } from '../api/save-nutrition-profile';
import { useSuggestTargets } from '../api/suggest-targets';
import type { NutritionSuggestion, NutritionTargets } from '../api/types';
import { parseIntOrZero } from '../lib/parse-int';

const num = (lo: number, hi: number, msg: string) =>
  z
    .string()
    .transform((v) => Number.parseFloat(v))
    .pipe(z.number({ error: msg }).min(lo, msg).max(hi, msg));
const int = (lo: number, hi: number, msg: string) =>
  z.string().transform(parseIntOrZero).pipe(z.number().min(lo, msg).max(hi, msg));

const bodySchema = z.object({
  weightKg: num(30, 300, 'Weight must be between 30 and 300 kg'),
  heightCm: num(120, 250, 'Height must be between 120 and 250 cm'),
  age: int(16, 100, 'Age must be between 16 and 100'),
  sex: z.enum(['male', 'female']),
  activity: z.enum(['sedentary', 'light', 'moderate', 'active', 'very_active']),
  goal: z.enum(['lose', 'maintain', 'gain']),
});
type BodyInput = z.input<typeof bodySchema>;
type BodyOutput = z.output<typeof bodySchema>;

const targetsSchema = z.object({
  dailyCalories: int(800, 10000, 'Daily calories must be between 800 and 10000'),
  proteinTarget: int(1, 1000, 'Protein target must be between 1 and 1000 g'),
  carbsTarget: int(1, 1000, 'Carbs target must be between 1 and 1000 g'),
  fatTarget: int(1, 1000, 'Fat target must be between 1 and 1000 g'),
});
type TargetsInput = z.input<typeof targetsSchema>;
type TargetsOutput = z.output<typeof targetsSchema>;

const ACTIVITY_LABELS: Record<BodyOutput['activity'], string> = {
  sedentary: 'Sedentary (little exercise)',
  light: 'Light (1-3 sessions a week)',
  moderate: 'Moderate (3-5 sessions a week)',
  active: 'Active (6-7 sessions a week)',
  very_active: 'Very active (twice a day)',
};

const toInput = (t: NutritionTargets): TargetsInput => ({
  dailyCalories: String(t.dailyCalories),
  proteinTarget: String(t.proteinTarget),
  carbsTarget: String(t.carbsTarget),
  fatTarget: String(t.fatTarget),
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
  initial?: NutritionTargets;
  submitLabel?: string;
  onDone?: () => void;
}) {
  const uid = useId();
  const suggest = useSuggestTargets();
  const save = useSaveNutritionProfile(userId, date);
  const [suggestion, setSuggestion] = useState<NutritionSuggestion | null>(null);
  const [suggestError, setSuggestError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const body = useForm<BodyInput, unknown, BodyOutput>({
    resolver: zodResolver(bodySchema),
    defaultValues: { weightKg: '80', heightCm: '180', age: '30', sex: 'male', activity: 'active', goal: 'maintain' },
  });
  const targets = useForm<TargetsInput, unknown, TargetsOutput>({
    resolver: zodResolver(targetsSchema),
    defaultValues: initial ? toInput(initial) : { dailyCalories: '', proteinTarget: '', carbsTarget: '', fatTarget: '' },
  });

  const runSuggest = async (values: BodyOutput) => {
    setSuggestError(null);
    try {
      const s = await suggest.mutateAsync(values);
      setSuggestion(s);
      targets.reset(toInput(s));
    } catch (err) {
      setSuggestError(errorMessage(err, 'Could not suggest targets'));
    }
  };

  // Pre-fill suggested targets once, from the default body data.
  const prefilled = useRef(false);
  const prefill = useEffectEvent(() => void body.handleSubmit(runSuggest)());
  useEffect(() => {
    if (initial || prefilled.current) return;
    prefilled.current = true;
    prefill();
  }, [initial]);

  const onSave = async (values: TargetsOutput) => {
    setSaveError(null);
    try {
      await save.mutateAsync(values);
      toast({ title: 'Nutrition targets saved', description: `${values.dailyCalories} kcal, ${values.proteinTarget}g protein a day.` });
      onDone?.();
    } catch (err) {
      setSaveError(errorMessage(err, 'Could not save your targets'));
    }
  };

  const be = body.formState.errors;
  const te = targets.formState.errors;
  const id = (n: string) => `${uid}-${n}`;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form noValidate onSubmit={body.handleSubmit(runSuggest)} className="grid content-start gap-4" aria-labelledby={id('about')}>
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
        <FormError message={suggestError} />
        {suggestion && (
          <p className="text-sm text-muted-foreground" data-testid="suggestion-note">
            Resting energy {suggestion.bmr} kcal (Mifflin-St Jeor) x {suggestion.activityFactor} activity = {suggestion.tdee} kcal a
            day; protein {suggestion.proteinPerKg} g per kg, fat 25 % of calories, carbs the rest.
          </p>
        )}
      </form>

      <form noValidate onSubmit={targets.handleSubmit(onSave)} className="grid content-start gap-4" aria-labelledby={id('targets')}>
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
        </div>
        <FormError message={saveError} />
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
