package training

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"hyrox/internal/apperr"
)

// SessionExercise is one structured exercise: planned in a program or
// calendar session, or done in a log (the log's per-exercise actuals). Every
// field but Exercise is optional; numbers are >= 0 (docs/training-logs.md#per-exercise-actuals).
type SessionExercise struct {
	Exercise   string  `json:"exercise"`
	Sets       int     `json:"sets,omitempty"`
	Reps       int     `json:"reps,omitempty"`
	LoadKg     float64 `json:"loadKg,omitempty"`
	DistanceM  int     `json:"distanceM,omitempty"`
	TimeS      int     `json:"timeS,omitempty"`
	TargetPace string  `json:"targetPace,omitempty"`
	RestS      int     `json:"restS,omitempty"`
	Notes      string  `json:"notes,omitempty"`
}

// Limits of one structured exercise, planned or done (docs/training.md).
const (
	MaxActuals       = 50 // exercises in one log
	MaxExerciseName  = 100
	MaxExerciseNotes = 500
	MaxTargetPace    = 40
	MaxExerciseSets  = 100
	MaxExerciseReps  = 10000
	MaxExerciseLoad  = 500    // kg
	MaxExerciseDist  = 100000 // m
	MaxExerciseTimeS = 24 * 3600
	MaxExerciseRestS = 3600
)

// checkExercise tidies one structured exercise and records a message per
// bad field, named prefix.field (exercises.0.loadKg, weeks[1].sessions[0].exercises[2].sets).
func checkExercise(v *apperr.Validator, prefix string, e *SessionExercise) {
	e.Exercise = strings.Join(strings.Fields(e.Exercise), " ")
	e.TargetPace = strings.TrimSpace(e.TargetPace)
	e.Notes = strings.TrimSpace(e.Notes)
	f := func(name string) string { return prefix + "." + name }
	v.Check(e.Exercise != "", f("exercise"), "Exercise name is required")
	v.Check(utf8.RuneCountInString(e.Exercise) <= MaxExerciseName, f("exercise"), "Exercise name must be at most 100 characters")
	v.Check(e.Sets >= 0, f("sets"), "Sets cannot be negative")
	v.Check(e.Sets <= MaxExerciseSets, f("sets"), "Sets cannot exceed 100")
	v.Check(e.Reps >= 0, f("reps"), "Reps cannot be negative")
	v.Check(e.Reps <= MaxExerciseReps, f("reps"), "Reps cannot exceed 10000")
	v.Check(e.LoadKg >= 0, f("loadKg"), "Load cannot be negative")
	v.Check(e.LoadKg <= MaxExerciseLoad, f("loadKg"), "Load cannot exceed 500 kg")
	v.Check(e.DistanceM >= 0, f("distanceM"), "Distance cannot be negative")
	v.Check(e.DistanceM <= MaxExerciseDist, f("distanceM"), "Distance cannot exceed 100 km")
	v.Check(e.TimeS >= 0, f("timeS"), "Time cannot be negative")
	v.Check(e.TimeS <= MaxExerciseTimeS, f("timeS"), "Time cannot exceed 24 hours")
	v.Check(e.RestS >= 0, f("restS"), "Rest cannot be negative")
	v.Check(e.RestS <= MaxExerciseRestS, f("restS"), "Rest cannot exceed 1 hour")
	v.Check(utf8.RuneCountInString(e.TargetPace) <= MaxTargetPace, f("targetPace"), "Target pace must be at most 40 characters")
	v.Check(utf8.RuneCountInString(e.Notes) <= MaxExerciseNotes, f("notes"), "Exercise notes must be at most 500 characters")
}

// isJSONArray reports whether raw is a JSON list.
func isJSONArray(raw json.RawMessage) bool {
	b := bytes.TrimSpace(raw)
	return len(b) > 0 && b[0] == '['
}

// parseActuals decodes and checks a log's list of actuals, recording a
// message per field as exercises.N.field; it returns the cleaned list.
func parseActuals(raw json.RawMessage, v *apperr.Validator) []SessionExercise {
	var list []SessionExercise
	if err := json.Unmarshal(raw, &list); err != nil {
		v.Check(false, "exercises", "Each exercise needs a name and numbers of 0 or more")
		return nil
	}
	v.Check(len(list) <= MaxActuals, "exercises", fmt.Sprintf("A log can hold at most %d exercises", MaxActuals))
	out := make([]SessionExercise, 0, len(list))
	for i, e := range list {
		checkExercise(v, fmt.Sprintf("exercises.%d", i), &e)
		out = append(out, e)
	}
	return out
}

// effort is one measurable result of a log that can be a personal record.
type effort struct {
	Key      string
	Kind     string // time | load
	Exercise string
	Measure  string
	Value    float64
	Line     int // the index of the exercise line that set it (the first with the log's best value)
}

// Record kinds.
const (
	RecordTime = "time" // lowest time for an exercise over a distance or rep count
	RecordLoad = "load" // highest load for a lift
)

// efforts lists a log's record candidates (docs/training-logs.md#personal-records):
// a time with a distance (or reps) is a time effort for that exercise and
// measure; a load is a load effort for the exercise. One per key and log:
// the log's best, so of eight 1 km runs only the fastest can hold a record.
func efforts(list []SessionExercise) []effort {
	best := map[string]effort{}
	var order []string
	add := func(e effort) {
		prev, seen := best[e.Key]
		if !seen {
			order = append(order, e.Key)
		}
		if !seen || (e.Kind == RecordTime && e.Value < prev.Value) || (e.Kind == RecordLoad && e.Value > prev.Value) {
			best[e.Key] = e
		}
	}
	for line, a := range list {
		name := strings.ToLower(strings.Join(strings.Fields(a.Exercise), " "))
		if name == "" {
			continue
		}
		if a.TimeS > 0 {
			measure := ""
			switch {
			case a.DistanceM > 0:
				measure = fmt.Sprintf("%d m", a.DistanceM)
			case a.Reps > 0:
				measure = fmt.Sprintf("%d reps", a.Reps)
			}
			add(effort{Key: RecordTime + "|" + name + "|" + measure, Kind: RecordTime, Exercise: a.Exercise, Measure: measure, Value: float64(a.TimeS), Line: line})
		}
		if a.LoadKg > 0 {
			add(effort{Key: RecordLoad + "|" + name, Kind: RecordLoad, Exercise: a.Exercise, Value: a.LoadKg, Line: line})
		}
	}
	out := make([]effort, 0, len(order))
	for _, k := range order {
		out = append(out, best[k])
	}
	return out
}

// withLines tells each record of a log which of the log's exercise lines set
// it, so a PR badge marks that one line (docs/training-logs.md#personal-records).
func withLines(recs []PersonalRecord, effs []effort) []PersonalRecord {
	line := make(map[string]int, len(effs))
	for _, e := range effs {
		line[e.Key] = e.Line
	}
	for i := range recs {
		if n, ok := line[recs[i].Key]; ok {
			recs[i].Line = &n
		}
	}
	return recs
}
