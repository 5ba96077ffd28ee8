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
	"hyrox/internal/httpx"
	"hyrox/internal/keyset"
)

// Service holds the racing rules.
type Service struct {
	store *Store
	now   func() time.Time
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
func (s *Service) Create(ctx context.Context, id httpx.Identity, in ResultInput) (Result, error) {
	r, err := s.Validate(in)
	if err != nil {
		return r, err
	}
	r.UserID = id.UserID
	r.CreatedAt = s.now().UTC().Truncate(time.Microsecond)
	return s.store.CreateResult(ctx, r, id.Username)
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
	return keyset.Trim(items, limit, func(r Result) keyset.Cursor {
		day, _ := time.Parse(time.DateOnly, r.Date) // stored dates are validated on write
		return keyset.Cursor{At: day, ID: r.ID}
	}), nil
}

// Delete deletes one of my results.
func (s *Service) Delete(ctx context.Context, userID, id int64) error {
	return s.store.DeleteResult(ctx, userID, id)
}

// BoardFor names the board of a period and division as of today.
func (s *Service) BoardFor(period, division string) (Board, error) {
	var v apperr.Validator
	if period == "" {
		period = "week"
	}
	if division == "" {
		division = "all"
	}
	v.Check(slices.Contains(Periods, period), "period", "Period must be week, month or all.")
	v.Check(division == "all" || slices.Contains(Divisions, division), "division", "Unknown division.")
	if err := v.Err(); err != nil {
		return Board{}, err
	}
	today := s.now().UTC()
	b := Board{Period: period, Division: division}
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
// splits, and scores readiness. goal is 0 when none is given.
func (s *Service) Analytics(ctx context.Context, userID int64, goal int) (Analytics, error) {
	results, err := s.store.RecentResults(ctx, userID, historyLimit)
	if err != nil {
		return Analytics{}, err
	}
	return Analyse(results, goal, s.now().UTC()), nil
}

// Analyse builds the analytics from my results (newest first) as of today.
func Analyse(results []Result, goal int, today time.Time) Analytics {
	a := Analytics{ResultCount: len(results), Stations: []SplitStat{}, Runs: []SplitStat{},
		Trend: []TrendPoint{}, Insights: []string{}, GoalSeconds: goal}
	var in ReadinessInput
	in.GoalSeconds = goal
	day := func(n int) string { return today.AddDate(0, 0, -n).Format(time.DateOnly) }
	covered := map[int]bool{}
	for _, r := range results {
		if r.Date > day(56) {
			in.ResultsLast8Weeks++
		}
		if r.Date > day(28) {
			for i, st := range r.StationSplits {
				if st != nil {
					covered[i] = true
				}
			}
		}
		if r.Complete && r.Date > day(84) && len(in.RecentTotals) < 4 {
			in.RecentTotals = append(in.RecentTotals, float64(r.TotalSeconds))
		}
	}
	in.StationsLast4Weeks = len(covered)
	if len(results) == 0 {
		a.Readiness = ReadinessScore(in)
		a.Insights = append(a.Insights, "Enter a race or a simulation to see your analysis.")
		return a
	}
	latest := results[0]
	a.Latest = &latest
	pred := Predict(latest)
	a.Prediction = &pred
	in.PredictedSeconds = pred.Seconds

	ref := ReferenceForTime(latest.Division, float64(pred.Seconds))
	a.Reference = &RefView{Band: ref.Band, Division: latest.Division, Scale: math.Round(ref.Scale*1000) / 1000,
		TotalSeconds: int(math.Round(ref.Total()))}
	a.Reference.Explanation = fmt.Sprintf("Median Men's Open splits for a %s finish, read %s", Clock(pred.Seconds), ref.Band)
	if latest.Division != "open_men" {
		a.Reference.Explanation += fmt.Sprintf(", scaled to %s by the ratio of field medians (x%.3f)", DivisionLabel(latest.Division), ref.Scale)
	}
	a.Reference.Explanation += "."

	history := results[1:]
	runStat := func(i int) SplitStat {
		st := SplitStat{Index: i, Name: fmt.Sprintf("Run %d", i+1), Reference: int(math.Round(ref.Runs[i]))}
		v := latest.RunSplits[i]
		st.Latest = &v
		best := v
		var sum float64
		for _, h := range history {
			sum += float64(h.RunSplits[i])
			best = min(best, h.RunSplits[i])
		}
		st.Best = &best
		if len(history) > 0 {
			avg := math.Round(sum/float64(len(history))*10) / 10
			st.Average = &avg
			d := math.Round((float64(v)-avg)*10) / 10
			st.DeltaVsAverage = &d
		}
		dr := v - st.Reference
		st.DeltaVsReference = &dr
		st.Verdict = Verdict(float64(v), ref.Runs[i])
		return st
	}
	stationStat := func(i int) SplitStat {
		st := SplitStat{Index: i, Name: Stations[i], Reference: int(math.Round(ref.Stations[i])), Verdict: "not done"}
		var best *int
		var sum float64
		n := 0
		for _, h := range results {
			if p := h.StationSplits[i]; p != nil {
				if best == nil || *p < *best {
					b := *p
					best = &b
				}
				if h.ID != latest.ID {
					sum += float64(*p)
					n++
				}
			}
		}
		st.Best = best
		if n > 0 {
			avg := math.Round(sum/float64(n)*10) / 10
			st.Average = &avg
		}
		if p := latest.StationSplits[i]; p != nil {
			v := *p
			st.Latest = &v
			dr := v - st.Reference
			st.DeltaVsReference = &dr
			st.Verdict = Verdict(float64(v), ref.Stations[i])
			if st.Average != nil {
				d := math.Round((float64(v)-*st.Average)*10) / 10
				st.DeltaVsAverage = &d
			}
		}
		return st
	}
	for i := range 8 {
		a.Runs = append(a.Runs, runStat(i))
		a.Stations = append(a.Stations, stationStat(i))
	}
	rox := AnalyseRoxzone(latest.RoxzoneSeconds, pred.Seconds, latest.RunTotal())
	a.Roxzone = &rox

	// Run pacing against the typical fade. source: hyrox.md "Finish times"
	// (runs 2-7 about 1.13-1.21 x run 1; run 8 about 1.24-1.41 x run 1).
	r1 := float64(latest.RunSplits[0])
	var mid float64
	for i := 1; i <= 6; i++ {
		mid += float64(latest.RunSplits[i])
	}
	pv := PacingView{MiddleToFirst: math.Round(mid/6/r1*100) / 100, LastToFirst: math.Round(float64(latest.RunSplits[7])/r1*100) / 100}
	pv.Detail = pacingDetail(pv)
	a.Pacing = &pv

	a.Readiness = ReadinessScore(in)

	for i := len(results) - 1; i >= 0 && len(a.Trend) < historyLimit; i-- {
		r := results[i]
		a.Trend = append(a.Trend, TrendPoint{ID: r.ID, Date: r.Date, Kind: r.Kind, EventName: r.EventName, TotalSeconds: r.TotalSeconds,
			RunSeconds: r.RunTotal(), StationSecs: r.StationTotal(), Roxzone: r.RoxzoneSeconds, Complete: r.Complete})
	}
	a.Insights = insights(a, latest, results)
	return a
}

func pacingDetail(p PacingView) string {
	var parts []string
	switch {
	case p.MiddleToFirst < 1.13:
		parts = append(parts, fmt.Sprintf("Runs 2-7 average %.2f x run 1, under the usual 1.13-1.21: an even pace, or a cautious first run.", p.MiddleToFirst))
	case p.MiddleToFirst > 1.21:
		parts = append(parts, fmt.Sprintf("Runs 2-7 average %.2f x run 1, over the usual 1.13-1.21: run 1 was likely too fast.", p.MiddleToFirst))
	default:
		parts = append(parts, fmt.Sprintf("Runs 2-7 average %.2f x run 1, within the usual 1.13-1.21.", p.MiddleToFirst))
	}
	switch {
	case p.LastToFirst > 1.41:
		parts = append(parts, fmt.Sprintf("Run 8 is %.2f x run 1, over the usual 1.24-1.41: the wall balls are costing your last run.", p.LastToFirst))
	case p.LastToFirst < 1.24:
		parts = append(parts, fmt.Sprintf("Run 8 is %.2f x run 1, under the usual 1.24-1.41: a strong finish.", p.LastToFirst))
	default:
		parts = append(parts, fmt.Sprintf("Run 8 is %.2f x run 1, within the usual 1.24-1.41.", p.LastToFirst))
	}
	return strings.Join(parts, " ")
}

func insights(a Analytics, latest Result, results []Result) []string {
	out := []string{}
	worst, best := -1, -1
	for i, st := range a.Stations {
		if st.DeltaVsReference == nil {
			continue
		}
		if worst < 0 || *st.DeltaVsReference > *a.Stations[worst].DeltaVsReference {
			worst = i
		}
		if best < 0 || *st.DeltaVsReference < *a.Stations[best].DeltaVsReference {
			best = i
		}
	}
	if worst >= 0 && *a.Stations[worst].DeltaVsReference > 0 {
		st := a.Stations[worst]
		out = append(out, fmt.Sprintf("Biggest opportunity: %s, %s slower than athletes of your finish time (%s against %s).",
			st.Name, Clock(*st.DeltaVsReference), Clock(*st.Latest), Clock(st.Reference)))
	}
	if best >= 0 && *a.Stations[best].DeltaVsReference < 0 {
		st := a.Stations[best]
		out = append(out, fmt.Sprintf("Strongest station: %s, %s faster than athletes of your finish time.", st.Name, Clock(-*st.DeltaVsReference)))
	}
	if a.Roxzone != nil && a.Roxzone.SecondsOverElite > 0 {
		out = append(out, fmt.Sprintf("Roxzone: %.1f s per passage; at the 15-second elite mark you would save %s.",
			a.Roxzone.PerPassageSeconds, Clock(a.Roxzone.SecondsOverElite)))
	}
	var completes []Result
	for _, r := range results {
		if r.Complete {
			completes = append(completes, r)
		}
	}
	if len(completes) >= 2 {
		first, last := completes[len(completes)-1], completes[0]
		d := first.TotalSeconds - last.TotalSeconds
		if d > 0 {
			out = append(out, fmt.Sprintf("You are %s faster than on %s (%d complete results).", Clock(d), first.Date, len(completes)))
		} else if d < 0 {
			out = append(out, fmt.Sprintf("Your latest complete result is %s slower than on %s.", Clock(-d), first.Date))
		}
	}
	return out
}

// Strategy builds a pacing plan for goal seconds from my latest result.
func (s *Service) Strategy(ctx context.Context, userID int64, in StrategyInput) (Strategy, error) {
	var v apperr.Validator
	goal, ok := wholeSeconds(in.GoalSeconds)
	if in.GoalSeconds == nil {
		v.Check(false, "goalSeconds", "Goal time is required.")
	} else {
		v.Check(ok, "goalSeconds", "Goal time must be a whole number of seconds.")
		v.Check(!ok || (goal >= GoalMin && goal <= GoalMax), "goalSeconds", "Goal time must be between 45:00 and 6:00:00.")
	}
	v.Check(in.Division == "" || slices.Contains(Divisions, in.Division), "division", "Unknown division.")
	if err := v.Err(); err != nil {
		return Strategy{}, err
	}
	results, err := s.store.RecentResults(ctx, userID, 1)
	if err != nil {
		return Strategy{}, err
	}
	var latest *Result
	if len(results) > 0 {
		latest = &results[0]
	}
	return Plan(goal, in.Division, latest), nil
}

// Plan is the pacing plan for goal seconds: 8 runs, 8 stations and the Roxzone
// adding up to goal exactly.
func Plan(goal int, division string, latest *Result) Strategy {
	if division == "" {
		division = "open_men"
		if latest != nil {
			division = latest.Division
		}
	}
	st := Strategy{GoalSeconds: goal, Division: division, Notes: []string{}}
	var own []float64
	var latestParts []float64
	if latest != nil {
		stations, filled := Filled(*latest)
		for _, r := range latest.RunSplits {
			own = append(own, float64(r))
		}
		own = append(own, stations[:]...)
		own = append(own, float64(latest.RoxzoneSeconds))
		latestParts = own
		id := latest.ID
		st.BasedOn = &id
		st.Method = fmt.Sprintf("Your latest %s on %s, its split shares blended half and half with the median shares at your goal time, scaled to the goal.", latest.Kind, latest.Date)
		if len(filled) > 0 {
			st.Notes = append(st.Notes, fmt.Sprintf("%d station(s) missing from that result were filled from the median splits at your run pace.", len(filled)))
		}
		if latest.RoxzoneSeconds == 0 {
			own = nil
			st.Method = "The median split shares at your goal time (your latest result has no Roxzone time)."
		}
		diff := float64(latest.TotalSeconds-goal) / float64(latest.TotalSeconds) * 100
		if latest.Complete && diff > 0 {
			st.Notes = append(st.Notes, fmt.Sprintf("Your goal is %s (%.1f%%) faster than your latest result.", Clock(latest.TotalSeconds-goal), diff))
		}
		if latest.Complete && diff > 10 {
			st.Notes = append(st.Notes, "That is a big step for one block of training; consider an intermediate goal.")
		}
	} else {
		st.Method = "The median split shares at your goal time (no result of yours yet)."
	}
	plan := PacingPlan(division, own, goal)
	clock := 0.0
	perPassage := float64(plan[16]) / Passages
	for i := range 16 {
		p := PlanPart{Seconds: plan[i]}
		if i < 8 {
			p.Kind, p.Name = "run", fmt.Sprintf("Run %d", i+1)
		} else {
			p.Kind, p.Name = "station", Stations[i-8]
		}
		if latestParts != nil && !(i >= 8 && latest.StationSplits[i-8] == nil) {
			l := int(math.Round(latestParts[i]))
			c := p.Seconds - l
			p.LatestSeconds, p.Change = &l, &c
		}
		clock += perPassage + float64(p.Seconds)
		p.ClockSeconds = int(math.Round(clock))
		st.Parts = append(st.Parts, p)
	}
	// Race order: run 1, station 1, run 2, station 2, ... (the clock follows it).
	ordered := make([]PlanPart, 0, 17)
	clock = 0
	for i := range 8 {
		for _, p := range []PlanPart{st.Parts[i], st.Parts[8+i]} {
			clock += perPassage + float64(p.Seconds)
			p.ClockSeconds = int(math.Round(clock))
			ordered = append(ordered, p)
		}
	}
	rox := PlanPart{Kind: "roxzone", Name: "Roxzone (16 passages)", Seconds: plan[16], ClockSeconds: goal}
	if latest != nil && latest.RoxzoneSeconds > 0 {
		l := latest.RoxzoneSeconds
		c := rox.Seconds - l
		rox.LatestSeconds, rox.Change = &l, &c
	}
	st.Parts = append(ordered, rox)
	for _, p := range st.Parts {
		st.TotalSeconds += p.Seconds
	}
	st.PerPassage = math.Round(perPassage*10) / 10
	return st
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
	return map[string]any{"raceResults": all}, nil
}

// RenameAuthor keeps the leaderboard's copy of a renamed athlete's username
// in step (called by the accounts area through auth.UsernameListener).
func (s *Service) RenameAuthor(ctx context.Context, userID int64, username string) error {
	return s.store.RenameAthlete(ctx, userID, username, s.now().UTC())
}
