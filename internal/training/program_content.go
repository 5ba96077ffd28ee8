package training

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// The catalogue plans as real progressive programs (docs/training.md#catalogue-plans).
// Each library workout has a structured base session (week-1 volume, Open
// men's loads with the women's in the notes, planned RPE); a plan puts it on
// its division's loads (forDivision) and its weeks scale it:
//
//   - build weeks add 10 % volume per build week (sets or distance, up to +40 %)
//     and 2.5 % load per build week on sleds and barbells (race implements
//     such as wall balls, kettlebells and sandbags keep their standard weight), and the planned RPE climbs by one every two weeks;
//   - a deload week (its focus says deload or recovery) keeps the loads of
//     week 1 at 60 % of the volume and 2 RPE lower;
//   - the last week is the taper: half the volume at the intensity of the
//     last build week, and Sunday is race day;
//   - a simulation (full or half) and race day are the race format in every
//     week: its runs and stations never scale, at the division's race loads.
//
// A session's text states the change it got from the prescription itself
// (weekText); TestCataloguePlansObeyTheRaceRulesAndTheirText checks every
// generated week against the race rules (hyrox_rules.go) and its own text.

type baseSession struct {
	RPE       int
	Exercises []SessionExercise
}

var baseSessions = map[string]baseSession{
	"half-sim-front": {8, []SessionExercise{
		{Exercise: "Run", Sets: 4, DistanceM: 1000, TargetPace: "race pace", Notes: "before each station"},
		{Exercise: "SkiErg", DistanceM: 1000},
		{Exercise: "Sled Push", DistanceM: 50, LoadKg: 152, Notes: "women 102 kg"},
		{Exercise: "Sled Pull", DistanceM: 50, LoadKg: 103, Notes: "women 78 kg"},
		{Exercise: "Burpee Broad Jumps", DistanceM: 80},
	}},
	"half-sim-back": {8, []SessionExercise{
		{Exercise: "Run", Sets: 4, DistanceM: 1000, TargetPace: "race pace", Notes: "before each station"},
		{Exercise: "Rowing", DistanceM: 1000},
		{Exercise: "Farmers Carry", DistanceM: 200, LoadKg: 24, Notes: "2 x 24 kg; women 2 x 16 kg"},
		{Exercise: "Sandbag Lunges", DistanceM: 100, LoadKg: 20, Notes: "women 10 kg"},
		{Exercise: "Wall Balls", Reps: 100, LoadKg: 6, Notes: "women 4 kg"},
	}},
	"full-sim": {9, []SessionExercise{
		{Exercise: "Run", Sets: 8, DistanceM: 1000, TargetPace: "race pace", Notes: "before each station"},
		{Exercise: "SkiErg", DistanceM: 1000},
		{Exercise: "Sled Push", DistanceM: 50, LoadKg: 152},
		{Exercise: "Sled Pull", DistanceM: 50, LoadKg: 103},
		{Exercise: "Burpee Broad Jumps", DistanceM: 80},
		{Exercise: "Rowing", DistanceM: 1000},
		{Exercise: "Farmers Carry", DistanceM: 200, LoadKg: 24},
		{Exercise: "Sandbag Lunges", DistanceM: 100, LoadKg: 20},
		{Exercise: "Wall Balls", Reps: 100, LoadKg: 6},
	}},
	"compromised-running": {8, []SessionExercise{
		{Exercise: "Wall Balls", Sets: 4, Reps: 25, LoadKg: 6},
		{Exercise: "Sandbag Lunges", Sets: 4, DistanceM: 25, LoadKg: 20},
		{Exercise: "Sled Push", Sets: 4, DistanceM: 25, LoadKg: 120, Notes: "moderate load"},
		{Exercise: "Run", Sets: 4, DistanceM: 1000, TargetPace: "race pace", RestS: 60},
	}},
	"wall-ball-endurance": {7, []SessionExercise{
		{Exercise: "Wall Balls", Sets: 5, Reps: 20, LoadKg: 6, RestS: 60},
		{Exercise: "Run", Sets: 5, DistanceM: 200},
		{Exercise: "Goblet Squat", Sets: 3, TimeS: 30, LoadKg: 16, Notes: "hold at the bottom"},
	}},
	"sled-strength": {7, []SessionExercise{
		{Exercise: "Sled Push", Sets: 6, DistanceM: 25, LoadKg: 160, RestS: 120},
		{Exercise: "Sled Pull", Sets: 6, DistanceM: 25, LoadKg: 110, RestS: 120},
		{Exercise: "Back Squat", Sets: 5, Reps: 5, LoadKg: 80, RestS: 150},
		{Exercise: "Romanian Deadlift", Sets: 4, Reps: 8, LoadKg: 70, RestS: 90},
		{Exercise: "Plank", Sets: 3, TimeS: 45},
	}},
	"lunge-strength": {7, []SessionExercise{
		{Exercise: "Back Squat", Sets: 5, Reps: 5, LoadKg: 80, RestS: 150},
		{Exercise: "Bulgarian Split Squat", Sets: 3, Reps: 10, LoadKg: 12, Notes: "each leg"},
		{Exercise: "Sandbag Lunges", Sets: 4, DistanceM: 25, LoadKg: 20, RestS: 90},
		{Exercise: "Step-ups", Sets: 3, Reps: 12, Notes: "each leg"},
		{Exercise: "Calf Raises", Sets: 3, Reps: 20},
	}},
	"grip-and-carry": {6, []SessionExercise{
		{Exercise: "Farmers Carry", Sets: 8, DistanceM: 50, LoadKg: 24, RestS: 60},
		{Exercise: "Dead Hang", Sets: 4, TimeS: 40},
		{Exercise: "Kettlebell Deadlift", Sets: 4, Reps: 12, LoadKg: 32},
		{Exercise: "Sandbag Bear-hug Carry", Sets: 4, DistanceM: 40, LoadKg: 20},
	}},
	"threshold-1k": {7, []SessionExercise{
		{Exercise: "Run", DistanceM: 2000, Notes: "easy warm-up"},
		{Exercise: "Run", Sets: 5, DistanceM: 1000, TargetPace: "threshold", RestS: 90, Notes: "easy jog between"},
		{Exercise: "Strides", Sets: 4, DistanceM: 100},
		{Exercise: "Run", DistanceM: 1000, Notes: "easy cool-down"},
	}},
	"long-easy-run": {4, []SessionExercise{
		{Exercise: "Run", DistanceM: 10000, TargetPace: "conversational (zone 2)"},
		{Exercise: "Mobility", TimeS: 600, Notes: "hips and calves"},
	}},
	"erg-engine": {7, []SessionExercise{
		{Exercise: "SkiErg", Sets: 5, DistanceM: 500, TargetPace: "race pace per 500 m", RestS: 60},
		{Exercise: "Rowing", Sets: 5, DistanceM: 500, TargetPace: "race pace per 500 m", RestS: 120},
	}},
	"roxzone-drill": {7, []SessionExercise{
		{Exercise: "Run", Sets: 8, DistanceM: 400},
		{Exercise: "Wall Balls", Sets: 8, Reps: 10, LoadKg: 6},
		{Exercise: "Burpee Broad Jumps", Sets: 8, Reps: 5},
		{Exercise: "Transitions", Notes: "walk in, station, walk out: under 15 s each"},
	}},
	"burpee-broad-jump": {7, []SessionExercise{
		{Exercise: "Burpee Broad Jumps", Sets: 4, DistanceM: 20, RestS: 60},
		{Exercise: "Broad Jumps", Sets: 3, Reps: 8},
		{Exercise: "Push-ups", Sets: 3, Reps: 12},
		{Exercise: "Run", Sets: 4, DistanceM: 400},
	}},
	"engine-wod": {8, []SessionExercise{
		{Exercise: "Run", DistanceM: 400, Notes: "30-minute AMRAP: one round is every line"},
		{Exercise: "Rowing", DistanceM: 500},
		{Exercise: "Wall Balls", Reps: 20, LoadKg: 6},
		{Exercise: "Burpee Broad Jumps", Reps: 10},
		{Exercise: "Farmers Carry", DistanceM: 100, LoadKg: 24},
	}},
	"brick-tempo": {7, []SessionExercise{
		{Exercise: "Run", Sets: 3, DistanceM: 2000, TargetPace: "tempo"},
		{Exercise: "SkiErg", Sets: 3, DistanceM: 500},
		{Exercise: "Farmers Carry", Sets: 3, DistanceM: 100, LoadKg: 24},
		{Exercise: "Wall Balls", Reps: 50, LoadKg: 6},
	}},
	"recovery-flush": {3, []SessionExercise{
		{Exercise: "Easy bike or row", TimeS: 1200},
		{Exercise: "Mobility", TimeS: 300, Notes: "hip flexors and calves"},
		{Exercise: "Thoracic rotations", Sets: 2, Reps: 10, Notes: "each side"},
	}},
}

// raceDay is the taper's last session: the race itself, in race order.
var raceDay = baseSession{10, []SessionExercise{
	{Exercise: "Run", Sets: 8, DistanceM: 1000, Notes: "before each station"},
	{Exercise: "SkiErg", DistanceM: 1000}, {Exercise: "Sled Push", DistanceM: 50},
	{Exercise: "Sled Pull", DistanceM: 50}, {Exercise: "Burpee Broad Jumps", DistanceM: 80},
	{Exercise: "Rowing", DistanceM: 1000}, {Exercise: "Farmers Carry", DistanceM: 200},
	{Exercise: "Sandbag Lunges", DistanceM: 100}, {Exercise: "Wall Balls", Reps: 100},
}}

// weekPhase is how week (1-based) of n weeks with focus is built.
type weekPhase struct {
	Name   string  // build, deload or taper
	Volume float64 // multiplier of the base volume
	Load   float64 // multiplier of the base loads
	RPE    int     // added to the base RPE
}

func phases(focuses []string) []weekPhase {
	out := make([]weekPhase, len(focuses))
	build := 0
	for i, f := range focuses {
		l := strings.ToLower(f)
		switch {
		case i == len(focuses)-1 && len(focuses) > 1:
			out[i] = weekPhase{Name: "taper", Volume: 0.5, Load: 1 + 0.025*float64(max(build-1, 0)), RPE: max(build-1, 0) / 2}
		case strings.Contains(l, "deload") || strings.Contains(l, "recovery"):
			out[i] = weekPhase{Name: "deload", Volume: 0.6, Load: 1, RPE: -2}
		default:
			out[i] = weekPhase{Name: "build", Volume: 1 + 0.1*float64(min(build, 4)), Load: 1 + 0.025*float64(build), RPE: build / 2}
			build++
		}
	}
	return out
}

// minScaledLoad: loads below it are race implements (wall ball, kettlebells,
// sandbag) that keep their standard weight; heavier ones (sleds, barbells) progress.
const minScaledLoad = 40

func roundTo(v, step float64) float64 { return math.Round(v/step) * step }

// raceFormat lists the workouts that are the race itself, whole or half: their
// runs and stations are the race's in every week (never more or fewer runs),
// at the division's race loads; only the effort changes with the week.
var raceFormat = map[string]bool{"full-sim": true, "half-sim-front": true, "half-sim-back": true}

// sessionVolume is a session's work, to state a week's change in its text:
// sets x (distance + reps + seconds) summed over its lines.
func sessionVolume(exs []SessionExercise) float64 {
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

// heavyLoad sums the loads that progress (sleds and barbells).
func heavyLoad(exs []SessionExercise) float64 {
	v := 0.0
	for _, e := range exs {
		if e.LoadKg >= minScaledLoad {
			v += e.LoadKg
		}
	}
	return v
}

// forDivision puts a session's station lines on the division's loads
// (docs/training.md#the-race-rules): a fixed implement (kettlebells, sandbag,
// wall ball) weighs the division's, with the women's in the notes; in the
// race format the sleds are at race load too; in training a sled set
// written for Open moves to the division in proportion to its race load.
func forDivision(exs []SessionExercise, division string, race bool) []SessionExercise {
	out := make([]SessionExercise, len(exs))
	for i, e := range exs {
		rule, ok := stationByName(e.Exercise)
		men, women := rule.divisionLoads(division)
		switch {
		case !ok || men == 0:
		case rule.Fixed || race:
			e.LoadKg = men
			e.Notes = womenNote(rule, men, women)
		case e.LoadKg > 0 && division != DivisionOpen:
			openMen, _ := rule.divisionLoads(DivisionOpen)
			e.LoadKg = roundTo(e.LoadKg*men/openMen, 2.5)
		}
		out[i] = e
	}
	return out
}

// womenNote is a station line's note of the loads: "2 x 24 kg; women 2 x 16 kg".
func womenNote(rule stationRule, men, women float64) string {
	if rule.Name == "Farmers Carry" {
		return fmt.Sprintf("2 x %g kg; women 2 x %g kg", men, women)
	}
	return fmt.Sprintf("women %g kg", women)
}

// scaleSession applies a week's phase to a base session (already on the
// plan's division). A race-format session keeps its work and loads.
func scaleSession(b baseSession, ph weekPhase, race bool) (int, []SessionExercise) {
	out := make([]SessionExercise, len(b.Exercises))
	for i, e := range b.Exercises {
		if !race {
			switch {
			case e.Sets > 1:
				e.Sets = max(1, int(math.Round(float64(e.Sets)*ph.Volume)))
			case e.DistanceM >= 1000 && e.Exercise == "Run":
				e.DistanceM = int(roundTo(float64(e.DistanceM)*ph.Volume, 500))
			case e.TimeS > 0 && e.Sets == 0:
				e.TimeS = int(roundTo(float64(e.TimeS)*ph.Volume, 60))
			}
			if e.LoadKg >= minScaledLoad {
				e.LoadKg = roundTo(e.LoadKg*ph.Load, 2.5)
			}
		}
		out[i] = e
	}
	return min(10, max(1, b.RPE+ph.RPE)), out
}

// weekText says what a week did to a session, from the prescription itself
// (its volume and progressing loads against week 1), so the text and the
// numbers cannot disagree.
func weekText(ph weekPhase, week int, race bool, rpe int, week1, now []SessionExercise) string {
	if race {
		switch ph.Name {
		case "deload":
			return fmt.Sprintf(" Deload: the race format at an easy effort (RPE %d).", rpe)
		case "taper":
			return " Taper: the race format, fresh and sharp."
		}
		return " The race format at race loads."
	}
	vol := math.Round(sessionVolume(now) / sessionVolume(week1) * 100)
	load := 0.0
	if h := heavyLoad(week1); h > 0 {
		load = math.Round((heavyLoad(now)/h - 1) * 100)
	}
	switch ph.Name {
	case "deload":
		return fmt.Sprintf(" Deload: %.0f %% of week 1's volume at week-1 loads.", vol)
	case "taper":
		return fmt.Sprintf(" Taper: %.0f %% of week 1's volume, same intensity.", vol)
	}
	if week == 1 {
		return ""
	}
	text := " Build: same volume as week 1"
	if vol != 100 {
		text = fmt.Sprintf(" Build: %+.0f %% volume on week 1", vol-100)
	}
	if load > 0 {
		text += fmt.Sprintf(", sled and barbell loads +%.0f %%", load)
	}
	return text + "."
}

// programWeeks builds a catalogue plan's weeks with their sessions; workoutIDs
// maps workout slugs to ids and targets to their planned minutes.
func programWeeks(p planSpec, workoutIDs map[string]int64, targets map[string]int) ([]Week, error) {
	ph := phases(p.Weeks)
	division := p.division()
	weeks := make([]Week, len(p.Weeks))
	for wi, focus := range p.Weeks {
		w := Week{Week: wi + 1, Focus: focus, Sessions: []Session{}}
		for _, s := range p.Sessions {
			if ph[wi].Name == "taper" && s.Day == 7 {
				continue // race day takes Sunday
			}
			if s.InWeeks != nil && !slices.Contains(s.InWeeks, wi+1) {
				continue
			}
			base, ok := baseSessions[s.Workout]
			if !ok {
				return nil, fmt.Errorf("plan %s: no structured session for workout %s", p.Slug, s.Workout)
			}
			wid, ok := workoutIDs[s.Workout]
			if !ok {
				return nil, fmt.Errorf("plan %s: unknown workout %s", p.Slug, s.Workout)
			}
			race := raceFormat[s.Workout]
			base.Exercises = forDivision(base.Exercises, division, race)
			rpe, ex := scaleSession(base, ph[wi], race)
			minutes := targets[s.Workout]
			if !race {
				minutes = max(15, int(roundTo(float64(minutes)*min(ph[wi].Volume, 1.25), 5)))
			}
			id := wid
			w.Sessions = append(w.Sessions, Session{Day: s.Day, Kind: KindTraining, Title: s.Title,
				Details:   s.Details + weekText(ph[wi], wi+1, race, rpe, base.Exercises, ex),
				WorkoutID: &id, Minutes: minutes, RPE: rpe, Exercises: ex})
		}
		if ph[wi].Name == "taper" {
			sim := workoutIDs["full-sim"]
			w.Sessions = append(w.Sessions, Session{Day: 7, Kind: KindRace, Title: "Race day", WorkoutID: &sim,
				Details: "HYROX race day (or a full simulation if your race is later): 8 x 1 km runs, each followed by a station in race order.",
				Minutes: 90, RPE: raceDay.RPE, Exercises: forDivision(raceDay.Exercises, division, true)})
		}
		weeks[wi] = w
	}
	return weeks, nil
}
