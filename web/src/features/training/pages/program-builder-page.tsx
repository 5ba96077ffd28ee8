import { useState } from 'react';
import { Controller, FormProvider, get, useFieldArray, useFormContext, useWatch, type Path, type UseFormSetError } from 'react-hook-form';
import { Link, Redirect, useLocation, useParams, useSearch } from 'wouter';
import { ArrowLeft, ArrowDown, ArrowUp, Copy, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useApiForm } from '@/components/ui/use-api-form';
import { paths, programEditPath, programPath } from '@/app/paths';
import { ApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import { type Program, type ProgramInput, useCoachedAthletes, useProgram, useSaveProgram } from '../api/programs';
import { useWorkouts } from '../api/get-workouts';
import { StartProgramForm } from '../components/start-program-form';
import { DAY_NAMES } from '../lib/format';
import { athleteParam, athleteProgramsPath } from '../lib/program-links';
import { programSchema, type ProgramSessionValues, type ProgramValues } from '../schemas';

// The program builder (docs/training.md#programs): weeks x days x sessions,
// each session a library workout or a custom one with structured exercises.
// A coach opens it for an athlete they coach (/programs/new?athlete=<id>):
// docs/training.md#programs-written-by-a-coach.

const MAX_WEEKS = 52;

function newSession(day = 1): ProgramSessionValues {
  return { day, kind: 'training', title: '', details: '', workoutId: null, minutes: 45, rpe: 6, exercises: [] };
}

function fromProgram(p: Program): ProgramValues['weeks'] {
  return (p.weeks ?? []).map((w) => ({
    focus: w.focus,
    sessions: w.sessions.map((s) => ({
      day: s.day,
      kind: s.kind,
      title: s.title,
      details: s.details,
      workoutId: s.workoutId ?? null,
      minutes: s.minutes,
      rpe: s.rpe,
      exercises: s.exercises,
    })),
  }));
}

function toInput(values: ProgramValues, status: 'draft' | 'published', athleteId?: number): ProgramInput {
  return { athleteId: athleteId ?? null, name: values.name, description: values.description, status, weeks: values.weeks };
}

/** A number box: empty is 0, as before the builder moved to the form kit. */
const num = (v: unknown) => (v === '' || v == null ? 0 : Number(v));

/** The server names a session's fields weeks[0].sessions[1].title; the form, weeks.0.sessions.1.title. */
const formPath = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');

/**
 * Puts the server's errors on the weeks' fields (name, description and weeks
 * are useApiForm's own fields); the error goes on to it.
 */
function placeWeekErrors(err: unknown, setError: UseFormSetError<ProgramValues>): unknown {
  if (err instanceof ApiError && err.status === 400) {
    for (const [field, message] of Object.entries(err.errors)) {
      if (field.startsWith('weeks[')) setError(formPath(field) as Path<ProgramValues>, { type: 'server', message });
    }
  }
  return err;
}

/** The athlete a coach writes for: who follows the program, or ?athlete= on a new one. */
export type ForAthlete = { id: number; name: string };

export default function ProgramBuilderPage() {
  const { id } = useParams<{ id?: string }>();
  const search = useSearch();
  const user = useSessionUser();
  const existing = useProgram(id);
  const me = user.data?.id;
  const isCoach = user.data?.role === 'coach';
  const athletes = useCoachedAthletes(isCoach ? me : undefined);
  if (id && existing.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-black">Program not found</h1>
        <p className="text-muted-foreground">{existing.error.message}</p>
      </div>
    );
  }
  if (!user.data || (id && !existing.data) || (isCoach && athletes.isPending)) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10" aria-busy="true">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const p = existing.data;
  // The athlete of a program their coach wrote reads it (they do not edit it).
  if (p && p.authorId !== me) return <Redirect to={programPath(p.id)} replace />;
  let forAthlete: ForAthlete | undefined;
  if (p && p.athleteId != null && p.athleteId !== me) {
    forAthlete = { id: p.athleteId, name: p.athleteName || 'your athlete' };
  } else if (!p && isCoach) {
    const want = athleteParam(search);
    const a = athletes.data?.find((x) => x.id === want);
    if (!a) {
      return (
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-10">
          <h1 className="text-2xl font-black">Choose an athlete</h1>
          <p className="text-muted-foreground">You write programs for the athletes you coach now. Pick one of them first.</p>
          <Link href={paths.programs} className="font-semibold underline">
            Programs for your athletes
          </Link>
        </div>
      );
    }
    forAthlete = { id: a.id, name: a.username };
  }
  return <Builder key={id ?? 'new'} id={id} initial={p} forAthlete={forAthlete} />;
}

function Builder({ id, initial, forAthlete }: { id?: string; initial?: Program; forAthlete?: ForAthlete }) {
  const [, navigate] = useLocation();
  const save = useSaveProgram();
  const workouts = useWorkouts();
  const [status, setStatus] = useState<'draft' | 'published'>(initial?.status ?? 'draft');
  const { form, submit } = useApiForm<ProgramValues>({
    schema: programSchema,
    defaultValues: {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      weeks: initial ? fromProgram(initial) : [{ focus: '', sessions: [] }],
    },
  });
  const { register, control, getValues, setError, formState } = form;
  const errors = formState.errors;
  const weeks = useFieldArray({ control, name: 'weeks' });
  const name = useWatch({ control, name: 'name' });
  const weeksError = errors.weeks?.message ?? errors.weeks?.root?.message;

  const saveAs = (nextStatus: 'draft' | 'published') =>
    submit(async (values) => {
      try {
        const p = await save.mutateAsync({ id: id ? Number(id) : undefined, input: toInput(values, nextStatus, forAthlete?.id) });
        setStatus(p.status);
        toast({ title: 'Program saved', description: `${p.name}, ${p.weekCount} ${p.weekCount === 1 ? 'week' : 'weeks'}` });
        if (!id) navigate(programEditPath(p.id));
      } catch (err) {
        throw placeWeekErrors(err, setError);
      }
    });

  return (
    <FormProvider {...form}>
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
        <Link
          href={forAthlete ? athleteProgramsPath(forAthlete.id) : paths.programs}
          className="inline-flex items-center gap-1 self-start text-sm font-semibold hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {forAthlete ? `Programs for ${forAthlete.name}` : 'My programs'}
        </Link>
        <PageHeader
          title={`${id ? 'Edit program' : 'New program'}${forAthlete ? ` for ${forAthlete.name}` : ''}`}
          description={forAthlete && `${forAthlete.name} sees it once you publish or start it, and cannot change it.`}
        />
        {/* The page's summary of a refused save, above a form that can be long; the fields carry their own messages. */}
        {save.isError && (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm font-semibold text-destructive">
            {save.error.message}
          </p>
        )}
        <Card className="grid gap-4 p-5">
          <InputField label="Program name" {...register('name')} error={errors.name?.message} maxLength={100} />
          <FormField label="Description" error={errors.description?.message}>
            {(c) => <Textarea {...c} {...register('description')} />}
          </FormField>
          {weeksError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {weeksError}
            </p>
          )}
        </Card>

        <ol className="flex flex-col gap-6" aria-label="Weeks">
          {weeks.fields.map((w, wi) => (
            <li key={w.id}>
              <WeekEditor
                wi={wi}
                weekCount={weeks.fields.length}
                workouts={workouts.data ?? []}
                onCopy={() => weeks.insert(wi + 1, structuredClone(getValues(`weeks.${wi}`)))}
                onRemove={() => weeks.remove(wi)}
              />
            </li>
          ))}
        </ol>

        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={weeks.fields.length >= MAX_WEEKS} onClick={() => weeks.append({ focus: '', sessions: [] })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add week
          </Button>
          <span className="self-center text-sm text-muted-foreground">
            {weeks.fields.length} of {MAX_WEEKS} weeks
          </span>
        </div>

        <Card className="flex flex-wrap items-center gap-2 p-5">
          <Button type="button" variant="outline" disabled={save.isPending} onClick={saveAs('draft')}>
            Save as draft
          </Button>
          <Button type="button" disabled={save.isPending} onClick={saveAs('published')}>
            Save and publish
          </Button>
          <span className="text-sm text-muted-foreground" role="status">
            {id ? (status === 'draft' ? 'Saved as a draft.' : 'Published.') : 'Not saved yet.'}
          </span>
        </Card>
        {id && <StartProgramForm programId={Number(id)} name={name || initial?.name || 'program'} athleteName={forAthlete?.name} />}
      </div>
    </FormProvider>
  );
}

type Workout = { id: number; name: string; targetTime: number };

/** The message for a field of the form, from the server or the schema. */
function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<ProgramValues>();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

function WeekEditor({
  wi,
  weekCount,
  workouts,
  onCopy,
  onRemove,
}: {
  wi: number;
  weekCount: number;
  workouts: Workout[];
  onCopy: () => void;
  onRemove: () => void;
}) {
  const { control, register } = useFormContext<ProgramValues>();
  const sessions = useFieldArray({ control, name: `weeks.${wi}.sessions` });
  const values = useWatch({ control, name: `weeks.${wi}.sessions` });
  const focusError = useFieldError(`weeks.${wi}.focus`);
  // Shown by day; a session keeps its place in the list (and its field names) when its day changes.
  const shown = sessions.fields.map((f, si) => ({ f, si, day: values?.[si]?.day ?? f.day })).sort((a, b) => a.day - b.day || a.si - b.si);
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="builder-week">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-black">Week {wi + 1}</h2>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" disabled={weekCount >= MAX_WEEKS} onClick={onCopy}>
            <Copy className="h-4 w-4" aria-hidden="true" /> Copy week {wi + 1}
          </Button>
          <Button type="button" size="sm" variant="ghost" disabled={weekCount <= 1} onClick={onRemove}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove week {wi + 1}
          </Button>
        </div>
      </div>
      <InputField label={`Week ${wi + 1} focus`} {...register(`weeks.${wi}.focus`)} error={focusError} />
      {sessions.fields.length === 0 && <p className="text-sm text-muted-foreground">No sessions yet: every day is a rest day.</p>}
      <ul className="flex flex-col gap-3">
        {shown.map(({ f, si }) => (
          <li key={f.id}>
            <SessionEditor label={`Week ${wi + 1}, session ${si + 1}`} wi={wi} si={si} workouts={workouts} onRemove={() => sessions.remove(si)} />
          </li>
        ))}
      </ul>
      <Button type="button" variant="outline" className="self-start" onClick={() => sessions.append(newSession())}>
        <Plus className="h-4 w-4" aria-hidden="true" /> Add session to week {wi + 1}
      </Button>
    </Card>
  );
}

function SessionEditor({ label, wi, si, workouts, onRemove }: { label: string; wi: number; si: number; workouts: Workout[]; onRemove: () => void }) {
  const { control, register, setValue, getValues } = useFormContext<ProgramValues>();
  const path = `weeks.${wi}.sessions.${si}` as const;
  const exercises = useFieldArray({ control, name: `${path}.exercises` });
  const day = useWatch({ control, name: `${path}.day` });
  const err = useFieldErrors(path);
  const asNumber = { setValueAs: num };
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3" data-testid="builder-session">
      <legend className="px-1 text-sm font-bold">
        {label}: {DAY_NAMES[day - 1]}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Day" error={err('day')}>
          {(c) => (
            <Select {...c} {...register(`${path}.day`, { setValueAs: Number })}>
              {DAY_NAMES.map((d, i) => (
                <option key={d} value={i + 1}>
                  {d}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Workout" error={err('workoutId')}>
          {(c) => (
            <Controller
              control={control}
              name={`${path}.workoutId`}
              render={({ field }) => (
                <Select
                  {...c}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ''}
                  onChange={(e) => {
                    const id = e.target.value === '' ? null : Number(e.target.value);
                    const w = workouts.find((x) => x.id === id);
                    field.onChange(id);
                    if (!getValues(`${path}.title`) && w) setValue(`${path}.title`, w.name);
                    if (w) setValue(`${path}.minutes`, w.targetTime);
                  }}
                >
                  <option value="">Custom workout</option>
                  {workouts.map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name}
                    </option>
                  ))}
                </Select>
              )}
            />
          )}
        </FormField>
        <InputField label="Title" {...register(`${path}.title`)} error={err('title')} />
        <FormField label="Kind" error={err('kind')}>
          {(c) => (
            <Select {...c} {...register(`${path}.kind`)}>
              <option value="training">Training</option>
              <option value="race">Race</option>
              <option value="rest">Rest</option>
            </Select>
          )}
        </FormField>
        <InputField label="Minutes" type="number" min={0} {...register(`${path}.minutes`, asNumber)} error={err('minutes')} />
        <InputField label="RPE (1-10)" type="number" min={0} max={10} {...register(`${path}.rpe`, asNumber)} error={err('rpe')} />
        <InputField label="Details" {...register(`${path}.details`)} error={err('details')} className="sm:col-span-2" />
      </div>
      {exercises.fields.length > 0 && (
        <ol className="grid gap-2" aria-label={`${label} exercises`}>
          {exercises.fields.map((e, ei) => {
            const ep = `${path}.exercises.${ei}` as const;
            const ee = (f: string) => err(`exercises.${ei}.${f}`);
            return (
              <li key={e.id} className="grid grid-cols-2 gap-2 rounded-md bg-muted/50 p-2 sm:grid-cols-4 lg:grid-cols-8">
                <InputField label="Exercise" {...register(`${ep}.exercise`)} error={ee('exercise')} className="col-span-2" />
                <InputField label="Sets" type="number" {...register(`${ep}.sets`, asNumber)} error={ee('sets')} />
                <InputField label="Reps" type="number" {...register(`${ep}.reps`, asNumber)} error={ee('reps')} />
                <InputField label="Load kg" type="number" step="0.5" {...register(`${ep}.loadKg`, asNumber)} error={ee('loadKg')} />
                <InputField label="Distance m" type="number" {...register(`${ep}.distanceM`, asNumber)} error={ee('distanceM')} />
                <InputField label="Time s" type="number" {...register(`${ep}.timeS`, asNumber)} error={ee('timeS')} />
                <InputField label="Rest s" type="number" {...register(`${ep}.restS`, asNumber)} error={ee('restS')} />
                <InputField label="Target pace" {...register(`${ep}.targetPace`)} error={ee('targetPace')} className="col-span-2" />
                <InputField label="Notes" {...register(`${ep}.notes`)} error={ee('notes')} className="col-span-2" />
                <Button type="button" size="sm" variant="ghost" className="self-end" onClick={() => exercises.remove(ei)}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => exercises.append({ exercise: '' })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add exercise
        </Button>
        <Button type="button" size="sm" variant="ghost" aria-label={`Move ${label} a day earlier`} disabled={day <= 1} onClick={() => setValue(`${path}.day`, day - 1)}>
          <ArrowUp className="h-4 w-4" aria-hidden="true" /> Day earlier
        </Button>
        <Button type="button" size="sm" variant="ghost" aria-label={`Move ${label} a day later`} disabled={day >= 7} onClick={() => setValue(`${path}.day`, day + 1)}>
          <ArrowDown className="h-4 w-4" aria-hidden="true" /> Day later
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onRemove}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove session
        </Button>
      </div>
    </fieldset>
  );
}

/** The messages for a session's fields, by their names under the session. */
function useFieldErrors(path: string): (field: string) => string | undefined {
  const { formState } = useFormContext<ProgramValues>();
  return (field) => (get(formState.errors, `${path}.${field}`) as { message?: string } | undefined)?.message;
}
