package server_test

import (
	"strconv"
	"testing"

	"hyrox/internal/server/servertest"
)

func racingBody(date string) map[string]any {
	return map[string]any{
		"date": date, "eventName": "Simulation", "kind": "simulation", "division": "open_men",
		"runSplits":      []int{290, 320, 320, 320, 320, 320, 320, 334},
		"stationSplits":  []int{262, 179, 275, 288, 283, 131, 289, 366},
		"roxzoneSeconds": 413,
	}
}

func init() {
	addToMatrix(
		authzCase{Method: "POST", Path: "/api/race-results",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/race-results", racingBody("2026-03-01")
			}},
		authzCase{Method: "GET", Path: "/api/race-results"},
		authzCase{Method: "DELETE", Path: "/api/race-results/{id}", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				var r struct{ ID int64 }
				owner.Do("POST", "/api/race-results", racingBody("2026-03-01")).Want(201).JSON(&r)
				return "/api/race-results/" + strconv.FormatInt(r.ID, 10), nil
			}},
		authzCase{Method: "GET", Path: "/api/race-results/{id}", Owned: true, Setup: ownedResult},
		authzCase{Method: "PUT", Path: "/api/race-results/{id}", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				path, _ := ownedResult(t, e, owner)
				return path, racingBody("2026-02-28")
			}},
		authzCase{Method: "GET", Path: "/api/leaderboard", Public: true},
		authzCase{Method: "GET", Path: "/api/leaderboard/me"},
		authzCase{Method: "GET", Path: "/api/leaderboard/default", Public: true},
		authzCase{Method: "GET", Path: "/api/analytics", MinTier: "pro"},
		authzCase{Method: "GET", Path: "/api/race-goal", MinTier: "pro"},
		authzCase{Method: "PUT", Path: "/api/race-goal", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/race-goal", map[string]any{"goalSeconds": 4800}
			}},
		authzCase{Method: "POST", Path: "/api/race-strategy", MinTier: "elite",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/race-strategy", map[string]any{"goalSeconds": 4800}
			}},
	)
}

func init() {
	addToMatrix(authzCase{Method: "POST", Path: "/api/analytics/road-prediction", MinTier: "pro",
		Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return "/api/analytics/road-prediction", map[string]any{"distanceKm": 5, "seconds": 1380, "division": "open_men"}
		}})
}

// ownedResult saves a result for owner and returns its path.
func ownedResult(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
	var r struct{ ID int64 }
	owner.Do("POST", "/api/race-results", racingBody("2026-03-01")).Want(201).JSON(&r)
	return "/api/race-results/" + strconv.FormatInt(r.ID, 10), nil
}
