import { Link } from 'wouter';
import { ArrowRight, CalendarDays, Crown, Lock, Repeat } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, trainingPlanPath } from '@/app/paths';
import type { TrainingPlan } from '../api/types';
import { categoryLabel } from '../lib/format';
import { planArt } from './plan-art';

/** A plan card: art, name, description, duration and frequency; locked pro plans link to /pricing. */
export function PlanCard({ plan, headingLevel = 3 }: { plan: TrainingPlan; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `plan-${plan.id}-name`;
  return (
    <Card className="flex flex-col overflow-hidden" data-testid="plan-card" aria-labelledby={headingId} role="article">
      <div className="relative">
        <img src={planArt(plan.category)} alt="" width={400} height={220} className="aspect-[40/22] w-full object-cover" loading="lazy" />
        <div className="absolute top-3 left-3 flex gap-2">
          <Badge variant="primary">{categoryLabel(plan.category)}</Badge>
          {plan.requiredTier !== 'basic' && (
            <Badge className="bg-zinc-900 text-zinc-50">
              <Crown className="h-3 w-3" aria-hidden="true" /> {plan.requiredTier === 'pro' ? 'Pro' : 'Elite'}
            </Badge>
          )}
        </div>
        {plan.locked && (
          <div className="absolute inset-0 flex items-center justify-center bg-black/55">
            <Lock className="h-10 w-10 text-zinc-50" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading id={headingId} className="text-lg leading-tight font-bold">
          {plan.name}
        </Heading>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <li className="inline-flex items-center gap-1">
            <CalendarDays className="h-4 w-4" aria-hidden="true" /> {plan.duration}
          </li>
          <li className="inline-flex items-center gap-1">
            <Repeat className="h-4 w-4" aria-hidden="true" /> {plan.frequency}
          </li>
          <li>{plan.level}</li>
        </ul>
        {plan.locked ? (
          <div className="flex flex-col gap-2" data-testid="plan-locked">
            <p className="inline-flex items-center gap-1 text-sm font-semibold">
              <Lock className="h-4 w-4" aria-hidden="true" /> Requires a {plan.requiredTier} subscription
            </p>
            <Button asChild variant="secondary">
              <Link href={paths.pricing} aria-label={`Upgrade to unlock ${plan.name}`}>
                Upgrade to unlock
              </Link>
            </Button>
          </div>
        ) : (
          <Button asChild>
            <Link href={trainingPlanPath(plan.id)} aria-label={`View plan: ${plan.name}`}>
              View Plan <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
    </Card>
  );
}

export function PlanCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="plan-card-skeleton">
      <Skeleton className="aspect-[40/22] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-10 w-full" />
      </div>
    </Card>
  );
}
