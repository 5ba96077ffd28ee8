import heroAthlete from '@/assets/hero-athlete.svg';
import raceFormat from '@/assets/race-format.svg';
import { Badge } from '@/components/ui/badge';
import type { Coach } from '../api/coaching';

/** Coach photos are images the app ships, by key (docs/coaching.md). */
const PHOTOS: Record<string, string> = { 'hero-athlete': heroAthlete, 'race-format': raceFormat };

export function CoachPhoto({ coach, className }: { coach: Coach; className?: string }) {
  const src = PHOTOS[coach.photo];
  if (!src) {
    return (
      <span aria-hidden="true" className={`flex items-center justify-center rounded-full bg-muted text-xl font-black ${className ?? ''}`}>
        {coach.name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return <img src={src} alt="" className={`rounded-full bg-muted object-cover ${className ?? ''}`} />;
}

/** One coach's profile: photo, name, time zone, specialities and bio; `action` is the choose button. */
export function CoachCard({ coach, action }: { coach: Coach; action?: React.ReactNode }) {
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-sm" aria-labelledby={`coach-${coach.id}`}>
      <div className="flex items-center gap-4">
        <CoachPhoto coach={coach} className="h-16 w-16 shrink-0" />
        <div className="min-w-0">
          <h3 id={`coach-${coach.id}`} className="text-lg font-bold">
            {coach.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            @{coach.username} · {coach.timeZone}
          </p>
        </div>
      </div>
      {coach.specialities.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Specialities">
          {coach.specialities.map((s) => (
            <li key={s}>
              <Badge variant="info">{s}</Badge>
            </li>
          ))}
        </ul>
      )}
      {coach.bio && <p className="text-sm whitespace-pre-line">{coach.bio}</p>}
      {action && <div className="mt-auto">{action}</div>}
    </article>
  );
}
