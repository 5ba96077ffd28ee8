import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { useMyAthletes } from '../api/workspace';
import { AthleteList } from '../components/athlete-list';
import { ApiError } from '@/lib/api-client';

/** /coach: the coach's workspace (docs/coaching.md#the-coachs-workspace). */
export default function WorkspacePage() {
  const athletes = useMyAthletes();
  const notCoach = athletes.error instanceof ApiError && athletes.error.status === 403;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-black tracking-tight">My athletes</h1>
        <p className="text-muted-foreground">
          Unread messages, sessions missed in the last 7 days, a training load spike and race results you have not seen yet.
        </p>
        <p className="text-sm">
          <Link href={paths.coaching} className="font-semibold underline underline-offset-2">
            Messages, questions and your coach profile
          </Link>
        </p>
      </header>
      {notCoach ? (
        <p role="alert">This workspace is for coaches.</p>
      ) : (
        <AthleteList />
      )}
    </div>
  );
}
