import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiFetch } from '@/lib/api-client';
import { useApiForm } from '@/components/ui/use-api-form';
import { COACHING_KEY, type Coach } from '../api/coaching';
import { coachProfileSchema, splitSpecialities, type CoachProfileValues } from '../schemas';

const profileKey = [...COACHING_KEY, 'profile'] as const;

function Form({ coach }: { coach: Coach }) {
  const qc = useQueryClient();
  const { form, formError, submit } = useApiForm<CoachProfileValues>({
    schema: coachProfileSchema,
    defaultValues: { name: coach.name, bio: coach.bio, photo: coach.photo, specialities: coach.specialities.join(', '), timeZone: coach.timeZone },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: ({ specialities, ...rest }: CoachProfileValues) =>
      apiFetch<Coach>('/api/coaching/profile', { method: 'PUT', body: { ...rest, specialities: splitSpecialities(specialities) } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: COACHING_KEY });
      toast({ title: 'Profile saved', description: 'Athletes see your new profile.' });
    },
  });
  const onSubmit = submit((values) => save.mutateAsync(values));
  return (
    <form onSubmit={onSubmit} className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm sm:grid-cols-2">
      <InputField label="Name" error={errors.name?.message} {...form.register('name')} />
      <InputField label="Time zone" hint="For example Europe/London" error={errors.timeZone?.message} {...form.register('timeZone')} />
      <FormField label="Photo" error={errors.photo?.message}>
        {(control) => (
          <Select {...control} {...form.register('photo')}>
            <option value="">Initial only</option>
            <option value="hero-athlete">Athlete running</option>
            <option value="race-format">Race format</option>
          </Select>
        )}
      </FormField>
      <InputField label="Specialities" hint="Separated by commas, at most 8" error={errors.specialities?.message} {...form.register('specialities')} />
      <FormField label="Bio" error={errors.bio?.message} className="sm:col-span-2">
        {(control) => <Textarea {...control} {...form.register('bio')} className="min-h-24" />}
      </FormField>
      <div className="sm:col-span-2">
        <FormError message={formError} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

/** A coach's own profile, as athletes see it in the coaches list (docs/coaching.md#roles). */
export function ProfileForm() {
  const profile = useQuery({ queryKey: profileKey, queryFn: ({ signal }) => apiFetch<Coach>('/api/coaching/profile', { signal }) });
  return (
    <section className="mt-10" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="mb-4 text-xl font-bold">
        My coach profile
      </h2>
      <QueryState query={profile} pending={null}>
        {(data) => <Form coach={data} />}
      </QueryState>
    </section>
  );
}
