import { lazy, Suspense } from 'react';
import { usePaymentConfig } from '../api/get-config';
import type { CardFormProps } from './card-form-types';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js (and its React bindings) load only in Stripe mode.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** The card form for the configured provider. */
export function CardForm(props: CardFormProps) {
  const { data: config, isPending } = usePaymentConfig();
  if (isPending) return <p className="text-sm text-muted-foreground" role="status">Loading...</p>;
  if (config?.provider === 'stripe') {
    return (
      <Suspense fallback={<p className="text-sm text-muted-foreground" role="status">Loading...</p>}>
        <StripeCardForm {...props} publishableKey={config.publishableKey} />
      </Suspense>
    );
  }
  if (config?.provider === 'sandbox') return <SandboxCardForm {...props} />;
  return (
    <p role="alert" className="text-sm text-destructive">
      Payment processing is not configured. Please contact support.
    </p>
  );
}
