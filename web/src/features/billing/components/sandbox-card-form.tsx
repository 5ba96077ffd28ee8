import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useApiForm } from '@/components/ui/use-api-form';
import { cn } from '@/lib/cn';
import { sandboxConfirm, type SandboxCard } from '../api/sandbox-confirm';
import { sandboxCardSchema, type SandboxCardValues } from '../schemas';
import { MESSAGES, type CardFormProps } from './card-form-types';
import { FormAlert, FormButtons, SecureNote } from './form-parts';
import { cardBrand, checkCard, formatCardNumber, formatExpiry, type CardCheck } from './sandbox-card';

/**
 * The sandbox's card field: number, expiry and CVC, with the states and
 * messages of Stripe's CardElement. The 4000 0025 0000 3155 card asks for a
 * confirmation step, shown as a dialog.
 */
export function SandboxCardForm(props: CardFormProps) {
  const id = useId();
  const { form, formError, setFormError, submit } = useApiForm<SandboxCardValues>({
    schema: sandboxCardSchema,
    defaultValues: { number: '', expiry: '', cvc: '' },
    fields: [], // the provider's errors are the form's message, as Stripe's are
    fallback: MESSAGES.failed,
  });
  const [number, expiry, cvc] = form.watch(['number', 'expiry', 'cvc']);
  const set = (name: keyof SandboxCardValues, value: string) => form.setValue(name, value, { shouldDirty: true });
  const submitting = form.formState.isSubmitting;
  const [touched, setTouched] = useState(false);
  const [challenge, setChallenge] = useState<{ secret: string; card: SandboxCard } | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);

  const check: CardCheck = checkCard(number, expiry, cvc, new Date());
  const fieldError = touched || check.hardError ? check.error : null;

  async function confirm(secret: string, card: SandboxCard, authenticated: boolean) {
    const res = await sandboxConfirm(props.kind, secret, card, authenticated);
    if (res.status === 'requires_action') {
      setChallenge({ secret, card });
      return;
    }
    if (res.status !== 'succeeded') throw new Error(MESSAGES.notCompleted);
    await props.onSuccess(res.paymentMethodId);
  }

  function onSubmit(e: FormEvent) {
    setTouched(true);
    return submit(async () => {
      if (!numberRef.current) throw new Error(MESSAGES.noElement);
      if (!check.complete) throw new Error(MESSAGES.incomplete);
      const secret = props.clientSecret ?? (props.getClientSecret ? await props.getClientSecret() : '');
      if (!secret) throw new Error(MESSAGES.noSecret);
      await confirm(secret, check.card!, false);
    })(e);
  }

  async function answerChallenge(approve: boolean) {
    const c = challenge;
    setChallenge(null);
    if (!c) return;
    if (!approve) return setFormError(MESSAGES.authFailed);
    await submit(() => confirm(c.secret, c.card, true))();
  }

  const brand = cardBrand(number.replace(/\D/g, ''));
  const inputClass =
    'h-10 min-w-0 bg-transparent px-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none';
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-number`}>Card information</Label>
        <div
          className={cn(
            'flex flex-wrap items-center rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
            fieldError && 'border-destructive',
          )}
          data-testid="sandbox-card-field"
        >
          <input
            ref={numberRef}
            id={`${id}-number`}
            aria-label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            className={cn(inputClass, 'flex-[3_1_10rem]')}
            value={number}
            aria-invalid={!!fieldError}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            onChange={(e) => set('number', formatCardNumber(e.target.value))}
            onBlur={() => number && setTouched(true)}
          />
          <input
            aria-label="Expiration date (MM / YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            className={cn(inputClass, 'w-20 flex-[1_1_5rem]')}
            value={expiry}
            aria-invalid={!!fieldError}
            onChange={(e) => set('expiry', formatExpiry(e.target.value))}
            onBlur={() => expiry && setTouched(true)}
          />
          <input
            aria-label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            className={cn(inputClass, 'w-16 flex-[1_1_4rem]')}
            value={cvc}
            maxLength={4}
            aria-invalid={!!fieldError}
            onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
            onBlur={() => cvc && setTouched(true)}
          />
          <span className="px-2 text-xs font-semibold text-muted-foreground uppercase" aria-hidden="true">
            {brand === 'unknown' ? '' : brand}
          </span>
        </div>
        {fieldError && (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {fieldError}
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          Test mode: use 4242 4242 4242 4242, any future date and any CVC. 4000 0000 0000 0002 is declined;
          4000 0025 0000 3155 asks for a confirmation.
        </p>
      </div>
      <FormAlert message={formError ?? null} />
      <SecureNote />
      <FormButtons
        submitting={submitting}
        canSubmit={check.complete}
        submitLabel={props.submitLabel}
        pendingLabel={props.pendingLabel}
        onCancel={props.onCancel}
        cancelLabel={props.cancelLabel}
      />
      <Dialog open={!!challenge} onOpenChange={(open) => !open && answerChallenge(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Confirm your card</DialogTitle>
            <DialogDescription>
              Your bank asks you to confirm this {props.kind === 'payment' ? 'payment' : 'card'}. This is a test
              confirmation step: no real bank is contacted.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => answerChallenge(false)}>
              Fail authentication
            </Button>
            <Button onClick={() => answerChallenge(true)}>Complete authentication</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
