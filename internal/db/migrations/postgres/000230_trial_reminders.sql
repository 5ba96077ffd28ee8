-- +goose Up
-- The trial reminder (docs/notifications.md#the-trial-reminder): when it was
-- sent for a subscription's trial, so it goes once.
ALTER TABLE billing_subscriptions ADD COLUMN trial_reminded_at TIMESTAMPTZ;
-- The trials the reminder job looks at: still trialing, not yet reminded.
CREATE INDEX billing_subscriptions_trial_reminder ON billing_subscriptions(trial_end)
    WHERE status = 'trialing' AND trial_reminded_at IS NULL;

-- +goose Down
DROP INDEX billing_subscriptions_trial_reminder;
ALTER TABLE billing_subscriptions DROP COLUMN trial_reminded_at;
