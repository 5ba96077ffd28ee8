import { Link } from 'wouter';
import { ArrowRight, BarChart3, Clock, Globe2, HeartPulse, MessageSquare, Timer, TrendingUp, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import raceFormat from '@/assets/race-format.svg';
import { STATIONS } from '../content';

// source: docs/product.md#marketing-figures.
const STATS = [
  { icon: Users, value: '175K+', label: 'active athletes' },
  { icon: Globe2, value: '50+', label: 'countries' },
  { icon: TrendingUp, value: '95%', label: 'success rate' },
  { icon: MessageSquare, value: '50K+', label: 'community posts per month' },
  { icon: BarChart3, value: '400%', label: 'yearly growth' },
  { icon: Clock, value: '45-60', label: 'minutes per session' },
];

const OFFER = [
  {
    title: 'Training plans',
    text: 'Strength, running, WOD and cardio plans written by elite coaches, organised week by week and built around the eight stations.',
  },
  {
    title: 'Workout logs',
    text: 'Log every session with its duration, how hard it felt and your notes, and watch your totals, averages and streak grow.',
  },
  {
    title: 'Nutrition tracking',
    text: 'Daily calorie and macro targets, quick food logging and practical guidance for training days and race day.',
  },
  {
    title: 'Community and leaderboard',
    text: 'A feed for athletes who race HYROX and a weekly leaderboard of race and simulation times by division.',
  },
  {
    title: 'Performance analytics',
    text: 'Station splits against your history, Roxzone transition speed, race readiness and a predicted finish time.',
  },
  {
    title: 'Race strategy',
    text: 'A pacing plan for every run and station, built from your goal time and your own splits.',
  },
];

export default function AboutPage() {
  return (
    <div>
      <section aria-labelledby="about-heading" className="bg-zinc-950 text-zinc-50">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
          <p className="text-sm font-bold tracking-widest text-primary uppercase">About</p>
          <h1 id="about-heading" className="mt-2 text-4xl font-black tracking-tight sm:text-5xl">
            The training hub for HYROX athletes
          </h1>
          <p className="mt-6 text-lg text-zinc-300">
            HYROX Training Hub brings everything you need to prepare for a HYROX race into one place: plans, logs,
            nutrition, analytics and a community of athletes chasing the same finish line.
          </p>
        </div>
      </section>

      <section aria-labelledby="race-heading" className="mx-auto max-w-5xl px-4 py-16">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="race-heading" className="text-3xl font-black tracking-tight">
              What is HYROX?
            </h2>
            <p className="mt-4 text-muted-foreground">
              HYROX is a fitness race for everyone. Every race, everywhere in the world, follows the same format:
              eight times a 1 km run followed by a functional workout station. The same course everywhere means
              every finish time can be compared, from your first race to the World Championships.
            </p>
            <p className="mt-4 text-muted-foreground">
              Between the running track and the stations lies the <strong className="text-foreground">Roxzone</strong>
              , the transition area. Sixteen passages through it add up: elite athletes spend under 15 seconds in
              each transition, and many athletes can find minutes there without getting any fitter.
            </p>
            <p className="mt-4 text-muted-foreground">
              Athletes race in Open and Pro divisions, as Doubles, or as a Relay team of four. Running makes up about
              half of an Open race, so a plan that trains both the engine and the stations pays off.
            </p>
          </div>
          <img src={raceFormat} alt="" width={480} height={200} loading="lazy" className="w-full rounded-2xl" />
        </div>

        <h3 className="mt-14 text-2xl font-bold">The eight stations</h3>
        <p className="mt-2 text-muted-foreground">In race order, each after a 1 km run.</p>
        <ol className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {STATIONS.map((s, i) => (
            <li key={s.name} className="flex items-center gap-3 rounded-xl border border-border bg-card p-4">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary font-black text-primary-foreground">
                {i + 1}
              </span>
              <span>
                <span className="block font-bold">{s.name}</span>
                <span className="block text-sm text-muted-foreground">{s.work}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="stats-heading" className="bg-muted/50 py-16">
        <div className="mx-auto max-w-5xl px-4">
          <h2 id="stats-heading" className="text-center text-3xl font-black tracking-tight">
            HYROX Training Hub in numbers
          </h2>
          <dl className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {STATS.map(({ icon: Icon, value, label }) => (
              <div key={label} className="flex flex-col items-center rounded-xl border border-border bg-card p-6 text-center">
                <Icon className="order-first h-8 w-8 text-accent-text" aria-hidden="true" />
                <dt className="mt-1 text-muted-foreground">{label}</dt>
                <dd className="order-first mt-3 text-4xl font-black">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="offer-heading" className="mx-auto max-w-5xl px-4 py-16">
        <h2 id="offer-heading" className="text-3xl font-black tracking-tight">
          What you get
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {OFFER.map((o) => (
            <li key={o.title} className="rounded-xl border border-border bg-card p-6">
              <h3 className="text-lg font-bold">{o.title}</h3>
              <p className="mt-2 text-muted-foreground">{o.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="flex gap-4 rounded-xl border border-border p-6">
            <Timer className="h-8 w-8 shrink-0 text-accent-text" aria-hidden="true" />
            <p className="text-muted-foreground">
              <strong className="text-foreground">Made for busy athletes.</strong> Most sessions take 45-60 minutes,
              so training fits around work and family.
            </p>
          </div>
          <div className="flex gap-4 rounded-xl border border-border p-6">
            <HeartPulse className="h-8 w-8 shrink-0 text-accent-text" aria-hidden="true" />
            <p className="text-muted-foreground">
              <strong className="text-foreground">For every level.</strong> Start free with basic plans and workout
              logging; upgrade when you want advanced plans, nutrition and analytics.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-zinc-950 text-zinc-50">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <h2 id="cta-heading" className="text-3xl font-black tracking-tight">
            Ready for your next race?
          </h2>
          <p className="mt-4 text-zinc-300">Pick a plan and start training today.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link href="/training">
                Start Training <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="border-zinc-400 text-zinc-50 hover:bg-zinc-800">
              <Link href="/pricing">View Pricing Plans</Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
