import { Link, useLocation } from 'wouter';
import { Plus } from 'lucide-react';
import { paths, workoutLogPath } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useSessionUser } from '@/lib/session';
import { LoadPanel } from '../components/load-panel';
import { PersonalRecordList } from '../components/record-list';
import { WorkoutLogList } from '../components/workout-log-list';
import { WorkoutStatsCards } from '../components/workout-stats-cards';

export default function WorkoutLogsPage() {
  const user = useSessionUser();
  const [, navigate] = useLocation();
  const userId = user.data?.id;
  if (userId == null) return <Spinner label="Loading..." showLabel className="mx-auto my-16 flex justify-center" />;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10">
      <PageHeader
        size="lg"
        title="My Workouts"
        description="Log every session and watch your training add up."
        actions={
          <Button size="lg" asChild>
            <Link href={paths.workoutLogNew}>
              <Plus className="h-5 w-5" aria-hidden="true" /> Log Workout
            </Link>
          </Button>
        }
      />

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Workout stats
        </h2>
        <WorkoutStatsCards userId={userId} />
      </section>

      <section aria-labelledby="load-heading" className="flex flex-col gap-4">
        <h2 id="load-heading" className="text-xl font-black">
          Training load and compliance
        </h2>
        <LoadPanel />
      </section>

      <section aria-labelledby="records-heading" className="flex flex-col gap-4">
        <h2 id="records-heading" className="text-xl font-black">
          Personal records
        </h2>
        <PersonalRecordList />
      </section>

      <section aria-labelledby="recent-heading" className="flex flex-col gap-4">
        <h2 id="recent-heading" className="text-xl font-black">
          Recent Workouts
        </h2>
        <WorkoutLogList userId={userId} onEdit={(log) => navigate(workoutLogPath(log.id))} />
      </section>
    </div>
  );
}
