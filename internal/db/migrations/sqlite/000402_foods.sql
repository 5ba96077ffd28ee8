-- +goose Up
-- The food database (docs/nutrition-foods.md): USDA SR24, loaded from the
-- embedded file by `hyrox migrate`/`seed`/`serve`. Values are per 100 g.
-- search_rank orders search results, 1 first: generic raw or cooked foods
-- before branded, restaurant and retired ones (docs/nutrition-foods.md#search).
CREATE TABLE foods (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    food_group TEXT NOT NULL,
    search_rank INTEGER NOT NULL,
    kcal       REAL NOT NULL,
    protein    REAL NOT NULL,
    carbs      REAL NOT NULL,
    fat        REAL NOT NULL,
    fiber      REAL NOT NULL,
    sugars     REAL NOT NULL,
    sodium_mg  REAL NOT NULL
);
CREATE INDEX foods_search_rank ON foods(search_rank);

-- A food's household measures ("1 cup" = 245 g), in the source's order.
CREATE TABLE food_measures (
    food_id  INTEGER NOT NULL REFERENCES foods(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    label    TEXT NOT NULL,
    grams    REAL NOT NULL,
    PRIMARY KEY (food_id, position)
);

-- Word search on names: prefix queries ("chick"* "bre"*) in any order. Its
-- rowid is the food's search_rank, so matches come out best first and a
-- search stops after the first page.
CREATE VIRTUAL TABLE foods_fts USING fts5(name, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');

-- An entry logged from the food database keeps the food and its grams.
ALTER TABLE food_entries ADD COLUMN food_id INTEGER REFERENCES foods(id);
ALTER TABLE food_entries ADD COLUMN grams REAL;
-- The athlete's recent foods rank first in search.
CREATE INDEX food_entries_user_food ON food_entries(user_id, food_id, id) WHERE food_id IS NOT NULL;

-- +goose Down
DROP INDEX food_entries_user_food;
ALTER TABLE food_entries DROP COLUMN grams;
ALTER TABLE food_entries DROP COLUMN food_id;
DROP TABLE foods_fts;
DROP TABLE food_measures;
DROP TABLE foods;
