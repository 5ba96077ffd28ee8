-- +goose Up
-- An athlete's one goal finish time (docs/analytics.md#the-goal-time): set on
-- the analytics page or by building a race strategy, read by both.
CREATE TABLE racing_goals (
    user_id      INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    goal_seconds INTEGER NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE racing_goals;
