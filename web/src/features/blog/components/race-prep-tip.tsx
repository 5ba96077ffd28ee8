import { Lightbulb } from 'lucide-react';

// source: shared/domain/hyrox.md (runs 2-7 take about 1.13-1.21 x run 1; HYROX
// run pace is about 5K pace x 1.15-1.25).
export function RacePrepTip() {
  return (
    <section aria-labelledby="tip-heading" className="rounded-2xl border border-border bg-card p-6 shadow-sm">
      <h2 id="tip-heading" className="inline-flex items-center gap-2 text-sm font-bold tracking-widest text-accent-text uppercase">
        <Lightbulb className="h-4 w-4" aria-hidden="true" />
        Race Prep Tip
      </h2>
      <h3 className="mt-2 text-xl font-bold">Run 1 should feel too easy</h3>
      <p className="mt-3 text-muted-foreground">
        Your middle kilometres will be 13-21% slower than the first, however fit you are. Start at the slow end of your
        race pace (about your 5K pace x 1.15-1.25) and check your watch at 300 m, not at 1 km. The time you bank by
        holding back comes back with interest on run 8.
      </p>
    </section>
  );
}
