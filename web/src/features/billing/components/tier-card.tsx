import type { ReactNode } from 'react';
import { Check, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { CatalogueTier } from '../api/types';
import { dollars, type Interval } from './plan-price';

type TierCardProps = {
  tier: CatalogueTier;
  interval: Interval;
  /** The signed-in user's plan: highlighted, with a 'Current Plan' badge. */
  current?: boolean;
  /** Extra badges beside the name (e.g. 'Granted'). */
  badges?: ReactNode;
  testId: string;
  /** The card's actions. */
  children: ReactNode;
};

/** One plan of the catalogue, as the pricing and subscription pages show it. */
export function TierCard({ tier, interval, current, badges, testId, children }: TierCardProps) {
  const paid = tier.priceCents > 0;
  const cents = interval === 'year' ? tier.annualPriceCents : tier.priceCents;
  return (
    <Card
      data-testid={testId}
      className={cn(
        'flex flex-col',
        current ? 'border-2 border-primary ring-4 ring-primary/20' : tier.recommended && 'border-2 border-primary',
      )}
    >
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-2xl">{tier.name}</CardTitle>
          <div className="flex gap-1">
            {current && <Badge variant="success">Current Plan</Badge>}
            {badges}
            {tier.recommended && (
              <Badge variant="primary">
                <Star className="h-3 w-3" aria-hidden="true" /> Recommended
              </Badge>
            )}
          </div>
        </div>
        <CardDescription>{tier.description}</CardDescription>
        <p className="mt-2">
          <span className="text-4xl font-black">{paid ? dollars(cents) : 'Free'}</span>
          {paid && <span className="text-muted-foreground">/{interval === 'year' ? 'year' : 'month'}</span>}
        </p>
        {paid && interval === 'year' && (
          <p className="text-sm text-muted-foreground">{dollars(Math.round(cents / 12))}/month, billed yearly</p>
        )}
      </CardHeader>
      <CardContent className="flex-1">
        <FeatureList features={tier.features} />
      </CardContent>
      <CardFooter className="flex-col gap-2">{children}</CardFooter>
    </Card>
  );
}

/** A plan's features, each with a check mark. */
export function FeatureList({ features }: { features: string[] }) {
  return (
    <ul className="grid gap-2">
      {features.map((f) => (
        <li key={f} className="flex items-start gap-2 text-sm">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
          {f}
        </li>
      ))}
    </ul>
  );
}
