import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiFetch, errorMessage } from '@/lib/api-client';
import { COACHING_KEY, type Coach } from '../api/coaching';

const profileKey = [...COACHING_KEY, 'profile'] as const;

function Form({ coach }: { coach: Coach }) {
  const qc = useQueryClient();
  const [name, setName] = useState(coach.name);
  const [bio, setBio] = useState(coach.bio);
  const [photo, setPhoto] = useState(coach.photo);
  const [specialities, setSpecialities] = useState(coach.specialities.join(', '));
  const [timeZone, setTimeZone] = useState(coach.timeZone);
  const save = useMutation({
    mutationFn: () =>
      apiFetch<Coach>('/api/coaching/profile', {
        method: 'PUT',
        body: { name, bio, photo, timeZone, specialities: specialities.split(',').map((s) => s.trim()).filter(Boolean) },
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: COACHING_KEY });
      toast({ title: 'Profile saved', description: 'Athletes see your new profile.' });
    },
  });
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }
  return (
    <form onSubmit={submit} className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm sm:grid-cols-2">
      <InputField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <InputField label="Time zone" hint="For example Europe/London" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} error={errors.timeZone} />
      <FormField label="Photo" error={errors.photo}>
        {(control) => (
          <Select {...control} value={photo} onChange={(e) => setPhoto(e.target.value)}>
            <option value="">Initial only</option>
            <option value="hero-athlete">Athlete running</option>
            <option value="race-format">Race format</option>
          </Select>
        )}
      </FormField>
      <InputField label="Specialities" hint="Separated by commas, at most 8" value={specialities} onChange={(e) => setSpecialities(e.target.value)} error={errors.specialities} />
      <FormField label="Bio" error={errors.bio} className="sm:col-span-2">
        {(control) => <Textarea {...control} value={bio} onChange={(e) => setBio(e.target.value)} className="min-h-24" />}
      </FormField>
      <div className="sm:col-span-2">
        {save.isError && Object.keys(errors).length === 0 && <FormError message={errorMessage(save.error)} />}
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
      {profile.isError ? <FormError message={errorMessage(profile.error)} /> : profile.data ? <Form coach={profile.data} /> : null}
    </section>
  );
}
