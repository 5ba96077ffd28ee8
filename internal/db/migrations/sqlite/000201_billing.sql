-- +goose Up
CREATE TABLE billing_customers (
    user_id     INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    provider    TEXT NOT NULL,
    customer_id TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE billing_subscriptions (
    id                   INTEGER PRIMARY KEY,
    user_id              INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    subscription_id      TEXT NOT NULL UNIQUE,
    price_id             TEXT NOT NULL,
    tier                 TEXT NOT NULL,
    status               TEXT NOT NULL,
    current_period_end   TIMESTAMP,
    trial_end            TIMESTAMP,
    cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
    state_at             TIMESTAMP NOT NULL, -- created time of the last applied event
    created_at           TIMESTAMP NOT NULL
);
CREATE INDEX billing_subscriptions_user ON billing_subscriptions(user_id, created_at, id);

CREATE TABLE billing_payment_methods (
    id                INTEGER PRIMARY KEY,
    user_id           INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    payment_method_id TEXT NOT NULL UNIQUE,
    brand             TEXT NOT NULL,
    last4             TEXT NOT NULL,
    exp_month         INTEGER NOT NULL,
    exp_year          INTEGER NOT NULL,
    is_default        INTEGER NOT NULL DEFAULT 0,
    created_at        TIMESTAMP NOT NULL
);
CREATE INDEX billing_payment_methods_user ON billing_payment_methods(user_id, created_at, id);

CREATE TABLE billing_invoices (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    invoice_id      TEXT NOT NULL UNIQUE,
    subscription_id TEXT NOT NULL,
    description     TEXT NOT NULL,
    tier            TEXT NOT NULL,
    amount          INTEGER NOT NULL,
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL,
    invoice_url     TEXT NOT NULL DEFAULT '',
    paid_at         TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    state_at        TIMESTAMP NOT NULL
);
CREATE INDEX billing_invoices_user ON billing_invoices(user_id, created_at, id);

CREATE TABLE billing_events (
    event_id    TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);

-- The sandbox provider's own state (docs/product.md#billing).
CREATE TABLE sandbox_clock (
    id             INTEGER PRIMARY KEY,
    offset_seconds BIGINT NOT NULL
);

CREATE TABLE sandbox_customers (
    id                     TEXT PRIMARY KEY,
    user_id                INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email                  TEXT NOT NULL,
    default_payment_method TEXT NOT NULL DEFAULT '',
    balance_cents          INTEGER NOT NULL DEFAULT 0,
    created_at             TIMESTAMP NOT NULL
);
CREATE INDEX sandbox_customers_user ON sandbox_customers(user_id);

CREATE TABLE sandbox_payment_methods (
    id          TEXT PRIMARY KEY,
    customer_id TEXT REFERENCES sandbox_customers(id) ON DELETE CASCADE,
    brand       TEXT NOT NULL,
    last4       TEXT NOT NULL,
    exp_month   INTEGER NOT NULL,
    exp_year    INTEGER NOT NULL,
    behavior    TEXT NOT NULL, -- ok, charge_fails
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX sandbox_payment_methods_customer ON sandbox_payment_methods(customer_id);

CREATE TABLE sandbox_subscriptions (
    id                   TEXT PRIMARY KEY,
    customer_id          TEXT NOT NULL REFERENCES sandbox_customers(id) ON DELETE CASCADE,
    price_id             TEXT NOT NULL,
    tier                 TEXT NOT NULL,
    interval             TEXT NOT NULL,
    amount_cents         INTEGER NOT NULL,
    status               TEXT NOT NULL,
    trial_end            TIMESTAMP,
    period_start         TIMESTAMP NOT NULL,
    period_end           TIMESTAMP NOT NULL,
    cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
    retry_count          INTEGER NOT NULL DEFAULT 0,
    first_failed_at      TIMESTAMP,
    next_retry_at        TIMESTAMP,
    created_at           TIMESTAMP NOT NULL
);
CREATE INDEX sandbox_subscriptions_customer ON sandbox_subscriptions(customer_id);
CREATE INDEX sandbox_subscriptions_status ON sandbox_subscriptions(status);

CREATE TABLE sandbox_invoices (
    id              TEXT PRIMARY KEY,
    customer_id     TEXT NOT NULL REFERENCES sandbox_customers(id) ON DELETE CASCADE,
    subscription_id TEXT NOT NULL,
    description     TEXT NOT NULL,
    price_id        TEXT NOT NULL,
    tier            TEXT NOT NULL,
    amount_cents    INTEGER NOT NULL,
    status          TEXT NOT NULL, -- open, paid, uncollectible, void
    paid_at         TIMESTAMP,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX sandbox_invoices_subscription ON sandbox_invoices(subscription_id, status);

CREATE TABLE sandbox_intents (
    id              TEXT PRIMARY KEY,
    client_secret   TEXT NOT NULL UNIQUE,
    kind            TEXT NOT NULL, -- setup or payment
    customer_id     TEXT NOT NULL REFERENCES sandbox_customers(id) ON DELETE CASCADE,
    subscription_id TEXT NOT NULL DEFAULT '',
    invoice_id      TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL, -- requires_payment_method, succeeded
    created_at      TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE sandbox_intents;
DROP TABLE sandbox_invoices;
DROP TABLE sandbox_subscriptions;
DROP TABLE sandbox_payment_methods;
DROP TABLE sandbox_customers;
DROP TABLE sandbox_clock;
DROP TABLE billing_events;
DROP TABLE billing_invoices;
DROP TABLE billing_payment_methods;
DROP TABLE billing_subscriptions;
DROP TABLE billing_customers;
