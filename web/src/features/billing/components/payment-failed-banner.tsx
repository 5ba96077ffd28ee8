import { useState } from 'react';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { createSetupIntent } from '../api/payment-methods';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { useRetryPayment } from '../api/subscription-mutations';
import { CardForm } from './card-form';

/**
 * On every page while the subscription is past due (docs/billing-rules.md:
 * past due): the payment failed, and 'Update card' saves a new card and
 * retries the open invoice with it at once.
 */
export function PaymentFailedBanner() {
  const { data: status } = useSubscriptionStatus();
  const retry = useRetryPayment();
  const [open, setOpen] = useState(false);
  if (status?.subscriptionStatus !== 'past_due') return null;

  async function getSecret() {
    return (await createSetupIntent()).clientSecret;
  }

  async function confirmed(paymentMethodId: string | undefined) {
    // A decline throws: the card form shows the message and stays open.
    await retry.mutateAsync({ paymentMethodId: paymentMethodId ?? '' });
    setOpen(false);
    toast({ title: 'Payment Successful!', description: 'Your card was updated and the payment went through.' });
  }

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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Update card</DialogTitle>
            <DialogDescription>The new card becomes your default and the failed payment is retried with it now.</DialogDescription>
          </DialogHeader>
          {open && (
            <CardForm
              kind="setup"
              getClientSecret={getSecret}
              submitLabel="Update Card and Pay"
              pendingLabel="Processing..."
              onSuccess={confirmed}
              onCancel={() => setOpen(false)}
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
