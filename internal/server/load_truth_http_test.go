package server_test

import (
	"strings"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

type tLoadWords struct {
	Ratio   float64 `json:"ratio"`
	HasBase bool    `json:"hasBase"`
	Status  string  `json:"status"`
	Message string  `json:"message"`
	Warning bool    `json:"warning"`
}

// loadMessages reads the load's words from the three pages that show them:
// the home, the logs page (GET /api/training-load) and the analytics' readiness.
func loadMessages(t *testing.T, c *servertest.Client) (home, logs tLoadWords, analytics string, available bool) {
	t.Helper()
	var h struct {
		Load tLoadWords `json:"load"`
	}
	c.Do("GET", "/api/home?today=2026-03-02&tzOffset=0", nil).Want(200).JSON(&h)
	c.Do("GET", "/api/training-load?today=2026-03-02&tzOffset=0", nil).Want(200).JSON(&logs)
	var a struct {
		Readiness struct {
			Parts []struct {
				Key       string `json:"key"`
				Detail    string `json:"detail"`
				Available bool   `json:"available"`
			} `json:"parts"`
		} `json:"readiness"`
	}
	c.Do("GET", "/api/analytics", nil).Want(200).JSON(&a)
	for _, p := range a.Readiness.Parts {
		if p.Key == "trainingLoad" {
			analytics, available = p.Detail, p.Available
		}
	}
	return h.Load, logs, analytics, available
}

// One rule and one message for the 7-day vs 28-day load: the home, the logs
// page and the analytics say the same thing on the same data
// (docs/training-logs.md#load-and-compliance).
func TestLoadRatioIsOneMessageEverywhere(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		pro := e.NewUserWithTier("pro")
		pro.Do("POST", "/api/race-results", racingBody("2026-03-02")).Want(201)
		now := e.Clock.Now()
		logAt := func(at time.Time, minutes, rpe int) {
			pro.Do("POST", "/api/workout-logs", map[string]any{"workoutName": "Engine", "completedAt": at, "duration": minutes, "rpe": rpe, "rating": 3}).Want(201)
		}
		// A first week of training: the ratio is 4.00 on any data, which says nothing.
		logAt(now.Add(-24*time.Hour), 60, 7)
		logAt(now.Add(-48*time.Hour), 45, 6)
		home, logs, analytics, available := loadMessages(t, pro)
		if home.Status != "building" || logs.Status != "building" || home.HasBase || home.Warning {
			t.Fatalf("first week: home %+v, logs %+v", home, logs)
		}
		if home.Message == "" || home.Message != logs.Message || analytics != home.Message || available {
			t.Fatalf("first week, three messages:\nhome: %q\nlogs: %q\nanalytics: %q (available %v)", home.Message, logs.Message, analytics, available)
		}
		if strings.Contains(analytics, "4.00") || strings.Contains(analytics, "injury") {
			t.Fatalf("analytics judges a first week: %q", analytics)
		}

		// With a base 8-28 days ago, a big week is a spike, said the same way.
		logAt(now.AddDate(0, 0, -12), 30, 5)
		home, logs, analytics, available = loadMessages(t, pro)
		if home.Status != "high" || !home.Warning || !logs.Warning || !available {
			t.Fatalf("spike: home %+v, logs %+v, analytics %q", home, logs, analytics)
		}
		if home.Message != logs.Message || analytics != home.Message || !strings.Contains(home.Message, "3.29") {
			t.Fatalf("spike, three messages:\nhome: %q\nlogs: %q\nanalytics: %q", home.Message, logs.Message, analytics)
		}
	})
}
