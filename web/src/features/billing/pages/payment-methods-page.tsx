import { useState } from 'react';
import { Link } from 'wouter';
import { CreditCard, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/app/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { usePaymentConfig } from '../api/get-config';
import { addPaymentMethod, createSetupIntent, useDeletePaymentMethod, usePaymentMethods, useSetDefaultPaymentMethod } from '../api/payment-methods';
import { refreshBilling } from '../api/invalidate';
import type { PaymentMethod } from '../api/types';
import { BillingDetailsCard } from '../components/billing-details-card';
import { CardForm } from '../components/card-form';
import { MESSAGES } from '../components/card-form-types';
import { useQueryClient } from '@tanstack/react-query';

const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

export default function PaymentMethodsPage() {
  const qc = useQueryClient();
  const { data: cards, isPending } = usePaymentMethods();
  const { data: config } = usePaymentConfig();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const del = useDeletePaymentMethod();
  const setDefault = useSetDefaultPaymentMethod();

  function openAdd() {
    if (config?.provider === 'none') {
      toast({ title: 'Payment Not Available', description: 'Payment processing is not configured. Please contact support.', variant: 'destructive' });
      return;
    }
    setAdding(true);
  }

  async function getSecret() {
    const res = await createSetupIntent();
    if (!res?.clientSecret) throw new Error(MESSAGES.noSecret);
    return res.clientSecret;
  }

  async function added(paymentMethodId: string | undefined) {
    if (!paymentMethodId) throw new Error(MESSAGES.notCompleted);
    await addPaymentMethod(paymentMethodId);
    await refreshBilling(qc);
    setAdding(false);
    toast({ title: 'Payment Method Added', description: 'Your payment method has been successfully added.' });
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await del.mutateAsync(deleting.id);
      toast({ title: 'Payment Method Deleted', description: 'Your payment method has been removed successfully.' });
      setDeleting(null);
    } catch (err) {
      toast({ title: 'Deletion Failed', description: errorMessage(err, 'Failed to delete payment method'), variant: 'destructive' });
    }
  }

  async function makeDefault(card: PaymentMethod) {
    try {
      await setDefault.mutateAsync(card.id);
      toast({ title: 'Default Updated', description: 'Your default payment method has been updated.' });
    } catch (err) {
      toast({ title: 'Update Failed', description: errorMessage(err, 'Failed to update default payment method'), variant: 'destructive' });
    }
  }

  const others = cards?.filter((c) => c.id !== deleting?.id) ?? [];
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-black tracking-tight">Payment Methods</h1>
          <p className="mt-1 text-muted-foreground">Manage the cards used for your subscription.</p>
        </div>
        <Button onClick={openAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add Payment Method
        </Button>
      </div>

      <div className="mt-8 grid gap-4">
        {isPending && [0, 1].map((i) => <Skeleton key={i} className="h-24 rounded-xl" />)}
        {cards && cards.length === 0 && (
          <Card className="py-10 text-center">
            <CardContent className="grid justify-items-center gap-3 pt-6">
              <CreditCard className="h-12 w-12 text-muted-foreground" aria-hidden="true" />
              <h2 className="text-xl font-bold">No Payment Methods</h2>
              <p className="text-muted-foreground">Add a card to pay for your subscription.</p>
              <Button onClick={openAdd}>Add Your First Payment Method</Button>
            </CardContent>
          </Card>
        )}
        {cards?.map((c) => (
          <Card key={c.id} data-testid="payment-method">
            <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
              <div className="flex items-center gap-4">
                <CreditCard className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
                <div>
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {capitalise(c.brand)} <span aria-label={`ending in ${c.last4}`}>•••• {c.last4}</span>
                    {c.isDefault === 1 && <Badge variant="primary">Default</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    Expires {String(c.expiryMonth).padStart(2, '0')}/{c.expiryYear} · Added {formatDate(c.createdAt)}
                  </p>
                </div>
              </div>
              <div className="flex gap-2">
                {c.isDefault !== 1 && (
                  <Button variant="outline" size="sm" disabled={setDefault.isPending} onClick={() => makeDefault(c)}>
                    {setDefault.isPending && setDefault.variables === c.id ? 'Updating...' : 'Set as Default'}
                  </Button>
                )}
                <Button variant="ghost" size="icon" aria-label={`Delete ${capitalise(c.brand)} ending in ${c.last4}`} onClick={() => setDeleting(c)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </CardContent>
          </Card>
        ))}
      </div>

      <BillingDetailsCard />

      <Card className="mt-8">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="h-5 w-5 text-green-700 dark:text-green-400" aria-hidden="true" /> Your payments are secure
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
            <li>Payments are processed by our card payment provider{config?.provider === 'stripe' ? ', Stripe' : ''}.</li>
            <li>We never store your full card details: only the brand, the last four digits and the expiry date.</li>
            <li>Your default payment method is used for subscription renewals.</li>
            <li>You can change or remove your payment methods at any time.</li>
          </ul>
          <p className="mt-4 text-sm">
            <Link className="underline" href={paths.billingHistory}>
              View billing history
            </Link>
          </p>
        </CardContent>
      </Card>

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Add Payment Method</DialogTitle>
            <DialogDescription>Add a card to your account. It becomes your default if it is your first.</DialogDescription>
          </DialogHeader>
          {adding && (
            <CardForm
              kind="setup"
              getClientSecret={getSecret}
              submitLabel="Add Card"
              pendingLabel="Adding..."
              onSuccess={added}
              onCancel={() => setAdding(false)}
            />
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={!!deleting} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete Payment Method</DialogTitle>
            <DialogDescription>Are you sure you want to delete this payment method? This action cannot be undone.</DialogDescription>
          </DialogHeader>
          {deleting?.isDefault === 1 && (
            <p role="alert" className="rounded-md border border-yellow-400 bg-yellow-50 p-3 text-sm text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100">
              Warning: This is your default payment method.
              {others.length > 0
                ? ` Your newest other card (${capitalise(others[0].brand)} •••• ${others[0].last4}) will become the default and be used for renewals.`
                : ' You have no other card: add one before your next renewal, or the renewal payment will fail.'}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={del.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirmDelete} disabled={del.isPending}>
              {del.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
