import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft, CalendarDays, Crown, Lock, Plus, Repeat } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/app/paths';
import { ApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import { useTrainingPlan } from '../api/get-training-plan';
import { LogWorkoutDialog } from '../components/log-workout-dialog';
import { planArt } from '../components/plan-art';
import { categoryLabel, dayName } from '../lib/format';
import { SessionSummary } from '../components/session-summary';
import { StartProgramForm } from '../components/start-program-form';

function requiredTierOf(err: unknown): string | null {
  if (err instanceof ApiError && err.status === 403 && err.body && typeof err.body === 'object') {
    const tier = (err.body as Record<string, unknown>).requiredTier;
    return typeof tier === 'string' ? tier : null;
  }
  return null;
}

export default function TrainingPlanPage() {
  const { id = '' } = useParams<{ id: string }>();
  const user = useSessionUser();
  const plan = useTrainingPlan(id);
  const [logWorkoutId, setLogWorkoutId] = useState<number | null>(null);

  const back = (
    <Link href={paths.training} className="inline-flex items-center gap-1 text-sm font-semibold hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All training plans
    </Link>
  );

  if (plan.isPending) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10" aria-busy="true">
        {back}
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }

  if (plan.isError) {
    const tier = requiredTierOf(plan.error);
    const notFound = plan.error instanceof ApiError && plan.error.status === 404;
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
        {back}
        <div className="rounded-2xl border border-border bg-card p-8 text-center" data-testid={tier ? 'plan-locked' : undefined}>
          {tier ? <Lock className="mx-auto h-12 w-12 text-accent-text" aria-hidden="true" /> : null}
          <h1 className="mt-4 text-2xl font-black">{tier ? 'This plan is locked' : notFound ? 'Training plan not found' : 'Something went wrong'}</h1>
          <p className="mt-2 text-muted-foreground">{plan.error.message}</p>
          {tier && (
            <Button asChild className="mt-6">
              <Link href={paths.pricing}>Upgrade Subscription</Link>
            </Button>
          )}
        </div>
      </div>
    );
  }

  const p = plan.data;
  const userId = user.data?.id;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      {back}
      <header className="grid items-center gap-6 md:grid-cols-[1fr_280px]">
        <div>
          <div className="flex flex-wrap gap-2">
            <Badge variant="primary">{categoryLabel(p.category)}</Badge>
            {p.requiredTier !== 'basic' && (
              <Badge className="bg-zinc-900 text-zinc-50">
                <Crown className="h-3 w-3" aria-hidden="true" /> Pro
              </Badge>
            )}
            <Badge variant="outline">{p.level}</Badge>
          </div>
          <h1 className="mt-3 text-3xl font-black tracking-tight sm:text-4xl">{p.name}</h1>
          <p className="mt-3 text-muted-foreground">{p.description}</p>
          <p className="mt-3 flex flex-wrap gap-4 text-sm font-semibold">
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="h-4 w-4" aria-hidden="true" /> {p.duration}
            </span>
            <span className="inline-flex items-center gap-1">
              <Repeat className="h-4 w-4" aria-hidden="true" /> {p.frequency}
            </span>
          </p>
        </div>
        <img src={planArt(p.category)} alt="" width={400} height={220} className="hidden w-full rounded-xl md:block" />
      </header>

      <StartProgramForm programId={p.id} name={p.name} />

      <ol className="flex flex-col gap-6" aria-label="Weeks">
        {p.weeks.map((week) => (
          <li key={week.week}>
            <Card className="p-5" data-testid="plan-week">
              <h2 className="text-xl font-black">Week {week.week}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{week.focus}</p>
              <ul className="mt-4 flex flex-col divide-y divide-border">
                {week.sessions.map((s) => (
                  <li key={s.id ?? `${s.day}-${s.position}`} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
                    <span className="w-28 shrink-0 text-sm font-bold text-accent-text">{dayName(s.day)}</span>
                    <SessionSummary session={s} />
                    {s.workoutId != null && userId != null && (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setLogWorkoutId(s.workoutId ?? null)}
                        aria-label={`Log ${s.workoutName ?? 'workout'}, week ${week.week} ${dayName(s.day)}`}
                      >
                        <Plus className="h-4 w-4" aria-hidden="true" /> Log
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ol>

      {userId != null && (
        <LogWorkoutDialog
          userId={userId}
          open={logWorkoutId != null}
          onOpenChange={(open) => !open && setLogWorkoutId(null)}
          defaultWorkoutId={logWorkoutId ?? undefined}
        />
      )}
    </div>
  );
}
