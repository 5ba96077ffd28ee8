import { lazy, Suspense, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSubscriptionStatus } from '../api/get-subscription-status';

// The card form loads only when 'Update card' is pressed (the banner is on every page).
const UpdateCardDialog = lazy(() => import('./update-card-dialog'));

/**
 * On every page while the subscription is past due (docs/billing-rules.md:
 * past due): the payment failed, and 'Update card' saves a new card and
 * retries the open invoice with it at once.
 */
export function PaymentFailedBanner() {
  const { data: status } = useSubscriptionStatus();
  const [open, setOpen] = useState(false);
  if (status?.subscriptionStatus !== 'past_due') return null;
  return (
    <div
      role="alert"
      data-testid="payment-failed-banner"
      className="flex flex-wrap items-center justify-center gap-3 bg-red-100 px-3 py-2 text-center text-sm font-semibold text-red-950"
    >
      <CircleAlert className="h-4 w-4" aria-hidden="true" />
      Your last payment failed. Update your card to keep your plan.
      <Button size="sm" variant="destructive" onClick={() => setOpen(true)}>
        Update card
      </Button>
      {open && (
        <Suspense fallback={null}>
          <UpdateCardDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
