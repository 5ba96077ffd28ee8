-- +goose Up
CREATE TABLE users (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username          TEXT NOT NULL,
    username_key      TEXT NOT NULL UNIQUE, -- lower(username): unique ignoring case
    email             TEXT NOT NULL UNIQUE, -- stored lower-case
    password_hash     TEXT NOT NULL,
    subscription_tier TEXT NOT NULL DEFAULT 'basic',
    created_at        TIMESTAMPTZ NOT NULL
);

CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user_id ON sessions(user_id);
CREATE INDEX sessions_expires_at ON sessions(expires_at);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX password_resets_user_id ON password_resets(user_id);

-- +goose Down
DROP TABLE password_resets;
DROP TABLE sessions;
DROP TABLE users;
