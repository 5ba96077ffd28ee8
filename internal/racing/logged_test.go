package racing

import (
	"context"
	"strings"
	"testing"

	"hyrox/internal/db/dbtest"
)

func coverage(a Analytics) ReadinessPart {
	for _, p := range a.Readiness.Parts {
		if p.Key == "stationCoverage" {
			return p
		}
	}
	return ReadinessPart{}
}

func practice(a Analytics) ReadinessPart {
	for _, p := range a.Readiness.Parts {
		if p.Key == "practice" {
			return p
		}
	}
	return ReadinessPart{}
}

// A simulation logged as a workout is a HYROX effort: its stations count as
// done and it counts as race practice, once per day (an effort both logged
// and entered as a result is one effort). Only the athlete's own are asked for.
func TestAnalyticsCountsSimulationsLoggedAsWorkouts(t *testing.T) {
	d := dbtest.OpenSQLite(t)
	s := svcFor(d)
	ctx := context.Background()
	ann := dbtest.NewUser(t, d, "ann", "pro")
	// testNow is 2026-03-04: a result 6 weeks ago did its stations outside the last 4 weeks.
	mustCreate(t, s, ann, "ann", input("2026-01-21", "open_women", KindRace, 5000))

	a, err := s.Analytics(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if c := coverage(a); c.Detail != "0 of 8 stations done in a race or simulation in the last 4 weeks." {
		t.Fatalf("before: %q", c.Detail)
	}

	var asked []int64
	var since string
	logged := []LoggedSimulation{
		{LogID: 7, Date: "2026-03-01", WorkoutName: "Full HYROX Simulation", Stations: [8]bool{true, true, true, true, true, true, true, true}},
		{LogID: 8, Date: "2026-01-21", WorkoutName: "Race day log", Stations: [8]bool{true, true, true, true, true, true, true, true}}, // the race's day
		{LogID: 9, Date: "2025-12-01", WorkoutName: "Too old", Stations: [8]bool{true}},
	}
	s.SetSimulationLog(SimulationLogFunc(func(_ context.Context, userID int64, from string) ([]LoggedSimulation, error) {
		asked, since = append(asked, userID), from
		return logged, nil
	}))
	a, err = s.Analytics(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 || asked[0] != ann || since != "2026-01-08" {
		t.Fatalf("asked %v since %s", asked, since)
	}
	if c := coverage(a); c.Score != 25 || c.Detail != "8 of 8 stations done in a race or simulation in the last 4 weeks." {
		t.Fatalf("after: %+v", c)
	}
	// The race and the full simulation; the log on the race's day is that race.
	if p := practice(a); !strings.HasPrefix(p.Detail, "2 race(s) or simulation(s) in the last 8 weeks (1 logged as a workout);") {
		t.Fatalf("practice %q", p.Detail)
	}
	if len(a.LoggedSimulations) != 2 || a.LoggedSimulations[0].LogID != 7 || len(a.LoggedSimulations[0].Stations) != 8 {
		t.Fatalf("listed %+v", a.LoggedSimulations)
	}
	// Never a result: the leaderboard and the prediction are untouched.
	if a.ResultCount != 1 || a.Latest == nil || a.Latest.Kind != KindRace {
		t.Fatalf("results %d %+v", a.ResultCount, a.Latest)
	}

	// Without any result entered, a logged simulation still counts.
	bob := dbtest.NewUser(t, d, "bob", "pro")
	a, _ = s.Analytics(ctx, bob)
	if c := coverage(a); c.Score != 25 || a.ResultCount != 0 {
		t.Fatalf("no results: %+v", c)
	}
}

// A simulation logged as a workout with every run timed is a simulation the
// strategy can plan from; one on the day of the latest result is that result
// entered twice; one without every run's time is named, not read.
func TestRacingPlanEffortReadsATimedLoggedSimulation(t *testing.T) {
	timed := LoggedSimulation{LogID: 7, Date: "2026-03-02", WorkoutName: "Sunday sim",
		RunTimes: [8]int{300, 310, 310, 310, 310, 310, 310, 320}, StationTimes: [8]int{270, 0, 280, 9000, 0, 0, 0, 380}, RoxzoneTime: 400}
	r, ok := timed.AsResult("open_women")
	if !ok || r.Kind != KindSimulation || r.Division != "open_women" || r.Complete || r.StationSplits[1] != nil || r.StationSplits[3] != nil ||
		*r.StationSplits[0] != 270 || r.RoxzoneSeconds != 400 || r.TotalSeconds != r.RunTotal()+270+280+380+400 {
		t.Fatalf("as a result %+v %v", r, ok)
	}
	untimed := LoggedSimulation{LogID: 8, Date: "2026-03-03", WorkoutName: "Quick sim", Stations: [8]bool{true, true}}
	if _, ok := untimed.AsResult("open_men"); ok {
		t.Fatal("a log without run times became a result")
	}
	short := timed
	short.RunTimes[7] = 60
	if _, ok := short.AsResult("open_men"); ok {
		t.Fatal("a 1:00 run became a result")
	}

	race := Result{ID: 3, Date: "2026-03-01", Kind: KindRace, Division: "doubles_mixed"}
	effort, logID, note := planEffort(&race, []LoggedSimulation{timed}, "")
	if logID == nil || *logID != 7 || effort.Division != "doubles_mixed" || effort.Date != "2026-03-02" || note != `Planned from your simulation logged as a workout, "Sunday sim" on Mar 2, 2026.` {
		t.Fatalf("timed after the race: %+v %v %q", effort, logID, note)
	}
	sameDay := race
	sameDay.Date = "2026-03-02"
	if effort, logID, note := planEffort(&sameDay, []LoggedSimulation{timed}, ""); effort.ID != 3 || logID != nil || note != "" {
		t.Fatalf("same day: %+v %v %q", effort, logID, note)
	}
	effort, logID, note = planEffort(&race, []LoggedSimulation{timed, untimed}, "")
	if logID == nil || *logID != 7 || !strings.HasSuffix(note, `Your simulation logged as a workout on Mar 3, 2026 ("Quick sim") has no time for every run, so the plan reads your simulation on Mar 2, 2026: log each row's time, or enter it on the results page, to plan from it.`) {
		t.Fatalf("untimed after the timed: %+v %q", effort, note)
	}
	if effort, logID, note := planEffort(nil, []LoggedSimulation{untimed}, ""); effort != nil || logID != nil || !strings.Contains(note, "so the plan reads the athletes who finished near your goal:") {
		t.Fatalf("no result: %+v %q", effort, note)
	}
	if effort, _, _ := planEffort(nil, []LoggedSimulation{timed}, ""); effort == nil || effort.Division != DefaultVisitorDivision {
		t.Fatalf("no result, timed log: %+v", effort)
	}
}
