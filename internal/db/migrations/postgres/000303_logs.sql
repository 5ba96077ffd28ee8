-- +goose Up
-- Detailed logs (docs/training-logs.md): a log may name a
-- custom workout (workout_id NULL), carries an RPE 1-10 (0 = not given) and a
-- revision count; every edit keeps the previous version; personal records are
-- computed on write from each log's efforts.
ALTER TABLE workout_logs ALTER COLUMN workout_id DROP NOT NULL;
ALTER TABLE workout_logs ADD COLUMN rpe INTEGER NOT NULL DEFAULT 0;
ALTER TABLE workout_logs ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

CREATE TABLE workout_log_revisions (
    log_id    BIGINT NOT NULL REFERENCES workout_logs(id) ON DELETE CASCADE,
    revision  INTEGER NOT NULL,
    snapshot  TEXT NOT NULL,
    edited_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (log_id, revision)
);

CREATE TABLE workout_log_efforts (
    log_id     BIGINT NOT NULL REFERENCES workout_logs(id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    record_key TEXT NOT NULL,
    kind       TEXT NOT NULL,
    exercise   TEXT NOT NULL,
    measure    TEXT NOT NULL DEFAULT '',
    value      DOUBLE PRECISION NOT NULL,
    completed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX workout_log_efforts_key ON workout_log_efforts(user_id, record_key, value);
CREATE INDEX workout_log_efforts_log ON workout_log_efforts(log_id);

CREATE TABLE personal_records (
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    record_key TEXT NOT NULL,
    kind       TEXT NOT NULL,
    exercise   TEXT NOT NULL,
    measure    TEXT NOT NULL DEFAULT '',
    value      DOUBLE PRECISION NOT NULL,
    log_id     BIGINT NOT NULL REFERENCES workout_logs(id) ON DELETE CASCADE,
    achieved_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, record_key)
);
CREATE INDEX personal_records_log ON personal_records(log_id);

-- +goose Down
DROP TABLE personal_records;
DROP TABLE workout_log_efforts;
DROP TABLE workout_log_revisions;
ALTER TABLE workout_logs DROP COLUMN revision;
ALTER TABLE workout_logs DROP COLUMN rpe;
