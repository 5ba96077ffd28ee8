-- +goose Up
-- Background imports (docs/import.md#background-imports): a batch's progress,
-- and its files until they are read (the originals are kept only until then).
CREATE TABLE import_batches (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status      TEXT NOT NULL, -- queued | running | done
    options     TEXT NOT NULL, -- the zone and max heart rate the upload named (JSON)
    files_total INTEGER NOT NULL,
    files_read  INTEGER NOT NULL DEFAULT 0,
    imported    INTEGER NOT NULL DEFAULT 0,
    duplicates  INTEGER NOT NULL DEFAULT 0,
    failed      INTEGER NOT NULL DEFAULT 0,
    results     TEXT NOT NULL DEFAULT '[]', -- one result per file read (JSON)
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX import_batches_user ON import_batches(user_id, id);
CREATE TABLE import_batch_files (
    id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_id BIGINT NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
    name     TEXT NOT NULL,
    data     BYTEA NOT NULL
);
CREATE INDEX import_batch_files_batch ON import_batch_files(batch_id, id);

-- +goose Down
DROP TABLE import_batch_files;
DROP TABLE import_batches;
