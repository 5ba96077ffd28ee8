import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { createSetupIntent } from '../api/payment-methods';
import { useRetryPayment } from '../api/subscription-mutations';
import { CardForm } from './card-form';

/** 'Update card': a new card becomes the default and the failed payment is retried with it. */
export default function UpdateCardDialog({ onClose }: { onClose: () => void }) {
  const retry = useRetryPayment();

  async function getSecret() {
    return (await createSetupIntent()).clientSecret;
  }

  async function confirmed(paymentMethodId: string | undefined) {
    // A decline throws: the card form shows the message and stays open.
    await retry.mutateAsync({ paymentMethodId: paymentMethodId ?? '' });
    onClose();
    toast({ title: 'Payment Successful!', description: 'Your card was updated and the payment went through.' });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update card</DialogTitle>
          <DialogDescription>The new card becomes your default and the failed payment is retried with it now.</DialogDescription>
        </DialogHeader>
        <CardForm
          kind="setup"
          getClientSecret={getSecret}
          submitLabel="Update Card and Pay"
          pendingLabel="Processing..."
          onSuccess={confirmed}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
