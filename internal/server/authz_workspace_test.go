package server_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

// asCoachOfNewAthlete makes the matrix's owner a coach (as `hyrox users
// set-role` does) with a fresh elite athlete who chose them, and returns the
// athlete. The owner's session reads the new role at once (the role change
// evicts cached sessions).
func asCoachOfNewAthlete(t *testing.T, e *servertest.Env, owner *servertest.Client) *servertest.Client {
	t.Helper()
	if _, err := server.SetRole(context.Background(), e.App.Config, e.App.DB, e.Clock.Now, owner.User.Username, "coach"); err != nil {
		t.Fatal(err)
	}
	athlete := e.NewUserWithTier("elite")
	athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": owner.User.ID}).Want(200)
	return athlete
}

func init() {
	// The coach's view of an athlete: the owner is the athlete's coach,
	// another user (an elite athlete) gets 403.
	view := func(rest string) func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
		return func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			athlete := asCoachOfNewAthlete(t, e, owner)
			return fmt.Sprintf("/api/coach/athletes/%d%s", athlete.User.ID, rest), nil
		}
	}
	viewWithLog := func(format string) func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
		return func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			athlete := asCoachOfNewAthlete(t, e, owner)
			id := logSession(t, athlete, e.Clock.Now().Add(-time.Hour), 30, 5)
			return fmt.Sprintf(format, athlete.User.ID, id), nil
		}
	}
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/coach/athletes", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			asCoachOfNewAthlete(t, e, owner)
			return "/api/coach/athletes", nil
		}},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}", Owned: true, Setup: view("")},
		authzCase{Method: "POST", Path: "/api/coach/athletes/{athleteId}/seen", Owned: true, Setup: view("/seen")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/calendar", Owned: true, Setup: view("/calendar?from=2026-03-02&to=2026-03-08")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/calendar/sessions/{id}", Owned: true, OwnerStatus: []int{404},
			// The athlete has no session 1: the athlete's own 404, through the view.
			Setup: view("/calendar/sessions/1")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/workout-logs", Owned: true, Setup: view("/workout-logs")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/workout-logs/{id}/detail", Owned: true,
			Setup: viewWithLog("/api/coach/athletes/%d/workout-logs/%d/detail")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/workout-stats", Owned: true, Setup: view("/workout-stats")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/personal-records", Owned: true, Setup: view("/personal-records")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/training-load", Owned: true, Setup: view("/training-load")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/programs", Owned: true, Setup: view("/programs")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/programs/{id}", Owned: true, OwnerStatus: []int{404},
			Setup: view("/programs/999999")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/race-results", Owned: true, Setup: view("/race-results")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/analytics", Owned: true, Setup: view("/analytics")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/nutrition", Owned: true, Setup: view("/nutrition")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/food-entries", Owned: true, Setup: view("/food-entries?date=2026-03-02")},
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/nutrition/history", Owned: true, Setup: view("/nutrition/history")},
		// A new athlete has no nutrition profile yet: the athlete's own 404.
		authzCase{Method: "GET", Path: "/api/coach/athletes/{athleteId}/nutrition/plan", Owned: true, OwnerStatus: []int{404},
			Setup: view("/nutrition/plan")},
		// The owner is the coach of the log's athlete.
		authzCase{Method: "POST", Path: "/api/workout-logs/{id}/comments", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				athlete := asCoachOfNewAthlete(t, e, owner)
				id := logSession(t, athlete, e.Clock.Now().Add(-time.Hour), 30, 5)
				return fmt.Sprintf("/api/workout-logs/%d/comments", id), map[string]string{"body": "Nice work."}
			}},
	)
}
