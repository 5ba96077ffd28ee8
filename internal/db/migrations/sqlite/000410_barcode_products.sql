-- +goose Up
-- Open Food Facts products found by barcode, kept so the next athlete gets
-- them without a call (docs/nutrition-foods.md#barcodes). Values per 100 g.
CREATE TABLE barcode_products (
    barcode      TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    brand        TEXT NOT NULL,
    serving_g    REAL NOT NULL,
    kcal         REAL NOT NULL,
    protein      REAL NOT NULL,
    carbs        REAL NOT NULL,
    fat          REAL NOT NULL,
    fiber        REAL NOT NULL,
    sugars       REAL NOT NULL,
    sodium_mg    REAL NOT NULL,
    fetched_at   TIMESTAMP NOT NULL
);

-- An athlete's correction of a product: theirs alone until a second athlete
-- sends the same values (docs/nutrition-foods.md#corrections).
CREATE TABLE barcode_corrections (
    barcode      TEXT NOT NULL REFERENCES barcode_products(barcode) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    brand        TEXT NOT NULL,
    serving_g    REAL NOT NULL,
    kcal         REAL NOT NULL,
    protein      REAL NOT NULL,
    carbs        REAL NOT NULL,
    fat          REAL NOT NULL,
    fiber        REAL NOT NULL,
    sugars       REAL NOT NULL,
    sodium_mg    REAL NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (barcode, user_id)
);
CREATE INDEX barcode_corrections_user ON barcode_corrections(user_id);

-- +goose Down
DROP TABLE barcode_corrections;
DROP TABLE barcode_products;
