import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/app/paths';
import heroImage from '@/assets/hero-athlete.svg';
import raceFormat from '@/assets/race-format.svg';
import raceDay from '@/assets/story-race-day.svg';
import { STATIONS } from '../content';

// /hyrox-story: the explainer behind 'Watch HYROX Story' (docs/product.md#navigation).
// Text and images ship with the app: nothing loads from another host. The race
// facts it quotes are listed in docs/product.md#the-hyrox-story-page.

const CHAPTERS = [
  {
    id: 'format',
    title: '1. One format, everywhere',
    image: raceFormat,
    alt: 'The race course: eight 1 km runs, each followed by a workout station.',
    text: [
      'HYROX is a fitness race for everyone. Every race in the world follows the same course: eight times a 1 km run, each run followed by a functional workout station.',
      'Because the course never changes, every finish time can be compared: your first race with your tenth, your time with anyone else\u2019s in your division.',
    ],
  },
  {
    id: 'roxzone',
    title: '2. The Roxzone',
    image: heroImage,
    alt: 'An athlete running between the stations.',
    text: [
      'Between the running track and the stations lies the Roxzone, the transition area. Athletes pass through it sixteen times in a race.',
      'Elite athletes spend under 15 seconds in each transition. For most of us the Roxzone hides minutes that can be won without getting any fitter.',
    ],
  },
  {
    id: 'race-day',
    title: '3. Race day',
    image: raceDay,
    alt: 'Finish times: elite about 53 to 63 minutes, Pro medians about 82 to 86 minutes, Open medians about 89 to 97 minutes.',
    text: [
      'Athletes race in Open and Pro divisions, as Doubles, or as a Relay team of four. The best Pro athletes finish in under an hour; the typical Open finish is around an hour and a half.',
      'Running is about half of an Open race, so the athletes who do best train both: the engine for eight kilometres and the strength for every station.',
    ],
  },
];

export default function StoryPage() {
  return (
    <article aria-labelledby="story-heading">
      <header className="bg-zinc-950 text-zinc-50">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
          <p className="text-sm font-bold tracking-widest text-primary uppercase">The HYROX Story</p>
          <h1 id="story-heading" className="mt-2 text-4xl font-black tracking-tight sm:text-5xl">
            Eight runs. Eight stations. One finish line.
          </h1>
          <p className="mt-6 text-lg text-zinc-300">
            What HYROX is, how a race runs and how athletes prepare for it: the story in three short chapters.
          </p>
        </div>
      </header>

      <nav aria-label="Chapters" className="mx-auto max-w-5xl px-4 pt-10">
        <ol className="flex flex-wrap gap-2 text-sm">
          {CHAPTERS.map((c) => (
            <li key={c.id}>
              <a href={`#${c.id}`} className="inline-block rounded-full border border-border px-3 py-1 font-medium hover:bg-muted">
                {c.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {CHAPTERS.map((c, i) => (
        <section key={c.id} id={c.id} aria-labelledby={`${c.id}-heading`} className="mx-auto max-w-5xl scroll-mt-20 px-4 py-12">
          <div className="grid items-center gap-8 lg:grid-cols-2">
            <div className={i % 2 === 1 ? 'lg:order-last' : undefined}>
              <h2 id={`${c.id}-heading`} className="text-3xl font-black tracking-tight">
                {c.title}
              </h2>
              {c.text.map((p) => (
                <p key={p} className="mt-4 text-muted-foreground">
                  {p}
                </p>
              ))}
            </div>
            <img src={c.image} alt={c.alt} width={480} height={200} loading={i === 0 ? 'eager' : 'lazy'} className="w-full rounded-2xl" />
          </div>
          {c.id === 'format' && (
            <ol className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="The eight stations in race order">
              {STATIONS.map((s, n) => (
                <li key={s.name} className="flex items-center gap-3 rounded-xl border border-border bg-card p-3">
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-black text-primary-foreground">
                    {n + 1}
                  </span>
                  <span>
                    <span className="block font-bold">{s.name}</span>
                    <span className="block text-sm text-muted-foreground">{s.work}</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}

      <section aria-labelledby="next-heading" className="bg-muted/50 py-14">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="next-heading" className="text-3xl font-black tracking-tight">
            4. Your story
          </h2>
          <p className="mt-4 text-muted-foreground">
            Plans built around the eight stations, logs, nutrition, race analytics and a community of athletes chasing the same finish line.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link href={`${paths.auth}?tab=signup`}>
                Start Training <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href={paths.about}>About HYROX Training Hub</Link>
            </Button>
          </div>
        </div>
      </section>
    </article>
  );
}
