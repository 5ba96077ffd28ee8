-- +goose Up
-- racing_athletes keeps the username racing shows on the leaderboard, taken
-- from the session at each write (racing does not read the users table).
CREATE TABLE racing_athletes (
    user_id    BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    username   TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE race_results (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    date            TEXT NOT NULL,    -- YYYY-MM-DD
    week_start      TEXT NOT NULL,    -- Monday of the date's week
    month_start     TEXT NOT NULL,    -- first day of the date's month
    event_name      TEXT NOT NULL,
    kind            TEXT NOT NULL,    -- race, simulation
    division        TEXT NOT NULL,
    run_splits      TEXT NOT NULL,    -- 8 seconds, comma separated
    station_splits  TEXT NOT NULL,    -- 8 seconds, comma separated, empty = not done
    roxzone_seconds INTEGER NOT NULL,
    total_seconds   INTEGER NOT NULL,
    complete        BOOLEAN NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX race_results_user_date ON race_results(user_id, date DESC, id DESC);

-- race_bests holds each athlete's best complete result per leaderboard
-- (period week/month/all, its start, and a division or 'all'), kept on every
-- write, so a leaderboard is one index range read.
CREATE TABLE race_bests (
    period        TEXT NOT NULL,
    period_start  TEXT NOT NULL,
    board         TEXT NOT NULL,
    user_id       BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    result_id     BIGINT NOT NULL REFERENCES race_results(id) ON DELETE CASCADE,
    division      TEXT NOT NULL,
    kind          TEXT NOT NULL,
    total_seconds INTEGER NOT NULL,
    date          TEXT NOT NULL,
    PRIMARY KEY (period, period_start, board, user_id)
);
-- covering: the board read never visits the table
CREATE INDEX race_bests_rank ON race_bests(period, period_start, board, total_seconds, date, result_id, user_id, division, kind);
CREATE INDEX race_bests_result ON race_bests(result_id);
CREATE INDEX race_bests_user ON race_bests(user_id);

-- +goose Down
DROP TABLE race_bests;
DROP TABLE race_results;
DROP TABLE racing_athletes;
