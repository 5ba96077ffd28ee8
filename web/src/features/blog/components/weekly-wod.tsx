import { Flame, Timer } from 'lucide-react';

// The static weekly workout of the day (docs/product.md#blog). Loads are Open
// men / Open women from the 2024/25-2025/26 rulebooks as reported publicly
// (source: shared/domain/hyrox.md).
const WOD = {
  name: 'Compromised Roxzone Ladder',
  target: '45-55 min',
  intro: 'Race-pace running on tired legs, with every transition timed. Walk briskly between the run and the station: that walk is your Roxzone.',
  rounds: [
    { name: '1 km run at race pace', reps: 'x 4 rounds' },
    { name: 'Sled push (152 / 102 kg)', reps: '25 m' },
    { name: 'Burpee broad jumps', reps: '20 m' },
    { name: 'Farmers carry (2 x 24 / 2 x 16 kg)', reps: '50 m' },
    { name: 'Wall balls (6 kg to 3.00 m / 4 kg to 2.70 m)', reps: '25 reps' },
  ],
};

export function WeeklyWod() {
  return (
    <section aria-labelledby="wod-heading" className="overflow-hidden rounded-2xl border border-border bg-zinc-950 text-zinc-50 shadow-sm">
      <div className="grid gap-6 p-6 sm:p-8 md:grid-cols-[1fr_1.2fr] md:gap-10">
        <div>
          <p className="inline-flex items-center gap-2 text-sm font-bold tracking-widest text-primary uppercase">
            <Flame className="h-4 w-4" aria-hidden="true" />
            Weekly WOD
          </p>
          <h2 id="wod-heading" className="mt-2 text-2xl font-black tracking-tight sm:text-3xl">
            Workout of the Day: {WOD.name}
          </h2>
          <p className="mt-3 text-zinc-300">{WOD.intro}</p>
          <p className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-zinc-200">
            <Timer className="h-4 w-4 text-primary" aria-hidden="true" />
            Target time: {WOD.target}
          </p>
        </div>
        <ol className="space-y-2">
          {WOD.rounds.map((r, i) => (
            <li key={r.name} className="flex items-center gap-3 rounded-lg bg-white/5 px-4 py-3">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {i + 1}
              </span>
              <span className="flex-1 font-medium">{r.name}</span>
              <span className="text-sm whitespace-nowrap text-zinc-300">{r.reps}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
