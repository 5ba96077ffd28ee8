-- +goose Up
-- docs/billing-rules.md: a subscription "started" once it was trialing, active or
-- past due; only started subscriptions show invoices and use the one free trial.
ALTER TABLE billing_subscriptions ADD COLUMN started_at TIMESTAMP;

-- What a PDF invoice prints: the period it covers and the card it was paid with.
ALTER TABLE billing_invoices ADD COLUMN period_start TIMESTAMP;
ALTER TABLE billing_invoices ADD COLUMN period_end TIMESTAMP;
ALTER TABLE billing_invoices ADD COLUMN card_brand TEXT NOT NULL DEFAULT '';
ALTER TABLE billing_invoices ADD COLUMN card_last4 TEXT NOT NULL DEFAULT '';
ALTER TABLE billing_invoices ADD COLUMN pdf_url TEXT NOT NULL DEFAULT '';
CREATE INDEX billing_invoices_subscription ON billing_invoices(subscription_id, status);

-- An operator's grant (`hyrox users set-tier`): a tier without payment.
CREATE TABLE billing_grants (
    user_id    INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    tier       TEXT NOT NULL,
    granted_at TIMESTAMP NOT NULL
);

ALTER TABLE sandbox_invoices ADD COLUMN period_start TIMESTAMP;
ALTER TABLE sandbox_invoices ADD COLUMN period_end TIMESTAMP;
ALTER TABLE sandbox_invoices ADD COLUMN payment_method_id TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE sandbox_invoices DROP COLUMN payment_method_id;
ALTER TABLE sandbox_invoices DROP COLUMN period_end;
ALTER TABLE sandbox_invoices DROP COLUMN period_start;
DROP TABLE billing_grants;
DROP INDEX billing_invoices_subscription;
ALTER TABLE billing_invoices DROP COLUMN pdf_url;
ALTER TABLE billing_invoices DROP COLUMN card_last4;
ALTER TABLE billing_invoices DROP COLUMN card_brand;
ALTER TABLE billing_invoices DROP COLUMN period_end;
ALTER TABLE billing_invoices DROP COLUMN period_start;
ALTER TABLE billing_subscriptions DROP COLUMN started_at;
