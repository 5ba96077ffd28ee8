import { BarChart3, PlayCircle, Target, Users } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { paths } from '@/app/paths';
import { Section } from './section';

const POINTS = [
  {
    icon: Target,
    title: 'HYROX-Specific Training',
    text: 'Every session targets the race: 1 km runs under fatigue, the eight stations and fast transitions.',
  },
  {
    icon: Users,
    title: 'Dedicated Community',
    text: 'A community of HYROX athletes only, from first-timers to Pro division racers.',
  },
  {
    icon: BarChart3,
    title: 'Performance Analytics',
    text: 'Station times, transition speed and race readiness, so you know exactly where to find time.',
  },
];

/** Home: Built Exclusively for HYROX (id "about"). */
export function AboutSection() {
  return (
    <Section
      id="about"
      eyebrow="Why us"
      title="Built Exclusively for HYROX"
      intro="Not a generic fitness app: everything here is made for one race format and the athletes who love it."
      className="bg-muted/50"
    >
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <ul className="space-y-6">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-bold">{title}</h3>
                <p className="mt-1 text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="rounded-2xl bg-zinc-950 p-8 text-center text-zinc-50">
          <p className="text-6xl font-black text-primary">400%</p>
          <p className="mt-2 text-lg font-semibold">yearly growth of HYROX athletes</p>
          <p className="mt-2 text-sm text-zinc-300">One of the fastest-growing fitness race formats in the world.</p>
          <Button asChild size="lg" className="mt-6">
            <Link href={paths.story} data-testid="watch-story">
              <PlayCircle className="h-5 w-5" aria-hidden="true" /> Watch HYROX Story
            </Link>
          </Button>
        </div>
      </div>
    </Section>
  );
}
