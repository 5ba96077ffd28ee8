package training

import (
	"context"
	"encoding/json"
	"strings"
	"time"
	"unicode"

	"hyrox/internal/db"
)

// A HYROX simulation logged as a workout is one HYROX effort, as a race
// result is: racing counts it for station coverage and race practice
// (docs/analytics.md#a-simulation-logged-as-a-workout). Training decides which
// logs are simulations and which stations they did; internal/server hands
// them to racing through racing's own small interface.

// LoggedSimulation is a log that is a HYROX simulation: its day (UTC, as
// racing's dates), its name and the stations it did, in race order.
type LoggedSimulation struct {
	LogID       int64
	Date        string // YYYY-MM-DD
	WorkoutName string
	Stations    [8]bool
	// The seconds its rows record, where the log has them: the runs in the
	// order logged (0 where a run has no time; past the 8th left out), each
	// station's (0 where none) and the Roxzone rows' sum. Racing plans from
	// a simulation timed in full (docs/analytics.md#a-simulation-logged-as-a-workout).
	RunTimes     [8]int
	StationTimes [8]int
	RoxzoneTime  int
}

// simulationTimes are the seconds of a simulation's rows (LoggedSimulation).
type simulationTimes struct {
	runs, stations [8]int
	roxzone        int
}

// timesOf reads the times of a simulation's rows.
func timesOf(rows []SessionExercise) simulationTimes {
	var t simulationTimes
	run := 0
	for _, r := range rows {
		st, isRun, rox, ok := rowPart(r.Exercise)
		switch {
		case !ok:
		case isRun:
			if run < 8 {
				t.runs[run] = r.TimeS
			}
			run++
		case rox:
			t.roxzone += r.TimeS
		default:
			t.stations[st] += r.TimeS
		}
	}
	return t
}

// simulationWorkouts are the catalogue workouts that are simulations: runs
// and stations in race order (content.go).
var simulationWorkouts = map[string]bool{"half-sim-front": true, "half-sim-back": true, "full-sim": true}

// stationKeys name the 8 stations in race order as a row's name begins,
// once lower-cased and stripped to letters ("Farmer's Carry" -> "farmerscarry").
var stationKeys = [8][]string{
	{"skierg"}, {"sledpush"}, {"sledpull"}, {"burpeebroadjump"},
	{"row"}, {"farmerscarry", "farmercarry"}, {"sandbaglunge"}, {"wallball"},
}

func letters(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// rowPart classifies a row: a station (its index), a run, a Roxzone or
// transition row, or something else.
func rowPart(name string) (station int, run, roxzone, ok bool) {
	n := letters(name)
	for i, keys := range stationKeys {
		for _, k := range keys {
			if strings.HasPrefix(n, k) {
				return i, false, false, true
			}
		}
	}
	switch {
	case strings.HasPrefix(n, "run"):
		return -1, true, false, true
	case strings.HasPrefix(n, "roxzone"), strings.HasPrefix(n, "transition"):
		return -1, false, true, true
	}
	return -1, false, false, false
}

// SimulationStations says whether rows are a HYROX simulation and which
// stations it did: every row a run, a station or the Roxzone, at least one
// run and two different stations, the stations in race order (so a
// compromised-running session of wall balls, lunges and sled pushes is not one).
func SimulationStations(rows []SessionExercise) ([8]bool, bool) {
	var done [8]bool
	runs, stations, last := 0, 0, -1
	for _, r := range rows {
		st, run, rox, ok := rowPart(r.Exercise)
		switch {
		case !ok:
			return [8]bool{}, false
		case run:
			runs++
		case rox:
		default:
			if st < last {
				return [8]bool{}, false
			}
			if !done[st] {
				stations++
			}
			done[st], last = true, st
		}
	}
	if runs == 0 || stations < 2 {
		return [8]bool{}, false
	}
	return done, true
}

// catalogueStations are the stations of a catalogue simulation by its slug.
func catalogueStations(slug string) ([8]bool, bool) {
	if !simulationWorkouts[slug] {
		return [8]bool{}, false
	}
	for _, w := range workoutContent {
		if w.Slug == slug {
			rows := make([]SessionExercise, len(w.Exercises))
			for i, e := range w.Exercises {
				rows[i] = SessionExercise{Exercise: e.Name}
			}
			return SimulationStations(rows)
		}
	}
	return [8]bool{}, false
}

// simulationOf decides whether one log is a simulation: its rows when they
// are one (with their times), else the catalogue simulation it logs (rows
// left empty or in an older client's form; no times).
func simulationOf(slug string, exercises json.RawMessage) ([8]bool, simulationTimes, bool) {
	var rows []SessionExercise
	if isJSONArray(exercises) && json.Unmarshal(exercises, &rows) == nil {
		if st, ok := SimulationStations(rows); ok {
			return st, timesOf(rows), true
		}
	}
	st, ok := catalogueStations(slug)
	return st, simulationTimes{}, ok
}

// LoggedSimulations lists userID's logs completed on or after since (a
// YYYY-MM-DD day, UTC) that are HYROX simulations, oldest first.
func (s *Service) LoggedSimulations(ctx context.Context, userID int64, since string) ([]LoggedSimulation, error) {
	from, err := time.Parse(time.DateOnly, since)
	if err != nil {
		return nil, err
	}
	logs, err := s.store.SimulationCandidates(ctx, userID, from.Unix())
	if err != nil {
		return nil, err
	}
	out := []LoggedSimulation{}
	for _, l := range logs {
		if st, times, ok := simulationOf(l.slug, l.exercises); ok {
			out = append(out, LoggedSimulation{LogID: l.id, Date: l.completedAt.UTC().Format(time.DateOnly), WorkoutName: l.name, Stations: st,
				RunTimes: times.runs, StationTimes: times.stations, RoxzoneTime: times.roxzone})
		}
	}
	return out, nil
}

// simulationCandidate is what deciding on a simulation needs of a log.
type simulationCandidate struct {
	id          int64
	name, slug  string
	exercises   json.RawMessage
	completedAt time.Time
}

// SimulationCandidates reads userID's logs completed from the Unix second
// from on, with their catalogue workout's slug: a range of the
// workout_logs_user_epoch index.
func (s *Store) SimulationCandidates(ctx context.Context, userID, from int64) ([]simulationCandidate, error) {
	rows, err := s.db.Query(ctx, `SELECT l.id, l.workout_name, COALESCE(w.slug, ''), l.exercises, l.completed_at
		FROM workout_logs l LEFT JOIN workouts w ON w.id = l.workout_id
		WHERE l.user_id = ? AND l.completed_epoch >= ?
		ORDER BY l.completed_epoch, l.id`, userID, from)
	return db.Collect(rows, err, func(row db.Scanner) (c simulationCandidate, err error) {
		var ex string
		err = row.Scan(&c.id, &c.name, &c.slug, &ex, &c.completedAt)
		c.exercises = json.RawMessage(ex)
		return c, err
	})
}
