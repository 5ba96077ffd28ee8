package training

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/httpx"
	"hyrox/internal/keyset"
)

// benchLogs fills one user with n logs (plus another user's noise) in one
// transaction and returns the service and the user.
func benchLogs(b *testing.B, n int) (*Service, int64) {
	b.Helper()
	d := dbtest.Open(b)
	svc, clock := setup(b, d)
	ctx := context.Background()
	user := dbtest.NewUser(b, d, "bench", "basic")
	other := dbtest.NewUser(b, d, "noise", "basic")
	ws, _ := svc.Workouts(ctx)
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for i := range n + n/10 {
			uid := user
			if i >= n {
				uid = other
			}
			at := clock.t.Add(-time.Duration(i) * 97 * time.Minute)
			if _, err := tx.Exec(ctx, `INSERT INTO workout_logs (user_id, workout_id, workout_name, duration, rating, notes, exercises, completed_epoch, completed_at, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, '{}', ?, ?, ?, ?)`, uid, ws[i%len(ws)].ID, ws[i%len(ws)].Name, 20+i%60, 1+i%5, "", at.Unix(), at, at, at); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `INSERT INTO workout_log_totals (user_id, workouts, minutes, rating_sum)
			SELECT user_id, COUNT(*), SUM(duration), SUM(rating) FROM workout_logs GROUP BY user_id`)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return svc, user
}

// BenchmarkTrainingLogsFirstPage: the first page of 20 with 10,000 logs for one user.
func BenchmarkTrainingLogsFirstPage(b *testing.B) {
	svc, user := benchLogs(b, 10_000)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		page, err := svc.Logs(ctx, user, "", LogsPageSize)
		if err != nil || len(page.Items) != LogsPageSize {
			b.Fatal(err, len(page.Items))
		}
	}
	reportMs(b)
}

// BenchmarkTrainingLogsDeepPage: a page far down the list (keyset, no OFFSET).
func BenchmarkTrainingLogsDeepPage(b *testing.B) {
	svc, user := benchLogs(b, 10_000)
	ctx := context.Background()
	cursor := keyset.Cursor{At: time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC), ID: 999999999}.String()
	b.ResetTimer()
	for b.Loop() {
		if _, err := svc.Logs(ctx, user, cursor, LogsPageSize); err != nil {
			b.Fatal(err)
		}
	}
	reportMs(b)
}

// BenchmarkTrainingStats: totals, minutes this week and streak over 10,000 logs.
func BenchmarkTrainingStats(b *testing.B) {
	svc, user := benchLogs(b, 10_000)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		st, err := svc.Stats(ctx, user, StatsInput{TZOffset: "60"})
		if err != nil || st.TotalWorkouts != 10_000 {
			b.Fatal(err, st)
		}
	}
	reportMs(b)
}

func reportMs(b *testing.B) {
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/op")
}

// FuzzTrainingLogInput feeds arbitrary bodies through the decoder and the
// validation of POST /api/workout-logs; it must never panic.
func FuzzTrainingLogInput(f *testing.F) {
	for _, s := range []string{
		`{"userId":1,"workoutId":1,"workoutName":"Full HYROX Simulation","duration":30,"rating":5,"notes":"","exercises":{}}`,
		`{"workoutId":"3","workoutName":"x","duration":301}`,
		`{"workoutId":1.5,"exercises":[1,2]}`,
		`{"completedAt":"2026-01-01T00:00:00Z","exercises":null}`,
		`[]`, `null`, `{"rating":"5"}`,
	} {
		f.Add([]byte(s))
	}
	svc := NewService(nil, func() time.Time { return time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC) })
	f.Fuzz(func(t *testing.T, body []byte) {
		var in LogInput
		if err := httpx.DecodeJSONBytes(bytesReader(body), &in); err != nil {
			return
		}
		_ = checkBodyUser(in, 1)
		l := Log{UserID: 1, Duration: DefaultDuration, Rating: DefaultRating, Exercises: json.RawMessage(`{}`),
			CompletedAt: svc.now(), CreatedAt: svc.now(), UpdatedAt: svc.now()}
		in.apply(&l)
		_, _ = svc.validate(&l)
	})
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
