package training

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Plans are data: every prescription of every generated week of every
// catalogue plan obeys the HYROX rules (docs/training.md#the-race-rules) and
// matches its own text (docs/training.md#catalogue-plans).

// simulations are the workouts that are the race format (all or half of it).
var simulations = map[string]struct{ runs, first, last int }{
	"full-sim":       {8, 0, 7},
	"half-sim-front": {4, 0, 3},
	"half-sim-back":  {4, 4, 7},
}

func generatedPlans(t *testing.T) map[string][]Week {
	t.Helper()
	ids, targets := map[string]int64{}, map[string]int{}
	for i, w := range workoutContent {
		ids[w.Slug] = int64(i + 1)
		targets[w.Slug] = w.TargetTime
	}
	out := map[string][]Week{}
	for _, p := range planContent {
		weeks, err := programWeeks(p, ids, targets)
		if err != nil {
			t.Fatal(err)
		}
		out[p.Slug] = weeks
	}
	return out
}

func slugOf(id *int64) string {
	if id == nil {
		return ""
	}
	return workoutContent[*id-1].Slug
}

// kgIn lists the loads ("24 kg", "2 x 32 kg") a text names.
var kgRe = regexp.MustCompile(`(\d+(?:\.\d+)?) kg`)

func kgIn(text string) []float64 {
	var out []float64
	for _, m := range kgRe.FindAllStringSubmatch(text, -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		out = append(out, v)
	}
	return out
}

// checkRaceFormat: a simulation's (or race day's) exercises are runs of 1 km
// and the stations in race order at race work and the division's loads.
func checkRaceFormat(exs []SessionExercise, runs, first, last int, division string) error {
	if len(exs) != last-first+2 {
		return fmt.Errorf("%d lines, want runs and %d stations", len(exs), last-first+1)
	}
	if r := exs[0]; r.Exercise != "Run" || r.Sets != runs || r.DistanceM != RaceRunM {
		return fmt.Errorf("runs %+v, want %d x %d m", r, runs, RaceRunM)
	}
	for i, e := range exs[1:] {
		rule := raceStations[first+i]
		if e.Exercise != rule.Name || e.DistanceM != rule.DistanceM || e.Reps != rule.Reps || e.Sets > 1 {
			return fmt.Errorf("station %d is %+v, want %s %d m %d reps", first+i+1, e, rule.Name, rule.DistanceM, rule.Reps)
		}
		men, women := rule.divisionLoads(division)
		if e.LoadKg != men {
			return fmt.Errorf("%s at %v kg, want the %s race load %v kg", e.Exercise, e.LoadKg, division, men)
		}
		if women > 0 && !slices.Contains(kgIn(e.Notes), women) {
			return fmt.Errorf("%s notes %q do not give the women's %v kg", e.Exercise, e.Notes, women)
		}
	}
	return nil
}

// volume is a session's work: sets x (distance + reps + seconds) per line.
func volume(exs []SessionExercise) float64 {
	v := 0.0
	for _, e := range exs {
		work := e.DistanceM + e.Reps + e.TimeS
		if work == 0 {
			work = 1
		}
		v += float64(max(e.Sets, 1) * work)
	}
	return v
}

func TestCataloguePlansObeyTheRaceRulesAndTheirText(t *testing.T) {
	plans := generatedPlans(t)
	for _, p := range planContent {
		division := p.division()
		weeks := plans[p.Slug]
		// Which weeks each session (by day and title) appears in.
		seen := map[string][]int{}
		for _, w := range weeks {
			for _, s := range w.Sessions {
				seen[fmt.Sprintf("%d %s", s.Day, s.Title)] = append(seen[fmt.Sprintf("%d %s", s.Day, s.Title)], w.Week)
			}
		}
		for _, w := range weeks {
			for _, s := range w.Sessions {
				where := fmt.Sprintf("%s week %d day %d %q", p.Slug, w.Week, s.Day, s.Title)
				slug := slugOf(s.WorkoutID)
				if s.RPE < 1 || s.RPE > 10 {
					t.Errorf("%s: RPE %d", where, s.RPE)
				}
				if err := checkSession(s, division); err != nil {
					t.Errorf("%s: %v", where, err)
				}
				if sim, ok := simulations[slug]; ok || s.Kind == KindRace {
					if s.Kind == KindRace {
						sim = simulations["full-sim"]
					}
					if err := checkRaceFormat(s.Exercises, sim.runs, sim.first, sim.last, division); err != nil {
						t.Errorf("%s: not the race format: %v", where, err)
					}
				}
				// The text: loads it names are the prescription's (men's line or the
				// women's in its notes); a volume change it states is the one prescribed;
				// "in week N" means that week only; "N x 1 km" is that many runs.
				kgs := []float64{}
				for _, e := range s.Exercises {
					kgs = append(kgs, e.LoadKg)
					kgs = append(kgs, kgIn(e.Notes)...)
				}
				for _, kg := range kgIn(s.Details) {
					if !slices.Contains(kgs, kg) {
						t.Errorf("%s: the text names %v kg, the prescription has %v", where, kg, kgs)
					}
				}
				base := volume(baseSessions[slug].Exercises)
				got := math.Round((volume(s.Exercises)/base - 1) * 100)
				if m := regexp.MustCompile(`\+(\d+) % volume`).FindStringSubmatch(s.Details); m != nil {
					if n, _ := strconv.ParseFloat(m[1], 64); n != got {
						t.Errorf("%s: the text says +%v %% volume, the prescription is %+.0f %%", where, n, got)
					}
				}
				if m := regexp.MustCompile(`(\d+) % of week 1's volume`).FindStringSubmatch(s.Details); m != nil {
					if n, _ := strconv.ParseFloat(m[1], 64); n != got+100 {
						t.Errorf("%s: the text says %v %% of the volume, the prescription is %.0f %%", where, n, got+100)
					}
				}
				if strings.Contains(s.Details, "same volume as week 1") && got != 0 {
					t.Errorf("%s: the text says the same volume, the prescription is %+.0f %%", where, got)
				}
				if _, ok := simulations[slug]; ok && got != 0 {
					t.Errorf("%s: a simulation's volume changed by %+.0f %%", where, got)
				}
				if m := regexp.MustCompile(`in week (\d+)`).FindStringSubmatch(s.Details); m != nil {
					n, _ := strconv.Atoi(m[1])
					if in := seen[fmt.Sprintf("%d %s", s.Day, s.Title)]; !slices.Equal(in, []int{n}) {
						t.Errorf("%s: the text says week %d, it is planned in weeks %v", where, n, in)
					}
				}
				for _, m := range regexp.MustCompile(`(\d+) x 1 km`).FindAllStringSubmatch(s.Details, -1) {
					n, _ := strconv.Atoi(m[1])
					if !slices.ContainsFunc(s.Exercises, func(e SessionExercise) bool { return e.Exercise == "Run" && e.Sets == n && e.DistanceM == 1000 }) {
						t.Errorf("%s: the text says %d x 1 km, the prescription %+v", where, n, s.Exercises)
					}
				}
			}
			// A week's focus makes no load, run or volume claim the week does not hold.
			for _, kg := range kgIn(w.Focus) {
				t.Errorf("%s week %d: the focus names %v kg; loads belong in the sessions' text", p.Slug, w.Week, kg)
			}
			if regexp.MustCompile(`\d+ (repeats|km|rounds?|x)\b|\d+ ?%`).MatchString(w.Focus) {
				t.Errorf("%s week %d: the focus %q makes a numeric claim the generator does not check", p.Slug, w.Week, w.Focus)
			}
		}
	}
}

// checkSession: every station line is at its race work or less, a fixed
// implement weighs one of the division's loads, and no number is out of range.
func checkSession(s Session, division string) error {
	for _, e := range s.Exercises {
		if e.Sets < 0 || e.Sets > 100 || e.DistanceM > 100000 || e.LoadKg < 0 || e.LoadKg > 500 {
			return fmt.Errorf("%s out of range: %+v", e.Exercise, e)
		}
		rule, ok := stationByName(e.Exercise)
		if !ok {
			continue
		}
		if rule.DistanceM > 0 && e.DistanceM > rule.DistanceM {
			return fmt.Errorf("%s over %d m, the race is %d m", e.Exercise, e.DistanceM, rule.DistanceM)
		}
		if rule.Reps > 0 && e.Reps > rule.Reps {
			return fmt.Errorf("%s %d reps, the race is %d", e.Exercise, e.Reps, rule.Reps)
		}
		if rule.Fixed && e.LoadKg > 0 {
			if men, _ := rule.divisionLoads(division); e.LoadKg != men {
				return fmt.Errorf("%s at %v kg; the %s implement is %v kg", e.Exercise, e.LoadKg, division, men)
			}
		}
	}
	return nil
}

// The library's per-division standards state the same loads as the rules
// the plans are checked against.
func TestExerciseLibraryMatchesTheRaceRules(t *testing.T) {
	for _, rule := range raceStations {
		var lib *LibraryExercise
		for i := range exerciseLibrary {
			if exerciseLibrary[i].Name == rule.Name {
				lib = &exerciseLibrary[i]
			}
		}
		if lib == nil {
			t.Fatalf("%s is not in the library", rule.Name)
		}
		for i, std := range lib.Standards[:4] {
			if rule.Loads[i] > 0 && !slices.Contains(kgIn(std.Standard), rule.Loads[i]) {
				t.Errorf("%s %s: library says %q, the rules %v kg", rule.Name, std.Division, std.Standard, rule.Loads[i])
			}
		}
	}
}
