import { useEffect } from 'react';
import { Link } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { Check, CheckCircle2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/app/paths';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { useTiers } from '../api/get-tiers';
import { refreshBilling } from '../api/invalidate';

export default function SubscriptionSuccessPage() {
  const qc = useQueryClient();
  const { data: status, isPending } = useSubscriptionStatus();
  const { data: tiers } = useTiers();

  useEffect(() => {
    void refreshBilling(qc);
    toast({ title: 'Payment Successful!', description: 'Your subscription has been activated successfully.', duration: 5000 });
  }, [qc]);

  if (isPending || !tiers) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading your subscription..." />
      </div>
    );
  }
  const tier = tiers.find((t) => t.id === status?.subscriptionTier) ?? tiers[0];
  const paid = tier.id !== 'basic';
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <CheckCircle2 className="mx-auto h-16 w-16 text-green-700 dark:text-green-400" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">Welcome to HYROX {tier.name}!</h1>
      <Card className="mt-8 text-left">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xl font-bold">{tier.name} Plan</p>
            <Badge variant="success">Active</Badge>
          </div>
          <ul className="grid gap-2">
            {tier.features.map((f) => (
              <li key={f} className="flex items-start gap-2 text-sm">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
                {f}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.training}>Start Training</Link>
        </Button>
        {paid && (
          <Button asChild variant="outline">
            <Link href={paths.nutrition}>Explore Nutrition Plans</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href={paths.community}>Join the Community</Link>
        </Button>
      </div>
      <p className="mt-8 text-sm text-muted-foreground">
        You can change or cancel your plan any time in your{' '}
        <Link className="underline" href={paths.subscription}>
          subscription settings
        </Link>
        .
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button asChild variant="ghost">
          <Link href={paths.subscription}>Manage Subscription</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link href={paths.home}>Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}
