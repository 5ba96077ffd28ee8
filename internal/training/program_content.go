package training

import (
	"fmt"
	"math"
	"strings"
)

// The catalogue plans as real progressive programs (docs/training.md#catalogue-plans).
// Each library workout has a structured base session (week-1 volume, race or
// training loads for an Open athlete, planned RPE); the plan's weeks scale it:
//
//   - build weeks add 10 % volume per build week (sets or distance, up to +40 %)
//     and 2.5 % load per build week on sleds and barbells (race implements
//     such as wall balls, kettlebells and sandbags keep their standard weight), and the planned RPE climbs by one every two weeks;
//   - a deload week (its focus says deload or recovery) keeps the loads of
//     week 1 at 60 % of the volume and 2 RPE lower;
//   - the last week is the taper: half the volume at the intensity of the
//     last build week, and Sunday is race day.
//
// source: docs/training.md (race format and Open loads: sled push 152/102 kg
// with the sled, sled pull 103/78 kg, farmers 2 x 24/16 kg, sandbag 20/10 kg,
// wall ball 6/4 kg).

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

// scaleSession applies a week's phase to a base session.
func scaleSession(b baseSession, ph weekPhase) (int, []SessionExercise) {
	out := make([]SessionExercise, len(b.Exercises))
	for i, e := range b.Exercises {
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
		out[i] = e
	}
	return min(10, max(1, b.RPE+ph.RPE)), out
}

// programWeeks builds a catalogue plan's weeks with their sessions; workoutIDs
// maps workout slugs to ids and targets to their planned minutes.
func programWeeks(p planSpec, workoutIDs map[string]int64, targets map[string]int) ([]Week, error) {
	ph := phases(p.Weeks)
	weeks := make([]Week, len(p.Weeks))
	for wi, focus := range p.Weeks {
		w := Week{Week: wi + 1, Focus: focus, Sessions: []Session{}}
		for _, s := range p.Sessions {
			if ph[wi].Name == "taper" && s.Day == 7 {
				continue // race day takes Sunday
			}
			base, ok := baseSessions[s.Workout]
			if !ok {
				return nil, fmt.Errorf("plan %s: no structured session for workout %s", p.Slug, s.Workout)
			}
			wid, ok := workoutIDs[s.Workout]
			if !ok {
				return nil, fmt.Errorf("plan %s: unknown workout %s", p.Slug, s.Workout)
			}
			rpe, ex := scaleSession(base, ph[wi])
			minutes := max(15, int(roundTo(float64(targets[s.Workout])*min(ph[wi].Volume, 1.25), 5)))
			details := s.Details
			switch ph[wi].Name {
			case "deload":
				details += " Deload: 60 % of the volume at week-1 loads."
			case "taper":
				details += " Taper: half the volume, same intensity."
			default:
				if wi > 0 {
					details += fmt.Sprintf(" Build: +%d %% volume on week 1.", int(math.Round((ph[wi].Volume-1)*100)))
				}
			}
			id := wid
			w.Sessions = append(w.Sessions, Session{Day: s.Day, Kind: KindTraining, Title: s.Title, Details: details,
				WorkoutID: &id, Minutes: minutes, RPE: rpe, Exercises: ex})
		}
		if ph[wi].Name == "taper" {
			sim := workoutIDs["full-sim"]
			w.Sessions = append(w.Sessions, Session{Day: 7, Kind: KindRace, Title: "Race day", WorkoutID: &sim,
				Details: "HYROX race day (or a full simulation if your race is later): 8 x 1 km run, each followed by a station in race order.",
				Minutes: 90, RPE: raceDay.RPE, Exercises: raceDay.Exercises})
		}
		weeks[wi] = w
	}
	return weeks, nil
}
