-- +goose Up
-- docs/billing-rules.md#invoices: each invoice says the credit it used and the
-- tax its total contains; the buyer's details print on every invoice.
ALTER TABLE billing_invoices ADD COLUMN credit_applied INTEGER NOT NULL DEFAULT 0;
ALTER TABLE billing_invoices ADD COLUMN tax_amount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE billing_invoices ADD COLUMN tax_rate TEXT NOT NULL DEFAULT '';

ALTER TABLE sandbox_invoices ADD COLUMN credit_applied_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sandbox_invoices ADD COLUMN tax_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sandbox_invoices ADD COLUMN tax_rate TEXT NOT NULL DEFAULT '';

CREATE TABLE billing_details (
    user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    address_line1 TEXT NOT NULL,
    address_line2 TEXT NOT NULL DEFAULT '',
    city          TEXT NOT NULL,
    postal_code   TEXT NOT NULL DEFAULT '',
    country       TEXT NOT NULL,
    vat_number    TEXT NOT NULL DEFAULT '',
    updated_at    TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE billing_details;
ALTER TABLE sandbox_invoices DROP COLUMN tax_rate;
ALTER TABLE sandbox_invoices DROP COLUMN tax_cents;
ALTER TABLE sandbox_invoices DROP COLUMN credit_applied_cents;
ALTER TABLE billing_invoices DROP COLUMN tax_rate;
ALTER TABLE billing_invoices DROP COLUMN tax_amount;
ALTER TABLE billing_invoices DROP COLUMN credit_applied;
