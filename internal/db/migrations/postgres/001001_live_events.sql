-- +goose Up
-- The live outbox (docs/live.md): each event a user's live stream carries,
-- written in the transaction of the change it announces, with its own
-- sequence (the stream's event id, what a reconnecting browser resumes from).
CREATE TABLE live_events (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    data       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX live_events_user ON live_events(user_id, id);

-- +goose Down
DROP TABLE live_events;
