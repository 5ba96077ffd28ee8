// One interface for the card field: Stripe's CardElement in Stripe mode, our
// own field in sandbox mode. Both report the same states and messages.

export type CardFormKind = 'setup' | 'payment';

export type CardFormProps = {
  kind: CardFormKind;
  /** The client secret to confirm, or a function that fetches one at submit. */
  clientSecret?: string;
  getClientSecret?: () => Promise<string>;
  submitLabel: string;
  pendingLabel: string;
  /** Called after the provider reports status succeeded. */
  onSuccess: (paymentMethodId: string | undefined) => void | Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
  publishableKey?: string;
};

// The add-card messages (docs/product.md#form-messages).
export const MESSAGES = {
  notLoaded: 'Stripe has not loaded yet. Please try again.',
  noElement: 'Card element not found. Please refresh and try again.',
  incomplete: 'Please complete your card information.',
  notCompleted: 'Payment method setup was not completed',
  noSecret: 'Failed to create setup intent',
  failed: 'Failed to add payment method',
  authFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;
