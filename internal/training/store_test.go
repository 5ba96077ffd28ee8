package training

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

type fixedClock struct{ t time.Time }

func (c *fixedClock) now() time.Time { return c.t }

func setup(t testing.TB, d *db.DB) (*Service, *fixedClock) {
	t.Helper()
	if err := SeedContent(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	clock := &fixedClock{t: time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)} // a Wednesday
	return NewService(NewStore(d), clock.now), clock
}

func ptr[T any](v T) *T { return &v }

func wantField(t *testing.T, err error, field, msg string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.CodeInvalid || e.Fields[field] != msg {
		t.Fatalf("want 400 %s=%q, got %v (%+v)", field, msg, err, e)
	}
}

func TestTrainingContentIsCompleteAndIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		if err := SeedContent(ctx, d); err != nil { // twice: nothing changes
			t.Fatal(err)
		}
		ws, err := svc.Workouts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(ws) < 12 || len(ws) != len(workoutContent) {
			t.Fatalf("%d workouts", len(ws))
		}
		for _, w := range ws {
			if len(w.Exercises) == 0 || w.TargetTime <= 0 || w.ProTip == "" || w.Description == "" {
				t.Errorf("workout %q incomplete", w.Name)
			}
		}
		plans, err := svc.Plans(ctx, "basic")
		if err != nil {
			t.Fatal(err)
		}
		perCat := map[string]int{}
		tiers := map[string]int{}
		for _, p := range plans {
			perCat[p.Category]++
			tiers[p.RequiredTier]++
			if p.Locked != (p.RequiredTier == "pro") {
				t.Errorf("plan %s locked=%v for basic", p.Name, p.Locked)
			}
			detail, err := svc.Plan(ctx, p.ID, "elite")
			if err != nil {
				t.Fatal(err)
			}
			if len(detail.Weeks) < 4 {
				t.Errorf("plan %s has %d weeks", p.Name, len(detail.Weeks))
			}
			for _, w := range detail.Weeks {
				if len(w.Sessions) == 0 || w.Focus == "" {
					t.Errorf("plan %s week %d empty", p.Name, w.Week)
				}
				for _, s := range w.Sessions {
					if s.WorkoutID == nil || s.WorkoutName == "" {
						t.Errorf("plan %s week %d day %d has no workout", p.Name, w.Week, s.Day)
					}
				}
			}
		}
		if len(plans) < 8 || tiers["basic"] == 0 || tiers["pro"] == 0 {
			t.Fatalf("plans %d tiers %v", len(plans), tiers)
		}
		for _, c := range Categories {
			if perCat[c] < 2 {
				t.Errorf("category %s has %d plans", c, perCat[c])
			}
		}
	})
}

func TestTrainingPlanDetailNeedsTier(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		plans, _ := svc.Plans(ctx, "basic")
		for _, p := range plans {
			_, err := svc.Plan(ctx, p.ID, "basic")
			var e *apperr.Error
			if p.RequiredTier == "pro" {
				if !errors.As(err, &e) || e.Code != apperr.CodeForbidden || e.Extra["requiredTier"] != "pro" {
					t.Errorf("basic user got pro plan %s: %v", p.Name, err)
				}
				if _, err := svc.Plan(ctx, p.ID, "pro"); err != nil {
					t.Errorf("pro user refused %s: %v", p.Name, err)
				}
			} else if err != nil {
				t.Errorf("basic plan %s: %v", p.Name, err)
			}
		}
		if _, err := svc.Plan(ctx, 999999, "elite"); !errors.As(err, new(*apperr.Error)) {
			t.Fatalf("missing plan: %v", err)
		}
	})
}

func TestTrainingLogRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		user := dbtest.NewUser(t, d, "ana", "basic")
		ws, _ := svc.Workouts(ctx)
		w := ws[0]
		good := func() LogInput {
			return LogInput{WorkoutID: ptr(FlexID(w.ID)), WorkoutName: ptr(w.Name)}
		}
		cases := []struct {
			name       string
			mod        func(*LogInput)
			field, msg string
		}{
			{"custom without a name", func(in *LogInput) { in.WorkoutID = nil; in.WorkoutName = nil }, "workoutName", "Workout name is required"},
			{"no name", func(in *LogInput) { in.WorkoutID = nil; in.WorkoutName = ptr("  ") }, "workoutName", "Workout name is required"},
			{"duration 0", func(in *LogInput) { in.Duration = ptr(0) }, "duration", "Duration must be at least 1 minute"},
			{"duration 301", func(in *LogInput) { in.Duration = ptr(301) }, "duration", "Duration cannot exceed 5 hours"},
			{"rating 0", func(in *LogInput) { in.Rating = ptr(0) }, "rating", "Rating must be at least 1"},
			{"rating 6", func(in *LogInput) { in.Rating = ptr(6) }, "rating", "Rating cannot exceed 5"},
			{"exercises not objects", func(in *LogInput) { in.Exercises = json.RawMessage(`[1]`) }, "exercises", "Each exercise needs a name and numbers of 0 or more"},
			{"exercises a number", func(in *LogInput) { in.Exercises = json.RawMessage(`5`) }, "exercises", "Exercises must be a list of exercises"},
			{"load -5", func(in *LogInput) { in.Exercises = json.RawMessage(`[{"exercise":"Sandbag lunges","loadKg":-5}]`) }, "exercises.0.loadKg", "Load cannot be negative"},
			{"no exercise name", func(in *LogInput) { in.Exercises = json.RawMessage(`[{"exercise":" ","timeS":60}]`) }, "exercises.0.exercise", "Exercise name is required"},
			{"negative time", func(in *LogInput) { in.Exercises = json.RawMessage(`[{"exercise":"SkiErg","timeS":-1}]`) }, "exercises.0.timeS", "Time cannot be negative"},
			{"rpe 11", func(in *LogInput) { in.RPE = ptr(11) }, "rpe", "RPE must be between 1 and 10"},
			{"rpe 0", func(in *LogInput) { in.RPE = ptr(0) }, "rpe", "RPE must be between 1 and 10"},
			{"next week", func(in *LogInput) { in.CompletedAt = ptr(time.Date(2026, 3, 11, 9, 0, 0, 0, time.UTC)) }, "completedAt", "A workout cannot be completed in the future"},
			{"two years ago", func(in *LogInput) { in.CompletedAt = ptr(time.Date(2024, 3, 1, 9, 0, 0, 0, time.UTC)) }, "completedAt", "A workout must be from the past year"},
			{"someone's planned session", func(in *LogInput) { in.PlannedSessionID = ptr(FlexID(424242)) }, "", ""},
			{"unknown workout", func(in *LogInput) { in.WorkoutID = ptr(FlexID(987654)) }, "workoutId", "That workout does not exist"},
		}
		for _, c := range cases {
			in := good()
			c.mod(&in)
			_, err := svc.CreateLog(ctx, user, in)
			if c.field == "" {
				if !isCode(err, apperr.CodeNotFound) {
					t.Fatalf("%s: want 404, got %v", c.name, err)
				}
				continue
			}
			wantField(t, err, c.field, c.msg)
		}
		if n, _ := svc.store.CountLogs(ctx, user); n != 0 {
			t.Fatalf("bad input saved %d logs", n)
		}
		// Defaults: duration 30, a neutral rating 3 ('Moderate'), no RPE, exercises {}.
		l, err := svc.CreateLog(ctx, user, good())
		if err != nil {
			t.Fatal(err)
		}
		if l.Duration != 30 || l.Rating != 3 || l.RPE != nil || string(l.Exercises) != "{}" || l.UserID != user || l.Edited {
			t.Fatalf("defaults: %+v", l)
		}
		// Another user's id in the body is a 403.
		in := good()
		in.UserID = ptr(FlexID(user + 1))
		if _, err := svc.CreateLog(ctx, user, in); !isCode(err, apperr.CodeForbidden) {
			t.Fatalf("other user id: %v", err)
		}
		// Edit and delete are own-only.
		other := dbtest.NewUser(t, d, "ben", "basic")
		if _, err := svc.UpdateLog(ctx, other, l.ID, LogInput{Rating: ptr(2)}); !isCode(err, apperr.CodeNotFound) {
			t.Fatalf("other edits: %v", err)
		}
		if err := svc.DeleteLog(ctx, other, l.ID); !isCode(err, apperr.CodeNotFound) {
			t.Fatalf("other deletes: %v", err)
		}
		up, err := svc.UpdateLog(ctx, user, l.ID, LogInput{Rating: ptr(2), Notes: ptr("tough"), Exercises: json.RawMessage(`{"wallBalls": 100}`)})
		if err != nil {
			t.Fatal(err)
		}
		if up.Rating != 2 || up.Notes != "tough" || up.Duration != 30 || string(up.Exercises) != `{"wallBalls":100}` {
			t.Fatalf("update: %+v", up)
		}
		if _, err := svc.UpdateLog(ctx, user, l.ID, LogInput{Duration: ptr(0)}); err == nil {
			t.Fatal("bad update accepted")
		}
		got, _ := svc.store.LogByID(ctx, l.ID, user)
		if got.Duration != 30 {
			t.Fatalf("bad update changed the row: %+v", got)
		}
		if err := svc.DeleteLog(ctx, user, l.ID); err != nil {
			t.Fatal(err)
		}
		if n, _ := svc.store.CountLogs(ctx, user); n != 0 {
			t.Fatalf("%d logs after delete", n)
		}
	})
}

func isCode(err error, code apperr.Code) bool {
	var e *apperr.Error
	return errors.As(err, &e) && e.Code == code
}

func TestTrainingLogsPaginateNewestFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clock := setup(t, d)
		user := dbtest.NewUser(t, d, "ana", "basic")
		ws, _ := svc.Workouts(ctx)
		base := clock.t
		// 25 logs; some share a completedAt so the id breaks the tie.
		for i := range 25 {
			at := base.Add(-time.Duration(i/2) * time.Hour)
			if _, err := svc.CreateLog(ctx, user, LogInput{WorkoutID: ptr(FlexID(ws[0].ID)), WorkoutName: ptr("W"), CompletedAt: &at}); err != nil {
				t.Fatal(err)
			}
		}
		var all []Log
		cursor := ""
		for range 10 {
			page, err := svc.Logs(ctx, user, cursor, 10)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, page.Items...)
			cursor = page.NextCursor
			if cursor == "" {
				break
			}
		}
		if len(all) != 25 {
			t.Fatalf("got %d logs", len(all))
		}
		for i := 1; i < len(all); i++ {
			a, b := all[i-1], all[i]
			if a.CompletedAt.Before(b.CompletedAt) || (a.CompletedAt.Equal(b.CompletedAt) && a.ID < b.ID) {
				t.Fatalf("order broken at %d: %v/%d then %v/%d", i, a.CompletedAt, a.ID, b.CompletedAt, b.ID)
			}
		}
		if _, err := svc.Logs(ctx, user, "garbage!", 10); !isCode(err, apperr.CodeInvalid) {
			t.Fatalf("bad cursor: %v", err)
		}
	})
}

func TestTrainingStatsUseLocalCalendar(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clock := setup(t, d)
		user := dbtest.NewUser(t, d, "ana", "basic")
		ws, _ := svc.Workouts(ctx)
		logAt := func(at time.Time, minutes, rating int) {
			t.Helper()
			if _, err := svc.CreateLog(ctx, user, LogInput{WorkoutID: ptr(FlexID(ws[0].ID)), WorkoutName: ptr("W"),
				Duration: &minutes, Rating: &rating, CompletedAt: &at}); err != nil {
				t.Fatal(err)
			}
		}
		empty, err := svc.Stats(ctx, user, StatsInput{})
		if err != nil {
			t.Fatal(err)
		}
		if empty.TotalWorkouts != 0 || empty.AvgRating != 0 || empty.CurrentStreakDays != 0 || empty.Today != "2026-03-04" || empty.WeekStart != "2026-03-02" {
			t.Fatalf("empty: %+v", empty)
		}
		// Clock: Wednesday 2026-03-04 12:00 UTC. Logs on Wed, Tue, Mon (this week),
		// Sun (last week, streak continues), and a gap before Friday.
		logAt(time.Date(2026, 3, 4, 8, 0, 0, 0, time.UTC), 40, 4)
		logAt(time.Date(2026, 3, 4, 9, 0, 0, 0, time.UTC), 20, 5)
		logAt(time.Date(2026, 3, 3, 8, 0, 0, 0, time.UTC), 60, 3)
		logAt(time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC), 30, 2)
		logAt(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC), 45, 5)
		logAt(time.Date(2026, 2, 27, 8, 0, 0, 0, time.UTC), 50, 1)
		st, err := svc.Stats(ctx, user, StatsInput{})
		if err != nil {
			t.Fatal(err)
		}
		want := Stats{TotalWorkouts: 6, TotalMinutes: 245, AvgRating: 20.0 / 6, MinutesThisWeek: 150, CurrentStreakDays: 4,
			Today: "2026-03-04", WeekStart: "2026-03-02"}
		if st.TotalWorkouts != want.TotalWorkouts || st.TotalMinutes != want.TotalMinutes || st.MinutesThisWeek != want.MinutesThisWeek ||
			st.CurrentStreakDays != want.CurrentStreakDays || st.Today != want.Today || st.WeekStart != want.WeekStart ||
			st.AvgRating < 3.33 || st.AvgRating > 3.34 {
			t.Fatalf("stats %+v, want %+v", st, want)
		}
		// Tomorrow with no log yet: the streak still counts up to yesterday.
		st, _ = svc.Stats(ctx, user, StatsInput{Today: "2026-03-05"})
		if st.CurrentStreakDays != 4 {
			t.Fatalf("tomorrow streak %d", st.CurrentStreakDays)
		}
		// Two days later the streak is broken.
		st, _ = svc.Stats(ctx, user, StatsInput{Today: "2026-03-06"})
		if st.CurrentStreakDays != 0 || st.MinutesThisWeek != 150 {
			t.Fatalf("after a gap: %+v", st)
		}
		// In UTC-10 (Honolulu) the Monday 08:00 UTC log is Sunday evening: it
		// leaves this week, and Sunday 08:00 UTC becomes Saturday.
		st, _ = svc.Stats(ctx, user, StatsInput{Today: "2026-03-04", TZOffset: "-600"})
		if st.MinutesThisWeek != 120 || st.CurrentStreakDays != 4 {
			t.Fatalf("UTC-10: %+v", st)
		}
		// In UTC+14 the clock's local date is already Thursday.
		clock.t = time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
		st, _ = svc.Stats(ctx, user, StatsInput{TZOffset: "840"})
		if st.Today != "2026-03-05" {
			t.Fatalf("UTC+14 today %s", st.Today)
		}
		_, err = svc.Stats(ctx, user, StatsInput{Today: "04/03/2026"})
		wantField(t, err, "today", `today must be a date as YYYY-MM-DD, not "04/03/2026"`)
		_, err = svc.Stats(ctx, user, StatsInput{TZOffset: "9999"})
		wantField(t, err, "tzOffset", "The time zone offset must be whole minutes between -840 and 840")
	})
}

func TestTrainingExportHoldsOnlyMyLogs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		ana, ben := dbtest.NewUser(t, d, "ana", "basic"), dbtest.NewUser(t, d, "ben", "basic")
		ws, _ := svc.Workouts(ctx)
		for _, u := range []int64{ana, ana, ben} {
			l, err := svc.CreateLog(ctx, u, LogInput{WorkoutID: ptr(FlexID(ws[1].ID)), WorkoutName: ptr(ws[1].Name)})
			if err != nil {
				t.Fatal(err)
			}
			// Every log is edited once: each has one previous version.
			if _, err := svc.UpdateLog(ctx, u, l.ID, LogInput{Notes: ptr("edited")}); err != nil {
				t.Fatal(err)
			}
		}
		out, err := svc.ExportUserData(ctx, ana)
		if err != nil {
			t.Fatal(err)
		}
		exp := out.(Export)
		if len(exp.WorkoutLogs) != 2 || exp.WorkoutLogs[0].UserID != ana {
			t.Fatalf("export %+v", exp)
		}
		if len(exp.LogRevisions) != 2 || exp.LogRevisions[0].Log.UserID != ana || exp.LogRevisions[1].Log.UserID != ana || exp.LogRevisions[0].Log.Notes != "" {
			t.Fatalf("export revisions %+v", exp.LogRevisions)
		}
		// Deleting the account removes the logs.
		if _, err := d.Exec(ctx, `DELETE FROM users WHERE id = ?`, ana); err != nil {
			t.Fatal(err)
		}
		if n, _ := svc.store.CountLogs(ctx, ana); n != 0 {
			t.Fatalf("%d logs left after account deletion", n)
		}
	})
}

func TestTrainingDemoSeedIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		users := map[string]int64{"demo_basic": dbtest.NewUser(t, d, "demo_basic", "basic"), "demo_pro": dbtest.NewUser(t, d, "demo_pro", "basic")}
		for range 2 {
			if err := Seed(ctx, d, users); err != nil {
				t.Fatal(err)
			}
		}
		n, _ := NewStore(d).CountLogs(ctx, users["demo_pro"])
		if n != 12 {
			t.Fatalf("demo_pro has %d logs", n)
		}
	})
}

func TestTrainingRunningTotalsMatchTheLogs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		user := dbtest.NewUser(t, d, "ana", "basic")
		ws, _ := svc.Workouts(ctx)
		var ids []int64
		for i := range 7 {
			l, err := svc.CreateLog(ctx, user, LogInput{WorkoutID: ptr(FlexID(ws[i].ID)), WorkoutName: ptr("W"), Duration: ptr(10 + i), Rating: ptr(1 + i%5)})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, l.ID)
		}
		if _, err := svc.UpdateLog(ctx, user, ids[0], LogInput{Duration: ptr(120), Rating: ptr(5)}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.UpdateLog(ctx, user, ids[1], LogInput{Notes: ptr("only notes")}); err != nil {
			t.Fatal(err)
		}
		for _, id := range ids[4:] {
			if err := svc.DeleteLog(ctx, user, id); err != nil {
				t.Fatal(err)
			}
		}
		st, err := svc.Stats(ctx, user, StatsInput{})
		if err != nil {
			t.Fatal(err)
		}
		var n, minutes int
		var avg float64
		if err := d.QueryRow(ctx, `SELECT COUNT(*), SUM(duration), CAST(AVG(rating) AS DOUBLE PRECISION) FROM workout_logs WHERE user_id = ?`, user).Scan(&n, &minutes, &avg); err != nil {
			t.Fatal(err)
		}
		if st.TotalWorkouts != n || st.TotalMinutes != minutes || st.AvgRating-avg > 1e-9 || avg-st.AvgRating > 1e-9 || n != 4 {
			t.Fatalf("totals %+v, logs say %d %d %v", st, n, minutes, avg)
		}
	})
}
