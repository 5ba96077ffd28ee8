package training

import (
	"context"
	"strings"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func TestLoadSummary(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clock := setup(t, d) // Wednesday 2026-03-04 12:00 UTC
		user := dbtest.NewUser(t, d, "ana", "basic")
		empty, err := svc.LoadSummary(ctx, user)
		if err != nil || empty.HasLoad || empty.Ratio != 0 || empty.Compliance != 0 {
			t.Fatalf("empty: %+v %v", empty, err)
		}
		logAt := func(daysAgo, minutes int, rpe *int) int64 {
			t.Helper()
			at := clock.t.AddDate(0, 0, -daysAgo)
			l, err := svc.CreateLog(ctx, user, LogInput{WorkoutName: ptr("Run"), Duration: &minutes, RPE: rpe, CompletedAt: &at})
			if err != nil {
				t.Fatal(err)
			}
			return l.ID
		}
		logAt(20, 60, ptr(5))        // chronic only: 300
		done := logAt(1, 60, ptr(8)) // 480
		logAt(0, 60, ptr(8))         // 480
		logAt(2, 45, nil)            // no RPE: minutes, no load
		logAt(40, 90, ptr(9))        // outside 28 days
		// Two due sessions (one done by a log), a rest day and one tomorrow.
		session := func(date, kind string, logID any) {
			t.Helper()
			if _, err := d.Exec(ctx, `INSERT INTO calendar_sessions (user_id, date, kind, title, log_id, original_date, created_at, updated_at)
				VALUES (?, ?, ?, 'S', ?, ?, ?, ?)`, user, date, kind, logID, date, clock.t, clock.t); err != nil {
				t.Fatal(err)
			}
		}
		session("2026-03-03", "training", done)
		session("2026-02-20", "training", nil)
		session("2026-03-01", "rest", nil)
		session("2026-03-05", "training", nil)
		session("2026-01-01", "training", nil) // before the 28 days
		got, err := svc.LoadSummary(ctx, user)
		if err != nil {
			t.Fatal(err)
		}
		want := LoadSummary{Acute7: 960, Chronic28: 315, Ratio: 960.0 / 315, Compliance: 0.5, PlannedSessions: 2, DoneSessions: 1, LoggedSessions: 4, HasLoad: true,
			HasBase: true, Status: LoadHigh, Message: got.Message}
		if got != want || !strings.Contains(got.Message, "3.05 x your weekly average") || !strings.Contains(got.Message, "injury risk") {
			t.Fatalf("summary\n got %+v\nwant %+v", got, want)
		}
		tl, err := svc.TrainingLoad(ctx, user, StatsInput{})
		if err != nil {
			t.Fatal(err)
		}
		if !tl.Warning || tl.UnratedSessions != 1 || len(tl.Weeks) != LoadWeeks || tl.Weeks[LoadWeeks-1].WeekStart != "2026-03-02" {
			t.Fatalf("training load: %+v", tl)
		}
		// This week (Mon 2 - Wed 4): logs of Mar 2 (45 min, no RPE), 3 and 4.
		if w := tl.Weeks[LoadWeeks-1]; w.Minutes != 165 || w.Load != 960 || w.Sessions != 3 || w.Planned != 1 || w.Done != 1 || w.Compliance == nil || *w.Compliance != 1 {
			t.Fatalf("this week: %+v", w)
		}
		// A first week has no base: the ratio is 4 but no warning.
		newbie := dbtest.NewUser(t, d, "ben", "basic")
		at := clock.t
		if _, err := svc.CreateLog(ctx, newbie, LogInput{WorkoutName: ptr("Run"), Duration: ptr(60), RPE: ptr(6), CompletedAt: &at}); err != nil {
			t.Fatal(err)
		}
		first, err := svc.TrainingLoad(ctx, newbie, StatsInput{})
		if err != nil || first.Ratio != 4 || first.HasBase || first.Warning || !first.HasLoad {
			t.Fatalf("first week: %+v %v", first.LoadSummary, err)
		}
		if !tl.HasBase {
			t.Fatal("a log 20 days ago is a base")
		}
		// Deleting a log takes its load off at once.
		if err := svc.DeleteLog(ctx, user, done); err != nil {
			t.Fatal(err)
		}
		after, _ := svc.LoadSummary(ctx, user)
		if after.Acute7 != 480 || after.DoneSessions != 0 || after.Compliance != 0 {
			t.Fatalf("after delete: %+v", after)
		}
	})
}

// The one rule for the acute:chronic ratio: nothing to say without load or
// without a base 8-28 days ago (a first week is always 4.00), then three bands.
func TestJudgeLoad(t *testing.T) {
	for _, c := range []struct {
		acute, base int
		status      string
		words       string
	}{
		{0, 0, LoadNone, "No workouts with an RPE"},
		{900, 0, LoadBuilding, "needs load logged 8 to 28 days ago"},
		{1000, 300, LoadHigh, "3.08 x"},                // 1000 / (1300 / 4)
		{400, 1200, LoadSteady, "1.00 x"},              // 400 / 400
		{200, 1800, LoadLow, "0.40 x"},                 // 200 / 500
		{1100, 2430, LoadSteady, "(1100 against 883,"}, // 3530 / 4 = 882.5: the page rounds it to 883 too
	} {
		ratio, hasBase, status, msg := JudgeLoad(c.acute, c.base)
		if status != c.status || hasBase != (c.base > 0) || !strings.Contains(msg, c.words) {
			t.Errorf("JudgeLoad(%d, %d) = %.2f %v %s %q", c.acute, c.base, ratio, hasBase, status, msg)
		}
		if status == LoadBuilding && strings.Contains(msg, "4.00") {
			t.Errorf("a first week is judged: %q", msg)
		}
	}
}
