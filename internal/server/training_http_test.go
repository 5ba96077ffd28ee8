package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
	"hyrox/internal/training"
)

type tPlan struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Category     string `json:"category"`
	RequiredTier string `json:"requiredTier"`
	Locked       bool   `json:"locked"`
}

type tWorkout struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	TargetTime int    `json:"targetTime"`
	Exercises  []struct {
		Name string `json:"name"`
		Reps string `json:"reps"`
	} `json:"exercises"`
}

type tLog struct {
	ID          int64          `json:"id"`
	UserID      int64          `json:"userId"`
	WorkoutID   int64          `json:"workoutId"`
	WorkoutName string         `json:"workoutName"`
	Duration    int            `json:"duration"`
	Rating      int            `json:"rating"`
	Notes       string         `json:"notes"`
	Exercises   map[string]any `json:"exercises"`
	CompletedAt time.Time      `json:"completedAt"`
}

type tStats struct {
	TotalWorkouts     int     `json:"totalWorkouts"`
	TotalMinutes      int     `json:"totalMinutes"`
	AvgRating         float64 `json:"avgRating"`
	MinutesThisWeek   int     `json:"minutesThisWeek"`
	CurrentStreakDays int     `json:"currentStreakDays"`
}

// trainingContent seeds the plans and workouts (as `hyrox seed` does).
func trainingContent(t testing.TB, e *servertest.Env) {
	t.Helper()
	if err := training.SeedContent(context.Background(), e.App.DB); err != nil {
		t.Fatal(err)
	}
}

func firstWorkout(t testing.TB, e *servertest.Env) tWorkout {
	t.Helper()
	trainingContent(t, e)
	var ws []tWorkout
	e.Client().Do("GET", "/api/workouts", nil).Want(http.StatusOK).JSON(&ws)
	return ws[0]
}

func planByTier(t testing.TB, e *servertest.Env, tier string) tPlan {
	t.Helper()
	trainingContent(t, e)
	var plans []tPlan
	e.Client().Do("GET", "/api/training-plans", nil).Want(http.StatusOK).JSON(&plans)
	for _, p := range plans {
		if p.RequiredTier == tier {
			return p
		}
	}
	t.Fatalf("no %s plan", tier)
	return tPlan{}
}

func logCount(t testing.TB, e *servertest.Env) int {
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM workout_logs`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTrainingPlansAndWorkouts(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		trainingContent(t, e)
		// Public lists: a visitor sees pro plans locked, as a basic user does.
		var anon, basic, pro []tPlan
		e.Client().Do("GET", "/api/training-plans", nil).Want(http.StatusOK).JSON(&anon)
		b := e.NewUser()
		p := e.NewUserWithTier("pro")
		b.Do("GET", "/api/training-plans", nil).Want(http.StatusOK).JSON(&basic)
		p.Do("GET", "/api/training-plans", nil).Want(http.StatusOK).JSON(&pro)
		if len(anon) < 8 || len(basic) != len(anon) || len(pro) != len(anon) {
			t.Fatalf("plans %d/%d/%d", len(anon), len(basic), len(pro))
		}
		for i := range basic {
			if basic[i].Locked != (basic[i].RequiredTier == "pro") || anon[i].Locked != basic[i].Locked || pro[i].Locked {
				t.Errorf("plan %s: locked basic=%v anon=%v pro=%v", basic[i].Name, basic[i].Locked, anon[i].Locked, pro[i].Locked)
			}
		}
		proPlan, basicPlan := planByTier(t, e, "pro"), planByTier(t, e, "basic")

		// Detail: needs a session; a pro plan refuses basic users with requiredTier.
		e.Client().Do("GET", fmt.Sprintf("/api/training-plans/%d", basicPlan.ID), nil).Want(http.StatusUnauthorized)
		b.Do("GET", fmt.Sprintf("/api/training-plans/%d", basicPlan.ID), nil).Want(http.StatusOK)
		res := b.Do("GET", fmt.Sprintf("/api/training-plans/%d", proPlan.ID), nil).Want(http.StatusForbidden)
		if !res.Contains(`"requiredTier":"pro"`) || res.Message() != "This feature requires a Pro subscription or higher." {
			t.Fatalf("basic on pro plan: %s", res.Body)
		}
		var detail struct {
			Weeks []struct {
				Week     int `json:"week"`
				Sessions []struct {
					WorkoutID *int64 `json:"workoutId"`
				} `json:"sessions"`
			} `json:"weeks"`
		}
		p.Do("GET", fmt.Sprintf("/api/training-plans/%d", proPlan.ID), nil).Want(http.StatusOK).JSON(&detail)
		if len(detail.Weeks) == 0 || len(detail.Weeks[0].Sessions) == 0 || detail.Weeks[0].Sessions[0].WorkoutID == nil {
			t.Fatalf("detail %+v", detail)
		}
		b.Do("GET", "/api/training-plans/999999", nil).Want(http.StatusNotFound)
		b.Do("GET", "/api/training-plans/abc", nil).Want(http.StatusNotFound)

		var ws []tWorkout
		e.Client().Do("GET", "/api/workouts", nil).Want(http.StatusOK).JSON(&ws)
		if len(ws) < 12 || len(ws[0].Exercises) == 0 || ws[0].TargetTime == 0 {
			t.Fatalf("workouts %+v", ws)
		}
		e.Client().Do("GET", fmt.Sprintf("/api/workouts/%d", ws[0].ID), nil).Want(http.StatusUnauthorized)
		b.Do("GET", fmt.Sprintf("/api/workouts/%d", ws[0].ID), nil).Want(http.StatusOK)
		b.Do("GET", "/api/workouts/999999", nil).Want(http.StatusNotFound)
	})
}

func TestTrainingWorkoutLogLifecycle(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		w := firstWorkout(t, e)
		c := e.NewUser()
		other := e.NewUser()
		base := fmt.Sprintf("/api/workout-logs/%d", c.User.ID)
		statsPath := fmt.Sprintf("/api/workout-stats/%d", c.User.ID)

		var empty tStats
		c.Do("GET", statsPath, nil).Want(http.StatusOK).JSON(&empty)
		if empty.TotalWorkouts != 0 || empty.AvgRating != 0 {
			t.Fatalf("empty stats %+v", empty)
		}

		// The workout-log messages; nothing saved.
		bad := []struct {
			body  map[string]any
			field string
			msg   string
		}{
			// No workout is a custom workout, which needs its name.
			{map[string]any{"userId": c.User.ID, "workoutName": " "}, "workoutName", "Workout name is required"},
			{map[string]any{"userId": c.User.ID, "workoutId": "", "workoutName": ""}, "workoutName", "Workout name is required"},
			{map[string]any{"userId": c.User.ID, "workoutId": -3, "workoutName": w.Name}, "workoutId", "That workout does not exist"},
			{map[string]any{"userId": c.User.ID, "workoutId": w.ID, "workoutName": w.Name, "duration": 0}, "duration", "Duration must be at least 1 minute"},
			{map[string]any{"userId": c.User.ID, "workoutId": w.ID, "workoutName": w.Name, "duration": 301}, "duration", "Duration cannot exceed 5 hours"},
			{map[string]any{"userId": c.User.ID, "workoutId": w.ID, "workoutName": w.Name, "rating": 0}, "rating", "Rating must be at least 1"},
			{map[string]any{"userId": c.User.ID, "workoutId": w.ID, "workoutName": w.Name, "rating": 6}, "rating", "Rating cannot exceed 5"},
			{map[string]any{"userId": c.User.ID, "workoutId": 987654, "workoutName": w.Name}, "workoutId", "That workout does not exist"},
		}
		for _, b := range bad {
			res := c.Do("POST", "/api/workout-logs", b.body).Want(http.StatusBadRequest)
			if res.FieldError(b.field) != b.msg || res.Message() != b.msg {
				t.Errorf("%v: %s", b.body, res.Body)
			}
		}
		c.Do("POST", "/api/workout-logs", "{not json").Want(http.StatusBadRequest)
		// Another user's id in the body is a 403.
		c.Do("POST", "/api/workout-logs", map[string]any{"userId": other.User.ID, "workoutId": w.ID, "workoutName": w.Name}).Want(http.StatusForbidden)
		if n := logCount(t, e); n != 0 {
			t.Fatalf("bad input saved %d logs", n)
		}

		// Create with defaults; the select's string id is accepted.
		var first, second tLog
		c.Do("POST", "/api/workout-logs", map[string]any{"userId": c.User.ID, "workoutId": fmt.Sprint(w.ID), "workoutName": w.Name}).Want(http.StatusCreated).JSON(&first)
		if first.Duration != 30 || first.Rating != 3 || first.Exercises == nil || first.UserID != c.User.ID {
			t.Fatalf("defaults %+v", first)
		}
		e.Clock.Advance(time.Minute)
		c.Do("POST", "/api/workout-logs", map[string]any{"userId": c.User.ID, "workoutId": w.ID, "workoutName": w.Name,
			"duration": 75, "rating": 3, "notes": "Wall balls hurt", "exercises": map[string]any{"wallBalls": 100}}).Want(http.StatusCreated).JSON(&second)

		var page struct {
			Items      []tLog `json:"items"`
			NextCursor string `json:"nextCursor"`
		}
		c.Do("GET", base, nil).Want(http.StatusOK).JSON(&page)
		if len(page.Items) != 2 || page.Items[0].ID != second.ID || page.NextCursor != "" {
			t.Fatalf("list %+v", page)
		}
		c.Do("GET", base+"?limit=1", nil).Want(http.StatusOK).JSON(&page)
		if len(page.Items) != 1 || page.NextCursor == "" {
			t.Fatalf("page 1 %+v", page)
		}
		c.Do("GET", base+"?limit=1&cursor="+page.NextCursor, nil).Want(http.StatusOK).JSON(&page)
		if len(page.Items) != 1 || page.Items[0].ID != first.ID || page.NextCursor != "" {
			t.Fatalf("page 2 %+v", page)
		}
		c.Do("GET", base+"?cursor=nope", nil).Want(http.StatusBadRequest)
		c.Do("GET", base+"?limit=0", nil).Want(http.StatusBadRequest)

		var st tStats
		c.Do("GET", statsPath+"?today=2026-03-02&tzOffset=60", nil).Want(http.StatusOK).JSON(&st)
		if st.TotalWorkouts != 2 || st.TotalMinutes != 105 || st.AvgRating != 3 || st.MinutesThisWeek != 105 || st.CurrentStreakDays != 1 {
			t.Fatalf("stats %+v", st)
		}
		c.Do("GET", statsPath+"?today=yesterday", nil).Want(http.StatusBadRequest)

		// Edit: own only; others get 404 and change nothing.
		other.Do("PATCH", fmt.Sprintf("/api/workout-logs/%d", first.ID), map[string]any{"rating": 1}).Want(http.StatusNotFound)
		other.Do("DELETE", fmt.Sprintf("/api/workout-logs/%d", first.ID), nil).Want(http.StatusNotFound)
		var edited tLog
		c.Do("PATCH", fmt.Sprintf("/api/workout-logs/%d", first.ID), map[string]any{"rating": 1, "duration": 45, "notes": "edited"}).Want(http.StatusOK).JSON(&edited)
		if edited.Rating != 1 || edited.Duration != 45 || edited.Notes != "edited" || edited.WorkoutName != w.Name {
			t.Fatalf("edited %+v", edited)
		}
		res := c.Do("PATCH", fmt.Sprintf("/api/workout-logs/%d", first.ID), map[string]any{"duration": 500}).Want(http.StatusBadRequest)
		if res.FieldError("duration") != "Duration cannot exceed 5 hours" {
			t.Fatalf("bad patch %s", res.Body)
		}
		c.Do("PATCH", "/api/workout-logs/999999", map[string]any{"rating": 2}).Want(http.StatusNotFound)
		c.Do("GET", statsPath, nil).Want(http.StatusOK).JSON(&st)
		if st.TotalMinutes != 120 || st.AvgRating != 2 {
			t.Fatalf("stats after edit %+v", st)
		}

		// Another user's list and stats are 403.
		other.Do("GET", base, nil).Want(http.StatusForbidden)
		other.Do("GET", statsPath, nil).Want(http.StatusForbidden)

		c.Do("DELETE", fmt.Sprintf("/api/workout-logs/%d", first.ID), nil).Want(http.StatusNoContent)
		c.Do("DELETE", fmt.Sprintf("/api/workout-logs/%d", first.ID), nil).Want(http.StatusNotFound)
		c.Do("GET", statsPath, nil).Want(http.StatusOK).JSON(&st)
		if st.TotalWorkouts != 1 || st.TotalMinutes != 75 {
			t.Fatalf("stats after delete %+v", st)
		}
	})
}
