package racing

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// This file turns an athlete's results into the two views the pages show, the
// analytics and the race strategy. It is pure computation (no I/O), built on
// the formulas of analysis.go; service.go loads the results and calls it.

// Analyse builds the analytics from my results (newest first) as of today,
// without the training area's load (readiness says it is missing).
func Analyse(results []Result, goal int, today time.Time) Analytics {
	return AnalyseWithLoad(results, goal, today, nil)
}

// AnalyseWithLoad is Analyse with my training load and compliance (nil when
// the training area is not connected).
func AnalyseWithLoad(results []Result, goal int, today time.Time, load *LoadSummary) Analytics {
	return AnalyseEfforts(results, nil, goal, today, load)
}

// AnalyseEfforts is AnalyseWithLoad with my simulations logged as workouts
// (docs/analytics.md#a-simulation-logged-as-a-workout): they count for race
// practice and station coverage.
func AnalyseEfforts(results []Result, logged []LoggedSimulation, goal int, today time.Time, load *LoadSummary) Analytics {
	a := Analytics{ResultCount: len(results), Stations: []SplitStat{}, Runs: []SplitStat{},
		Trend: []TrendPoint{}, Insights: []string{}, GoalSeconds: goal}
	in, views := readinessInput(results, logged, goal, today)
	a.LoggedSimulations = views
	in.Load = load
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

	peers := PeersAt(latest.Division, float64(pred.Seconds))
	a.Reference = referenceView(peers, latest.Division, pred.Seconds)
	if c := latest.AtAverageVenue; c != nil {
		// A race at a fitted venue meets the peers at an average venue: the
		// peers of its corrected time, their splits moved to its venue
		// (docs/analytics.md#venues).
		atAverage := roundSec(float64(pred.Seconds) / c.Factor)
		peers = PeersAt(latest.Division, float64(atAverage)).atVenue(c.Factor)
		a.Reference = referenceView(peers, latest.Division, atAverage)
		a.Reference.Explanation += " Times are corrected to an average venue."
	}
	for i := range 8 {
		a.Runs = append(a.Runs, runStat(i, latest, results[1:], peers))
		a.Stations = append(a.Stations, stationStat(i, latest, results, peers))
	}
	rox := AnalyseRoxzone(latest.RoxzoneSeconds, pred.Seconds, latest.RunTotal())
	if latest.RoxzoneSeconds > 0 {
		pct := peers.FasterThan(16, float64(latest.RoxzoneSeconds))
		rox.Percentile = &pct
		rox.PeerMedian = roundSec(peers.median(16))
	}
	a.Roxzone = &rox
	pv := runPacing(latest, peers)
	a.Pacing = &pv
	a.Readiness = ReadinessScore(in)
	a.Trend = trend(results)
	a.Insights = insights(a, results)
	return a
}

// readinessInput counts what the readiness score reads from my history:
// results (and simulations logged as workouts) in the last 8 weeks, stations
// covered in the last 4, and up to 4 complete totals of the last 12 weeks.
func readinessInput(results []Result, logged []LoggedSimulation, goal int, today time.Time) (ReadinessInput, []LoggedSimulationView) {
	in := ReadinessInput{GoalSeconds: goal}
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
	views := countLogged(&in, covered, results, logged, today)
	return in, views
}

// referenceView describes the peers the splits are compared with.
func referenceView(p Peers, division string, predicted int) *RefView {
	v := &RefView{Division: p.Division, PeerCount: p.Count, WindowPercent: p.WindowPct, TotalSeconds: predicted}
	v.Explanation = fmt.Sprintf("Compared with %d %s finishers of real races within %d%% of your predicted %s%s: "+
		"the reference is their median, the percentile the share of them you are faster than.",
		p.Count, DivisionLabel(p.Division), p.WindowPct, Clock(predicted), fromLabel(division, p.Division))
	return v
}

// runStat compares run i of the latest result with my earlier results
// (history) and the reference.
func runStat(i int, latest Result, history []Result, peers Peers) SplitStat {
	st := SplitStat{Index: i, Name: fmt.Sprintf("Run %d", i+1), Reference: roundSec(peers.median(i))}
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
	pct := peers.FasterThan(i, float64(v))
	st.Percentile = &pct
	st.Verdict = Verdict(pct)
	return st
}

// stationStat compares station i of the latest result with every result
// that did it and the reference; a station the latest result skipped is
// "not done".
func stationStat(i int, latest Result, results []Result, peers Peers) SplitStat {
	st := SplitStat{Index: i, Name: Stations[i], Reference: roundSec(peers.median(8 + i)), Verdict: "not done"}
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
		pct := peers.FasterThan(8+i, float64(v))
		st.Percentile = &pct
		st.Verdict = Verdict(pct)
		if st.Average != nil {
			d := math.Round((float64(v)-*st.Average)*10) / 10
			st.DeltaVsAverage = &d
		}
	}
	return st
}

// runPacing compares how my runs fade against run 1 with the peers of my
// predicted finish who held their pace (docs/analytics.md#pacing).
func runPacing(latest Result, peers Peers) PacingView {
	pv := PacingView{}
	pv.MiddleToFirst, pv.LastToFirst = fade(func(i int) float64 { return float64(latest.RunSplits[i]) })
	pv.HeldMiddleToFirst, pv.HeldLastToFirst = fade(func(i int) float64 { return peers.Even[i] })
	pv.Detail = pacingDetail(pv)
	return pv
}

// fade is the mean of runs 2-7 and run 8, each over run 1, to 2 decimals.
func fade(run func(int) float64) (middle, last float64) {
	var mid float64
	for i := 1; i <= 6; i++ {
		mid += run(i)
	}
	r1 := run(0)
	return math.Round(mid/6/r1*100) / 100, math.Round(run(7)/r1*100) / 100
}

// pacingTolerance is how far my fade may differ from the held-pace athletes'
// before the advice calls it out.
const pacingTolerance = 0.04

func pacingDetail(p PacingView) string {
	parts := []string{fmt.Sprintf("Runs 2-7 average %.2f x your run 1; athletes of your finish time who held their pace ran them at %.2f x theirs.",
		p.MiddleToFirst, p.HeldMiddleToFirst)}
	switch {
	case p.MiddleToFirst > p.HeldMiddleToFirst+pacingTolerance:
		parts = append(parts, "Your run 1 was likely too fast: start at their pace and keep it.")
	case p.MiddleToFirst < p.HeldMiddleToFirst-pacingTolerance:
		parts = append(parts, "An even pace, or a cautious run 1: there may be time to take early on.")
	default:
		parts = append(parts, "An even pace, like theirs.")
	}
	parts = append(parts, fmt.Sprintf("Run 8 is %.2f x your run 1 (theirs %.2f).", p.LastToFirst, p.HeldLastToFirst))
	if p.LastToFirst > p.HeldLastToFirst+2*pacingTolerance {
		parts = append(parts, "The wall balls are costing your last run.")
	}
	return strings.Join(parts, " ")
}

// trend is my results oldest first, at most historyLimit of them.
func trend(results []Result) []TrendPoint {
	out := []TrendPoint{}
	for i := len(results) - 1; i >= 0 && len(out) < historyLimit; i-- {
		r := results[i]
		out = append(out, TrendPoint{ID: r.ID, Date: r.Date, Kind: r.Kind, EventName: r.EventName, TotalSeconds: r.TotalSeconds,
			RunSeconds: r.RunTotal(), StationSecs: r.StationTotal(), Roxzone: r.RoxzoneSeconds, Complete: r.Complete})
	}
	return out
}

// insights are the sentences under the analytics: the biggest opportunity
// (the station or Roxzone furthest over the peers' median, in seconds) and
// the strongest station, the Roxzone against the elite mark, and the
// progress between my first and latest complete results.
func insights(a Analytics, results []Result) []string {
	out := []string{}
	type gap struct {
		name                 string
		latest, median, secs int
		pct                  int
	}
	var worst, best *gap
	consider := func(g gap) {
		if worst == nil || g.secs > worst.secs {
			worst = &g
		}
		if best == nil || g.secs < best.secs {
			best = &g
		}
	}
	for _, st := range a.Stations {
		if st.DeltaVsReference != nil {
			consider(gap{st.Name, *st.Latest, st.Reference, *st.DeltaVsReference, *st.Percentile})
		}
	}
	if r := a.Roxzone; r != nil && r.Percentile != nil {
		consider(gap{"the Roxzone", r.TotalSeconds, r.PeerMedian, r.TotalSeconds - r.PeerMedian, *r.Percentile})
	}
	if worst != nil && worst.secs > 0 {
		out = append(out, fmt.Sprintf("Biggest opportunity: %s, %s slower than the median of athletes of your finish time (%s against %s; faster than %d%% of them).",
			worst.name, Clock(worst.secs), Clock(worst.latest), Clock(worst.median), worst.pct))
	}
	if best != nil && best.secs < 0 {
		out = append(out, fmt.Sprintf("Strongest: %s, %s faster than the median of athletes of your finish time (faster than %d%% of them).",
			best.name, Clock(-best.secs), best.pct))
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
			out = append(out, fmt.Sprintf("You are %s faster than on %s (%d complete results).", Clock(d), DayLabel(first.Date), len(completes)))
		} else if d < 0 {
			out = append(out, fmt.Sprintf("Your latest complete result is %s slower than on %s.", Clock(-d), DayLabel(first.Date)))
		}
	}
	return out
}

// Plan is the pacing plan for goal seconds: 8 runs, 8 stations and the Roxzone
// adding up to goal exactly, in race order with the race clock after each.
func Plan(goal int, division string, latest *Result) Strategy {
	if division == "" {
		division = "open_men"
		if latest != nil {
			division = latest.Division
		}
	}
	st := Strategy{GoalSeconds: goal, Division: division, Notes: []string{}}
	var own, latestParts []float64
	if latest != nil {
		latestParts = resultParts(*latest)
		own = latestParts
		id := latest.ID
		st.BasedOn = &id
		st.Method, st.Notes = planBasis(*latest, goal)
		if latest.RoxzoneSeconds == 0 {
			own = nil // no Roxzone time: its shares would plan no transitions
		}
	} else {
		st.Method = "The split shares of athletes who finished near your goal time and held their pace (no result of yours yet)."
	}
	plan := PacingPlan(division, own, goal)
	perPassage := float64(plan[16]) / Passages
	st.Parts = raceOrder(plan, latest, latestParts, perPassage)
	rox := PlanPart{Kind: "roxzone", Name: "Roxzone (16 passages)", Seconds: plan[16], ClockSeconds: goal}
	if latest != nil && latest.RoxzoneSeconds > 0 {
		l := latest.RoxzoneSeconds
		c := rox.Seconds - l
		rox.LatestSeconds, rox.Change = &l, &c
	}
	st.Parts = append(st.Parts, rox)
	for _, p := range st.Parts {
		st.TotalSeconds += p.Seconds
	}
	st.PerPassage = math.Round(perPassage*10) / 10
	return st
}

// resultParts are a result's 8 runs, 8 stations (missing ones filled) and
// Roxzone, in the order PacingPlan uses.
func resultParts(r Result) []float64 {
	stations, _ := Filled(r)
	parts := make([]float64, 0, 17)
	for _, run := range r.RunSplits {
		parts = append(parts, float64(run))
	}
	parts = append(parts, stations[:]...)
	return append(parts, float64(r.RoxzoneSeconds))
}

// realisticFactor: a goal more than 10 % under the low end of the
// predicted range is not realistic for one block of training.
const realisticFactor = 0.90

// planBasis says how the plan was made from the latest result and what to
// keep in mind about the goal.
func planBasis(latest Result, goal int) (method string, notes []string) {
	notes = []string{}
	method = fmt.Sprintf("Your latest %s on %s, its split shares blended half and half with those of athletes who finished near your goal time and held their pace, scaled to the goal; "+
		"the runs follow their pace, run 1 no faster.", latest.Kind, DayLabel(latest.Date))
	if _, filled := Filled(latest); len(filled) > 0 {
		notes = append(notes, fmt.Sprintf("%d station(s) missing from that result were filled from athletes of your run profile.", len(filled)))
	}
	if latest.RoxzoneSeconds == 0 {
		method = "The split shares of athletes who finished near your goal time and held their pace (your latest result has no Roxzone time)."
	}
	diff := float64(latest.TotalSeconds-goal) / float64(latest.TotalSeconds) * 100
	if latest.Complete && diff > 0 {
		notes = append(notes, fmt.Sprintf("Your goal is %s (%.1f%%) faster than your latest result.", Clock(latest.TotalSeconds-goal), diff))
	}
	// docs/analytics.md#pacing: up to 10 % under the predicted range is realistic for one block of training.
	if p := Predict(latest); float64(goal) < realisticFactor*float64(p.LowSeconds) {
		notes = append(notes, fmt.Sprintf("That goal is not realistic from your latest result: athletes with your splits finish in %s-%s, and one block of training realistically takes you to %s-%s. Consider an intermediate goal.",
			Clock(p.LowSeconds), Clock(p.HighSeconds), Clock(roundSec(realisticFactor*float64(p.LowSeconds))), Clock(p.HighSeconds)))
	}
	return method, notes
}

// raceOrder lays the planned runs and stations out as they are raced (run 1,
// station 1, run 2, ...), each with the race clock after it (a Roxzone
// passage before each part) and its change from the latest result's split
// where that result has one.
func raceOrder(plan []int, latest *Result, latestParts []float64, perPassage float64) []PlanPart {
	part := func(i int) PlanPart {
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
		return p
	}
	ordered := make([]PlanPart, 0, 17)
	clock := 0.0
	for i := range 8 {
		for _, p := range []PlanPart{part(i), part(8 + i)} {
			clock += perPassage + float64(p.Seconds)
			p.ClockSeconds = int(math.Round(clock))
			ordered = append(ordered, p)
		}
	}
	return ordered
}
