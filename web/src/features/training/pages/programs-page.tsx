import { Link, useSearch } from 'wouter';
import { ArrowLeft, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, programEditPath, programPath } from '@/app/paths';
import { useSessionUser } from '@/lib/session';
import { type Program, useCoachedAthletes, useDeleteProgram, usePrograms } from '../api/programs';
import { StartProgramForm } from '../components/start-program-form';
import { athleteParam, athleteProgramsPath, coachWritten, programNewPath } from '../lib/program-links';
import { formatDate } from '@/lib/format';

/**
 * /programs: an athlete's programs (elite), their own and their coach's; a
 * coach's programs per athlete they coach (?athlete=<id>), see
 * docs/training.md#programs-written-by-a-coach.
 */
export default function ProgramsPage() {
  const user = useSessionUser();
  const search = useSearch();
  if (!user.data) return null; // the route guard waits for the session
  if (user.data.role === 'coach') return <CoachPrograms coachId={user.data.id} athleteId={athleteParam(search)} />;
  return <MyPrograms userId={user.data.id} />;
}

function MyPrograms({ userId }: { userId: number }) {
  const programs = usePrograms();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <PageHeader
        size="lg"
        title="My programs"
        description="Build your own multi-week programs, then start them on your calendar."
        actions={
          <Button asChild>
            <Link href={paths.programNew}>
              <Plus className="h-4 w-4" aria-hidden="true" /> New program
            </Link>
          </Button>
        }
      />
      <QueryState
        query={programs}
        pending={<Skeleton className="h-40 w-full" />}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-muted-foreground">No programs yet. Start with a blank one, or follow a catalogue plan from Training.</p>}
      >
        {(list) => <ProgramList programs={list} viewerId={userId} />}
      </QueryState>
    </div>
  );
}

/** The coach's page: their athletes, and the programs written for the chosen one. */
function CoachPrograms({ coachId, athleteId }: { coachId: number; athleteId?: number }) {
  const athletes = useCoachedAthletes(coachId);
  const athlete = athletes.data?.find((a) => a.id === athleteId);
  if (!athleteId) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
        <PageHeader
          size="lg"
          title="Programs for your athletes"
          description="Write multi-week programs for the athletes you coach and start them on their calendar."
        />
        <QueryState
          query={athletes}
          pending={<Skeleton className="h-24 w-full" />}
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-muted-foreground">Nobody has chosen you as their coach yet.</p>}
        >
          {(list) => (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your athletes">
              {list.map((a) => (
                <li key={a.id}>
                  <Card className="flex items-center justify-between gap-3 p-4">
                    <span className="font-semibold">{a.username}</span>
                    <Button asChild variant="outline" size="sm">
                      <Link href={athleteProgramsPath(a.id)} aria-label={`Programs for ${a.username}`}>
                        Programs
                      </Link>
                    </Button>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    );
  }
  return <AthletePrograms coachId={coachId} athleteId={athleteId} name={athlete?.username} />;
}

function AthletePrograms({ coachId, athleteId, name }: { coachId: number; athleteId: number; name?: string }) {
  const programs = usePrograms(athleteId);
  const who = name ?? programs.data?.[0]?.athleteName ?? 'your athlete';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <Link href={paths.programs} className="inline-flex items-center gap-1 self-start text-sm font-semibold hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All athletes
      </Link>
      <PageHeader
        size="lg"
        title={`Programs for ${who}`}
        description={`Drafts stay yours; ${who} sees a program once you publish or start it.`}
        actions={
          programs.isError ? undefined : (
            <Button asChild>
              <Link href={programNewPath(athleteId)}>
                <Plus className="h-4 w-4" aria-hidden="true" /> New program for {who}
              </Link>
            </Button>
          )
        }
      />
      <QueryState
        query={programs}
        pending={<Skeleton className="h-40 w-full" />}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-muted-foreground">No programs for {who} yet.</p>}
      >
        {(list) => <ProgramList programs={list} viewerId={coachId} />}
      </QueryState>
    </div>
  );
}

function ProgramList({ programs, viewerId }: { programs: Program[]; viewerId: number }) {
  const del = useDeleteProgram();
  return (
    <ul className="flex flex-col gap-4">
      {programs.map((p) => {
        const fromCoach = coachWritten(p) && p.athleteId === viewerId;
        const forAthlete = coachWritten(p) && p.authorId === viewerId;
        return (
          <li key={p.id}>
            <Card className="flex flex-col gap-3 p-5" data-testid="program-card">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="text-xl font-black">{p.name}</h2>
                  <p className="text-sm text-muted-foreground">
                    {p.weekCount} {p.weekCount === 1 ? 'week' : 'weeks'} · updated {formatDate(p.updatedAt)}
                  </p>
                  {fromCoach && <p className="mt-1 text-sm font-semibold">From your coach {p.authorName || ''}</p>}
                </div>
                <Badge variant={p.status === 'draft' ? 'warning' : 'success'}>{p.status === 'draft' ? 'Draft' : 'Published'}</Badge>
              </div>
              {p.description && <p className="text-sm">{p.description}</p>}
              <div className="flex flex-wrap gap-2">
                {fromCoach ? (
                  <Button asChild variant="outline" size="sm">
                    <Link href={programPath(p.id)}>
                      <Eye className="h-4 w-4" aria-hidden="true" /> View {p.name}
                    </Link>
                  </Button>
                ) : (
                  <Button asChild variant="outline" size="sm">
                    <Link href={programEditPath(p.id)}>
                      <Pencil className="h-4 w-4" aria-hidden="true" /> Edit {p.name}
                    </Link>
                  </Button>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    const whose = forAthlete ? `${p.athleteName || 'your athlete'}'s` : 'your';
                    if (window.confirm(`Delete ${p.name}? Its sessions leave ${whose} calendar.`)) del.mutate(p.id);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                </Button>
              </div>
              <StartProgramForm programId={p.id} name={p.name} athleteName={forAthlete ? p.athleteName || 'your athlete' : undefined} />
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
