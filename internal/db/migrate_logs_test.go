package db_test

import (
	"testing"
	"time"
)

// TestLogsMigrationKeepsRows checks 000303_logs on both databases: a log and
// the calendar session it marked done, written before the migration, are
// kept as they were (SQLite rebuilds workout_logs), a custom log without a
// workout can then be written, and SQLite's foreign keys are back on.
func TestLogsMigrationKeepsRows(t *testing.T) {
	onBothDatabases(t, 302, func(c migrationCase) {
		ctx, d := c.ctx, c.db
		at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		insert := c.exec
		userID := insert(`INSERT INTO users (username, username_key, email, password_hash, created_at) VALUES ('ana', 'ana', 'ana@example.com', 'x', ?) RETURNING id`, at)
		workoutID := insert(`INSERT INTO workouts (slug, position, name, description, target_time, exercises, pro_tip) VALUES ('w', 1, 'W', 'd', 30, '[]', 't') RETURNING id`)
		logID := insert(`INSERT INTO workout_logs (user_id, workout_id, workout_name, duration, rating, notes, exercises, completed_epoch, completed_at, created_at, updated_at)
				VALUES (?, ?, 'W', 42, 4, 'kept', '{"a":1}', ?, ?, ?, ?) RETURNING id`, userID, workoutID, at.Unix(), at, at, at)
		sessionID := insert(`INSERT INTO calendar_sessions (user_id, date, title, log_id, original_date, created_at, updated_at)
				VALUES (?, '2026-03-01', 'W', ?, '2026-03-01', ?, ?) RETURNING id`, userID, logID, at, at)
		c.migrateRest()
		var (
			gotID, gotWorkout int64
			duration, rating  int
			rpe, revision     int
			notes, ex         string
			linked            int64
		)
		if err := d.QueryRow(ctx, `SELECT id, workout_id, duration, rating, rpe, revision, notes, exercises FROM workout_logs WHERE user_id = ?`, userID).
			Scan(&gotID, &gotWorkout, &duration, &rating, &rpe, &revision, &notes, &ex); err != nil {
			t.Fatal(err)
		}
		if gotID != logID || gotWorkout != workoutID || duration != 42 || rating != 4 || rpe != 0 || revision != 0 || notes != "kept" || ex != `{"a":1}` {
			t.Fatalf("log changed: %d %d %d %d %d %d %q %q", gotID, gotWorkout, duration, rating, rpe, revision, notes, ex)
		}
		if err := d.QueryRow(ctx, `SELECT log_id FROM calendar_sessions WHERE id = ?`, sessionID).Scan(&linked); err != nil || linked != logID {
			t.Fatalf("calendar session lost its log: %d %v", linked, err)
		}
		if _, err := d.Exec(ctx, `INSERT INTO workout_logs (user_id, workout_id, workout_name, duration, rating, notes, exercises, completed_epoch, completed_at, created_at, updated_at)
				VALUES (?, NULL, 'Custom', 30, 3, '', '[]', ?, ?, ?, ?)`, userID, at.Unix(), at, at, at); err != nil {
			t.Fatalf("custom log: %v", err)
		}
		// Foreign keys are enforced again: deleting the log frees the session.
		if _, err := d.Exec(ctx, `DELETE FROM workout_logs WHERE id = ?`, logID); err != nil {
			t.Fatal(err)
		}
		var after *int64
		if err := d.QueryRow(ctx, `SELECT log_id FROM calendar_sessions WHERE id = ?`, sessionID).Scan(&after); err != nil || after != nil {
			t.Fatalf("ON DELETE SET NULL did not run: %v %v", after, err)
		}
	})
}
