-- +goose Up
-- Micronutrients (docs/nutrition-foods.md#micronutrients). NULL is unknown (the
-- source does not give it, a typed-in entry, a custom food), never 0.

-- Foods per 100 g: minerals in mg, vitamin A in µg RAE, vitamin C in mg,
-- vitamin D and B12 in µg, total folate in µg (fibre, sugars and sodium are
-- already there).
ALTER TABLE foods ADD COLUMN potassium_mg DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN magnesium_mg DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN calcium_mg DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN iron_mg DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN zinc_mg DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN vitamin_a_ug DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN vitamin_c_mg DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN vitamin_d_ug DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN vitamin_b12_ug DOUBLE PRECISION;
ALTER TABLE foods ADD COLUMN folate_ug DOUBLE PRECISION;

-- A logged entry's amounts for its portion, copied when it is logged as its
-- calories and macros are; a saved meal's foods keep theirs.
ALTER TABLE food_entries ADD COLUMN sodium_mg DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN potassium_mg DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN magnesium_mg DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN calcium_mg DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN iron_mg DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN zinc_mg DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN vitamin_a_ug DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN vitamin_c_mg DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN vitamin_d_ug DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN vitamin_b12_ug DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN folate_ug DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN fiber_g DOUBLE PRECISION;
ALTER TABLE food_entries ADD COLUMN sugars_g DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN sodium_mg DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN potassium_mg DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN magnesium_mg DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN calcium_mg DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN iron_mg DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN zinc_mg DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN vitamin_a_ug DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN vitamin_c_mg DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN vitamin_d_ug DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN vitamin_b12_ug DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN folate_ug DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN fiber_g DOUBLE PRECISION;
ALTER TABLE saved_meal_items ADD COLUMN sugars_g DOUBLE PRECISION;

-- The reference intakes depend on sex and age; both optional.
ALTER TABLE nutrition_profiles ADD COLUMN sex TEXT;
ALTER TABLE nutrition_profiles ADD COLUMN birth_year INTEGER;

-- +goose Down
ALTER TABLE nutrition_profiles DROP COLUMN birth_year;
ALTER TABLE nutrition_profiles DROP COLUMN sex;
ALTER TABLE saved_meal_items DROP COLUMN sugars_g;
ALTER TABLE saved_meal_items DROP COLUMN fiber_g;
ALTER TABLE saved_meal_items DROP COLUMN folate_ug;
ALTER TABLE saved_meal_items DROP COLUMN vitamin_b12_ug;
ALTER TABLE saved_meal_items DROP COLUMN vitamin_d_ug;
ALTER TABLE saved_meal_items DROP COLUMN vitamin_c_mg;
ALTER TABLE saved_meal_items DROP COLUMN vitamin_a_ug;
ALTER TABLE saved_meal_items DROP COLUMN zinc_mg;
ALTER TABLE saved_meal_items DROP COLUMN iron_mg;
ALTER TABLE saved_meal_items DROP COLUMN calcium_mg;
ALTER TABLE saved_meal_items DROP COLUMN magnesium_mg;
ALTER TABLE saved_meal_items DROP COLUMN potassium_mg;
ALTER TABLE saved_meal_items DROP COLUMN sodium_mg;
ALTER TABLE food_entries DROP COLUMN sugars_g;
ALTER TABLE food_entries DROP COLUMN fiber_g;
ALTER TABLE food_entries DROP COLUMN folate_ug;
ALTER TABLE food_entries DROP COLUMN vitamin_b12_ug;
ALTER TABLE food_entries DROP COLUMN vitamin_d_ug;
ALTER TABLE food_entries DROP COLUMN vitamin_c_mg;
ALTER TABLE food_entries DROP COLUMN vitamin_a_ug;
ALTER TABLE food_entries DROP COLUMN zinc_mg;
ALTER TABLE food_entries DROP COLUMN iron_mg;
ALTER TABLE food_entries DROP COLUMN calcium_mg;
ALTER TABLE food_entries DROP COLUMN magnesium_mg;
ALTER TABLE food_entries DROP COLUMN potassium_mg;
ALTER TABLE food_entries DROP COLUMN sodium_mg;
ALTER TABLE foods DROP COLUMN folate_ug;
ALTER TABLE foods DROP COLUMN vitamin_b12_ug;
ALTER TABLE foods DROP COLUMN vitamin_d_ug;
ALTER TABLE foods DROP COLUMN vitamin_c_mg;
ALTER TABLE foods DROP COLUMN vitamin_a_ug;
ALTER TABLE foods DROP COLUMN zinc_mg;
ALTER TABLE foods DROP COLUMN iron_mg;
ALTER TABLE foods DROP COLUMN calcium_mg;
ALTER TABLE foods DROP COLUMN magnesium_mg;
ALTER TABLE foods DROP COLUMN potassium_mg;
