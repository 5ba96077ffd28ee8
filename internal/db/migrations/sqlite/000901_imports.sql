-- +goose Up
-- One row per imported activity (docs/import.md#what-an-import-keeps): the
-- summary an import keeps beside the workout log it became. No GPS points and
-- no file. Deleting the log deletes the row, so the activity can be imported again.
CREATE TABLE imported_activities (
    id               INTEGER PRIMARY KEY,
    user_id          INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    log_id           INTEGER NOT NULL REFERENCES workout_logs(id) ON DELETE CASCADE,
    source           TEXT NOT NULL, -- fit | tcx | gpx | concept2
    file_name        TEXT NOT NULL,
    sport            TEXT NOT NULL,
    started_at       TIMESTAMP NOT NULL,
    started_epoch    INTEGER NOT NULL, -- seconds, for the 60 s duplicate window
    duration_s       INTEGER NOT NULL,
    distance_m       REAL NOT NULL DEFAULT 0,
    elevation_gain_m REAL NOT NULL DEFAULT 0,
    avg_hr           INTEGER NOT NULL DEFAULT 0,
    max_hr           INTEGER NOT NULL DEFAULT 0,
    calories         INTEGER NOT NULL DEFAULT 0,
    avg_watts        INTEGER NOT NULL DEFAULT 0,
    stroke_rate      INTEGER NOT NULL DEFAULT 0,
    zones            TEXT NOT NULL DEFAULT '[]', -- seconds in zones 1-5
    splits           TEXT NOT NULL DEFAULT '[]',
    created_at       TIMESTAMP NOT NULL
);
-- The duplicate check and the export read by athlete and start.
CREATE INDEX imported_activities_user_start ON imported_activities(user_id, started_epoch);
CREATE INDEX imported_activities_log ON imported_activities(log_id);

-- +goose Down
DROP TABLE imported_activities;
