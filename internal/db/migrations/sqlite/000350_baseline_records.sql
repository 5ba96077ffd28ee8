-- +goose Up
-- A first value is a baseline, not a personal record
-- (docs/training-logs.md#personal-records): a record stands only when an
-- earlier effort of its key exists (it is then strictly better than every
-- earlier one, ties going to the earlier). Records written before that rule
-- whose effort is the key's first are removed; the next write of the key
-- recomputes it as usual.
DELETE FROM personal_records WHERE NOT EXISTS (
    SELECT 1 FROM workout_log_efforts e
    WHERE e.user_id = personal_records.user_id AND e.record_key = personal_records.record_key
        AND (e.completed_at < personal_records.achieved_at
            OR (e.completed_at = personal_records.achieved_at AND e.log_id < personal_records.log_id)));

-- +goose Down
-- The removed baselines come back with the next write of their key under the old rule.
SELECT 1;
