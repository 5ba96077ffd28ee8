-- +goose Up
-- Roles (docs/coaching.md): every account is an athlete; an operator makes an
-- account a coach with `hyrox users set-role USERNAME coach|athlete`.
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'athlete';

-- +goose Down
ALTER TABLE users DROP COLUMN role;
