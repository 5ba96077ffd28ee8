import { Link } from 'wouter';
import { Check, Lock, Trophy } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/app/paths';
import { formatMoney } from '@/lib/format';
import { requiresTierText, type Tier } from '@/lib/tiers';
import { useUpgradePreview, type LockedFeature } from '../api/get-upgrade-preview';
import type { UpgradePreview } from '../api/types';
import { trialChargeLine } from './plan-rules';

/** The locked pages and what each gives (docs/billing-rules.md#locked-pages). */
const FEATURES: Record<LockedFeature, { name: string; gives: string[] }> = {
  nutrition: {
    name: 'Nutrition',
    gives: [
      'A food diary with daily calorie and macro targets for your training load',
      'Meal plans for training, recovery and race week',
      'Your intake next to the workouts you log, week by week',
    ],
  },
  analytics: {
    name: 'Performance Analytics',
    gives: [
      'Your splits against finishers of your division, station by station',
      'Race readiness from your training load and plan compliance',
      'A finish-time prediction and where you gain the most time',
    ],
  },
  programs: {
    name: 'Training Programs',
    gives: ['Build your own multi-week programs', 'Schedule them into your calendar', 'Share them with your coach'],
  },
  'race-strategy': {
    name: 'Race Strategy',
    gives: ['A pacing plan for your goal time', 'Target splits for each run and station', 'Built from your latest result'],
  },
};

/** The locked feature of a path, or null when the path has no preview. */
export function lockedFeatureOf(path: string): LockedFeature | null {
  if (path.startsWith(paths.nutrition)) return 'nutrition';
  if (path.startsWith(paths.analytics)) return 'analytics';
  if (path.startsWith(paths.raceStrategy)) return 'race-strategy';
  if (path.startsWith(paths.programs)) return 'programs';
  return null;
}

/**
 * What a Basic athlete meets on a Pro or Elite page: what the page gives, a
 * preview from their own data (or marked sample data), and the trial with its
 * terms: the amount and the date of the first charge.
 */
export function LockedPage({ tier, feature }: { tier: Tier; feature: LockedFeature | null }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12" data-testid="locked-page">
      <div className="text-center">
        <Lock className="mx-auto h-12 w-12 text-accent-text" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-black tracking-tight">Upgrade Required</h1>
        <p className="mt-3 text-lg text-muted-foreground">{requiresTierText(tier)}</p>
      </div>
      {feature ? (
        <FeaturePreview feature={feature} />
      ) : (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link href={paths.pricing}>Upgrade Subscription</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.home}>Back to Home</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

function FeaturePreview({ feature }: { feature: LockedFeature }) {
  const { data, isPending, isError } = useUpgradePreview(feature);
  const info = FEATURES[feature];
  return (
    <div className="mt-8 grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>What {info.name} gives you</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2">
            {info.gives.map((g) => (
              <li key={g} className="flex items-start gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
                <span>{g}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {isPending && <Skeleton className="h-56 rounded-xl" />}
      {isError && (
        <p role="alert" className="text-center">
          We could not load the preview.{' '}
          <Link className="underline" href={paths.pricing}>
            See the plans
          </Link>
          .
        </p>
      )}
      {data && (
        <>
          {data.race && <RaceTeaser race={data.race} />}
          <LoadPreview preview={data} />
          <TrialOffer preview={data} feature={feature} />
        </>
      )}
    </div>
  );
}

function RaceTeaser({ race }: { race: NonNullable<UpgradePreview['race']> }) {
  return (
    <Card data-testid="race-teaser">
      <CardContent className="flex items-start gap-3 pt-6">
        <Trophy className="mt-1 h-6 w-6 shrink-0 text-accent-text" aria-hidden="true" />
        <p>
          Your best race is <strong>top {race.topPercent}%</strong> of the all-time leaderboard (#{race.rank} of {race.of}). Pro shows
          where the rest of the field gains time on you, split by split.
        </p>
      </CardContent>
    </Card>
  );
}

function LoadPreview({ preview }: { preview: UpgradePreview }) {
  const peak = Math.max(1, ...preview.weeks.map((w) => w.minutes));
  const total = preview.weeks.reduce((s, w) => s + w.minutes, 0);
  return (
    <Card data-testid="load-preview">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {preview.sample ? 'Training load: sample data' : 'Your training load, last 8 weeks'}
          {preview.sample && (
            <Badge variant="warning" data-testid="sample-badge">
              Sample data
            </Badge>
          )}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {preview.sample
            ? 'You have not logged a workout in the last 8 weeks. Log one and this chart shows your own minutes.'
            : `${total} minutes logged. With the plan, each week is weighed by effort and set against your race readiness.`}
        </p>
      </CardHeader>
      <CardContent>
        <figure>
          <div className="flex h-40 items-end gap-1 sm:gap-2" role="img" aria-label={chartLabel(preview)}>
            {preview.weeks.map((w) => (
              <div key={w.weekStart} className="flex h-full flex-1 flex-col justify-end">
                <div
                  className={preview.sample ? 'rounded-t bg-muted-foreground/40' : 'rounded-t bg-primary'}
                  style={{ height: `${Math.max(2, (w.minutes / peak) * 100)}%` }}
                />
              </div>
            ))}
          </div>
          <figcaption className="mt-2 flex justify-between text-xs text-muted-foreground">
            <span>{preview.weeks[0]?.weekStart}</span>
            <span>Minutes per week</span>
            <span>{preview.weeks.at(-1)?.weekStart}</span>
          </figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}

function chartLabel(p: UpgradePreview): string {
  const mins = p.weeks.map((w) => w.minutes).join(', ');
  return `${p.sample ? 'Sample data' : 'Your logged training'}: minutes per week over ${p.weeks.length} weeks: ${mins}`;
}

function TrialOffer({ preview, feature }: { preview: UpgradePreview; feature: LockedFeature }) {
  const o = preview.offer;
  const href = `${paths.subscription}?plan=${o.tier}&interval=month&from=locked-${feature}`;
  return (
    <Card className="border-primary" data-testid="trial-offer">
      <CardHeader>
        <CardTitle>
          {o.trialAvailable ? `Try ${o.tierName} free for ${o.trialDays} days` : `Upgrade to ${o.tierName}`}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {o.trialAvailable && o.firstChargeAt ? (
          <p data-testid="trial-terms">
            {`Then ${formatMoney(o.firstChargeCents, o.currency)} a month. `}
            {trialChargeLine(o.firstChargeCents, o.firstChargeAt)}
          </p>
        ) : (
          <p data-testid="trial-terms">{`${formatMoney(o.firstChargeCents, o.currency)} a month, charged today. Cancel anytime.`}</p>
        )}
        <div className="flex flex-wrap gap-3">
          {o.available ? (
            <Button asChild>
              <Link href={href}>{o.trialAvailable ? 'Start Free Trial' : `Upgrade to ${o.tierName}`}</Link>
            </Button>
          ) : (
            <p>Payments are not available right now. Please try again later.</p>
          )}
          <Button asChild variant="outline">
            <Link href={paths.pricing}>Upgrade Subscription</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
