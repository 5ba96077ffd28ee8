-- +goose NO TRANSACTION
-- +goose Up
-- Detailed logs (docs/training-logs.md): a log may name a
-- custom workout (workout_id NULL), carries an RPE 1-10 (0 = not given) and a
-- revision count; every edit keeps the previous version; personal records are
-- computed on write from each log's efforts.
--
-- SQLite cannot drop NOT NULL in place, so workout_logs is rebuilt (keeping
-- every row and id). Foreign keys are switched off around the rebuild, as
-- SQLite's documented procedure says, so dropping the old table does not set
-- calendar_sessions.log_id to NULL; the rebuild itself is one transaction.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
CREATE TABLE workout_logs_new (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    workout_id   INTEGER REFERENCES workouts(id), -- NULL: a custom workout
    workout_name TEXT NOT NULL,
    duration     INTEGER NOT NULL, -- minutes
    rating       INTEGER NOT NULL, -- 1-5, how it felt
    rpe          INTEGER NOT NULL DEFAULT 0, -- 1-10, 0 = not given
    notes        TEXT NOT NULL DEFAULT '',
    exercises    TEXT NOT NULL DEFAULT '{}', -- JSON: a list of exercise actuals, or the legacy object
    revision     INTEGER NOT NULL DEFAULT 0, -- edits so far
    completed_epoch INTEGER NOT NULL,
    completed_at TIMESTAMP NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
INSERT INTO workout_logs_new (id, user_id, workout_id, workout_name, duration, rating, notes, exercises,
    completed_epoch, completed_at, created_at, updated_at)
SELECT id, user_id, workout_id, workout_name, duration, rating, notes, exercises,
    completed_epoch, completed_at, created_at, updated_at FROM workout_logs;
DROP TABLE workout_logs;
ALTER TABLE workout_logs_new RENAME TO workout_logs;
CREATE INDEX workout_logs_user_completed ON workout_logs(user_id, completed_at DESC, id DESC);
CREATE INDEX workout_logs_user_epoch ON workout_logs(user_id, completed_epoch, duration, rating);

-- The previous versions of edited logs (newest revision last).
CREATE TABLE workout_log_revisions (
    log_id    INTEGER NOT NULL REFERENCES workout_logs(id) ON DELETE CASCADE,
    revision  INTEGER NOT NULL, -- the revision this snapshot was (0 = as first logged)
    snapshot  TEXT NOT NULL,    -- JSON of the log as it was
    edited_at TIMESTAMP NOT NULL,
    PRIMARY KEY (log_id, revision)
);

-- One row per measurable effort of a log (written with the log).
CREATE TABLE workout_log_efforts (
    log_id     INTEGER NOT NULL REFERENCES workout_logs(id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    record_key TEXT NOT NULL, -- kind|exercise|measure
    kind       TEXT NOT NULL, -- time | load
    exercise   TEXT NOT NULL, -- as written
    measure    TEXT NOT NULL DEFAULT '', -- '1000 m', '100 reps' or ''
    value      DOUBLE PRECISION NOT NULL, -- seconds (time) or kg (load)
    completed_at TIMESTAMP NOT NULL
);
CREATE INDEX workout_log_efforts_key ON workout_log_efforts(user_id, record_key, value);
CREATE INDEX workout_log_efforts_log ON workout_log_efforts(log_id);

-- The best effort per record key, kept up to date on every log write.
CREATE TABLE personal_records (
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    record_key TEXT NOT NULL,
    kind       TEXT NOT NULL,
    exercise   TEXT NOT NULL,
    measure    TEXT NOT NULL DEFAULT '',
    value      DOUBLE PRECISION NOT NULL,
    log_id     INTEGER NOT NULL REFERENCES workout_logs(id) ON DELETE CASCADE,
    achieved_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, record_key)
);
CREATE INDEX personal_records_log ON personal_records(log_id);
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
DROP TABLE personal_records;
DROP TABLE workout_log_efforts;
DROP TABLE workout_log_revisions;
ALTER TABLE workout_logs DROP COLUMN revision;
ALTER TABLE workout_logs DROP COLUMN rpe;
