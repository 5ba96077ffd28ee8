import { Link } from 'wouter';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, programEditPath } from '@/app/paths';
import { useDeleteProgram, usePrograms } from '../api/programs';
import { StartProgramForm } from '../components/start-program-form';

/** /programs: my custom programs (elite). */
export default function ProgramsPage() {
  const programs = usePrograms();
  const del = useDeleteProgram();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-black tracking-tight sm:text-4xl">My programs</h1>
          <p className="mt-1 text-muted-foreground">Build your own multi-week programs, then start them on your calendar.</p>
        </div>
        <Button asChild>
          <Link href={paths.programNew}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New program
          </Link>
        </Button>
      </header>
      {programs.isPending && <Skeleton className="h-40 w-full" />}
      {programs.isError && <p role="alert">{programs.error.message}</p>}
      {programs.data?.length === 0 && (
        <p className="text-muted-foreground">No programs yet. Start with a blank one, or follow a catalogue plan from Training.</p>
      )}
      <ul className="flex flex-col gap-4">
        {programs.data?.map((p) => (
          <li key={p.id}>
            <Card className="flex flex-col gap-3 p-5" data-testid="program-card">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="text-xl font-black">{p.name}</h2>
                  <p className="text-sm text-muted-foreground">
                    {p.weekCount} {p.weekCount === 1 ? 'week' : 'weeks'} · updated {new Date(p.updatedAt).toLocaleDateString()}
                  </p>
                </div>
                <Badge variant={p.status === 'draft' ? 'warning' : 'success'}>{p.status === 'draft' ? 'Draft' : 'Published'}</Badge>
              </div>
              {p.description && <p className="text-sm">{p.description}</p>}
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link href={programEditPath(p.id)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit {p.name}
                  </Link>
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    if (window.confirm(`Delete ${p.name}? Its sessions leave your calendar.`)) del.mutate(p.id);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                </Button>
              </div>
              <StartProgramForm programId={p.id} name={p.name} />
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
