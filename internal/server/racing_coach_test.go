package server_test

import (
	"context"
	"testing"

	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

// Coaches are not on the leaderboard (docs/coaching.md): a coach's result is
// left off every board and their own entry is null; made an athlete again
// (hyrox users set-role), their best is back with its rank.
func TestRacingCoachesOffLeaderboard(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		ctx := context.Background()
		athlete := e.NewUserWithTier("pro")
		race := racingBody("2026-03-02")
		race["kind"] = "race"                                   // the default board ranks races
		athlete.Do("POST", "/api/race-results", race).Want(201) // 5030 s
		kim := e.NewUser()
		faster := racingBody("2026-03-02")
		faster["kind"] = "race"
		faster["runSplits"] = []int{250, 320, 320, 320, 320, 320, 320, 334} // 4990 s
		kim.Do("POST", "/api/race-results", faster).Want(201)

		setRole := func(role string) {
			t.Helper()
			if _, err := server.SetRole(ctx, e.App.Config, e.App.DB, e.Clock.Now, kim.User.Username, role); err != nil {
				t.Fatal(err)
			}
		}
		// board answers the usernames on a board, in rank order.
		board := func(query string) []string {
			t.Helper()
			var entries []racingEntry
			e.Client().Do("GET", "/api/leaderboard"+query, nil).Want(200).JSON(&entries)
			names := []string{}
			for i, en := range entries {
				if en.Rank != i+1 {
					t.Fatalf("ranks %+v", entries)
				}
				names = append(names, en.Username)
			}
			return names
		}
		myRank := func(c *servertest.Client) int {
			t.Helper()
			var me struct{ Entry *racingEntry }
			c.Do("GET", "/api/leaderboard/me?period=all", nil).Want(200).JSON(&me)
			if me.Entry == nil {
				return 0
			}
			return me.Entry.Rank
		}
		same := func(got []string, want ...string) bool {
			if len(got) != len(want) {
				return false
			}
			for i := range got {
				if got[i] != want[i] {
					return false
				}
			}
			return true
		}
		a, k := athlete.User.Username, kim.User.Username

		if got := board(""); !same(got, k, a) || myRank(athlete) != 2 || myRank(kim) != 1 {
			t.Fatalf("two athletes: %v", got)
		}

		// Made a coach: off the weekly, division and all-time boards.
		setRole("coach")
		for _, q := range []string{"", "?division=open_men", "?period=month", "?period=all"} {
			if got := board(q); !same(got, a) {
				t.Fatalf("coach on board %q: %v", q, got)
			}
		}
		if myRank(kim) != 0 || myRank(athlete) != 1 {
			t.Fatalf("my entries: kim %d, athlete %d", myRank(kim), myRank(athlete))
		}
		// A result the coach records stays off too, and so does a new coach's first.
		faster["runSplits"] = []int{240, 320, 320, 320, 320, 320, 320, 334}
		kim.Do("POST", "/api/race-results", faster).Want(201)
		other := newCoach(t, e)
		other.Do("POST", "/api/race-results", faster).Want(201)
		if got := board(""); !same(got, a) || myRank(other) != 0 {
			t.Fatalf("coaches' new results on board: %v", got)
		}

		// Athlete again: back on, with the best of both results.
		setRole("athlete")
		var entries []racingEntry
		e.Client().Do("GET", "/api/leaderboard", nil).Want(200).JSON(&entries)
		if len(entries) != 2 || entries[0].Username != k || entries[0].Time != 4980 || myRank(kim) != 1 || myRank(athlete) != 2 {
			t.Fatalf("athlete again: %+v", entries)
		}
	})
}
