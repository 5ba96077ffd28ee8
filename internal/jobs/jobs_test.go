package jobs_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/jobs"
)

// Scheduled work on two instances of one database (a fleet): it runs again
// and again, never twice at once, and a failed run does not stop the next.
func TestScheduledOncePerFleet(t *testing.T) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			url := dbtest.SQLiteURL(t)
			if name == "postgres" {
				url = dbtest.PostgresURL(t)
			}
			ctx := context.Background()
			var runs, running, overlap atomic.Int32
			work := jobs.Scheduled{Name: "tick", Every: 100 * time.Millisecond, Run: func(ctx context.Context) error {
				if running.Add(1) > 1 {
					overlap.Add(1)
				}
				defer running.Add(-1)
				time.Sleep(30 * time.Millisecond)
				if runs.Add(1) == 2 {
					return errors.New("a failed run")
				}
				return nil
			}}
			for range 2 {
				d, err := db.Open(ctx, url)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { d.Close() })
				q, err := jobs.Start(ctx, d, []jobs.Scheduled{work}, jobs.Options{Poll: 50 * time.Millisecond}, nil)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() {
					stop, cancel := context.WithTimeout(ctx, 5*time.Second)
					defer cancel()
					_ = q.Stop(stop)
				})
			}
			deadline := time.Now().Add(10 * time.Second)
			for runs.Load() < 4 && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if n := runs.Load(); n < 4 {
				t.Fatalf("%d runs in 10 s", n)
			}
			if n := overlap.Load(); n != 0 {
				t.Fatalf("%d runs overlapped another", n)
			}
		})
	}
}
