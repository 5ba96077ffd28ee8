-- +goose Up
-- Race boards rank the time at an average venue (docs/analytics.md#venues):
-- ranked_seconds is a race's finish divided by the venue factor of the fitted
-- event it was run at, else the finish as run (simulations, unknown venues).
-- Racing fills it on every write, and for every race at start whenever the
-- shipped venue factors differ from racing_venue_model's fingerprint (so
-- the empty fingerprint here has the first start compute it).
ALTER TABLE race_results ADD COLUMN ranked_seconds INTEGER NOT NULL DEFAULT 0;
UPDATE race_results SET ranked_seconds = total_seconds;
ALTER TABLE race_bests ADD COLUMN ranked_seconds INTEGER NOT NULL DEFAULT 0;
UPDATE race_bests SET ranked_seconds = total_seconds;
DROP INDEX race_bests_rank;
-- covering: the board read never visits the table
CREATE INDEX race_bests_rank ON race_bests(period, period_start, board, kind, ranked_seconds, date, result_id, user_id, division, total_seconds);
CREATE TABLE racing_venue_model (
    id          INTEGER PRIMARY KEY,
    fingerprint TEXT NOT NULL
);
INSERT INTO racing_venue_model (id, fingerprint) VALUES (1, '');
-- Results a server of the previous version writes during a rolling deploy
-- have no ranked time (0); the next start repairs them through this index,
-- empty otherwise.
CREATE INDEX race_results_unranked ON race_results(id) WHERE ranked_seconds = 0;

-- +goose Down
DROP INDEX race_results_unranked;
DROP TABLE racing_venue_model;
DROP INDEX race_bests_rank;
CREATE INDEX race_bests_rank ON race_bests(period, period_start, board, kind, total_seconds, date, result_id, user_id, division);
ALTER TABLE race_bests DROP COLUMN ranked_seconds;
ALTER TABLE race_results DROP COLUMN ranked_seconds;
