package server_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/server/servertest"
)

// benchTrainingUser starts the app on SQLite, signs a user in with a plain
// HTTP client (no contract check in the loop) and gives them n logs.
func benchTrainingUser(b *testing.B, n int) (*http.Client, string, int64) {
	b.Helper()
	e := servertest.New(b)
	w := firstWorkout(b, e)
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar}
	res, err := hc.Post(e.Server.URL+"/api/register", "application/json",
		bytes.NewBufferString(`{"username":"bench_user","email":"bench@example.com","password":"secret123"}`))
	if err != nil || res.StatusCode != http.StatusCreated {
		b.Fatalf("register: %v %v", err, res)
	}
	var userID int64
	ctx := context.Background()
	if err := e.App.DB.QueryRow(ctx, `SELECT id FROM users WHERE username = 'bench_user'`).Scan(&userID); err != nil {
		b.Fatal(err)
	}
	start := e.Clock.Now()
	err = e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		for i := range n {
			at := start.Add(-time.Duration(i) * 97 * time.Minute)
			if _, err := tx.Exec(ctx, `INSERT INTO workout_logs (user_id, workout_id, workout_name, duration, rating, notes, exercises, completed_epoch, completed_at, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, '', '{}', ?, ?, ?, ?)`, userID, w.ID, w.Name, 20+i%60, 1+i%5, at.Unix(), at, at, at); err != nil {
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
	return hc, e.Server.URL, userID
}

func benchGet(b *testing.B, hc *http.Client, url string) {
	b.Helper()
	for b.Loop() {
		res, err := hc.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			b.Fatalf("status %d", res.StatusCode)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/op")
}

// BenchmarkTrainingHTTPLogsFirstPage: GET /api/workout-logs/{userId} with 10,000 logs, through the router.
func BenchmarkTrainingHTTPLogsFirstPage(b *testing.B) {
	hc, base, userID := benchTrainingUser(b, 10_000)
	benchGet(b, hc, fmt.Sprintf("%s/api/workout-logs/%d", base, userID))
}

// BenchmarkTrainingHTTPStats: GET /api/workout-stats/{userId} with 10,000 logs, through the router.
func BenchmarkTrainingHTTPStats(b *testing.B) {
	hc, base, userID := benchTrainingUser(b, 10_000)
	benchGet(b, hc, fmt.Sprintf("%s/api/workout-stats/%d?tzOffset=60", base, userID))
}
