-- +goose Up
-- Water the athlete drank (docs/nutrition-diary.md#water): one row per glass
-- or bottle, on the athlete's local day; millilitres.
CREATE TABLE water_entries (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    entry_date TEXT NOT NULL,
    ml         INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX water_entries_user_date ON water_entries(user_id, entry_date);

-- +goose Down
DROP TABLE water_entries;
