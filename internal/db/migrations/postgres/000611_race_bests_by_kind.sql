-- +goose Up
-- Races and simulations are ranked apart (docs/product.md#racing): each
-- athlete's best is kept per kind, so the race board (the default) never ranks
-- a self-reported simulation, and the simulation board is its own. Rebuilt
-- from race_results.
DROP TABLE race_bests;
CREATE TABLE race_bests (
    period        TEXT NOT NULL,
    period_start  TEXT NOT NULL,
    board         TEXT NOT NULL,
    kind          TEXT NOT NULL,    -- race, simulation
    user_id       BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    result_id     BIGINT NOT NULL REFERENCES race_results(id) ON DELETE CASCADE,
    division      TEXT NOT NULL,
    total_seconds INTEGER NOT NULL,
    date          TEXT NOT NULL,
    PRIMARY KEY (period, period_start, board, kind, user_id)
);
-- covering: the board read never visits the table
CREATE INDEX race_bests_rank ON race_bests(period, period_start, board, kind, total_seconds, date, result_id, user_id, division);
CREATE INDEX race_bests_result ON race_bests(result_id);
CREATE INDEX race_bests_user ON race_bests(user_id);
INSERT INTO race_bests (period, period_start, board, kind, user_id, result_id, division, total_seconds, date)
SELECT period, ps, b, kind, user_id, id, division, total_seconds, date FROM (
    SELECT 'week' AS period, week_start AS ps, division AS b, kind, user_id, id, division, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, week_start, division, kind ORDER BY total_seconds, date, id) AS rn
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'week', week_start, 'all', kind, user_id, id, division, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, week_start, kind ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'month', month_start, division, kind, user_id, id, division, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, month_start, division, kind ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'month', month_start, 'all', kind, user_id, id, division, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, month_start, kind ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'all', '', division, kind, user_id, id, division, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, division, kind ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'all', '', 'all', kind, user_id, id, division, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, kind ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
) ranked
WHERE rn = 1;

-- +goose Down
-- Back to one best per board, whatever its kind.
DROP TABLE race_bests;
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
CREATE INDEX race_bests_rank ON race_bests(period, period_start, board, total_seconds, date, result_id, user_id, division, kind);
CREATE INDEX race_bests_result ON race_bests(result_id);
CREATE INDEX race_bests_user ON race_bests(user_id);
INSERT INTO race_bests (period, period_start, board, user_id, result_id, division, kind, total_seconds, date)
SELECT period, ps, b, user_id, id, division, kind, total_seconds, date FROM (
    SELECT 'week' AS period, week_start AS ps, division AS b, user_id, id, division, kind, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, week_start, division ORDER BY total_seconds, date, id) AS rn
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'week', week_start, 'all', user_id, id, division, kind, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, week_start ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'month', month_start, division, user_id, id, division, kind, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, month_start, division ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'month', month_start, 'all', user_id, id, division, kind, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, month_start ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'all', '', division, user_id, id, division, kind, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id, division ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
    UNION ALL
    SELECT 'all', '', 'all', user_id, id, division, kind, total_seconds, date,
        ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY total_seconds, date, id)
    FROM race_results WHERE complete = TRUE
) ranked
WHERE rn = 1;
