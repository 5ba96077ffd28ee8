// Billing shapes, as api/openapi.yaml describes them (tag billing).

import type { components } from '@/lib/api-types';

export type CatalogueTier = components['schemas']['CatalogueTier'];
export type PaymentConfig = components['schemas']['PaymentConfig'];
export type SubscriptionStatus = components['schemas']['SubscriptionStatus'];
export type PaymentMethod = components['schemas']['PaymentMethod'];
export type BillingRecord = components['schemas']['BillingRecord'];
export type ChangePreview = components['schemas']['ChangePreview'];
export type CreateSubscriptionResult = components['schemas']['CreateSubscriptionResult'];
export type UpdateSubscriptionResult = components['schemas']['UpdateSubscriptionResult'];
export type BillingDetails = components['schemas']['BillingDetails'];
export type UpgradePreview = components['schemas']['UpgradePreview'];
