import { useState } from 'react';
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
import { paths, programEditPath, programPath } from '@/app/paths';
import { ApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import { type Program, type ProgramInput, type SessionExercise, useCoachedAthletes, useProgram, useSaveProgram } from '../api/programs';
import { useWorkouts } from '../api/get-workouts';
import { StartProgramForm } from '../components/start-program-form';
import { DAY_NAMES } from '../lib/format';
import { athleteParam, athleteProgramsPath } from '../lib/program-links';

// The program builder (docs/training.md#programs): weeks x days x sessions,
// each session a library workout or a custom one with structured exercises.
// A coach opens it for an athlete they coach (/programs/new?athlete=<id>):
// docs/training.md#programs-written-by-a-coach.

const MAX_WEEKS = 52;

type Kind = 'training' | 'rest' | 'race';
type DraftSession = {
  key: number;
  day: number;
  kind: Kind;
  title: string;
  details: string;
  workoutId: number | null;
  minutes: number;
  rpe: number;
  exercises: SessionExercise[];
};
type DraftWeek = { key: number; focus: string; sessions: DraftSession[] };

let nextKey = 1;
const key = () => nextKey++;

function newSession(day = 1): DraftSession {
  return { key: key(), day, kind: 'training', title: '', details: '', workoutId: null, minutes: 45, rpe: 6, exercises: [] };
}

function fromProgram(p: Program): DraftWeek[] {
  return (p.weeks ?? []).map((w) => ({
    key: key(),
    focus: w.focus,
    sessions: w.sessions.map((s) => ({
      key: key(),
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

function toInput(name: string, description: string, status: 'draft' | 'published', weeks: DraftWeek[], athleteId?: number): ProgramInput {
  return {
    athleteId: athleteId ?? null,
    name,
    description,
    status,
    weeks: weeks.map((w) => ({
      focus: w.focus,
      sessions: w.sessions.map((s) => ({
        day: s.day,
        kind: s.kind,
        title: s.title,
        details: s.details,
        workoutId: s.workoutId,
        minutes: s.minutes,
        rpe: s.rpe,
        exercises: s.exercises,
      })),
    })),
  };
}

const num = (v: string) => (v === '' ? 0 : Number(v));

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
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [weeks, setWeeks] = useState<DraftWeek[]>(() => (initial ? fromProgram(initial) : [{ key: key(), focus: '', sessions: [] }]));
  const [status, setStatus] = useState<'draft' | 'published'>(initial?.status ?? 'draft');

  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const err = (field: string) => errors[field];

  const updateWeek = (wi: number, f: (w: DraftWeek) => DraftWeek) => setWeeks((ws) => ws.map((w, i) => (i === wi ? f(w) : w)));
  const updateSession = (wi: number, si: number, f: (s: DraftSession) => DraftSession) =>
    updateWeek(wi, (w) => ({ ...w, sessions: w.sessions.map((s, i) => (i === si ? f(s) : s)) }));

  const submit = (nextStatus: 'draft' | 'published') => {
    save.mutate(
      { id: id ? Number(id) : undefined, input: toInput(name, description, nextStatus, weeks, forAthlete?.id) },
      {
        onSuccess: (p) => {
          setStatus(p.status);
          toast({ title: 'Program saved', description: `${p.name}, ${p.weekCount} ${p.weekCount === 1 ? 'week' : 'weeks'}` });
          if (!id) navigate(programEditPath(p.id));
        },
      },
    );
  };

  return (
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
      {save.isError && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm font-semibold text-destructive">
          {save.error.message}
        </p>
      )}
      <Card className="grid gap-4 p-5">
        <InputField label="Program name" value={name} onChange={(e) => setName(e.target.value)} error={err('name')} maxLength={100} />
        <FormField label="Description" error={err('description')}>
          {(c) => <Textarea {...c} value={description} onChange={(e) => setDescription(e.target.value)} />}
        </FormField>
        {err('weeks') && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {err('weeks')}
          </p>
        )}
      </Card>

      <ol className="flex flex-col gap-6" aria-label="Weeks">
        {weeks.map((w, wi) => (
          <li key={w.key}>
            <Card className="flex flex-col gap-4 p-5" data-testid="builder-week">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <h2 className="text-xl font-black">Week {wi + 1}</h2>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={weeks.length >= MAX_WEEKS}
                    onClick={() =>
                      setWeeks((ws) => [
                        ...ws.slice(0, wi + 1),
                        { key: key(), focus: w.focus, sessions: w.sessions.map((s) => ({ ...s, key: key(), exercises: [...s.exercises] })) },
                        ...ws.slice(wi + 1),
                      ])
                    }
                  >
                    <Copy className="h-4 w-4" aria-hidden="true" /> Copy week {wi + 1}
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    disabled={weeks.length <= 1}
                    onClick={() => setWeeks((ws) => ws.filter((_, i) => i !== wi))}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove week {wi + 1}
                  </Button>
                </div>
              </div>
              <InputField
                label={`Week ${wi + 1} focus`}
                value={w.focus}
                onChange={(e) => updateWeek(wi, (x) => ({ ...x, focus: e.target.value }))}
                error={err(`weeks[${wi}].focus`)}
              />
              {w.sessions.length === 0 && <p className="text-sm text-muted-foreground">No sessions yet: every day is a rest day.</p>}
              <ul className="flex flex-col gap-3">
                {w.sessions
                  .map((s, si) => ({ s, si }))
                  .sort((a, b) => a.s.day - b.s.day || a.si - b.si)
                  .map(({ s, si }) => {
                    const p = `weeks[${wi}].sessions[${si}]`;
                    return (
                      <li key={s.key}>
                        <SessionEditor
                          label={`Week ${wi + 1}, session ${si + 1}`}
                          s={s}
                          prefix={p}
                          err={err}
                          workouts={workouts.data ?? []}
                          onChange={(f) => updateSession(wi, si, f)}
                          onRemove={() => updateWeek(wi, (x) => ({ ...x, sessions: x.sessions.filter((_, i) => i !== si) }))}
                        />
                      </li>
                    );
                  })}
              </ul>
              <Button
                type="button"
                variant="outline"
                className="self-start"
                onClick={() => updateWeek(wi, (x) => ({ ...x, sessions: [...x.sessions, newSession()] }))}
              >
                <Plus className="h-4 w-4" aria-hidden="true" /> Add session to week {wi + 1}
              </Button>
            </Card>
          </li>
        ))}
      </ol>

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={weeks.length >= MAX_WEEKS}
          onClick={() => setWeeks((ws) => [...ws, { key: key(), focus: '', sessions: [] }])}
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Add week
        </Button>
        <span className="self-center text-sm text-muted-foreground">
          {weeks.length} of {MAX_WEEKS} weeks
        </span>
      </div>

      <Card className="flex flex-wrap items-center gap-2 p-5">
        <Button type="button" variant="outline" disabled={save.isPending} onClick={() => submit('draft')}>
          Save as draft
        </Button>
        <Button type="button" disabled={save.isPending} onClick={() => submit('published')}>
          Save and publish
        </Button>
        <span className="text-sm text-muted-foreground" role="status">
          {id ? (status === 'draft' ? 'Saved as a draft.' : 'Published.') : 'Not saved yet.'}
        </span>
      </Card>
      {id && <StartProgramForm programId={Number(id)} name={name || initial?.name || 'program'} athleteName={forAthlete?.name} />}
    </div>
  );
}

type Workout = { id: number; name: string; targetTime: number };

function SessionEditor({
  label,
  s,
  prefix,
  err,
  workouts,
  onChange,
  onRemove,
}: {
  label: string;
  s: DraftSession;
  prefix: string;
  err: (f: string) => string | undefined;
  workouts: Workout[];
  onChange: (f: (s: DraftSession) => DraftSession) => void;
  onRemove: () => void;
}) {
  const set = <K extends keyof DraftSession>(k: K, v: DraftSession[K]) => onChange((x) => ({ ...x, [k]: v }));
  const setEx = (ei: number, patch: Partial<SessionExercise>) =>
    onChange((x) => ({ ...x, exercises: x.exercises.map((e, i) => (i === ei ? { ...e, ...patch } : e)) }));
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3" data-testid="builder-session">
      <legend className="px-1 text-sm font-bold">
        {label}: {DAY_NAMES[s.day - 1]}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Day" error={err(`${prefix}.day`)}>
          {(c) => (
            <Select {...c} value={s.day} onChange={(e) => set('day', Number(e.target.value))}>
              {DAY_NAMES.map((d, i) => (
                <option key={d} value={i + 1}>
                  {d}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Workout" error={err(`${prefix}.workoutId`)}>
          {(c) => (
            <Select
              {...c}
              value={s.workoutId ?? ''}
              onChange={(e) => {
                const id = e.target.value === '' ? null : Number(e.target.value);
                const w = workouts.find((x) => x.id === id);
                onChange((x) => ({ ...x, workoutId: id, title: x.title || (w?.name ?? ''), minutes: w ? w.targetTime : x.minutes }));
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
        </FormField>
        <InputField label="Title" value={s.title} onChange={(e) => set('title', e.target.value)} error={err(`${prefix}.title`)} />
        <FormField label="Kind" error={err(`${prefix}.kind`)}>
          {(c) => (
            <Select {...c} value={s.kind} onChange={(e) => set('kind', e.target.value as Kind)}>
              <option value="training">Training</option>
              <option value="race">Race</option>
              <option value="rest">Rest</option>
            </Select>
          )}
        </FormField>
        <InputField label="Minutes" type="number" min={0} value={s.minutes} onChange={(e) => set('minutes', num(e.target.value))} error={err(`${prefix}.minutes`)} />
        <InputField label="RPE (1-10)" type="number" min={0} max={10} value={s.rpe} onChange={(e) => set('rpe', num(e.target.value))} error={err(`${prefix}.rpe`)} />
        <InputField label="Details" value={s.details} onChange={(e) => set('details', e.target.value)} error={err(`${prefix}.details`)} className="sm:col-span-2" />
      </div>
      {s.exercises.length > 0 && (
        <ol className="grid gap-2" aria-label={`${label} exercises`}>
          {s.exercises.map((e, ei) => {
            const ep = `${prefix}.exercises[${ei}]`;
            return (
              <li key={ei} className="grid grid-cols-2 gap-2 rounded-md bg-muted/50 p-2 sm:grid-cols-4 lg:grid-cols-8">
                <InputField label="Exercise" value={e.exercise} onChange={(v) => setEx(ei, { exercise: v.target.value })} error={err(`${ep}.exercise`)} className="col-span-2" />
                <InputField label="Sets" type="number" value={e.sets ?? 0} onChange={(v) => setEx(ei, { sets: num(v.target.value) })} error={err(`${ep}.sets`)} />
                <InputField label="Reps" type="number" value={e.reps ?? 0} onChange={(v) => setEx(ei, { reps: num(v.target.value) })} error={err(`${ep}.reps`)} />
                <InputField label="Load kg" type="number" step="0.5" value={e.loadKg ?? 0} onChange={(v) => setEx(ei, { loadKg: num(v.target.value) })} error={err(`${ep}.loadKg`)} />
                <InputField label="Distance m" type="number" value={e.distanceM ?? 0} onChange={(v) => setEx(ei, { distanceM: num(v.target.value) })} error={err(`${ep}.distanceM`)} />
                <InputField label="Time s" type="number" value={e.timeS ?? 0} onChange={(v) => setEx(ei, { timeS: num(v.target.value) })} error={err(`${ep}.timeS`)} />
                <InputField label="Rest s" type="number" value={e.restS ?? 0} onChange={(v) => setEx(ei, { restS: num(v.target.value) })} error={err(`${ep}.restS`)} />
                <InputField label="Target pace" value={e.targetPace ?? ''} onChange={(v) => setEx(ei, { targetPace: v.target.value })} error={err(`${ep}.targetPace`)} className="col-span-2" />
                <InputField label="Notes" value={e.notes ?? ''} onChange={(v) => setEx(ei, { notes: v.target.value })} error={err(`${ep}.notes`)} className="col-span-2" />
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="self-end"
                  onClick={() => onChange((x) => ({ ...x, exercises: x.exercises.filter((_, i) => i !== ei) }))}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => onChange((x) => ({ ...x, exercises: [...x.exercises, { exercise: '' }] }))}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add exercise
        </Button>
        <Button type="button" size="sm" variant="ghost" aria-label={`Move ${label} a day earlier`} disabled={s.day <= 1} onClick={() => set('day', s.day - 1)}>
          <ArrowUp className="h-4 w-4" aria-hidden="true" /> Day earlier
        </Button>
        <Button type="button" size="sm" variant="ghost" aria-label={`Move ${label} a day later`} disabled={s.day >= 7} onClick={() => set('day', s.day + 1)}>
          <ArrowDown className="h-4 w-4" aria-hidden="true" /> Day later
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onRemove}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove session
        </Button>
      </div>
    </fieldset>
  );
}
