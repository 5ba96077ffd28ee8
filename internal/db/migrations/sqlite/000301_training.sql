-- +goose Up
-- Content: workouts and training plans (seeded from Go data, keyed by slug).
CREATE TABLE workouts (
    id          INTEGER PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    position    INTEGER NOT NULL,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    target_time INTEGER NOT NULL, -- minutes
    exercises   TEXT NOT NULL,    -- JSON list of {name, reps}
    pro_tip     TEXT NOT NULL
);
CREATE INDEX workouts_position ON workouts(position, id);

CREATE TABLE training_plans (
    id            INTEGER PRIMARY KEY,
    slug          TEXT NOT NULL UNIQUE,
    position      INTEGER NOT NULL,
    name          TEXT NOT NULL,
    description   TEXT NOT NULL,
    category      TEXT NOT NULL,
    duration      TEXT NOT NULL,
    frequency     TEXT NOT NULL,
    level         TEXT NOT NULL,
    required_tier TEXT NOT NULL DEFAULT 'basic'
);
CREATE INDEX training_plans_position ON training_plans(position, id);

CREATE TABLE training_plan_weeks (
    plan_id INTEGER NOT NULL REFERENCES training_plans(id) ON DELETE CASCADE,
    week    INTEGER NOT NULL,
    focus   TEXT NOT NULL,
    PRIMARY KEY (plan_id, week)
);

CREATE TABLE training_plan_sessions (
    plan_id    INTEGER NOT NULL REFERENCES training_plans(id) ON DELETE CASCADE,
    week       INTEGER NOT NULL,
    day        INTEGER NOT NULL, -- 1 = Monday
    title      TEXT NOT NULL,
    details    TEXT NOT NULL,
    workout_id INTEGER REFERENCES workouts(id),
    PRIMARY KEY (plan_id, week, day)
);

-- A user's logged workouts.
CREATE TABLE workout_logs (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    workout_id   INTEGER NOT NULL REFERENCES workouts(id),
    workout_name TEXT NOT NULL,
    duration     INTEGER NOT NULL, -- minutes
    rating       INTEGER NOT NULL,
    notes        TEXT NOT NULL DEFAULT '',
    exercises    TEXT NOT NULL DEFAULT '{}', -- JSON object
    completed_epoch INTEGER NOT NULL, -- completed_at in Unix seconds, for local-day arithmetic in the stats
    completed_at TIMESTAMP NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
-- The list (keyset on completed_at, id) and the stats both read this index.
CREATE INDEX workout_logs_user_completed ON workout_logs(user_id, completed_at DESC, id DESC);
-- The stats: range scans by epoch, covering duration and rating.
CREATE INDEX workout_logs_user_epoch ON workout_logs(user_id, completed_epoch, duration, rating);

-- Running totals per user, kept in the same transaction as every log write,
-- so the stats never scan a user's whole history.
CREATE TABLE workout_log_totals (
    user_id    INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    workouts   INTEGER NOT NULL DEFAULT 0,
    minutes    INTEGER NOT NULL DEFAULT 0,
    rating_sum INTEGER NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE workout_log_totals;
DROP TABLE workout_logs;
DROP TABLE training_plan_sessions;
DROP TABLE training_plan_weeks;
DROP TABLE training_plans;
DROP TABLE workouts;
