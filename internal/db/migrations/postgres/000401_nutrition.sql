-- +goose Up
-- One row per user: the daily targets (docs/product.md#nutrition).
CREATE TABLE nutrition_profiles (
    user_id        BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    daily_calories INTEGER NOT NULL,
    protein_target INTEGER NOT NULL,
    carbs_target   INTEGER NOT NULL,
    fat_target     INTEGER NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);

-- A food diary line. entry_date is the user's local date ('YYYY-MM-DD') as the
-- browser saw it, so a day's view and sums are one indexed range.
CREATE TABLE food_entries (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    entry_date TEXT NOT NULL,
    food_name  TEXT NOT NULL,
    calories   INTEGER NOT NULL,
    protein    INTEGER NOT NULL,
    carbs      INTEGER NOT NULL,
    fat        INTEGER NOT NULL,
    quantity   TEXT NOT NULL,
    meal_type  TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX food_entries_user_date ON food_entries(user_id, entry_date);

-- +goose Down
DROP TABLE food_entries;
DROP TABLE nutrition_profiles;
