package server_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// programBody is a valid 2-week custom program.
func programBody() map[string]any {
	week := map[string]any{"focus": "Build", "sessions": []any{
		map[string]any{"day": 1, "title": "Sleds", "minutes": 45, "rpe": 7,
			"exercises": []any{map[string]any{"exercise": "Sled Push", "sets": 4, "distanceM": 25, "loadKg": 150}}},
		map[string]any{"day": 6, "title": "Long run", "minutes": 60, "rpe": 4},
	}}
	return map[string]any{"name": "My block", "status": "draft", "weeks": []any{week, week}}
}

// ownProgram creates a custom program as owner (elite) and returns its path.
func ownProgram(t *testing.T, e *servertest.Env, owner *servertest.Client) string {
	trainingContent(t, e)
	var p struct {
		ID int64 `json:"id"`
	}
	owner.Do("POST", "/api/programs", programBody()).Want(http.StatusCreated).JSON(&p)
	return fmt.Sprintf("/api/programs/%d", p.ID)
}

// thisMonday is the Monday of the current week (server clock, UTC).
func thisMonday() string {
	t := time.Now().UTC()
	return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)).Format(time.DateOnly)
}

// ownSession starts a basic plan for owner and returns the path of one of its calendar sessions.
func ownSession(t *testing.T, e *servertest.Env, owner *servertest.Client) string {
	plan := planByTier(t, e, "basic")
	owner.Do("POST", fmt.Sprintf("/api/programs/%d/start", plan.ID), map[string]any{"startDate": thisMonday()}).Want(http.StatusCreated)
	var cal struct {
		Sessions []struct {
			ID int64 `json:"id"`
		} `json:"sessions"`
	}
	from := thisMonday()
	to, _ := time.Parse(time.DateOnly, from)
	owner.Do("GET", "/api/calendar?from="+from+"&to="+to.AddDate(0, 0, 13).Format(time.DateOnly), nil).Want(http.StatusOK).JSON(&cal)
	if len(cal.Sessions) == 0 {
		t.Fatal("no sessions after start")
	}
	return fmt.Sprintf("/api/calendar/sessions/%d", cal.Sessions[0].ID)
}

func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/exercises", Public: true},
		authzCase{Method: "GET", Path: "/api/exercises/{slug}", Public: true},
		authzCase{Method: "GET", Path: "/calendar/feed/{file}", Public: true},
		authzCase{Method: "GET", Path: "/api/programs", MinTier: "elite"},
		authzCase{Method: "POST", Path: "/api/programs", MinTier: "elite", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			trainingContent(t, e)
			return "/api/programs", programBody()
		}},
		authzCase{Method: "GET", Path: "/api/programs/{id}", MinTier: "elite", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return ownProgram(t, e, owner), nil
		}},
		authzCase{Method: "PUT", Path: "/api/programs/{id}", MinTier: "elite", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return ownProgram(t, e, owner), programBody()
		}},
		authzCase{Method: "DELETE", Path: "/api/programs/{id}", MinTier: "elite", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return ownProgram(t, e, owner), nil
		}},
		// Starting my own program needs elite; someone else's is a 404.
		authzCase{Method: "POST", Path: "/api/programs/{id}/start", MinTier: "elite", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return ownProgram(t, e, owner) + "/start", map[string]any{"startDate": thisMonday()}
		}},
		// Starting a pro catalogue plan needs pro.
		authzCase{Method: "POST", Path: "/api/programs/{id}/start", MinTier: "pro", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return fmt.Sprintf("/api/programs/%d/start", planByTier(t, e, "pro").ID), map[string]any{"startDate": thisMonday()}
		}},
		authzCase{Method: "GET", Path: "/api/calendar", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return "/api/calendar?from=2026-01-01&to=2026-01-31", nil
		}},
		authzCase{Method: "GET", Path: "/api/calendar/sessions/{id}", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return ownSession(t, e, owner), nil
		}},
		authzCase{Method: "PATCH", Path: "/api/calendar/sessions/{id}", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return ownSession(t, e, owner), map[string]any{"status": "skipped"}
		}},
		authzCase{Method: "GET", Path: "/api/calendar/feed"},
		authzCase{Method: "POST", Path: "/api/calendar/feed"},
		authzCase{Method: "DELETE", Path: "/api/calendar/feed", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			owner.Do("POST", "/api/calendar/feed", nil).Want(http.StatusCreated)
			return "/api/calendar/feed", nil
		}},
	)
}
