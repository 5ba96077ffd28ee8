import { Link } from 'wouter';
import { ArrowRight, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import heroImage from '@/assets/hero-athlete.svg';
import { HERO_STATS } from '../content';

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden border-b border-zinc-800 bg-zinc-950 text-zinc-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-2">
        <div>
          <p className="inline-block rounded bg-primary px-2 py-1 text-xs font-black tracking-widest text-primary-foreground uppercase">
            The fitness race for every body
          </p>
          <h1 id="hero-heading" className="mt-4 text-4xl font-black tracking-tight sm:text-5xl lg:text-6xl">
            Train smarter. <span className="text-primary italic">Race HYROX</span> faster.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-zinc-300">
            Structured training plans, nutrition tracking, workout logs and a community of athletes who race the same
            eight runs and eight stations you do.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href="/training">
                Start Training <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="border-zinc-400 text-zinc-50 hover:bg-zinc-800">
              <Link href="/community">
                <Users className="h-5 w-5" aria-hidden="true" /> Join the Community
              </Link>
            </Button>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4" data-testid="hero-stats">
            {HERO_STATS.map((s) => (
              <div key={s.label} className="flex flex-col border-l-4 border-primary pl-3">
                <dt className="text-xs text-zinc-400 sm:text-sm">{s.label}</dt>
                <dd className="order-first text-2xl font-black sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <img
          src={heroImage}
          alt=""
          width={480}
          height={360}
          className="mx-auto hidden w-full max-w-lg rounded-3xl shadow-2xl sm:block"
          fetchPriority="high"
        />
      </div>
    </section>
  );
}
