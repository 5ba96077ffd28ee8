-- +goose Up
-- Units (docs/product.md#units): how the web app shows and takes loads and
-- distances; everything is stored metric.
ALTER TABLE users ADD COLUMN units TEXT NOT NULL DEFAULT 'metric';

-- +goose Down
ALTER TABLE users DROP COLUMN units;
