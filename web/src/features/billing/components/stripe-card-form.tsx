import { useMemo, useState } from 'react';
import { loadStripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { Label } from '@/components/ui/label';
import { useApiForm } from '@/components/ui/use-api-form';
import { stripeCardSchema, type StripeCardValues } from '../schemas';
import { MESSAGES, type CardFormProps } from './card-form-types';
import { FormAlert, FormButtons, SecureNote } from './form-parts';

// Stripe mode: Stripe's CardElement; Stripe.js is fetched from js.stripe.com
// only when this chunk loads (Stripe mode only).

const stripeByKey = new Map<string, ReturnType<typeof loadStripe>>();
function stripeFor(key: string) {
  if (!stripeByKey.has(key)) stripeByKey.set(key, loadStripe(key));
  return stripeByKey.get(key)!;
}

function StripeForm(props: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  // Stripe's CardElement holds the card and says what is wrong with it; the form
  // holds the submit state and the message for the whole form.
  const { form, formError, submit } = useApiForm<StripeCardValues>({
    schema: stripeCardSchema,
    defaultValues: {},
    fields: [],
    fallback: MESSAGES.failed,
  });
  const submitting = form.formState.isSubmitting;
  const [complete, setComplete] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  function onChange(e: StripeCardElementChangeEvent) {
    setComplete(e.complete);
    setFieldError(e.error?.message ?? null);
  }

  const onSubmit = submit(async () => {
    if (!stripe || !elements) throw new Error(MESSAGES.notLoaded);
    const card = elements.getElement(CardElement);
    if (!card) throw new Error(MESSAGES.noElement);
    if (!complete) throw new Error(MESSAGES.incomplete);
    const secret = props.clientSecret ?? (props.getClientSecret ? await props.getClientSecret() : '');
    if (!secret) throw new Error(MESSAGES.noSecret);
    if (props.kind === 'setup') {
      const { error, setupIntent } = await stripe.confirmCardSetup(secret, { payment_method: { card, billing_details: {} } });
      if (error) throw new Error(error.message ?? MESSAGES.failed);
      if (setupIntent?.status !== 'succeeded') throw new Error(MESSAGES.notCompleted);
      const pm = setupIntent.payment_method;
      await props.onSuccess(typeof pm === 'string' ? pm : pm?.id);
    } else {
      const { error, paymentIntent } = await stripe.confirmCardPayment(
        secret,
        { payment_method: { card, billing_details: {} }, return_url: `${window.location.origin}/subscription/success` },
      );
      if (error) throw new Error(error.message ?? MESSAGES.failed);
      if (paymentIntent?.status !== 'succeeded') throw new Error(MESSAGES.notCompleted);
      const pm = paymentIntent.payment_method;
      await props.onSuccess(typeof pm === 'string' ? pm : pm?.id);
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label>Card information</Label>
        <div className="rounded-md border border-input bg-white p-3">
          <CardElement onChange={onChange} options={{ hidePostalCode: true }} />
        </div>
        {fieldError && <p className="text-sm text-destructive">{fieldError}</p>}
      </div>
      <FormAlert message={formError ?? null} />
      <SecureNote />
      <FormButtons
        submitting={submitting}
        canSubmit={complete && !!stripe}
        submitLabel={props.submitLabel}
        pendingLabel={props.pendingLabel}
        onCancel={props.onCancel}
        cancelLabel={props.cancelLabel}
      />
    </form>
  );
}

export default function StripeCardForm(props: CardFormProps) {
  const stripePromise = useMemo(() => stripeFor(props.publishableKey ?? ''), [props.publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeForm {...props} />
    </Elements>
  );
}
