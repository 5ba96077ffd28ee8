-- +goose Up
-- A coach's comments on an athlete's logged session (docs/training-logs.md#coach-comments).
-- athlete_id is the log's owner, kept so an account's deletion removes them.
CREATE TABLE workout_log_comments (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    log_id     BIGINT NOT NULL REFERENCES workout_logs(id) ON DELETE CASCADE,
    athlete_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    author_id  BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    username   TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX workout_log_comments_log ON workout_log_comments(log_id, id);
CREATE INDEX workout_log_comments_author ON workout_log_comments(author_id, id);

-- Coaching's table (docs/coaching.md#the-coachs-workspace), here because this
-- change had one migration number: when a coach last opened each athlete, so
-- the workspace can tell race results that are new to them.
CREATE TABLE coach_athlete_views (
    coach_id   BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    athlete_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    seen_at    TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (coach_id, athlete_id)
);

-- +goose Down
DROP TABLE coach_athlete_views;
DROP TABLE workout_log_comments;
