-- +goose Up
-- Coaches are not on the leaderboard (docs/coaching.md, docs/product.md): racing keeps its own copy
-- of the role, like the username, taken from the session at each write and
-- updated when an operator changes the role. Existing coaches are copied once.
ALTER TABLE racing_athletes ADD COLUMN coach BOOLEAN NOT NULL DEFAULT false;
UPDATE racing_athletes SET coach = true
    WHERE user_id IN (SELECT id FROM users WHERE role = 'coach');

-- +goose Down
ALTER TABLE racing_athletes DROP COLUMN coach;
