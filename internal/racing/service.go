package racing

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/identity"
	"hyrox/internal/keyset"
)

// Service holds the racing rules.
type Service struct {
	store *Store
	now   func() time.Time
	load  TrainingLoad // optional (SetTrainingLoad); nil: readiness says what is missing
	// simLog lists simulations logged as workouts (SetSimulationLog); nil: none count.
	simLog SimulationLog
}

func NewService(store *Store, now func() time.Time) *Service {
	return &Service{store: store, now: now}
}

// Bounds of a result, in seconds.
const (
	RunMin, RunMax         = 120, 1800   // a 1 km run: 2:00 to 30:00
	StationMax             = 3600        // any station: at most 60:00
	RoxzoneMin, RoxzoneMax = 60, 3600    // a race's Roxzone: 1:00 to 60:00 (a simulation may record 0)
	GoalMin, GoalMax       = 2700, 21600 // a goal: 45:00 to 6:00:00
	EventNameMax           = 100
	earliestDate           = "2017-01-01" // the first HYROX race season
)

// stationMin is the fastest plausible split per station, in seconds.
var stationMin = [8]int{150, 30, 30, 60, 150, 30, 60, 60}

// DivisionLabel is the display name of a division.
func DivisionLabel(d string) string {
	words := strings.Split(d, "_")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

func wholeSeconds(v *float64) (int, bool) {
	if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) || *v != math.Trunc(*v) || math.Abs(*v) > 1e7 {
		return 0, false
	}
	return int(*v), true
}

// Validate checks a result and builds it; bad input is a 400 naming each field.
func (s *Service) Validate(in ResultInput) (Result, error) {
	var v apperr.Validator
	r := Result{EventName: strings.TrimSpace(in.EventName), Kind: in.Kind, Division: in.Division, Date: in.Date}

	today := s.now().UTC()
	d, err := time.Parse(time.DateOnly, in.Date)
	v.Check(err == nil, "date", "Date must be a date (YYYY-MM-DD).")
	if err == nil {
		v.Check(in.Date >= earliestDate, "date", "Date cannot be before 2017, the first HYROX season.")
		// One day of slack for athletes whose local day is ahead of UTC.
		v.Check(!d.After(today.AddDate(0, 0, 1)), "date", "Date cannot be in the future.")
	}
	v.Check(r.EventName != "", "eventName", "Event name is required.")
	v.Check(utf8.RuneCountInString(r.EventName) <= EventNameMax, "eventName", "Event name cannot exceed 100 characters.")
	v.Check(r.Kind == KindRace || r.Kind == KindSimulation, "kind", "Kind must be race or simulation.")
	v.Check(slices.Contains(Divisions, r.Division), "division", "Please choose a division.")

	if len(in.RunSplits) != 8 {
		v.Check(false, "runSplits", "Enter all 8 run splits.")
	} else {
		for i, p := range in.RunSplits {
			field := "runSplits." + strconv.Itoa(i)
			n, ok := wholeSeconds(p)
			if p == nil {
				v.Check(false, field, fmt.Sprintf("Run %d is required.", i+1))
				continue
			}
			v.Check(ok, field, fmt.Sprintf("Run %d must be a whole number of seconds.", i+1))
			v.Check(!ok || (n >= RunMin && n <= RunMax), field,
				fmt.Sprintf("Run %d must be between %s and %s.", i+1, Clock(RunMin), Clock(RunMax)))
			r.RunSplits[i] = n
		}
	}
	missing := 0
	if len(in.StationSplits) != 8 {
		v.Check(false, "stationSplits", "Enter all 8 station splits.")
	} else {
		for i, p := range in.StationSplits {
			field := "stationSplits." + strconv.Itoa(i)
			if p == nil {
				missing++
				v.Check(in.Kind != KindRace, field, Stations[i]+" is required in a race.")
				continue
			}
			n, ok := wholeSeconds(p)
			v.Check(ok, field, Stations[i]+" must be a whole number of seconds.")
			v.Check(!ok || (n >= stationMin[i] && n <= StationMax), field,
				fmt.Sprintf("%s must be between %s and %s.", Stations[i], Clock(stationMin[i]), Clock(StationMax)))
			n2 := n
			r.StationSplits[i] = &n2
		}
		v.Check(missing < 8, "stationSplits", "Enter at least one station split.")
	}
	rox, ok := wholeSeconds(in.RoxzoneSeconds)
	minRox := RoxzoneMin
	if in.Kind == KindSimulation {
		minRox = 0
	}
	switch {
	case in.RoxzoneSeconds == nil:
		v.Check(false, "roxzoneSeconds", "Roxzone time is required.")
	case !ok:
		v.Check(false, "roxzoneSeconds", "Roxzone time must be a whole number of seconds.")
	default:
		v.Check(rox >= minRox && rox <= RoxzoneMax, "roxzoneSeconds",
			fmt.Sprintf("Roxzone time must be between %s and %s.", Clock(minRox), Clock(RoxzoneMax)))
	}
	r.RoxzoneSeconds = rox
	if err := v.Err(); err != nil {
		return Result{}, err
	}
	r.Complete = missing == 0
	r.TotalSeconds = r.RunTotal() + r.StationTotal() + r.RoxzoneSeconds
	return r, nil
}

// Create records a result for the signed-in athlete.
func (s *Service) Create(ctx context.Context, id identity.Identity, in ResultInput) (Result, error) {
	r, err := s.Validate(in)
	if err != nil {
		return r, err
	}
	r.UserID = id.UserID
	r.CreatedAt = s.now().UTC().Truncate(time.Microsecond)
	out, err := s.store.CreateResult(ctx, r, id.Username, id.IsCoach())
	return withVenue(out), err
}

// List is one page of my results, newest first.
func (s *Service) List(ctx context.Context, userID int64, cursor string, limit int) (keyset.Page[Result], error) {
	after, err := keyset.Parse(cursor)
	if err != nil {
		return keyset.Page[Result]{}, err
	}
	afterDate, afterID := "", int64(0)
	if after != nil {
		afterDate, afterID = after.At.Format(time.DateOnly), after.ID
	}
	items, err := s.store.ListResults(ctx, userID, afterDate, afterID, limit+1)
	if err != nil {
		return keyset.Page[Result]{}, err
	}
	for i := range items {
		items[i] = withVenue(items[i])
	}
	return keyset.Trim(items, limit, func(r Result) keyset.Cursor {
		day, _ := time.Parse(time.DateOnly, r.Date) // stored dates are validated on write
		return keyset.Cursor{At: day, ID: r.ID}
	}), nil
}

// Get is one of my results; another athlete's is a 404.
func (s *Service) Get(ctx context.Context, userID, id int64) (Result, error) {
	r, err := s.store.GetResult(ctx, userID, id)
	return withVenue(r), err
}

// Update replaces one of my results (the create rules; another athlete's is a
// 404) and moves the leaderboards it was on, or is now on.
func (s *Service) Update(ctx context.Context, userID, id int64, in ResultInput) (Result, error) {
	r, err := s.Validate(in)
	if err != nil {
		return r, err
	}
	r.ID, r.UserID = id, userID
	out, err := s.store.UpdateResult(ctx, r)
	return withVenue(out), err
}

// Delete deletes one of my results.
func (s *Service) Delete(ctx context.Context, userID, id int64) error {
	return s.store.DeleteResult(ctx, userID, id)
}

// DefaultVisitorDivision is the board a visitor, or an athlete without a
// result, opens on: Open Men, the largest division (44 % of the finishers in
// the real results of docs/analytics.md).
const DefaultVisitorDivision = "open_men"

// DefaultDivision is the division the leaderboard opens on for userID (0 for
// a visitor): the division of their latest result, else DefaultVisitorDivision
// (docs/product.md#racing).
func (s *Service) DefaultDivision(ctx context.Context, userID int64) (string, error) {
	if userID == 0 {
		return DefaultVisitorDivision, nil
	}
	d, err := s.store.LatestDivision(ctx, userID)
	if err != nil || d == "" {
		return DefaultVisitorDivision, err
	}
	return d, nil
}

// BoardFor names the board of a period, division and kind as of today. An
// empty division is every division ("all"; the HTTP layer fills in
// DefaultDivision first); an empty kind is races: simulations are
// self-reported and ranked on their own board (docs/product.md#racing).
func (s *Service) BoardFor(period, division, kind string) (Board, error) {
	var v apperr.Validator
	if period == "" {
		period = "week"
	}
	if division == "" {
		division = "all"
	}
	if kind == "" {
		kind = KindRace
	}
	v.Check(slices.Contains(Periods, period), "period", "Period must be week, month or all.")
	v.Check(division == "all" || slices.Contains(Divisions, division), "division", "Unknown division.")
	v.Check(kind == KindRace || kind == KindSimulation, "kind", "Kind must be race or simulation.")
	if err := v.Err(); err != nil {
		return Board{}, err
	}
	today := s.now().UTC()
	b := Board{Period: period, Division: division, Kind: kind}
	switch period {
	case "week":
		b.PeriodStart = WeekStart(today)
	case "month":
		b.PeriodStart = MonthStart(today)
	}
	return b, nil
}

// Leaderboard is the top of a board.
func (s *Service) Leaderboard(ctx context.Context, b Board, limit int) ([]Entry, error) {
	return s.store.Leaderboard(ctx, b, limit)
}

// MyEntry is my entry on a board (nil when none) and whether its rank is capped.
func (s *Service) MyEntry(ctx context.Context, b Board, userID int64) (*Entry, bool, error) {
	return s.store.MyEntry(ctx, b, userID)
}

// historyLimit is how many of my latest results analytics reads.
const historyLimit = 50

// Analytics compares my latest result with my history and the reference
// splits, and scores readiness against my stored goal (Goal).
func (s *Service) Analytics(ctx context.Context, userID int64) (Analytics, error) {
	goal, err := s.Goal(ctx, userID)
	if err != nil {
		return Analytics{}, err
	}
	results, err := s.store.RecentResults(ctx, userID, historyLimit)
	if err != nil {
		return Analytics{}, err
	}
	for i := range results {
		results[i] = withVenue(results[i])
	}
	var load *LoadSummary
	if s.load != nil {
		l, err := s.load.LoadSummary(ctx, userID)
		if err != nil {
			return Analytics{}, err
		}
		load = &l
	}
	today := s.now().UTC()
	logged, err := s.loggedSince(ctx, userID, today)
	if err != nil {
		return Analytics{}, err
	}
	return AnalyseEfforts(results, logged, goal, today, load), nil
}

// Strategy builds a pacing plan from my latest effort (a result, or a
// simulation logged as a workout with its times) for the goal given,
// which becomes my stored goal, or else for my stored goal (Goal;
// docs/analytics.md#the-goal-time).
func (s *Service) Strategy(ctx context.Context, userID int64, in StrategyInput) (Strategy, error) {
	var v apperr.Validator
	goal := 0
	if in.GoalSeconds != nil {
		goal = checkGoal(&v, "goalSeconds", in.GoalSeconds)
	}
	v.Check(in.Division == "" || slices.Contains(Divisions, in.Division), "division", "Unknown division.")
	if err := v.Err(); err != nil {
		return Strategy{}, err
	}
	if in.GoalSeconds != nil {
		if err := s.store.SetGoal(ctx, userID, goal, s.now().UTC()); err != nil {
			return Strategy{}, err
		}
	} else {
		stored, err := s.Goal(ctx, userID)
		if err != nil {
			return Strategy{}, err
		}
		if stored == 0 {
			return Strategy{}, apperr.Invalid(map[string]string{"goalSeconds": "Goal time is required: set one here or on the analytics page."})
		}
		goal = stored
	}
	results, err := s.store.RecentResults(ctx, userID, 1)
	if err != nil {
		return Strategy{}, err
	}
	var latest *Result
	if len(results) > 0 {
		latest = &results[0]
	}
	// A simulation logged as a workout after it is the latest effort.
	logged, err := s.loggedSince(ctx, userID, s.now().UTC())
	if err != nil {
		return Strategy{}, err
	}
	effort, logID, note := planEffort(latest, logged, in.Division)
	st := Plan(goal, in.Division, effort)
	if logID != nil {
		st.BasedOn, st.BasedOnLog = nil, logID
	}
	if note != "" {
		st.Notes = append([]string{note}, st.Notes...)
	}
	return st, nil
}

// ExportUserData returns all of the user's racing rows.
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	var all []Result
	afterDate, afterID := "", int64(0)
	for {
		page, err := s.store.ListResults(ctx, userID, afterDate, afterID, 500)
		if err != nil {
			return nil, err
		}
		all = append(all, page...)
		if len(page) < 500 {
			break
		}
		last := page[len(page)-1]
		afterDate, afterID = last.Date, last.ID
	}
	if all == nil {
		all = []Result{}
	}
	goal, err := s.Goal(ctx, userID)
	if err != nil {
		return nil, err
	}
	return map[string]any{"raceResults": all, "raceGoal": GoalAnswerOf(goal)}, nil
}

// RoleChanged keeps racing's copy of the role in step, so a coach is left off
// the leaderboard and an account made an athlete again is back on it (called
// by the accounts area through auth.RoleListener; docs/coaching.md).
func (s *Service) RoleChanged(ctx context.Context, userID int64, role string) error {
	return s.store.SetCoach(ctx, userID, role == identity.RoleCoach, s.now().UTC())
}

// RenameAuthor keeps the leaderboard's copy of a renamed athlete's username
// in step (called by the accounts area through auth.UsernameListener).
func (s *Service) RenameAuthor(ctx context.Context, userID int64, username string) error {
	return s.store.RenameAthlete(ctx, userID, username, s.now().UTC())
}
