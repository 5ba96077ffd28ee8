-- +goose Up
-- Notifications (docs/notifications.md): the kinds each user opted into, the
-- push subscriptions of their browsers, and the server's VAPID keys (one row,
-- shared by every instance).
CREATE TABLE notification_settings (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    enabled BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, kind)
);
CREATE TABLE push_subscriptions (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint   TEXT NOT NULL UNIQUE,
    p256dh     TEXT NOT NULL,
    auth       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);
CREATE TABLE push_vapid (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    public_key  TEXT NOT NULL,
    private_key TEXT NOT NULL
);

-- +goose Down
DROP TABLE push_vapid;
DROP TABLE push_subscriptions;
DROP TABLE notification_settings;
