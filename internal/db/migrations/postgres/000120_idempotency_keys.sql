-- +goose Up
-- Idempotency keys (docs/offline.md#idempotency-keys): a write sent with an
-- Idempotency-Key is answered once; a retry with the same key gets the stored
-- answer. Kept 7 days per user. status 0 means the first request is still running.
CREATE TABLE idempotency_keys (
    user_id      BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    idem_key     TEXT NOT NULL,
    fingerprint  TEXT NOT NULL,
    status       INTEGER NOT NULL DEFAULT 0,
    content_type TEXT NOT NULL DEFAULT '',
    body         BYTEA,
    created_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, idem_key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys(created_at);

-- +goose Down
DROP TABLE idempotency_keys;
