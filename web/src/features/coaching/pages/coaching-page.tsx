import { useState } from 'react';
import { Link } from 'wouter';
import { MessageCircle } from 'lucide-react';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import { requiresTierText, tierAllows } from '@/lib/tiers';
import { useChooseCoach, useCoaches, useOverview, type Overview, type Thread } from '../api/coaching';
import { CoachCard } from '../components/coach-card';
import { AvailabilityEditor } from '../components/availability-editor';
import { ProfileForm } from '../components/profile-form';
import { QuestionQueue } from '../components/question-queue';
import { AthleteSessions, CoachSessions, FormerSessions } from '../components/sessions';
import { ThreadView } from '../components/thread-view';

function ThreadPicker({ threads, selected, onSelect, viewerId }: { threads: Thread[]; selected?: number; onSelect: (id: number) => void; viewerId: number }) {
  return (
    <nav aria-label="Conversations">
      <ul className="space-y-2">
        {threads.map((t) => {
          const name = viewerId === t.coachId ? t.athleteUsername : t.coachName;
          return (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => onSelect(t.id)}
                aria-current={selected === t.id ? 'true' : undefined}
                className="flex w-full items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 text-left hover:bg-muted aria-[current=true]:border-primary aria-[current=true]:bg-muted"
              >
                <span className="min-w-0 truncate font-semibold">{name}</span>
                <span className="flex shrink-0 gap-1">
                  {!t.active && <Badge>Ended</Badge>}
                  {t.unread > 0 && (
                    <Badge variant="primary" aria-label={`${t.unread} unread`}>
                      {t.unread}
                    </Badge>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Conversations({ overview, viewerId, empty }: { overview: Overview; viewerId: number; empty: string }) {
  const threads = overview.threads;
  const [picked, setPicked] = useState<number>();
  const current = threads.find((t) => t.id === picked) ?? threads.find((t) => t.active) ?? threads[0];
  if (!current) return <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <ThreadPicker threads={threads} selected={current.id} onSelect={setPicked} viewerId={viewerId} />
      <ThreadView key={current.id} thread={current} viewerId={viewerId} />
    </div>
  );
}

function CoachList({ overview, canChoose }: { overview: Overview; canChoose: boolean }) {
  const coaches = useCoaches();
  const choose = useChooseCoach();
  if (coaches.isPending) return <Skeleton className="h-48 w-full" />;
  if (coaches.isError) return <FormError message={errorMessage(coaches.error)} />;
  if (coaches.data.length === 0) return <p className="text-muted-foreground">No coaches yet.</p>;
  return (
    <>
      {!canChoose && (
        <div className="mb-4 rounded-xl border border-border bg-muted/50 p-4">
          <p className="font-semibold">{requiresTierText('elite')}</p>
          <p className="mt-1 text-sm text-muted-foreground">Elite members choose a coach and message them one to one.</p>
          <Button asChild size="sm" className="mt-3">
            <Link href="/pricing">Upgrade Subscription</Link>
          </Button>
        </div>
      )}
      <FormError message={choose.isError ? errorMessage(choose.error) : null} />
      <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {coaches.data.map((c) => {
          const mine = overview.coach?.id === c.id;
          return (
            <CoachCard
              key={c.id}
              coach={c}
              action={
                canChoose &&
                (mine ? (
                  <Badge variant="success">Your coach</Badge>
                ) : (
                  <Button size="sm" disabled={choose.isPending} onClick={() => choose.mutate(c.id)} aria-label={`Choose ${c.name} as my coach`}>
                    Choose {c.name}
                  </Button>
                ))
              }
            />
          );
        })}
      </div>
    </>
  );
}

/**
 * /coaching (docs/coaching.md): an athlete's coach and their 1:1 thread, the coaches to
 * choose from (elite); a coach's conversations with their athletes. Messages arrive live.
 */
export default function CoachingPage() {
  const user = useSessionUser();
  const overview = useOverview();
  const me = user.data;
  if (overview.isPending || !me) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10" role="status" aria-label="Loading coaching">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="mt-6 h-64 w-full" />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-black">Coaching</h1>
        <FormError message={errorMessage(overview.error)} />
      </div>
    );
  }
  const o = overview.data;
  const isCoach = o.role === 'coach';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <p className="text-sm font-bold tracking-widest text-accent-text uppercase">Coaching</p>
      <h1 className="mt-2 flex items-center gap-3 text-3xl font-black tracking-tight sm:text-4xl">
        {isCoach ? 'Your athletes' : '1:1 coaching'}
        {o.unread > 0 && (
          <Badge variant="primary" aria-label={`${o.unread} unread messages`}>
            <MessageCircle className="h-3 w-3" aria-hidden="true" /> {o.unread}
          </Badge>
        )}
      </h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        {isCoach
          ? 'Message the athletes assigned to you. New messages appear here as they are sent.'
          : 'An Elite membership gives you a coach of your choice and a private message thread with them.'}
      </p>
      {isCoach && (
        <p className="mt-3">
          <Link href={paths.coach} className="font-semibold underline underline-offset-2">
            Open my workspace: each athlete's week, logs, results and what needs attention
          </Link>
        </p>
      )}

      {(isCoach || o.threads.length > 0) && (
        <section className="mt-8" aria-labelledby="conversations">
          <h2 id="conversations" className="mb-4 text-xl font-bold">
            Conversations
          </h2>
          <Conversations overview={o} viewerId={me.id} empty="No athletes are assigned to you yet." />
        </section>
      )}

      {isCoach && <CoachSessions viewerId={me.id} />}
      {isCoach && <AvailabilityEditor />}
      {!isCoach && o.coach && tierAllows(me.subscriptionTier, 'elite') ? (
        <AthleteSessions coachId={o.coach.id} coachName={o.coach.name} viewerId={me.id} />
      ) : (
        !isCoach && <FormerSessions viewerId={me.id} />
      )}
      {isCoach && <QuestionQueue />}
      {isCoach && <ProfileForm />}

      {!isCoach && (
        <section className="mt-10" aria-labelledby="coaches">
          <h2 id="coaches" className="mb-4 text-xl font-bold">
            {o.coach ? 'Our coaches' : 'Choose your coach'}
          </h2>
          <CoachList overview={o} canChoose={tierAllows(me.subscriptionTier, 'elite')} />
        </section>
      )}
      <p className="mt-10 text-sm">
        <Link href="/community" className="underline">
          Back to the community
        </Link>
      </p>
    </div>
  );
}
