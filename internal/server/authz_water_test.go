package server_test

import (
	"fmt"
	"testing"

	"hyrox/internal/server/servertest"
)

// Water (docs/nutrition-diary.md#water): pro; a drink is its owner's alone.
func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/nutrition/water", MinTier: "pro"},
		authzCase{Method: "POST", Path: "/api/nutrition/water", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/nutrition/water", map[string]any{"ml": 250, "date": "2026-03-02"}
			}},
		authzCase{Method: "DELETE", Path: "/api/nutrition/water/{id}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				var day struct{ Entries []struct{ ID int64 } }
				owner.Do("POST", "/api/nutrition/water", map[string]any{"ml": 500, "date": "2026-03-02"}).Want(201).JSON(&day)
				return fmt.Sprintf("/api/nutrition/water/%d", day.Entries[len(day.Entries)-1].ID), nil
			}},
	)
}

// TestWaterHTTPBadInput: a bad amount or date is a 400 naming the field, and nothing is stored.
func TestWaterHTTPBadInput(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUserWithTier("pro")
		for _, body := range []map[string]any{{"ml": 0}, {"ml": 5000}, {"ml": "a lot"}, {"ml": 250, "date": "02/03/2026"}, {"ml": 250, "tz": "Mars/Base"}} {
			c.Do("POST", "/api/nutrition/water", body).Want(400)
		}
		var day struct{ TotalMl, TargetMl int }
		c.Do("GET", "/api/nutrition/water?date=2026-03-02", nil).Want(200).JSON(&day)
		if day.TotalMl != 0 || day.TargetMl != 2000 {
			t.Fatalf("day after bad input: %+v", day)
		}
		c.Do("DELETE", "/api/nutrition/water/999999", nil).Want(404)
		c.Do("GET", "/api/nutrition/water?date=2026-02-30", nil).Want(400)
	})
}
