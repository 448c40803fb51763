-- Refunds of paid billing orders (spec 000 §4: order REFUNDING → REFUNDED,
-- charge REFUND; issue 31). The super admin refunds a PAID order once, in
-- full or in part, with a reason (a refund Stripe failed leaves the order
-- PAID and its row failed, so an order may have more than one row). Manual billing records it by hand at once;
-- with Stripe a Refund is made against the order's payment (its payment
-- intent is kept here) and Stripe's charge.refunded / refund.updated webhook
-- completes it. ends_plan: the full refund of the order that paid the home's
-- current period ends that period (docs/api.md "Refunds").

-- +goose Up
CREATE TABLE billing_refunds (
    id                TEXT PRIMARY KEY,
    tenant_id         TEXT NOT NULL REFERENCES tenants(id),
    order_id          TEXT NOT NULL REFERENCES billing_orders(id),
    amount_cents      BIGINT NOT NULL,
    currency          TEXT NOT NULL DEFAULT 'USD',
    reason            TEXT NOT NULL,
    status            TEXT NOT NULL,
    stripe_refund_id  TEXT NOT NULL DEFAULT '',
    payment_intent_id TEXT NOT NULL DEFAULT '',
    created_by        TEXT NOT NULL DEFAULT '',
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX billing_refunds_tenant ON billing_refunds (tenant_id, created_at);
CREATE INDEX billing_refunds_order ON billing_refunds (order_id, created_at);
CREATE INDEX billing_refunds_stripe ON billing_refunds (stripe_refund_id);
CREATE INDEX billing_refunds_intent ON billing_refunds (payment_intent_id);

ALTER TABLE billing_orders ADD COLUMN refunded_cents BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE billing_orders DROP COLUMN refunded_cents;
DROP TABLE billing_refunds;
