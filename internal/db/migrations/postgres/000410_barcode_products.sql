-- +goose Up
-- Open Food Facts products found by barcode, kept so the next athlete gets
-- them without a call (docs/nutrition-foods.md#barcodes). Values per 100 g.
CREATE TABLE barcode_products (
    barcode      TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    brand        TEXT NOT NULL,
    serving_g    DOUBLE PRECISION NOT NULL,
    kcal         DOUBLE PRECISION NOT NULL,
    protein      DOUBLE PRECISION NOT NULL,
    carbs        DOUBLE PRECISION NOT NULL,
    fat          DOUBLE PRECISION NOT NULL,
    fiber        DOUBLE PRECISION NOT NULL,
    sugars       DOUBLE PRECISION NOT NULL,
    sodium_mg    DOUBLE PRECISION NOT NULL,
    fetched_at   TIMESTAMPTZ NOT NULL
);

-- An athlete's correction of a product: theirs alone until a second athlete
-- sends the same values (docs/nutrition-foods.md#corrections).
CREATE TABLE barcode_corrections (
    barcode      TEXT NOT NULL REFERENCES barcode_products(barcode) ON DELETE CASCADE,
    user_id      BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    brand        TEXT NOT NULL,
    serving_g    DOUBLE PRECISION NOT NULL,
    kcal         DOUBLE PRECISION NOT NULL,
    protein      DOUBLE PRECISION NOT NULL,
    carbs        DOUBLE PRECISION NOT NULL,
    fat          DOUBLE PRECISION NOT NULL,
    fiber        DOUBLE PRECISION NOT NULL,
    sugars       DOUBLE PRECISION NOT NULL,
    sodium_mg    DOUBLE PRECISION NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (barcode, user_id)
);
CREATE INDEX barcode_corrections_user ON barcode_corrections(user_id);

-- +goose Down
DROP TABLE barcode_corrections;
DROP TABLE barcode_products;
