-- +goose Up
-- The food diary's depth (docs/nutrition-foods.md#the-diary): undo of a delete,
-- favourite foods, and the athlete's own custom foods.

-- A deleted entry stays, marked, until it is restored (Undo) or purged a day
-- later; every read skips marked entries.
ALTER TABLE food_entries ADD COLUMN deleted_at TIMESTAMP;

-- Custom foods belong to one athlete; values per 100 g, as the database's.
CREATE TABLE custom_foods (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    kcal       REAL NOT NULL,
    protein    REAL NOT NULL,
    carbs      REAL NOT NULL,
    fat        REAL NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX custom_foods_user ON custom_foods(user_id, id);

-- A custom food's own portions ("1 bar" = 60 g), in the order given.
CREATE TABLE custom_food_measures (
    custom_food_id INTEGER NOT NULL REFERENCES custom_foods(id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    label          TEXT NOT NULL,
    grams          REAL NOT NULL,
    PRIMARY KEY (custom_food_id, position)
);

-- An entry logged from a custom food keeps it (the name and macros are copied,
-- so deleting the custom food leaves the diary as it was).
ALTER TABLE food_entries ADD COLUMN custom_food_id INTEGER REFERENCES custom_foods(id) ON DELETE SET NULL;
-- Deleting a custom food finds its entries without reading the whole table.
CREATE INDEX food_entries_custom_food ON food_entries(custom_food_id) WHERE custom_food_id IS NOT NULL;

-- Favourite foods of the database (a star), newest first.
CREATE TABLE food_favourites (
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    food_id    INTEGER NOT NULL REFERENCES foods(id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, food_id)
);

-- +goose Down
DROP TABLE food_favourites;
DROP INDEX food_entries_custom_food;
ALTER TABLE food_entries DROP COLUMN custom_food_id;
DROP TABLE custom_food_measures;
DROP TABLE custom_foods;
ALTER TABLE food_entries DROP COLUMN deleted_at;
