-- +goose Up
-- The device's own laps of an imported activity (a run keeps kilometre splits
-- in splits, so the laps the athlete pressed are kept apart), and the HYROX
-- result the athlete confirmed from them (docs/import.md#hyrox-races-and-simulations).
ALTER TABLE imported_activities ADD COLUMN laps TEXT NOT NULL DEFAULT '[]';
ALTER TABLE imported_activities ADD COLUMN race_result_id BIGINT;
-- When that result was created (microseconds): a result id can be reused after
-- a deletion, so the pair tells the result saved from this activity.
ALTER TABLE imported_activities ADD COLUMN race_result_created BIGINT;

-- +goose Down
ALTER TABLE imported_activities DROP COLUMN race_result_created;
ALTER TABLE imported_activities DROP COLUMN race_result_id;
ALTER TABLE imported_activities DROP COLUMN laps;
