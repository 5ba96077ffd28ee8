import { Link, Redirect, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, programEditPath } from '@/app/paths';
import { useSessionUser } from '@/lib/session';
import { useProgram } from '../api/programs';
import { SessionSummary } from '../components/session-summary';
import { StartProgramForm } from '../components/start-program-form';
import { dayName } from '../lib/format';
import { formatDate } from '@/lib/format';

/**
 * /programs/:id: a program read-only, for the athlete following a program
 * their coach wrote (they start it, they do not edit it:
 * docs/training.md#programs-written-by-a-coach). The author is sent to the builder.
 */
export default function ProgramPage() {
  const { id } = useParams<{ id: string }>();
  const user = useSessionUser();
  const program = useProgram(id);
  if (program.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-black">Program not found</h1>
        <p className="text-muted-foreground">{program.error.message}</p>
      </div>
    );
  }
  const p = program.data;
  if (!p || !user.data) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10" aria-busy="true">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (p.authorId === user.data.id) return <Redirect to={programEditPath(p.id)} replace />;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <Link href={paths.programs} className="inline-flex items-center gap-1 self-start text-sm font-semibold hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> My programs
      </Link>
      <header>
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{p.name}</h1>
        <p className="mt-1 font-semibold">From your coach {p.authorName || ''}</p>
        <p className="text-sm text-muted-foreground">
          {p.weekCount} {p.weekCount === 1 ? 'week' : 'weeks'} · updated {formatDate(p.updatedAt)}
        </p>
        {p.description && <p className="mt-3">{p.description}</p>}
      </header>
      <StartProgramForm programId={p.id} name={p.name} />
      <ol className="flex flex-col gap-6" aria-label="Weeks">
        {(p.weeks ?? []).map((week) => (
          <li key={week.week}>
            <Card className="p-5" data-testid="program-week">
              <h2 className="text-xl font-black">Week {week.week}</h2>
              {week.focus && <p className="mt-1 text-sm text-muted-foreground">{week.focus}</p>}
              {week.sessions.length === 0 && <p className="mt-2 text-sm text-muted-foreground">Every day is a rest day.</p>}
              <ul className="mt-4 flex flex-col divide-y divide-border">
                {week.sessions.map((s) => (
                  <li key={s.id ?? `${s.day}-${s.position}`} className="flex flex-col gap-2 py-3 sm:flex-row sm:gap-4">
                    <span className="w-28 shrink-0 text-sm font-bold text-accent-text">{dayName(s.day)}</span>
                    <SessionSummary session={s} />
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}
