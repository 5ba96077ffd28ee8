package training

import (
	"context"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// Nutrition's day targets read the sessions logged in a time range
// (docs/nutrition-foods.md#day-targets): the range is [from, to), the
// user's own logs only, an unrated log with RPE 0.
func TestLoggedSessionsInARange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d) // Wednesday 2026-03-04 12:00 UTC
		ana := dbtest.NewUser(t, d, "ana", "basic")
		bo := dbtest.NewUser(t, d, "bo", "basic")
		day := time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)
		for _, l := range []struct {
			user    int64
			at      time.Time
			minutes int
			rpe     *int
		}{
			{ana, day.Add(18 * time.Hour), 80, ptr(9)},
			{ana, day.Add(7 * time.Hour), 30, nil},
			{ana, day.Add(24 * time.Hour), 60, ptr(5)}, // the next day: outside
			{bo, day.Add(9 * time.Hour), 45, ptr(7)},   // another athlete
		} {
			at := l.at
			if _, err := svc.CreateLog(ctx, l.user, LogInput{WorkoutName: ptr("Sim"), Duration: &l.minutes, RPE: l.rpe, CompletedAt: &at}); err != nil {
				t.Fatal(err)
			}
		}
		got, err := svc.LoggedSessions(ctx, ana, day, day.AddDate(0, 0, 1))
		if err != nil || len(got) != 2 {
			t.Fatalf("%+v %v", got, err)
		}
		load := 0
		for _, s := range got {
			if s.At.Before(day) || !s.At.Before(day.AddDate(0, 0, 1)) {
				t.Errorf("outside the range: %+v", s)
			}
			load += s.Minutes * s.RPE
		}
		if load != 720 {
			t.Errorf("load %d, want 720 (80 x 9, the unrated log 0)", load)
		}
	})
}
