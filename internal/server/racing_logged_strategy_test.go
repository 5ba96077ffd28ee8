package server_test

import (
	"strings"
	"testing"

	"hyrox/internal/server/servertest"
)

// A HYROX simulation logged as a workout with its rows' times is a simulation
// for the race strategy: the plan reads it when it is newer than the latest
// result. A newer one without every run's time is named, and the plan keeps
// to the effort it can read (docs/analytics.md#a-simulation-logged-as-a-workout).
func TestRacingStrategyPlansFromASimulationLoggedAsAWorkout(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		elite := e.NewUserWithTier("elite")
		other := e.NewUserWithTier("elite")
		race := racingBody("2026-01-19")
		race["kind"], race["eventName"], race["division"] = "race", "HYROX Stockholm", "open_women"
		var result struct{ ID int64 }
		elite.Do("POST", "/api/race-results", race).Want(201).JSON(&result)

		type strategy struct {
			Division        string   `json:"division"`
			BasedOnResultID *int64   `json:"basedOnResultId"`
			BasedOnLogID    *int64   `json:"basedOnLogId"`
			Method          string   `json:"method"`
			Notes           []string `json:"notes"`
			TotalSeconds    int      `json:"totalSeconds"`
			Parts           []struct {
				Name          string `json:"name"`
				LatestSeconds *int   `json:"latestSeconds"`
			} `json:"parts"`
		}
		plan := func(c *servertest.Client) strategy {
			t.Helper()
			var st strategy
			c.Do("POST", "/api/race-strategy", map[string]any{"goalSeconds": 5000}).Want(200).JSON(&st)
			return st
		}
		st := plan(elite)
		if st.BasedOnResultID == nil || *st.BasedOnResultID != result.ID || st.BasedOnLogID != nil {
			t.Fatalf("before any log: %+v", st)
		}

		// A simulation logged two days ago, every row timed, runs of 5:10.
		rows := []map[string]any{}
		stations := []string{"SkiErg", "Sled Push", "Sled Pull", "Burpee Broad Jumps", "Rowing", "Farmers Carry", "Sandbag Lunges", "Wall Balls"}
		for i, name := range stations {
			rows = append(rows, map[string]any{"exercise": "Run", "distanceM": 1000, "timeS": 310},
				map[string]any{"exercise": name, "timeS": []int{270, 190, 280, 300, 290, 140, 300, 380}[i]})
		}
		rows = append(rows, map[string]any{"exercise": "Roxzone", "timeS": 420})
		at := e.Clock.Now().AddDate(0, 0, -2)
		var logged struct{ ID int64 }
		elite.Do("POST", "/api/workout-logs", map[string]any{"workoutName": "Sunday simulation", "completedAt": at,
			"duration": 90, "rpe": 8, "exercises": rows}).Want(201).JSON(&logged)

		st = plan(elite)
		if st.BasedOnLogID == nil || *st.BasedOnLogID != logged.ID || st.BasedOnResultID != nil || st.Division != "open_women" {
			t.Fatalf("from the logged simulation: %+v", st)
		}
		if len(st.Notes) == 0 || !strings.HasPrefix(st.Notes[0], `Planned from your simulation logged as a workout, "Sunday simulation" on `) ||
			!strings.HasPrefix(st.Method, "Your latest simulation on ") {
			t.Fatalf("notes %q, method %q", st.Notes, st.Method)
		}
		if st.TotalSeconds != 5000 || st.Parts[0].Name != "Run 1" || st.Parts[0].LatestSeconds == nil || *st.Parts[0].LatestSeconds != 310 ||
			st.Parts[1].LatestSeconds == nil || *st.Parts[1].LatestSeconds != 270 {
			t.Fatalf("parts %+v", st.Parts)
		}
		// Another athlete's log is not theirs.
		if st := plan(other); st.BasedOnLogID != nil || st.BasedOnResultID != nil {
			t.Fatalf("other athlete: %+v", st)
		}

		// A newer one without its runs' times: named; the timed one is still read.
		elite.Do("POST", "/api/workout-logs", map[string]any{"workoutName": "Quick sim", "completedAt": at.AddDate(0, 0, 1),
			"duration": 80, "exercises": []map[string]any{{"exercise": "Run", "distanceM": 1000}, {"exercise": "SkiErg"}, {"exercise": "Sled Push"}}}).Want(201)
		st = plan(elite)
		if st.BasedOnLogID == nil || *st.BasedOnLogID != logged.ID || len(st.Notes) == 0 ||
			!strings.Contains(st.Notes[0], `("Quick sim") has no time for every run, so the plan reads your simulation on `) {
			t.Fatalf("with an untimed log after it: %+v", st)
		}

		// A result entered after the logs is the latest effort again.
		later := racingBody(e.Clock.Now().Format("2006-01-02"))
		later["division"] = "open_women"
		var newest struct{ ID int64 }
		elite.Do("POST", "/api/race-results", later).Want(201).JSON(&newest)
		if st := plan(elite); st.BasedOnResultID == nil || *st.BasedOnResultID != newest.ID || st.BasedOnLogID != nil ||
			strings.Contains(strings.Join(st.Notes, " "), "logged as a workout") {
			t.Fatalf("after a newer result: %+v", st)
		}
	})
}
