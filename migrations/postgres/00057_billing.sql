-- Subscription billing (spec 000 §3 "Subscription plan", "Billing order",
-- "Charge record", "Invoice", "Promotion code", "Payment method"; §4 their
-- states; issue 31). Money is USD cents (spec 001 §9). Stripe keeps the card:
-- a payment method row holds only Stripe's id, brand, funding, last four and
-- expiry, never a card number or CVV (PCI DSS SAQ A). With no Stripe key the
-- same rows are written by hand (manual billing: payment_type MANUAL).
-- A home whose plan ran out past its grace period is locked (billing_locked_at):
-- its limited writes answer 7001, its records stay readable.

-- +goose Up
CREATE TABLE billing_accounts (
    tenant_id          TEXT PRIMARY KEY REFERENCES tenants(id),
    name               TEXT NOT NULL DEFAULT '',
    email              TEXT NOT NULL DEFAULT '',
    phone              TEXT NOT NULL DEFAULT '',
    country            TEXT NOT NULL DEFAULT '',
    line1              TEXT NOT NULL DEFAULT '',
    line2              TEXT NOT NULL DEFAULT '',
    city               TEXT NOT NULL DEFAULT '',
    state              TEXT NOT NULL DEFAULT '',
    postal_code        TEXT NOT NULL DEFAULT '',
    tax_id             TEXT NOT NULL DEFAULT '',
    tax_type           TEXT NOT NULL DEFAULT '',
    stripe_customer_id TEXT NOT NULL DEFAULT '',
    updated_at         BIGINT NOT NULL
);

CREATE TABLE subscription_plans (
    id              TEXT PRIMARY KEY,
    tenant_id       TEXT NOT NULL REFERENCES tenants(id),
    package_id      TEXT NOT NULL REFERENCES service_packages(id),
    name            TEXT NOT NULL,
    price_cents     BIGINT NOT NULL,
    currency        TEXT NOT NULL DEFAULT 'USD',
    extra_residents INTEGER NOT NULL DEFAULT 0,
    start_at        BIGINT NOT NULL,
    expire_at       BIGINT NOT NULL DEFAULT 0,
    status          TEXT NOT NULL,
    auto_renewal    BOOLEAN NOT NULL DEFAULT TRUE,
    next_package_id TEXT NOT NULL DEFAULT '',
    promotion_code  TEXT NOT NULL DEFAULT '',
    grace_until     BIGINT NOT NULL DEFAULT 0,
    created_by      TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX subscription_plans_tenant ON subscription_plans (tenant_id, status);
CREATE INDEX subscription_plans_due ON subscription_plans (status, expire_at);

CREATE TABLE billing_orders (
    id                TEXT PRIMARY KEY,
    order_no          TEXT NOT NULL UNIQUE,
    tenant_id         TEXT NOT NULL REFERENCES tenants(id),
    plan_id           TEXT NOT NULL DEFAULT '',
    package_id        TEXT NOT NULL,
    business_type     TEXT NOT NULL,
    status            TEXT NOT NULL,
    payment_type      TEXT NOT NULL,
    payment_method    TEXT NOT NULL DEFAULT '',
    periods           INTEGER NOT NULL DEFAULT 1,
    extra_residents   INTEGER NOT NULL DEFAULT 0,
    subtotal_cents    BIGINT NOT NULL,
    credit_cents      BIGINT NOT NULL DEFAULT 0,
    discount_cents    BIGINT NOT NULL DEFAULT 0,
    total_cents       BIGINT NOT NULL,
    currency          TEXT NOT NULL DEFAULT 'USD',
    promotion_code    TEXT NOT NULL DEFAULT '',
    stripe_invoice_id TEXT NOT NULL DEFAULT '',
    created_by        TEXT NOT NULL DEFAULT '',
    created_at        BIGINT NOT NULL,
    paid_at           BIGINT NOT NULL DEFAULT 0,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX billing_orders_tenant ON billing_orders (tenant_id, created_at);
CREATE INDEX billing_orders_created ON billing_orders (created_at);
CREATE INDEX billing_orders_invoice ON billing_orders (stripe_invoice_id);

CREATE TABLE charge_records (
    id                TEXT PRIMARY KEY,
    tenant_id         TEXT NOT NULL REFERENCES tenants(id),
    order_id          TEXT NOT NULL REFERENCES billing_orders(id),
    plan_id           TEXT NOT NULL DEFAULT '',
    amount_cents      BIGINT NOT NULL,
    currency          TEXT NOT NULL DEFAULT 'USD',
    status            TEXT NOT NULL,
    card_type         TEXT NOT NULL DEFAULT '',
    payment_method_id TEXT NOT NULL DEFAULT '',
    remark            TEXT NOT NULL DEFAULT '',
    created_by        TEXT NOT NULL DEFAULT '',
    payment_time      BIGINT NOT NULL DEFAULT 0,
    created_at        BIGINT NOT NULL
);
CREATE INDEX charge_records_tenant ON charge_records (tenant_id, created_at);
CREATE INDEX charge_records_created ON charge_records (created_at);

CREATE TABLE invoices (
    id                TEXT PRIMARY KEY,
    tenant_id         TEXT NOT NULL REFERENCES tenants(id),
    order_id          TEXT NOT NULL REFERENCES billing_orders(id),
    number            TEXT NOT NULL,
    amount_due        BIGINT NOT NULL,
    amount_paid       BIGINT NOT NULL DEFAULT 0,
    currency          TEXT NOT NULL DEFAULT 'USD',
    status            TEXT NOT NULL,
    customer_name     TEXT NOT NULL DEFAULT '',
    hosted_url        TEXT NOT NULL DEFAULT '',
    pdf_url           TEXT NOT NULL DEFAULT '',
    stripe_invoice_id TEXT NOT NULL DEFAULT '',
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX invoices_tenant ON invoices (tenant_id, created_at);
CREATE INDEX invoices_order ON invoices (order_id);

CREATE TABLE promotion_codes (
    id                       TEXT PRIMARY KEY,
    code                     TEXT NOT NULL UNIQUE,
    description              TEXT NOT NULL DEFAULT '',
    currency                 TEXT NOT NULL DEFAULT 'USD',
    discount_type            TEXT NOT NULL,
    value                    BIGINT NOT NULL,
    valid_from               BIGINT NOT NULL DEFAULT 0,
    valid_to                 BIGINT NOT NULL DEFAULT 0,
    status                   TEXT NOT NULL DEFAULT 'valid',
    max_uses                 INTEGER NOT NULL DEFAULT 0,
    uses                     INTEGER NOT NULL DEFAULT 0,
    stripe_coupon_id         TEXT NOT NULL DEFAULT '',
    stripe_promotion_code_id TEXT NOT NULL DEFAULT '',
    created_at               BIGINT NOT NULL,
    updated_at               BIGINT NOT NULL,
    updated_by               TEXT NOT NULL DEFAULT ''
);

CREATE TABLE payment_methods (
    id                       TEXT PRIMARY KEY,
    tenant_id                TEXT NOT NULL REFERENCES tenants(id),
    stripe_payment_method_id TEXT NOT NULL,
    brand                    TEXT NOT NULL DEFAULT '',
    funding                  TEXT NOT NULL DEFAULT 'unknown',
    last4                    TEXT NOT NULL DEFAULT '',
    exp_month                INTEGER NOT NULL DEFAULT 0,
    exp_year                 INTEGER NOT NULL DEFAULT 0,
    holder_name              TEXT NOT NULL DEFAULT '',
    is_default               BOOLEAN NOT NULL DEFAULT FALSE,
    status                   TEXT NOT NULL DEFAULT 'active',
    created_at               BIGINT NOT NULL,
    UNIQUE (tenant_id, stripe_payment_method_id)
);

-- A Stripe event is processed once by its id: a replayed or concurrent
-- duplicate finds its row and changes nothing.
CREATE TABLE billing_events (
    id           TEXT PRIMARY KEY,
    type         TEXT NOT NULL,
    object_id    TEXT NOT NULL DEFAULT '',
    received_at  BIGINT NOT NULL,
    processed_at BIGINT NOT NULL DEFAULT 0
);

ALTER TABLE tenants ADD COLUMN billing_locked_at BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE tenants DROP COLUMN billing_locked_at;
DROP TABLE billing_events;
DROP TABLE payment_methods;
DROP TABLE promotion_codes;
DROP TABLE invoices;
DROP TABLE charge_records;
DROP TABLE billing_orders;
DROP TABLE subscription_plans;
DROP TABLE billing_accounts;
