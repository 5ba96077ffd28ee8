import { Activity, Clock, Flame, Smile, CalendarRange } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonList } from '@/components/ui/skeleton';
import { formatDuration } from '@/lib/format';
import { useWorkoutStats } from '../api/get-workout-stats';
import type { WorkoutStats } from '../api/types';
import { formatAvgRating, ratingLabel } from '../lib/format';

export function WorkoutStatsCards({ userId }: { userId: number }) {
  const stats = useWorkoutStats(userId);
  return (
    <QueryState
      query={stats}
      pending={<SkeletonList label="Loading workout stats" count={5} className="grid grid-cols-2 gap-4 lg:grid-cols-5" itemClassName="h-24" />}
    >
      {(s) => <StatCards s={s} />}
    </QueryState>
  );
}

function StatCards({ s }: { s: WorkoutStats }) {
  const cards = [
    { icon: Activity, label: 'Total Workouts', value: String(s.totalWorkouts), testid: 'stat-total-workouts' },
    { icon: Clock, label: 'Total Time', value: formatDuration(s.totalMinutes), testid: 'stat-total-minutes' },
    {
      icon: Smile,
      label: 'How it felt, average',
      value: formatAvgRating(s.avgRating),
      note: s.avgRating ? ratingLabel(s.avgRating) : undefined,
      testid: 'stat-avg-rating',
    },
    { icon: CalendarRange, label: 'This Week', value: formatDuration(s.minutesThisWeek), testid: 'stat-this-week' },
    {
      icon: Flame,
      label: 'Current Streak',
      value: `${s.currentStreakDays} ${s.currentStreakDays === 1 ? 'day' : 'days'}`,
      testid: 'stat-streak',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
      {cards.map(({ icon: Icon, label, value, note, testid }) => (
        <div key={label} className="flex flex-col rounded-xl border border-border bg-card p-4" data-testid={testid}>
          <dt className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <Icon className="h-4 w-4 text-accent-text" aria-hidden="true" /> {label}
          </dt>
          <dd className="mt-1 text-2xl font-black">
            {value}
            {note && <span className="block text-xs font-medium text-muted-foreground">{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
