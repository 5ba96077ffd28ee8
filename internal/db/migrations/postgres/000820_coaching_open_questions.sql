-- +goose Up
-- Each asker's open questions (docs/coaching.md#ask-a-coach): counted against
-- the cap on open questions, and numbered per asker for the queue's rounds.
CREATE INDEX coach_questions_open_user ON coach_questions(user_id, created_at, id) WHERE answered_at IS NULL;

-- +goose Down
DROP INDEX coach_questions_open_user;
