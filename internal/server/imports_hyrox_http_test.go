package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/muktihari/fit/profile/typedef"

	"hyrox/internal/imports"
	"hyrox/internal/imports/fittest"
	"hyrox/internal/racing"
	"hyrox/internal/server/servertest"
)

type tHyroxProposal struct {
	ActivityID int64    `json:"activityId"`
	State      string   `json:"state"`
	Reason     string   `json:"reason"`
	Date       string   `json:"date"`
	Mapping    []string `json:"mapping"`
	Division   string   `json:"division"`
	Laps       []struct {
		Seconds float64 `json:"seconds"`
	} `json:"laps"`
	Splits *struct {
		RunSplits      []int  `json:"runSplits"`
		StationSplits  []*int `json:"stationSplits"`
		RoxzoneSeconds int    `json:"roxzoneSeconds"`
		TotalSeconds   int    `json:"totalSeconds"`
	} `json:"splits"`
	RaceResultID *int64 `json:"raceResultId"`
}

// importLapped imports a lapped FIT file and returns its one activity's result.
func importLapped(t *testing.T, c *servertest.Client, start time.Time, laps []fittest.Lap) (activityID int64, hyrox string, n int) {
	t.Helper()
	var res struct {
		Files []struct {
			Activities []struct {
				Status     string `json:"status"`
				ActivityID *int64 `json:"activityId"`
				Laps       int    `json:"laps"`
				Hyrox      string `json:"hyrox"`
			} `json:"activities"`
		} `json:"files"`
	}
	c.Do("POST", "/api/imports", servertest.Multipart{{Name: "hyrox.fit", Data: fittest.Lapped(start, typedef.SportRunning, laps)}}).
		Want(http.StatusOK).JSON(&res)
	a := res.Files[0].Activities[0]
	if a.Status != "imported" || a.ActivityID == nil {
		t.Fatalf("import = %+v", res)
	}
	return *a.ActivityID, a.Hyrox, a.Laps
}

func hyroxPath(id int64) string { return fmt.Sprintf("/api/imports/activities/%d/hyrox", id) }

// The station lists of imports and racing are the same, in the same order.
func TestImportStationsAreRacingStations(t *testing.T) {
	if imports.StationNames != racing.Stations {
		t.Errorf("imports %v, racing %v", imports.StationNames, racing.Stations)
	}
}

// A lapped watch file is recognised as a HYROX race, the athlete confirms the
// proposed mapping and it becomes a simulation through racing's create path:
// in the results, analytics and the simulation leaderboard; bad mappings are
// refused with a message and change nothing.
func TestImportHyroxLapsBecomeASimulation(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUserWithTier("pro")
		start := e.Clock.Now().Add(-50 * time.Hour).Truncate(time.Second)
		id, hyrox, n := importLapped(t, c, start, fittest.HyroxLaps())
		if hyrox != "recognised" || n != 16 {
			t.Fatalf("hyrox %q, %d laps", hyrox, n)
		}
		var p tHyroxProposal
		c.Do("GET", hyroxPath(id)+"?timeZone=Europe/Berlin", nil).Want(http.StatusOK).JSON(&p)
		if p.State != "recognised" || len(p.Mapping) != 16 || p.Mapping[0] != "run:1" || p.Mapping[1] != "station:1" || p.Mapping[15] != "station:8" ||
			p.Splits == nil || p.Splits.RunSplits[0] != 270 || *p.Splits.StationSplits[7] != 330 || p.Splits.RoxzoneSeconds != 0 ||
			p.Date != start.In(time.FixedZone("", 0)).In(mustZone(t, "Europe/Berlin")).Format(time.DateOnly) || p.Division == "" {
			t.Fatalf("proposal = %+v", p)
		}

		bad := []struct {
			body  map[string]any
			field string
			msg   string
		}{
			{map[string]any{"mapping": p.Mapping[:15]}, "mapping", "The mapping has 15 entries but the activity has 16 laps: map every lap once."},
			{map[string]any{"mapping": append([]string{"station:1"}, p.Mapping[1:]...)}, "mapping", "Run 1 has no lap: every run needs one."},
			{map[string]any{"mapping": p.Mapping, "kind": "race"}, "eventName", "Name the event to save a race."},
			{map[string]any{"mapping": p.Mapping, "kind": "relay"}, "kind", "Kind must be race or simulation."},
			// Racing's own rules: a race needs a Roxzone time of at least 1:00.
			{map[string]any{"mapping": p.Mapping, "kind": "race", "eventName": "HYROX Berlin", "division": p.Division}, "roxzoneSeconds", "Roxzone time must be between 1:00 and 1:00:00."},
		}
		for _, b := range bad {
			if got := c.Do("POST", hyroxPath(id), b.body).Want(http.StatusBadRequest).FieldError(b.field); got != b.msg {
				t.Errorf("%v: %s = %q, want %q", b.body, b.field, got, b.msg)
			}
		}
		if n := countRows(t, e, "race_results", c.User.ID); n != 0 {
			t.Fatalf("bad mappings wrote %d results", n)
		}

		var saved struct {
			RaceResultID int64  `json:"raceResultId"`
			Kind         string `json:"kind"`
			EventName    string `json:"eventName"`
		}
		c.Do("POST", hyroxPath(id), map[string]any{"mapping": p.Mapping, "division": p.Division, "date": p.Date}).Want(http.StatusCreated).JSON(&saved)
		if saved.Kind != "simulation" || saved.EventName != "HYROX simulation" {
			t.Errorf("saved = %+v", saved)
		}
		var r struct {
			ID            int64  `json:"id"`
			Kind          string `json:"kind"`
			Date          string `json:"date"`
			RunSplits     []int  `json:"runSplits"`
			StationSplits []int  `json:"stationSplits"`
			TotalSeconds  int    `json:"totalSeconds"`
		}
		c.Do("GET", fmt.Sprintf("/api/race-results/%d", saved.RaceResultID), nil).Want(http.StatusOK).JSON(&r)
		if r.Kind != "simulation" || r.Date != p.Date || r.RunSplits[7] != 305 || r.StationSplits[0] != 265 || r.TotalSeconds != p.Splits.TotalSeconds {
			t.Errorf("result = %+v", r)
		}
		var an struct {
			ResultCount int `json:"resultCount"`
			Latest      struct {
				ID int64 `json:"id"`
			} `json:"latest"`
		}
		c.Do("GET", "/api/analytics", nil).Want(http.StatusOK).JSON(&an)
		if an.ResultCount != 1 || an.Latest.ID != saved.RaceResultID {
			t.Errorf("analytics = %+v", an)
		}
		var board []struct {
			ID         int64  `json:"id"`
			RecordType string `json:"recordType"`
		}
		c.Do("GET", "/api/leaderboard?period=all&kind=simulation&division="+p.Division, nil).Want(http.StatusOK).JSON(&board)
		if len(board) != 1 || board[0].RecordType != "simulation" {
			t.Errorf("leaderboard = %+v", board)
		}

		// Once only, while the result exists; the proposal names it.
		if msg := c.Do("POST", hyroxPath(id), map[string]any{"mapping": p.Mapping}).Want(http.StatusConflict).Message(); msg != "This activity is already saved as a HYROX result." {
			t.Errorf("second confirmation: %q", msg)
		}
		c.Do("GET", hyroxPath(id), nil).Want(http.StatusOK).JSON(&p)
		if p.RaceResultID == nil || *p.RaceResultID != saved.RaceResultID {
			t.Errorf("proposal's result = %v", p.RaceResultID)
		}
		// Deleting the result frees the activity: saved again as a race with the Roxzone split out.
		c.Do("DELETE", fmt.Sprintf("/api/race-results/%d", saved.RaceResultID), nil).Want(http.StatusNoContent)
		e.Clock.Advance(time.Minute)
		laps := withRoxzoneLaps(fittest.HyroxLaps())
		id2, hyrox2, n2 := importLapped(t, c, start.Add(-24*time.Hour), laps)
		if hyrox2 != "recognised" || n2 != 32 {
			t.Fatalf("32 laps: %q %d", hyrox2, n2)
		}
		var p2 tHyroxProposal
		c.Do("GET", hyroxPath(id2)+"?roxzone=split", nil).Want(http.StatusOK).JSON(&p2)
		if p2.Splits == nil || p2.Splits.RoxzoneSeconds != 16*40 {
			t.Fatalf("32-lap proposal = %+v", p2)
		}
		c.Do("POST", hyroxPath(id2), map[string]any{"mapping": p2.Mapping, "kind": "race", "eventName": "HYROX Berlin", "division": p2.Division}).
			Want(http.StatusCreated).JSON(&saved)
		if saved.Kind != "race" || saved.EventName != "HYROX Berlin" {
			t.Errorf("race = %+v", saved)
		}
		// 16 laps hold the Roxzone inside them: the athlete gives it, and it comes out of the runs.
		if got := c.Do("POST", hyroxPath(id), map[string]any{"mapping": p.Mapping, "kind": "race", "eventName": "HYROX Hamburg", "roxzoneSeconds": 5000}).
			Want(http.StatusBadRequest).FieldError("roxzoneSeconds"); got != "The Roxzone time must be more than 0:00 and less than the runs' 38:20." {
			t.Errorf("too long a Roxzone: %q", got)
		}
		var race struct {
			Splits struct {
				RunSplits      []int `json:"runSplits"`
				RoxzoneSeconds int   `json:"roxzoneSeconds"`
				TotalSeconds   int   `json:"totalSeconds"`
			} `json:"splits"`
		}
		c.Do("POST", hyroxPath(id), map[string]any{"mapping": p.Mapping, "kind": "race", "eventName": "HYROX Hamburg", "roxzoneSeconds": 461}).
			Want(http.StatusCreated).JSON(&race)
		if race.Splits.RoxzoneSeconds != 461 || race.Splits.RunSplits[0] != 216 || race.Splits.TotalSeconds != p.Splits.TotalSeconds {
			t.Errorf("race with its Roxzone = %+v", race.Splits)
		}
		if n := countRows(t, e, "race_results", c.User.ID); n != 2 {
			t.Errorf("%d results", n)
		}
	})
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// withRoxzoneLaps adds a 40 s Roxzone lap before and after each station (32 laps).
func withRoxzoneLaps(laps []fittest.Lap) []fittest.Lap {
	var out []fittest.Lap
	for i := 0; i < len(laps); i += 2 {
		out = append(out, laps[i], fittest.Lap{Seconds: 40}, laps[i+1], fittest.Lap{Seconds: 40})
	}
	return out
}

// A lap count that fits no layout is offered for manual mapping, never
// guessed: no mapping is proposed; the athlete's own mapping is saved.
func TestImportHyroxWrongLapCountIsMappedByHand(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		laps := fittest.HyroxLaps()
		// Sled Push and Sled Pull in one lap: 15 laps.
		laps[3].Seconds += laps[5].Seconds
		laps = append(laps[:4], laps[5:]...)
		id, hyrox, n := importLapped(t, c, e.Clock.Now().Add(-6*time.Hour), laps)
		if hyrox != "manual" || n != 15 {
			t.Fatalf("hyrox %q, %d laps", hyrox, n)
		}
		var p tHyroxProposal
		c.Do("GET", hyroxPath(id), nil).Want(http.StatusOK).JSON(&p)
		if p.State != "manual" || len(p.Mapping) != 0 || p.Splits != nil || !strings.HasPrefix(p.Reason, "15 laps match no HYROX layout") {
			t.Fatalf("proposal = %+v", p)
		}
		mapping := []string{"run:1", "station:1", "run:2", "station:2", "run:3", "run:4", "station:4", "run:5", "station:5", "run:6", "station:6", "run:7", "station:7", "run:8", "station:8"}
		// A race needs every station: racing refuses it.
		if got := c.Do("POST", hyroxPath(id), map[string]any{"mapping": mapping, "kind": "race", "eventName": "HYROX Hamburg"}).
			Want(http.StatusBadRequest).FieldError("stationSplits.2"); got != "Sled Pull is required in a race." {
			t.Errorf("race without Sled Pull: %q", got)
		}
		var saved struct {
			Splits struct {
				StationSplits []*int `json:"stationSplits"`
				TotalSeconds  int    `json:"totalSeconds"`
			} `json:"splits"`
		}
		c.Do("POST", hyroxPath(id), map[string]any{"mapping": mapping}).Want(http.StatusCreated).JSON(&saved)
		if saved.Splits.StationSplits[2] != nil || *saved.Splits.StationSplits[1] != 170+260 {
			t.Errorf("saved = %+v", saved.Splits)
		}
		// Too few laps for a race.
		short, _, _ := importLapped(t, c, e.Clock.Now().Add(-30*time.Hour), fittest.HyroxLaps()[:6])
		if msg := c.Do("GET", hyroxPath(short), nil).Want(http.StatusBadRequest).Message(); !strings.HasPrefix(msg, "This activity has 6 laps") {
			t.Errorf("6 laps: %q", msg)
		}
		c.Do("GET", hyroxPath(999999), nil).Want(http.StatusNotFound)
		c.Do("GET", hyroxPath(id)+"?roxzone=sideways", nil).Want(http.StatusBadRequest)
	})
}

// An activity already logged by hand (a log at the same time naming the same
// sport) is skipped and counted; a log of another sport is not the same.
func TestImportSkipsALogTypedByHand(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		start := e.Clock.Now().Add(-26 * time.Hour).Truncate(time.Second)
		c.Do("POST", "/api/workout-logs", map[string]any{"workoutName": "Intervals", "duration": 20, "completedAt": start.Add(-20 * time.Second),
			"exercises": []map[string]any{{"exercise": "RowErg", "distanceM": 2000}}}).Want(http.StatusCreated)
		res := importFiles(t, c, "", servertest.File{Name: "run.fit", Data: fittest.Run(start, 3, 300)})
		if res.Imported != 1 {
			t.Fatalf("a row log does not hide a run: %+v", res)
		}
		later := start.Add(-5 * time.Hour)
		c.Do("POST", "/api/workout-logs", map[string]any{"workoutName": "Easy run", "duration": 15, "completedAt": later.Add(50 * time.Second)}).Want(http.StatusCreated)
		res = importFiles(t, c, "", servertest.File{Name: "easy.fit", Data: fittest.Run(later, 3, 300)})
		a := res.Files[0].Activities[0]
		if res.Duplicates != 1 || a.Status != "duplicate" || a.Reason != "Already in your logs: 'Easy run' at the same time (within 60 seconds)." {
			t.Errorf("result = %+v", res)
		}
		if n := countRows(t, e, "workout_logs", c.User.ID); n != 3 {
			t.Errorf("%d logs, want 3", n)
		}
	})
}

// GPS points are not kept: the coordinates of a GPX file are nowhere in the
// database; the imported activity is in the export and goes with the account.
func TestImportKeepsNoGPSAndLeavesWithTheAccount(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		start := e.Clock.Now().Add(-3 * time.Hour).UTC().Truncate(time.Second)
		var b strings.Builder
		b.WriteString(`<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><type>running</type><trkseg>`)
		for i := range 600 {
			fmt.Fprintf(&b, `<trkpt lat="45.2%05d" lon="13.6%05d"><time>%s</time></trkpt>`, 17171+i*3, 31313+i*2, start.Add(time.Duration(i)*time.Second).Format(time.RFC3339))
		}
		b.WriteString(`</trkseg></trk></gpx>`)
		res := importFiles(t, c, "", servertest.File{Name: "track.gpx", Data: []byte(b.String())})
		if res.Imported != 1 {
			t.Fatalf("result = %+v", res)
		}
		ctx := context.Background()
		for _, q := range []string{
			`SELECT source || file_name || sport || zones || splits || laps FROM imported_activities WHERE user_id = ?`,
			`SELECT workout_name || notes || exercises FROM workout_logs WHERE user_id = ?`,
		} {
			var text string
			if err := e.App.DB.QueryRow(ctx, q, c.User.ID).Scan(&text); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(text, "45.2") || strings.Contains(text, "13.6") || strings.Contains(text, "lat") {
				t.Errorf("a stored row holds GPS: %s", text)
			}
		}
		export := c.Do("GET", "/api/user/export", nil).Want(http.StatusOK)
		var exp struct {
			Areas struct {
				Imports []struct {
					FileName string `json:"fileName"`
					Sport    string `json:"sport"`
				} `json:"imports"`
			} `json:"areas"`
		}
		export.JSON(&exp)
		if len(exp.Areas.Imports) != 1 || exp.Areas.Imports[0].FileName != "track.gpx" || exp.Areas.Imports[0].Sport != "run" {
			t.Errorf("export imports = %+v", exp.Areas.Imports)
		}
		if export.Contains("45.2") || export.Contains("13.6") {
			t.Error("the export holds GPS points")
		}
		c.Do("DELETE", "/api/user", map[string]string{"password": "secret123"}).Want(http.StatusNoContent)
		if n := countRows(t, e, "imported_activities", c.User.ID); n != 0 {
			t.Errorf("%d imported activities left after the account's deletion", n)
		}
	})
}

// calendarSessionTitled writes a planned training session with a title.
func calendarSessionTitled(t *testing.T, e *servertest.Env, userID int64, date, title, exercises string) int64 {
	t.Helper()
	id := calendarSession(t, e, userID, date, "training", 30, exercises)
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE calendar_sessions SET title = ? WHERE id = ?`, title, id); err != nil {
		t.Fatal(err)
	}
	return id
}

// An activity fills the day's planned session of its kind: a run the run
// session even when a row session comes first, never a session of another
// sport; a session that names no sport is filled by any.
func TestImportFillsTheSessionOfItsKind(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		start := e.Clock.Now().Add(-30 * time.Hour).UTC()
		day := start.Format(time.DateOnly)
		row := calendarSessionTitled(t, e, c.User.ID, day, "Row 5 x 500 m", "[]")
		run := calendarSessionTitled(t, e, c.User.ID, day, "Tempo", `[{"exercise":"Run","distanceM":6000}]`)
		res := importFiles(t, c, "", servertest.File{Name: "run.fit", Data: fittest.Run(start, 3, 300)})
		if got := res.Files[0].Activities[0].PlannedSessionID; got == nil || *got != run {
			t.Errorf("the run filled %v, want the run session %d", got, run)
		}
		// Another run that day: the row session is not its kind, so it stays open.
		res = importFiles(t, c, "", servertest.File{Name: "run2.fit", Data: fittest.Run(start.Add(3*time.Hour), 2, 300)})
		if a := res.Files[0].Activities[0]; a.Status != "imported" || a.PlannedSessionID != nil || sessionLogID(t, e, row) != nil {
			t.Errorf("a second run = %+v; the row session's log %v", a, sessionLogID(t, e, row))
		}
		// A session that names no sport is filled by any activity.
		day2 := start.Add(-24 * time.Hour)
		generic := calendarSessionTitled(t, e, c.User.ID, day2.Format(time.DateOnly), "Engine builder", "[]")
		res = importFiles(t, c, "", servertest.File{Name: "run3.fit", Data: fittest.Run(day2, 2, 300)})
		if got := res.Files[0].Activities[0].PlannedSessionID; got == nil || *got != generic {
			t.Errorf("the run filled %v, want %d", got, generic)
		}
	})
}
