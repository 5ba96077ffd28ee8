-- +goose Up
-- The food database (docs/nutrition-foods.md): USDA SR24, loaded from the
-- embedded file by `hyrox migrate`/`seed`/`serve`. Values are per 100 g.
-- search_rank orders search results, 1 first: generic raw or cooked foods
-- before branded, restaurant and retired ones (docs/nutrition-foods.md#search).
CREATE TABLE foods (
    id         BIGINT PRIMARY KEY,
    name       TEXT NOT NULL,
    food_group TEXT NOT NULL,
    search_rank INTEGER NOT NULL,
    kcal       DOUBLE PRECISION NOT NULL,
    protein    DOUBLE PRECISION NOT NULL,
    carbs      DOUBLE PRECISION NOT NULL,
    fat        DOUBLE PRECISION NOT NULL,
    fiber      DOUBLE PRECISION NOT NULL,
    sugars     DOUBLE PRECISION NOT NULL,
    sodium_mg  DOUBLE PRECISION NOT NULL,
    -- Word search on names: prefix tsquery ('chick:* & bre:*') in any order.
    search     TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED
);
CREATE INDEX foods_search ON foods USING GIN (search);
-- A common prefix ('c:*') walks this index and stops after the first page.
CREATE INDEX foods_search_rank ON foods(search_rank);

-- A food's household measures ("1 cup" = 245 g), in the source's order.
CREATE TABLE food_measures (
    food_id  BIGINT NOT NULL REFERENCES foods(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    label    TEXT NOT NULL,
    grams    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (food_id, position)
);

-- An entry logged from the food database keeps the food and its grams.
ALTER TABLE food_entries ADD COLUMN food_id BIGINT REFERENCES foods(id);
ALTER TABLE food_entries ADD COLUMN grams DOUBLE PRECISION;
-- The athlete's recent foods rank first in search.
CREATE INDEX food_entries_user_food ON food_entries(user_id, food_id, id) WHERE food_id IS NOT NULL;

-- +goose Down
DROP INDEX food_entries_user_food;
ALTER TABLE food_entries DROP COLUMN grams;
ALTER TABLE food_entries DROP COLUMN food_id;
DROP TABLE food_measures;
DROP TABLE foods;
