package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/server/servertest"
)

type tRecord struct {
	Key      string  `json:"key"`
	Kind     string  `json:"kind"`
	Exercise string  `json:"exercise"`
	Measure  string  `json:"measure"`
	Value    float64 `json:"value"`
	LogID    int64   `json:"logId"`
	Line     *int    `json:"line"`
}

type tDetailLog struct {
	ID               int64     `json:"id"`
	WorkoutID        *int64    `json:"workoutId"`
	WorkoutName      string    `json:"workoutName"`
	Duration         int       `json:"duration"`
	Rating           int       `json:"rating"`
	RPE              *int      `json:"rpe"`
	Exercises        []any     `json:"exercises"`
	CompletedAt      time.Time `json:"completedAt"`
	Revision         int       `json:"revision"`
	Edited           bool      `json:"edited"`
	PlannedSessionID *int64    `json:"plannedSessionId"`
	NewRecords       []tRecord `json:"newRecords"`
	History          []struct {
		Revision int        `json:"revision"`
		Log      tDetailLog `json:"log"`
	} `json:"history"`
	Records []tRecord `json:"records"`
}

// calendarSession writes a planned session for userID straight into the
// calendar (the calendar's own API belongs to the programs branch).
func calendarSession(t *testing.T, e *servertest.Env, userID int64, date, kind string, minutes int, exercises string) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	now := e.Clock.Now()
	err := e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO calendar_sessions (user_id, date, kind, title, minutes, rpe, exercises, original_date, created_at, updated_at)
			VALUES (?, ?, ?, 'Threshold runs', ?, 7, ?, ?, ?, ?) RETURNING id`, userID, date, kind, minutes, exercises, date, now, now).Scan(&id)
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func sessionLogID(t *testing.T, e *servertest.Env, id int64) *int64 {
	t.Helper()
	var logID *int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT log_id FROM calendar_sessions WHERE id = ?`, id).Scan(&logID); err != nil {
		t.Fatal(err)
	}
	return logID
}

func TestDetailedLogsRecordsAndHistory(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		past := e.Clock.Now().AddDate(0, 0, -3)
		body := map[string]any{"workoutName": "Engine builder", "completedAt": past, "duration": 45, "rpe": 7, "rating": 3,
			"exercises": []map[string]any{
				{"exercise": "SkiErg", "distanceM": 1000, "timeS": 230},
				{"exercise": "Sandbag lunges", "sets": 4, "reps": 20, "loadKg": 20},
			}}
		var first tDetailLog
		c.Do("POST", "/api/workout-logs", body).Want(http.StatusCreated).JSON(&first)
		if first.WorkoutID != nil || first.RPE == nil || *first.RPE != 7 || len(first.Exercises) != 2 || first.Edited || !first.CompletedAt.Equal(past) {
			t.Fatalf("custom log: %+v", first)
		}
		if len(first.NewRecords) != 0 {
			t.Fatalf("a first log is a baseline, no records: %+v", first.NewRecords)
		}

		// A slower SkiErg is no record; a heavier lunge is.
		body["completedAt"] = past.Add(24 * time.Hour)
		body["exercises"] = []map[string]any{{"exercise": "skierg", "distanceM": 1000, "timeS": 250}, {"exercise": "Sandbag Lunges", "loadKg": 30}}
		var second tDetailLog
		c.Do("POST", "/api/workout-logs", body).Want(http.StatusCreated).JSON(&second)
		if len(second.NewRecords) != 1 || second.NewRecords[0].Kind != "load" || second.NewRecords[0].Value != 30 {
			t.Fatalf("second log records: %+v", second.NewRecords)
		}
		var recs []tRecord
		c.Do("GET", "/api/personal-records", nil).Want(http.StatusOK).JSON(&recs)
		if len(recs) != 1 || recs[0].Kind != "load" || recs[0].Value != 30 || recs[0].LogID != second.ID {
			t.Fatalf("records: %+v", recs)
		}

		// Editing the first log's SkiErg to a slow time makes the later 250 s
		// a record (it now beats an earlier time); the edit keeps the previous
		// version.
		var edited tDetailLog
		c.Do("PATCH", fmt.Sprintf("/api/workout-logs/%d", first.ID), map[string]any{"exercises": []map[string]any{{"exercise": "SkiErg", "distanceM": 1000, "timeS": 260}}}).
			Want(http.StatusOK).JSON(&edited)
		if !edited.Edited || edited.Revision != 1 {
			t.Fatalf("edit: %+v", edited)
		}
		var detail tDetailLog
		c.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", first.ID), nil).Want(http.StatusOK).JSON(&detail)
		if len(detail.History) != 1 || detail.History[0].Revision != 0 || len(detail.History[0].Log.Exercises) != 2 || len(detail.Records) != 0 {
			t.Fatalf("detail after edit: %+v", detail)
		}
		c.Do("GET", "/api/personal-records", nil).Want(http.StatusOK).JSON(&recs)
		// (The edit dropped the first log's lunges: the 30 kg is now the first
		// load, a baseline.)
		if len(recs) != 1 || recs[0].Kind != "time" || recs[0].Value != 250 || recs[0].LogID != second.ID {
			t.Fatalf("records after edit: %+v", recs)
		}
		// Deleting the other log leaves one value per key: baselines, no records.
		c.Do("DELETE", fmt.Sprintf("/api/workout-logs/%d", second.ID), nil).Want(http.StatusNoContent)
		c.Do("GET", "/api/personal-records", nil).Want(http.StatusOK).JSON(&recs)
		if len(recs) != 0 {
			t.Fatalf("records after delete: %+v", recs)
		}
		var stats tStats
		c.Do("GET", fmt.Sprintf("/api/workout-stats/%d", c.User.ID), nil).Want(http.StatusOK).JSON(&stats)
		if stats.TotalWorkouts != 1 || stats.TotalMinutes != 45 {
			t.Fatalf("totals after create/edit/delete: %+v", stats)
		}

		// Bad input changes nothing.
		before := logCount(t, e)
		for _, bad := range []struct {
			body  map[string]any
			field string
			msg   string
		}{
			{map[string]any{"workoutName": "X", "completedAt": e.Clock.Now().AddDate(0, 0, 7)}, "completedAt", "A workout cannot be completed in the future"},
			{map[string]any{"workoutName": "X", "rpe": 11}, "rpe", "RPE must be between 1 and 10"},
			{map[string]any{"workoutName": "X", "exercises": []map[string]any{{"exercise": "Sled push", "loadKg": -5}}}, "exercises.0.loadKg", "Load cannot be negative"},
			{map[string]any{"workoutName": ""}, "workoutName", "Workout name is required"},
		} {
			res := c.Do("POST", "/api/workout-logs", bad.body).Want(http.StatusBadRequest)
			if got := res.FieldError(bad.field); got != bad.msg {
				t.Errorf("%v: %s = %q, want %q", bad.body, bad.field, got, bad.msg)
			}
		}
		c.Do("PATCH", fmt.Sprintf("/api/workout-logs/%d", first.ID), map[string]any{"rpe": 11}).Want(http.StatusBadRequest)
		if logCount(t, e) != before {
			t.Fatal("bad input saved a log")
		}

		// Another athlete sees nothing of it; a visitor must sign in.
		other := e.NewUser()
		other.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", first.ID), nil).Want(http.StatusNotFound)
		other.Do("PATCH", fmt.Sprintf("/api/workout-logs/%d", first.ID), map[string]any{"rpe": 2}).Want(http.StatusNotFound)
		var otherRecs []tRecord
		other.Do("GET", "/api/personal-records", nil).Want(http.StatusOK).JSON(&otherRecs)
		if len(otherRecs) != 0 {
			t.Fatalf("another athlete sees records: %+v", otherRecs)
		}
		e.Client().Do("GET", "/api/personal-records", nil).Want(http.StatusUnauthorized)
		e.Client().Do("GET", "/api/training-load", nil).Want(http.StatusUnauthorized)
		e.Client().Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", first.ID), nil).Want(http.StatusUnauthorized)
	})
}

func TestLogFromPlannedSession(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		today := e.Clock.Now().Format(time.DateOnly)
		sid := calendarSession(t, e, c.User.ID, today, "training", 50, `[{"exercise":"Run","sets":5,"distanceM":1000,"timeS":240}]`)

		// Someone else's planned session is a 404 and changes nothing.
		other := e.NewUser()
		other.Do("POST", "/api/workout-logs", map[string]any{"plannedSessionId": sid, "rpe": 6}).Want(http.StatusNotFound)
		if sessionLogID(t, e, sid) != nil {
			t.Fatal("another athlete marked the session done")
		}

		var l tDetailLog
		c.Do("POST", "/api/workout-logs", map[string]any{"plannedSessionId": sid, "rpe": 8}).Want(http.StatusCreated).JSON(&l)
		if l.WorkoutName != "Threshold runs" || l.Duration != 50 || len(l.Exercises) != 1 || l.PlannedSessionID == nil || *l.PlannedSessionID != sid {
			t.Fatalf("pre-filled log: %+v", l)
		}
		if got := sessionLogID(t, e, sid); got == nil || *got != l.ID {
			t.Fatalf("session not marked done: %v", got)
		}
		res := c.Do("POST", "/api/workout-logs", map[string]any{"plannedSessionId": sid}).Want(http.StatusBadRequest)
		if res.FieldError("plannedSessionId") != "That session is already logged" {
			t.Fatalf("second log of a done session: %s", res.Body)
		}

		// Compliance: 1 of 2 due sessions done in the last 4 weeks; a rest day
		// does not count.
		calendarSession(t, e, c.User.ID, e.Clock.Now().AddDate(0, 0, -2).Format(time.DateOnly), "training", 30, "[]")
		calendarSession(t, e, c.User.ID, e.Clock.Now().AddDate(0, 0, -1).Format(time.DateOnly), "rest", 0, "[]")
		var tl struct {
			Compliance      float64 `json:"compliance"`
			PlannedSessions int     `json:"plannedSessions"`
			DoneSessions    int     `json:"doneSessions"`
			Acute7          float64 `json:"acute7"`
			Weeks           []struct {
				Load       int      `json:"load"`
				Compliance *float64 `json:"compliance"`
			} `json:"weeks"`
		}
		c.Do("GET", "/api/training-load", nil).Want(http.StatusOK).JSON(&tl)
		if tl.PlannedSessions != 2 || tl.DoneSessions != 1 || tl.Compliance != 0.5 || tl.Acute7 != 400 || len(tl.Weeks) != 12 || tl.Weeks[11].Load != 400 {
			t.Fatalf("load: %+v", tl)
		}

		// A log's planned session cannot be changed afterwards.
		res = c.Do("PATCH", fmt.Sprintf("/api/workout-logs/%d", l.ID), map[string]any{"plannedSessionId": sid + 1}).Want(http.StatusBadRequest)
		if res.FieldError("plannedSessionId") != "A log's planned session cannot be changed" {
			t.Fatalf("patch planned: %s", res.Body)
		}
		// Deleting the log puts the session back to planned.
		c.Do("DELETE", fmt.Sprintf("/api/workout-logs/%d", l.ID), nil).Want(http.StatusNoContent)
		if sessionLogID(t, e, sid) != nil {
			t.Fatal("deleted log still marks the session done")
		}
		c.Do("GET", "/api/training-load?tzOffset=9999", nil).Want(http.StatusBadRequest)
	})
}

func TestHomeShowsToday(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		today := e.Clock.Now().Format(time.DateOnly) // a Monday
		sid := calendarSession(t, e, c.User.ID, today, "training", 40, "[]")
		calendarSession(t, e, c.User.ID, e.Clock.Now().AddDate(0, 0, 2).Format(time.DateOnly), "rest", 0, "[]")
		other := e.NewUser()
		calendarSession(t, e, other.User.ID, today, "training", 60, "[]")
		var h struct {
			Today    string `json:"today"`
			Sessions []struct {
				ID   int64 `json:"id"`
				Done bool  `json:"done"`
			} `json:"todaySessions"`
			Week []struct {
				Date     string `json:"date"`
				Sessions []struct {
					Kind string `json:"kind"`
				} `json:"sessions"`
			} `json:"week"`
			LatestLog *struct {
				ID int64 `json:"id"`
			} `json:"latestLog"`
		}
		c.Do("GET", "/api/home", nil).Want(http.StatusOK).JSON(&h)
		if h.Today != today || len(h.Sessions) != 1 || h.Sessions[0].ID != sid || h.Sessions[0].Done || len(h.Week) != 7 ||
			len(h.Week[2].Sessions) != 1 || h.Week[2].Sessions[0].Kind != "rest" || h.LatestLog != nil {
			t.Fatalf("home: %+v", h)
		}
		var l tDetailLog
		c.Do("POST", "/api/workout-logs", map[string]any{"plannedSessionId": sid, "rpe": 5}).Want(http.StatusCreated).JSON(&l)
		c.Do("GET", "/api/home", nil).Want(http.StatusOK).JSON(&h)
		if !h.Sessions[0].Done || h.LatestLog == nil || h.LatestLog.ID != l.ID {
			t.Fatalf("home after logging: %+v", h)
		}
		e.Client().Do("GET", "/api/home", nil).Want(http.StatusUnauthorized)
	})
}
