package imports

import (
	"strings"
	"testing"
	"time"

	"github.com/muktihari/fit/profile/typedef"

	"hyrox/internal/apperr"
	"hyrox/internal/imports/fittest"
)

func lapsOfFit(laps []fittest.Lap) []Split {
	out := make([]Split, len(laps))
	for i, l := range laps {
		out[i] = Split{Seconds: float64(l.Seconds), DistanceM: l.DistanceM}
	}
	return out
}

func total(laps []Split) float64 {
	t := 0.0
	for _, l := range laps {
		t += l.Seconds
	}
	return t
}

// withRoxzone puts a Roxzone lap of rox seconds before each station (24
// laps) and, with after, one after it too (32 laps).
func withRoxzone(laps []Split, rox float64, after bool) []Split {
	var out []Split
	for i := 0; i < len(laps); i += 2 {
		out = append(out, laps[i], Split{Seconds: rox}, laps[i+1])
		if after {
			out = append(out, Split{Seconds: rox + 5})
		}
	}
	return out
}

// A lapped FIT file keeps its 16 device laps beside the kilometre splits a
// run gets, and the laps are recognised as a HYROX race.
func TestLappedFITKeepsItsLaps(t *testing.T) {
	data := fittest.Lapped(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC), typedef.SportRunning, fittest.HyroxLaps())
	a := mustParse(t, "hyrox.fit", data)[0]
	if len(a.Laps) != 16 || a.Laps[0].Seconds != 270 || a.Laps[0].DistanceM != 1000 || a.Laps[15].Seconds != 330 {
		t.Fatalf("laps = %+v", a.Laps)
	}
	if len(a.Splits) == 0 || a.Splits[0].DistanceM != 1000 || len(a.Splits) == 16 {
		t.Errorf("a run's splits are kilometre splits: %+v", a.Splits)
	}
	if p, state, _ := Recognise(a.Laps, a.Duration.Seconds()); state != HyroxRecognised || p != strings.Repeat("RS", 8) {
		t.Errorf("recognised %q %q", p, state)
	}
	// A 5 km run lapped every kilometre is not a race.
	run := mustParse(t, "run.fit", fittest.Run(time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC), 12, 300))[0]
	if _, state, _ := Recognise(run.Laps, run.Duration.Seconds()); state != "" {
		t.Errorf("auto-lapped run: %q", state)
	}
}

func TestRecogniseLayouts(t *testing.T) {
	base := lapsOfFit(fittest.HyroxLaps())
	z := func(s float64) Split { return Split{Seconds: s} }
	cases := []struct {
		name    string
		laps    []Split
		pattern string
		state   string
	}{
		{"16 laps", base, strings.Repeat("RS", 8), HyroxRecognised},
		{"17: a Roxzone lap at the start", append([]Split{z(20)}, base...), "Z" + strings.Repeat("RS", 8), HyroxRecognised},
		{"17: a Roxzone lap at the end", append(append([]Split{}, base...), z(15)), strings.Repeat("RS", 8) + "Z", HyroxRecognised},
		{"24: Roxzone before each station", withRoxzone(base, 40, false), strings.Repeat("RZS", 8), HyroxRecognised},
		{"32: Roxzone before and after", withRoxzone(base, 40, true), strings.Repeat("RZSZ", 8), HyroxRecognised},
		{"15 laps: one press missed", base[:15], "", HyroxManual},
		{"20 laps", append(append([]Split{}, base...), z(30), z(30), z(30), z(30)), "", HyroxManual},
		{"16 laps that are not runs and stations", append([]Split{{Seconds: 30, DistanceM: 1000}}, base[1:]...), "", HyroxManual},
		{"too few laps", base[:8], "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, state, reason := Recognise(c.laps, total(c.laps))
			if p != c.pattern || state != c.state {
				t.Fatalf("= %q %q (%s)", p, state, reason)
			}
			if state == HyroxManual && reason == "" {
				t.Error("a manual mapping without a reason")
			}
		})
	}
	if _, state, reason := Recognise(base[:15], total(base[:15])); !strings.HasPrefix(reason, "15 laps match no HYROX layout") || state != HyroxManual {
		t.Errorf("15 laps: %q", reason)
	}
}

func TestProposeFoldAndSplit(t *testing.T) {
	laps := withRoxzone(lapsOfFit(fittest.HyroxLaps()), 40, true)
	split := Propose(strings.Repeat("RZSZ", 8), RoxzoneSplit)
	if strings.Join(split[:5], ",") != "run:1,roxzone,station:1,roxzone,run:2" {
		t.Errorf("split = %v", split[:5])
	}
	s, err := ApplyMapping(laps, split)
	if err != nil || s.Roxzone != 8*85 || s.Runs[0] != 270 || *s.Station[7] != 330 {
		t.Fatalf("split sums = %+v, %v", s, err)
	}
	fold := Propose(strings.Repeat("RZSZ", 8), RoxzoneFold)
	if strings.Join(fold[:5], ",") != "run:1,run:1,station:1,run:2,run:2" || fold[31] != TargetRoxzone {
		t.Errorf("fold = %v", fold)
	}
	f, err := ApplyMapping(laps, fold)
	if err != nil || f.Roxzone != 45 || f.Runs[0] != 270+40 || f.Runs[1] != 275+45+40 || f.Runs[7] != 305+45+40 {
		t.Fatalf("fold sums = %+v, %v", f, err)
	}
	if f.Total != s.Total || f.Total != int(total(laps)) {
		t.Errorf("totals %d, %d, laps %v", f.Total, s.Total, total(laps))
	}
}

func TestApplyMappingRefuses(t *testing.T) {
	laps := lapsOfFit(fittest.HyroxLaps())
	good := Propose(strings.Repeat("RS", 8), RoxzoneSplit)
	with := func(i int, target string) []string {
		m := append([]string{}, good...)
		m[i] = target
		return m
	}
	cases := []struct {
		name    string
		mapping []string
		msg     string
	}{
		{"short", good[:15], "The mapping has 15 entries but the activity has 16 laps: map every lap once."},
		{"unknown", with(3, "station:9"), `Lap 4 is mapped to "station:9", which is not a run, a station, the Roxzone or left out.`},
		{"out of order", with(2, "station:3"), "Lap 4 (Sled Push) comes after lap 3 (Sled Pull): laps must follow the race order."},
		{"a run without a lap", with(4, TargetSkip), "Run 3 has no lap: every run needs one."},
		{"no station", []string{"run:1", "run:2", "run:3", "run:4", "run:5", "run:6", "run:7", "run:8", "skip", "skip", "skip", "skip", "skip", "skip", "skip", "skip"}, "No lap is mapped to a station: map at least one."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ApplyMapping(laps, c.mapping)
			e := apperr.As(err)
			if err == nil || e.Code != apperr.CodeInvalid || e.Fields["mapping"] != c.msg {
				t.Errorf("err = %v", err)
			}
		})
	}
	// A station left without a lap is allowed here (a simulation may skip one).
	s, err := ApplyMapping(laps, with(3, TargetSkip))
	if err != nil || s.Station[1] != nil || *s.Station[2] != 260 || s.Total != int(total(laps))-170 {
		t.Errorf("Sled Push left out = %+v, %v", s, err)
	}
	// Two laps for one run add up.
	s, err = ApplyMapping(laps, with(1, "run:1"))
	if err != nil || s.Runs[0] != 270+265 || s.Station[0] != nil || s.Total != int(total(laps)) {
		t.Errorf("the SkiErg lap joined run 1 = %+v, %v", s, err)
	}
}

func TestSportOfLogTypedByHand(t *testing.T) {
	for _, c := range []struct {
		l    HandLog
		want string
	}{
		{HandLog{Name: "Easy run"}, SportRun},
		{HandLog{Name: "Morning 5k Run"}, SportRun},
		{HandLog{Name: "Run + row"}, ""},
		{HandLog{Name: "Intervals", Exercises: []string{"RowErg", "Rowing"}}, SportRow},
		{HandLog{Name: "Intervals", Exercises: []string{"RowErg", "SkiErg"}}, ""},
		{HandLog{Name: "HYROX simulation", Exercises: []string{"Run", "SkiErg"}}, ""},
		{HandLog{Name: "Leg day"}, ""},
	} {
		if got := SportOfLog(c.l); got != c.want {
			t.Errorf("SportOfLog(%+v) = %q, want %q", c.l, got, c.want)
		}
	}
}

func TestSessionScore(t *testing.T) {
	run := NewLog{Sport: SportRun}
	for _, c := range []struct {
		title     string
		exercises []string
		want      int
	}{
		{"Threshold runs", nil, 2},
		{"Tempo", []string{"Run"}, 2},
		{"Row 5 x 500 m", nil, 0},
		{"Engine builder", nil, 1},
		{"HYROX simulation", []string{"Run", "SkiErg"}, 1},
	} {
		if got := run.SessionScore(c.title, c.exercises); got != c.want {
			t.Errorf("SessionScore(%q, %v) = %d, want %d", c.title, c.exercises, got, c.want)
		}
	}
}

// A Roxzone time the athlete knows comes out of the runs in proportion; the
// total stays the laps'.
func TestTakeRoxzone(t *testing.T) {
	laps := lapsOfFit(fittest.HyroxLaps())
	sp, err := ApplyMapping(laps, Propose(strings.Repeat("RS", 8), RoxzoneSplit))
	if err != nil {
		t.Fatal(err)
	}
	before := sp.Total
	if err := TakeRoxzone(&sp, 461); err != nil {
		t.Fatal(err)
	}
	runs := 0
	for _, r := range sp.Runs {
		runs += r
	}
	// 461 s of 2300 s of runs: run 1 (270 s) gives 54 s.
	if sp.Roxzone != 461 || runs != 2300-461 || sp.Runs[0] != 216 || sp.Total != before {
		t.Errorf("= %+v (runs %d)", sp, runs)
	}
	if err := TakeRoxzone(&sp, 30); apperr.As(err).Fields["roxzoneSeconds"] == "" {
		t.Errorf("a second Roxzone: %v", err)
	}
	sp.Roxzone = 0
	if err := TakeRoxzone(&sp, 99999); !strings.HasPrefix(apperr.As(err).Fields["roxzoneSeconds"], "The Roxzone time must be more than 0:00 and less than the runs'") {
		t.Errorf("too long: %v", err)
	}
}
