package server_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"hyrox/internal/server/servertest"
)

// A malformed time in a JSON body names its field (docs/time-entry.md): a
// word, a bare date or a datetime-local value without a zone.
func TestMalformedTimeFieldIsNamed(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		for _, bad := range []string{"yesterday", "2026-11-25", "2026-11-25T18:30"} {
			body := map[string]any{"workoutName": "Engine", "completedAt": bad, "duration": 30, "rating": 3}
			r := c.Do("POST", "/api/workout-logs", body).Want(http.StatusBadRequest)
			msg := r.FieldError("completedAt")
			if !strings.Contains(msg, "time zone") || !strings.Contains(r.Message(), "completedAt") {
				t.Errorf("completedAt %q: message %q, field %q", bad, r.Message(), msg)
			}
		}
		// Not JSON at all still says so.
		r := c.Do("POST", "/api/workout-logs", "{").Want(http.StatusBadRequest)
		if r.FieldError("completedAt") != "" {
			t.Errorf("syntax error named a field: %s", r.Body)
		}
	})
}

// The calendar's range names the missing or malformed date.
func TestCalendarRangeNamesTheDate(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		r := c.Do("GET", "/api/calendar", nil).Want(http.StatusBadRequest)
		if got := r.FieldError("from"); got != "from is required: a date as YYYY-MM-DD" {
			t.Errorf("from: %q (%s)", got, r.Body)
		}
		r = c.Do("GET", "/api/calendar?from=2026-03-02&to=March", nil).Want(http.StatusBadRequest)
		if got := r.FieldError("to"); got != `to must be a date as YYYY-MM-DD, not "March"` {
			t.Errorf("to: %q (%s)", got, r.Body)
		}
	})
}

type tRaceResult struct {
	ID             int64  `json:"id"`
	Date           string `json:"date"`
	EventName      string `json:"eventName"`
	Kind           string `json:"kind"`
	RunSplits      []int  `json:"runSplits"`
	StationSplits  []*int `json:"stationSplits"`
	RoxzoneSeconds int    `json:"roxzoneSeconds"`
	TotalSeconds   int    `json:"totalSeconds"`
	Complete       bool   `json:"complete"`
}

// A saved result opens (GET) and is edited (PUT) by its owner only; an edit
// recomputes the total and moves the leaderboard; bad input changes nothing.
func TestRaceResultOpenAndEdit(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		owner := e.NewUser()
		other := e.NewUser()
		var saved tRaceResult
		owner.Do("POST", "/api/race-results", racingBody("2026-03-02")).Want(http.StatusCreated).JSON(&saved)
		path := "/api/race-results/" + strconv.FormatInt(saved.ID, 10)

		var got tRaceResult
		owner.Do("GET", path, nil).Want(http.StatusOK).JSON(&got)
		if got.ID != saved.ID || got.TotalSeconds != 5030 || got.EventName != "Simulation" {
			t.Fatalf("opened %+v", got)
		}
		other.Do("GET", path, nil).Want(http.StatusNotFound)
		owner.Do("GET", "/api/race-results/999999", nil).Want(http.StatusNotFound)

		edit := racingBody("2026-03-01")
		edit["eventName"] = "Berlin"
		edit["kind"] = "race"
		edit["runSplits"] = []int{290, 320, 320, 320, 320, 320, 320, 300} // 34 s faster
		other.Do("PUT", path, edit).Want(http.StatusNotFound)
		var edited tRaceResult
		owner.Do("PUT", path, edit).Want(http.StatusOK).JSON(&edited)
		if edited.ID != saved.ID || edited.TotalSeconds != 4996 || edited.Kind != "race" || edited.Date != "2026-03-01" || edited.EventName != "Berlin" {
			t.Fatalf("edited %+v", edited)
		}
		owner.Do("GET", path, nil).Want(http.StatusOK).JSON(&got)
		if got.TotalSeconds != 4996 {
			t.Fatalf("stored %+v", got)
		}
		// The board follows the edit: one entry, the new time.
		var board []racingEntry
		owner.Do("GET", "/api/leaderboard?period=all", nil).Want(http.StatusOK).JSON(&board)
		if len(board) != 1 || board[0].Time != 4996 || board[0].RecordType != "race" {
			t.Fatalf("board %+v", board)
		}

		// Bad input: named fields, nothing changed.
		bad := racingBody("2026-03-01")
		bad["runSplits"] = []int{290, 320, 320, 320, 5000, 320, 320, 300}
		r := owner.Do("PUT", path, bad).Want(http.StatusBadRequest)
		if r.FieldError("runSplits.4") == "" {
			t.Fatalf("errors %s", r.Body)
		}
		owner.Do("GET", path, nil).Want(http.StatusOK).JSON(&got)
		if got.TotalSeconds != 4996 || got.EventName != "Berlin" {
			t.Fatalf("bad input changed %+v", got)
		}

		// An edit that leaves a station out takes the result off the board.
		partial := racingBody("2026-03-01")
		partial["stationSplits"] = []any{262, 179, 275, 288, 283, 131, 289, nil}
		owner.Do("PUT", path, partial).Want(http.StatusOK).JSON(&edited)
		if edited.Complete {
			t.Fatalf("partial %+v", edited)
		}
		owner.Do("GET", "/api/leaderboard?period=all", nil).Want(http.StatusOK).JSON(&board)
		if len(board) != 0 {
			t.Fatalf("board after partial %+v", board)
		}
	})
}
