import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Quote } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/app/paths';
import { useSessionUser } from '@/lib/session';
import { usePaymentConfig } from '../api/get-config';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { useTiers } from '../api/get-tiers';
import { IntervalSwitch } from '../components/interval-switch';
import { type Interval } from '../components/plan-price';
import { TierCard } from '../components/tier-card';

const TESTIMONIALS = [
  { name: 'Lena M.', division: 'Women Pro', text: 'The station-specific plans took four minutes off my finish time in one season.' },
  { name: 'Marcus T.', division: 'Men Open', text: 'Analytics showed me I was losing a minute in the Roxzone. Fixed it in six weeks.' },
  { name: 'Priya & Sam', division: 'Mixed Doubles', text: 'Nutrition targets and race-day fuelling made the last 3 km feel like the first.' },
];

export default function PricingPage() {
  const [interval, setInterval] = useState<Interval>('month');
  const { data: tiers, isPending, isError } = useTiers();
  const { data: config } = usePaymentConfig();
  const { data: user } = useSessionUser();
  const { data: status } = useSubscriptionStatus();
  const trialDays = config?.trialDays ?? 7;
  // A visitor and an athlete who never had a trial are offered it; an athlete
  // who had it is not (docs/billing-rules.md#trial).
  const offersTrial = !user || status?.trialAvailable !== false;
  const ownTier = user ? (status?.subscriptionTier ?? user.subscriptionTier ?? 'basic').toLowerCase() : undefined;
  const label = (t: { id: string; name: string; priceCents: number }) => {
    if (t.id === ownTier) return 'Your current plan';
    if (t.priceCents === 0) return 'Get started free';
    return offersTrial ? `Start ${trialDays}-day free trial` : `Choose ${t.name}`;
  };
  // docs/product.md#navigation: the trial path keeps the chosen plan through sign-up.
  const cta = (tier?: string) => {
    if (!tier || tier === 'basic') return user ? paths.subscription : `${paths.auth}?tab=signup`;
    const step = `${paths.subscription}?plan=${tier}&interval=${interval}`;
    return user ? step : `${paths.auth}?tab=signup&next=${encodeURIComponent(step)}`;
  };

  // /pricing#faq (View FAQ on the payment-cancelled page): the FAQ comes into view once the plans above it have their height.
  useEffect(() => {
    if (window.location.hash === '#faq') document.getElementById('faq')?.scrollIntoView({ block: 'start' });
  }, [isPending]);

  const faq = [
    { q: 'Do I need a card to start?', a: `No card is needed to create an account and use the Basic plan. The ${trialDays}-day free trial of a paid plan asks for a card and charges nothing until it ends.` },
    { q: 'Can I cancel anytime?', a: 'Yes. Cancel from your subscription page and keep your plan until the end of the period you paid for. No hidden fees.' },
    { q: 'Can I switch plans?', a: 'Any time. Upgrades are prorated, so you only pay the difference for the rest of the billing period.' },
    { q: 'How does annual billing work?', a: 'Annual plans are billed once a year at 25% off the monthly price.' },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Pricing Plans</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          Train smarter for HYROX. Start free, upgrade when you are ready.
        </p>
      </header>

      <div className="mt-8">
        <IntervalSwitch value={interval} onChange={setInterval} />
      </div>

      {/* The plan cards' names are h3s: this keeps the outline h1 > h2 > h3. */}
      <h2 className="sr-only">Plans</h2>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {isPending &&
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-96 rounded-xl" />)}
        {isError && <p role="alert">We could not load the plans. Please try again later.</p>}
        {tiers?.map((t) => (
          <TierCard key={t.id} tier={t} interval={interval} testId={`pricing-${t.id}`}>
            <Button asChild className="w-full" variant={t.recommended ? 'primary' : 'outline'}>
              <Link href={t.id === ownTier ? paths.subscription : cta(t.priceCents > 0 ? t.id : undefined)}>{label(t)}</Link>
            </Button>
          </TierCard>
        ))}
      </div>

      {offersTrial && (
      <section aria-labelledby="trial-heading" className="mt-16 rounded-2xl bg-foreground px-6 py-10 text-center text-background">
        <h2 id="trial-heading" className="text-3xl font-black">
          Try Pro free for {trialDays} days
        </h2>
        <p className="mx-auto mt-3 max-w-xl opacity-90">
          Every paid plan starts with a {trialDays}-day free trial. Cancel before it ends and you pay nothing.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link href={cta('pro')}>Start your free trial</Link>
        </Button>
      </section>
      )}

      <section aria-labelledby="testimonials-heading" className="mt-16">
        <h2 id="testimonials-heading" className="text-center text-3xl font-black">
          Athletes who train with us
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.name} className="rounded-xl border border-border bg-card p-6">
              <Quote className="h-6 w-6 text-accent-text" aria-hidden="true" />
              <blockquote className="mt-3 text-sm">{t.text}</blockquote>
              <figcaption className="mt-4 text-sm font-semibold">
                {t.name} <span className="font-normal text-muted-foreground">· {t.division}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="mx-auto mt-16 max-w-3xl scroll-mt-20">
        <h2 id="faq-heading" className="text-center text-3xl font-black">
          Frequently asked questions
        </h2>
        <dl className="mt-8 grid gap-4">
          {faq.map((f) => (
            <div key={f.q} className="rounded-xl border border-border bg-card p-5">
              <dt className="font-semibold">{f.q}</dt>
              <dd className="mt-2 text-sm text-muted-foreground">{f.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
