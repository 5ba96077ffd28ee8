package server_test

import (
	"fmt"
	"net/http"
	"testing"

	"hyrox/internal/server/servertest"
)

// trainingLog creates a log as owner and returns its path.
func trainingLog(t *testing.T, e *servertest.Env, owner *servertest.Client) string {
	w := firstWorkout(t, e)
	var l tLog
	owner.Do("POST", "/api/workout-logs", map[string]any{"userId": owner.User.ID, "workoutId": w.ID, "workoutName": w.Name}).
		Want(http.StatusCreated).JSON(&l)
	return fmt.Sprintf("/api/workout-logs/%d", l.ID)
}

func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/training-plans", Public: true},
		authzCase{Method: "GET", Path: "/api/workouts", Public: true},
		authzCase{Method: "GET", Path: "/api/training-plans/{id}", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return fmt.Sprintf("/api/training-plans/%d", planByTier(t, e, "basic").ID), nil
		}},
		// A pro plan: basic users get 403 with requiredTier pro.
		authzCase{Method: "GET", Path: "/api/training-plans/{id}", MinTier: "pro", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return fmt.Sprintf("/api/training-plans/%d", planByTier(t, e, "pro").ID), nil
		}},
		authzCase{Method: "GET", Path: "/api/workouts/{id}", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return fmt.Sprintf("/api/workouts/%d", firstWorkout(t, e).ID), nil
		}},
		authzCase{Method: "GET", Path: "/api/workout-logs/{id}", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			trainingLog(t, e, owner)
			return fmt.Sprintf("/api/workout-logs/%d", owner.User.ID), nil
		}},
		authzCase{Method: "GET", Path: "/api/workout-stats/{userId}", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return fmt.Sprintf("/api/workout-stats/%d", owner.User.ID), nil
		}},
		authzCase{Method: "POST", Path: "/api/workout-logs", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			w := firstWorkout(t, e)
			return "/api/workout-logs", map[string]any{"userId": owner.User.ID, "workoutId": w.ID, "workoutName": w.Name}
		}},
		authzCase{Method: "PATCH", Path: "/api/workout-logs/{id}", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return trainingLog(t, e, owner), map[string]any{"rating": 3}
		}},
		authzCase{Method: "GET", Path: "/api/workout-logs/{id}/detail", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return trainingLog(t, e, owner) + "/detail", nil
		}},
		authzCase{Method: "GET", Path: "/api/personal-records"},
		authzCase{Method: "GET", Path: "/api/training-load"},
		authzCase{Method: "GET", Path: "/api/home"},
		authzCase{Method: "DELETE", Path: "/api/workout-logs/{id}", Owned: true, Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return trainingLog(t, e, owner), nil
		}},
	)
}
