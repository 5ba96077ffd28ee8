-- +goose Up
-- Saved meals and recipes (docs/nutrition-diary.md#saved-meals-and-recipes):
-- foods of the diary kept under a name and logged again in one tap. A recipe
-- has a number of servings and is logged as servings of it.
CREATE TABLE saved_meals (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    -- NULL for a meal; a recipe's number of servings.
    servings   DOUBLE PRECISION,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX saved_meals_user ON saved_meals(user_id, id);

-- The foods of a saved meal, in the order given, each as it was logged (the
-- name and figures are copied, as an entry's are).
CREATE TABLE saved_meal_items (
    saved_meal_id  BIGINT NOT NULL REFERENCES saved_meals(id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    food_name      TEXT NOT NULL,
    calories       INTEGER NOT NULL,
    protein        INTEGER NOT NULL,
    carbs          INTEGER NOT NULL,
    fat            INTEGER NOT NULL,
    quantity       TEXT NOT NULL,
    food_id        BIGINT REFERENCES foods(id),
    grams          DOUBLE PRECISION,
    custom_food_id BIGINT REFERENCES custom_foods(id) ON DELETE SET NULL,
    PRIMARY KEY (saved_meal_id, position)
);
-- Deleting a custom food finds the saved foods made from it without reading the whole table.
CREATE INDEX saved_meal_items_custom_food ON saved_meal_items(custom_food_id) WHERE custom_food_id IS NOT NULL;

-- +goose Down
DROP INDEX saved_meal_items_custom_food;
DROP TABLE saved_meal_items;
DROP TABLE saved_meals;
