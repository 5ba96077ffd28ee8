-- +goose Up
-- Water the athlete drank (docs/nutrition-diary.md#water): one row per glass
-- or bottle, on the athlete's local day; millilitres.
CREATE TABLE water_entries (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    entry_date TEXT NOT NULL,
    ml         INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX water_entries_user_date ON water_entries(user_id, entry_date);

-- +goose Down
DROP TABLE water_entries;
