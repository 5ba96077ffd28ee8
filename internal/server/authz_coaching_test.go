package server_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

// newCoach makes a fresh account a coach (as `hyrox users set-role` does)
// and returns a client signed in as them after the change.
func newCoach(t *testing.T, e *servertest.Env) *servertest.Client {
	t.Helper()
	c := e.NewUser()
	if _, err := server.SetRole(context.Background(), e.App.Config, e.App.DB, e.Clock.Now, c.User.Username, "coach"); err != nil {
		t.Fatal(err)
	}
	fresh := e.Client()
	fresh.Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(200)
	fresh.User = c.User
	return fresh
}

// coachedThread makes athlete elite, gives them a new coach and answers the
// thread id and the coach.
func coachedThread(t *testing.T, e *servertest.Env, athlete *servertest.Client) (int64, *servertest.Client) {
	t.Helper()
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE users SET subscription_tier = 'elite' WHERE id = ?`, athlete.User.ID); err != nil {
		t.Fatal(err)
	}
	coach := newCoach(t, e)
	var th struct {
		ID int64 `json:"id"`
	}
	athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200).JSON(&th)
	return th.ID, coach
}

func init() {
	onThread := func(suffix string, body any) func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
		return func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			id, _ := coachedThread(t, e, owner)
			return fmt.Sprintf("/api/coaching/threads/%d%s", id, suffix), body
		}
	}
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/coaching"},
		authzCase{Method: "GET", Path: "/api/coaching/coaches"},
		authzCase{Method: "GET", Path: "/api/coaching/unread"},
		authzCase{Method: "PUT", Path: "/api/coaching/coach", MinTier: "elite",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/coaching/coach", map[string]int64{"coachId": newCoach(t, e).User.ID}
			}},
		authzCase{Method: "GET", Path: "/api/coaching/threads/{id}/messages", Owned: true, Setup: onThread("/messages", nil)},
		authzCase{Method: "POST", Path: "/api/coaching/threads/{id}/messages", Owned: true,
			Setup: onThread("/messages", map[string]string{"body": "How was the long run?"})},
		authzCase{Method: "POST", Path: "/api/coaching/threads/{id}/read", Owned: true, Setup: onThread("/read", nil)},
		// Coaches only: an athlete owner gets 403 (TestCoachProfile covers coaches).
		authzCase{Method: "GET", Path: "/api/coaching/profile", OwnerStatus: []int{403}},
		authzCase{Method: "PUT", Path: "/api/coaching/profile", OwnerStatus: []int{403},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/coaching/profile", map[string]any{"name": "Me", "timeZone": "UTC"}
			}},
		authzCase{Method: "GET", Path: "/api/coaching/questions"},
		authzCase{Method: "POST", Path: "/api/coaching/questions",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/coaching/questions", map[string]string{"body": "How do I pace the sled push?"}
			}},
		// Coaches only: the owner here is an athlete (403); the coach's own
		// answers are in TestAskACoach.
		authzCase{Method: "GET", Path: "/api/coaching/questions/queue", OwnerStatus: []int{403}},
		authzCase{Method: "POST", Path: "/api/coaching/questions/{id}/answers", OwnerStatus: []int{403},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				var q struct{ ID int64 }
				owner.Do("POST", "/api/coaching/questions", map[string]string{"body": "Mine"}).Want(201).JSON(&q)
				return fmt.Sprintf("/api/coaching/questions/%d/answers", q.ID), map[string]string{"body": "Self-answer"}
			}},
		// 1:1 sessions. Coaches only for availability (the owner here is an
		// athlete); TestCoachingSessionsAuthorization covers the coach as an
		// actor (own athlete, another coach's athlete, someone with no part).
		authzCase{Method: "GET", Path: "/api/coaching/availability", OwnerStatus: []int{403}},
		authzCase{Method: "PUT", Path: "/api/coaching/availability", OwnerStatus: []int{403},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/coaching/availability", demoWeek
			}},
		authzCase{Method: "GET", Path: "/api/coaching/slots", MinTier: "elite",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				sessionCoach(t, e, owner)
				return "/api/coaching/slots?minutes=60", nil
			}},
		authzCase{Method: "GET", Path: "/api/coaching/sessions"},
		authzCase{Method: "POST", Path: "/api/coaching/sessions", MinTier: "elite",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				coach := sessionCoach(t, e, owner)
				return "/api/coaching/sessions", map[string]any{"coachId": coach.User.ID, "start": slotAfter(t, e, owner, 25*time.Hour), "minutes": 30}
			}},
		authzCase{Method: "POST", Path: "/api/coaching/sessions/{id}/cancel", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/coaching/sessions/%d/cancel", bookedSession(t, e, owner)), nil
			}},
		// The athlete owner may not set the link (403); the coach can.
		authzCase{Method: "PUT", Path: "/api/coaching/sessions/{id}/link", Owned: true, OwnerStatus: []int{403},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/coaching/sessions/%d/link", bookedSession(t, e, owner)), map[string]string{"url": "https://meet.example.com/a"}
			}},
		// The stream never ends for a good request, so the matrix checks the
		// anonymous 401 and, for the owner, the answer to a bad Last-Event-ID;
		// TestCoachingLiveMessages reads real streams.
		authzCase{Method: "GET", Path: "/api/coaching/events", OwnerStatus: []int{400},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/coaching/events?lastEventId=x", nil
			}},
		authzCase{Method: "GET", Path: "/api/live", OwnerStatus: []int{400},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/live?lastEventId=x", nil
			}},
	)
}

// slotAfter is athlete's first free 30-minute start at least after from
// the test clock's now (other cases move the shared clock).
func slotAfter(t *testing.T, e *servertest.Env, athlete *servertest.Client, after time.Duration) string {
	t.Helper()
	for _, s := range slotsOf(t, athlete, 30) {
		if s.After(e.Clock.Now().Add(after)) {
			return s.Format(time.RFC3339)
		}
	}
	t.Fatal("no free slot")
	return ""
}

// bookedSession gives owner a coach and a session more than 24 hours
// ahead and answers its id.
func bookedSession(t *testing.T, e *servertest.Env, owner *servertest.Client) int64 {
	t.Helper()
	coach := sessionCoach(t, e, owner)
	var s struct{ ID int64 }
	book(owner, coach.User.ID, slotAfter(t, e, owner, 25*time.Hour), 30).Want(201).JSON(&s)
	return s.ID
}
