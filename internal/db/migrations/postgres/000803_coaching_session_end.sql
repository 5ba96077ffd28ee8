-- +goose Up
-- When a coaching ends, its booked sessions ahead are cancelled in the same
-- transaction (docs/coaching.md#when-the-coaching-ends). cancel_reason says
-- why ('elite_ended', 'coach_changed', 'coach_removed'; empty when a side
-- cancelled). cancel_notice_due_at marks a cancellation e-mail not sent
-- yet: each instance's session loop claims it (sets it NULL where it is not
-- NULL) before sending, so one instance sends it once.
ALTER TABLE coach_sessions ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE coach_sessions ADD COLUMN cancel_notice_due_at TIMESTAMPTZ;
CREATE INDEX coach_sessions_cancel_notice ON coach_sessions(cancel_notice_due_at) WHERE cancel_notice_due_at IS NOT NULL;

-- +goose Down
DROP INDEX coach_sessions_cancel_notice;
ALTER TABLE coach_sessions DROP COLUMN cancel_notice_due_at;
ALTER TABLE coach_sessions DROP COLUMN cancel_reason;
