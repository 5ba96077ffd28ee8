// Billing shapes, as api/openapi.yaml describes them (tag billing).

import type { Tier } from '@/lib/tiers';

export type CatalogueTier = {
  id: Tier;
  name: string;
  description: string;
  price: number;
  priceCents: number;
  annualPriceCents: number;
  priceId?: string;
  annualPriceId?: string;
  features: string[];
  recommended: boolean;
  available: boolean;
};

export type PaymentConfig = {
  provider: 'sandbox' | 'stripe' | 'none';
  publishableKey: string;
  trialDays: number;
  currency: string;
};

export type SubscriptionStatus = {
  subscriptionTier: Tier;
  subscriptionStatus: string | null;
  subscriptionExpiresAt: string | null;
  trialEndsAt?: string | null;
  cancelAtPeriodEnd: boolean;
  stripeSubscriptionId: string | null;
  priceId?: string | null;
  subscribedTier?: string | null;
  /** An operator's grant (hyrox users set-tier), shown as 'Granted'. */
  grantedTier?: Tier | null;
};

export type PaymentMethod = {
  id: number;
  type: 'card';
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: 0 | 1;
  createdAt: string;
  stripePaymentMethodId: string;
};

export type BillingRecord = {
  id: number;
  createdAt: string;
  paidAt: string | null;
  description: string;
  stripeInvoiceId: string;
  subscriptionTier: string;
  amount: number;
  currency: string;
  status: 'paid' | 'pending' | 'failed' | 'refunded';
  invoiceUrl: string | null;
  /** The provider's own PDF where it has one, else the server's. */
  pdfUrl: string;
};

export type ChangePreview = {
  amountDueToday: number;
  nextRenewalAmount: number;
  nextRenewalAt: string;
  currency: string;
  endsTrial: boolean;
};

export type CreateSubscriptionResult = { clientSecret: string; type: 'payment' | 'setup'; subscriptionId: string };
export type UpdateSubscriptionResult = { clientSecret: string | null; status: SubscriptionStatus };
