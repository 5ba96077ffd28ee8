package racing

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// A HYROX simulation logged as a workout (docs/analytics.md#a-simulation-logged-as-a-workout)
// is the same effort as a simulation entered here: readiness counts it for
// race practice and station coverage. It is never on the leaderboard (no
// official splits) and has no splits for the prediction. Racing does not
// import training: it names what it needs here, and internal/server wires the
// training service in.

// LoggedSimulation is a workout log that is a HYROX simulation. Its fields
// match training.LoggedSimulation one for one, so internal/server converts
// one into the other: racing.LoggedSimulation(s).
type LoggedSimulation struct {
	LogID       int64
	Date        string // YYYY-MM-DD
	WorkoutName string
	Stations    [8]bool // stations done, in race order
	// The seconds its rows record (0 where none): the runs in the order
	// logged, each station, the Roxzone.
	RunTimes     [8]int
	StationTimes [8]int
	RoxzoneTime  int
}

// AsResult is a logged simulation as the simulation result it is, when it
// is timed like one: all 8 runs and at least one station within a result's
// bounds (a station out of them counts as not timed). The division is the
// athlete's (a log has none). Not stored: the strategy plans from it.
func (l LoggedSimulation) AsResult(division string) (Result, bool) {
	r := Result{Date: l.Date, EventName: l.WorkoutName, Kind: KindSimulation, Division: division}
	if l.RoxzoneTime > 0 && l.RoxzoneTime <= RoxzoneMax {
		r.RoxzoneSeconds = l.RoxzoneTime
	}
	for i, secs := range l.RunTimes {
		if secs < RunMin || secs > RunMax {
			return Result{}, false
		}
		r.RunSplits[i] = secs
	}
	stations := 0
	for i, secs := range l.StationTimes {
		if secs >= stationMin[i] && secs <= StationMax {
			s := secs
			r.StationSplits[i] = &s
			stations++
		}
	}
	if stations == 0 {
		return Result{}, false
	}
	r.Complete = stations == 8
	r.TotalSeconds = r.RunTotal() + r.StationTotal() + r.RoxzoneSeconds
	return r, true
}

// SimulationLog lists an athlete's simulations logged as workouts from a day on.
type SimulationLog interface {
	LoggedSimulations(ctx context.Context, userID int64, since string) ([]LoggedSimulation, error)
}

// SimulationLogFunc lets a function be a SimulationLog.
type SimulationLogFunc func(ctx context.Context, userID int64, since string) ([]LoggedSimulation, error)

func (f SimulationLogFunc) LoggedSimulations(ctx context.Context, userID int64, since string) ([]LoggedSimulation, error) {
	return f(ctx, userID, since)
}

// SetSimulationLog connects the workout log's simulations to analytics.
// Without it (nil), only results entered here count.
func (s *Service) SetSimulationLog(sl SimulationLog) { s.simLog = sl }

// LoggedSimulationView is a counted logged simulation as the analytics page lists it.
type LoggedSimulationView struct {
	LogID       int64  `json:"logId"`
	Date        string `json:"date"`
	WorkoutName string `json:"workoutName"`
	Stations    []int  `json:"stations"` // indexes of the stations done, in race order
}

// practiceWeeks is how far back race practice counts (readiness).
const practiceWeeks = 8

// loggedSince reads the athlete's logged simulations of the readiness window.
func (s *Service) loggedSince(ctx context.Context, userID int64, today time.Time) ([]LoggedSimulation, error) {
	if s.simLog == nil {
		return nil, nil
	}
	return s.simLog.LoggedSimulations(ctx, userID, today.AddDate(0, 0, -7*practiceWeeks+1).Format(time.DateOnly))
}

// countLogged adds the logged simulations to what readiness reads: one on a
// day with a result entered here is that result (one effort, entered twice),
// so it adds nothing to practice; its stations count either way.
func countLogged(in *ReadinessInput, covered map[int]bool, results []Result, logged []LoggedSimulation, today time.Time) []LoggedSimulationView {
	day := func(n int) string { return today.AddDate(0, 0, -n).Format(time.DateOnly) }
	resultDays := map[string]bool{}
	for _, r := range results {
		resultDays[r.Date] = true
	}
	views := []LoggedSimulationView{}
	for _, l := range logged {
		if l.Date <= day(7*practiceWeeks) {
			continue
		}
		v := LoggedSimulationView{LogID: l.LogID, Date: l.Date, WorkoutName: l.WorkoutName, Stations: []int{}}
		for i, done := range l.Stations {
			if done {
				v.Stations = append(v.Stations, i)
				if l.Date > day(28) {
					covered[i] = true
				}
			}
		}
		views = append(views, v)
		if !resultDays[l.Date] {
			resultDays[l.Date] = true
			in.ResultsLast8Weeks++
			in.LoggedLast8Weeks++
		}
	}
	in.StationsLast4Weeks = len(covered)
	return views
}

// loggedNote is the readiness detail's mention of logged simulations.
func loggedNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d logged as a workout)", n)
}

// planEffort is the effort the strategy plans from: the latest result, or a
// simulation logged as a workout after it (logged oldest first) when timed
// like a result: the newest such. A log on the day of the latest result is
// that result entered twice. note says which log the plan reads, or why the
// newest log after the result cannot be read (docs/analytics.md#a-simulation-logged-as-a-workout).
func planEffort(latest *Result, logged []LoggedSimulation, division string) (effort *Result, logID *int64, note string) {
	after := ""
	if latest != nil {
		after = latest.Date
		if division == "" {
			division = latest.Division
		}
	}
	if division == "" {
		division = DefaultVisitorDivision
	}
	var newest *LoggedSimulation
	effort = latest
	for i := range logged {
		l := logged[i]
		if l.Date <= after {
			continue
		}
		newest = &logged[i]
		if r, ok := l.AsResult(division); ok {
			effort, logID = &r, &logged[i].LogID
			note = fmt.Sprintf("Planned from your simulation logged as a workout, %q on %s.", l.WorkoutName, DayLabel(l.Date))
		}
	}
	if newest != nil && (logID == nil || *logID != newest.LogID) {
		instead := "the athletes who finished near your goal"
		if effort != nil {
			instead = fmt.Sprintf("your %s on %s", effort.Kind, DayLabel(effort.Date))
		}
		note = strings.TrimSpace(note + " " + fmt.Sprintf("Your simulation logged as a workout on %s (%q) has no time for every run, so the plan reads %s: log each row's time, or enter it on the results page, to plan from it.",
			DayLabel(newest.Date), newest.WorkoutName, instead))
	}
	return effort, logID, note
}
