-- +goose Up
-- Session reminders (docs/notifications.md#session-reminders): the zone each
-- user's evening is in (their browser's, sent with their settings), and the
-- days already reminded of, so each goes once.
CREATE TABLE notification_zones (
    user_id   BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    time_zone TEXT NOT NULL
);
CREATE TABLE session_reminders_sent (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day     TEXT NOT NULL,
    PRIMARY KEY (user_id, day)
);
-- The users the reminder job looks at.
CREATE INDEX notification_settings_kind ON notification_settings(kind, user_id) WHERE enabled;

-- +goose Down
DROP INDEX notification_settings_kind;
DROP TABLE session_reminders_sent;
DROP TABLE notification_zones;
