package db_test

import (
	"testing"
	"time"
)

// TestBaselineRecordsMigration checks 000350 on both databases: a record
// whose effort is its key's first (a baseline) goes, a record that beats an
// earlier effort stays.
func TestBaselineRecordsMigration(t *testing.T) {
	onBothDatabases(t, 349, func(c migrationCase) {
		t1 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
		t2 := t1.AddDate(0, 0, 2)
		user := c.exec(`INSERT INTO users (username, username_key, email, password_hash, created_at) VALUES ('ana', 'ana', 'ana@example.com', 'x', ?) RETURNING id`, t1)
		logAt := func(at time.Time) int64 {
			return c.exec(`INSERT INTO workout_logs (user_id, workout_name, duration, rating, notes, exercises, completed_epoch, completed_at, created_at, updated_at)
				VALUES (?, 'Sim', 60, 3, '', '[]', ?, ?, ?, ?) RETURNING id`, user, at.Unix(), at, at, at)
		}
		first, second := logAt(t1), logAt(t2)
		effort := func(logID int64, key, kind, exercise, measure string, value float64, at time.Time) {
			c.exec(`INSERT INTO workout_log_efforts (log_id, user_id, record_key, kind, exercise, measure, value, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				logID, user, key, kind, exercise, measure, value, at)
		}
		effort(first, "time|run|1000 m", "time", "Run", "1000 m", 300, t1)
		effort(second, "time|run|1000 m", "time", "Run", "1000 m", 280, t2)
		effort(first, "load|sandbag lunges", "load", "Sandbag lunges", "", 20, t1)
		record := func(key, kind, exercise, measure string, value float64, logID int64, at time.Time) {
			c.exec(`INSERT INTO personal_records (user_id, record_key, kind, exercise, measure, value, log_id, achieved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				user, key, kind, exercise, measure, value, logID, at)
		}
		record("time|run|1000 m", "time", "Run", "1000 m", 280, second, t2)        // beats the earlier 300: a record
		record("load|sandbag lunges", "load", "Sandbag lunges", "", 20, first, t1) // the first load: a baseline
		c.migrateRest()
		rows, err := c.db.Query(c.ctx, `SELECT record_key FROM personal_records WHERE user_id = ? ORDER BY record_key`, user)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var keys []string
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				t.Fatal(err)
			}
			keys = append(keys, k)
		}
		if len(keys) != 1 || keys[0] != "time|run|1000 m" {
			t.Fatalf("records after 000350: %v, want only the run's", keys)
		}
	})
}
