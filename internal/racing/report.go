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

// Analyse builds the analytics from my results (newest first) as of today.
func Analyse(results []Result, goal int, today time.Time) Analytics {
	a := Analytics{ResultCount: len(results), Stations: []SplitStat{}, Runs: []SplitStat{},
		Trend: []TrendPoint{}, Insights: []string{}, GoalSeconds: goal}
	in := readinessInput(results, goal, today)
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
	a.Reference = referenceView(ref, latest.Division, pred.Seconds)
	for i := range 8 {
		a.Runs = append(a.Runs, runStat(i, latest, results[1:], ref))
		a.Stations = append(a.Stations, stationStat(i, latest, results, ref))
	}
	rox := AnalyseRoxzone(latest.RoxzoneSeconds, pred.Seconds, latest.RunTotal())
	a.Roxzone = &rox
	pv := runPacing(latest)
	a.Pacing = &pv
	a.Readiness = ReadinessScore(in)
	a.Trend = trend(results)
	a.Insights = insights(a, results)
	return a
}

// readinessInput counts what the readiness score reads from my history:
// results in the last 8 weeks, stations covered in the last 4, and up to 4
// complete totals of the last 12 weeks.
func readinessInput(results []Result, goal int, today time.Time) ReadinessInput {
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
	return in
}

// referenceView describes the reference splits and how they were read.
func referenceView(ref Reference, division string, predicted int) *RefView {
	v := &RefView{Band: ref.Band, Division: division, Scale: math.Round(ref.Scale*1000) / 1000,
		TotalSeconds: int(math.Round(ref.Total()))}
	v.Explanation = fmt.Sprintf("Median Men's Open splits for a %s finish, read %s", Clock(predicted), ref.Band)
	if division != "open_men" {
		v.Explanation += fmt.Sprintf(", scaled to %s by the ratio of field medians (x%.3f)", DivisionLabel(division), ref.Scale)
	}
	v.Explanation += "."
	return v
}

// runStat compares run i of the latest result with my earlier results
// (history) and the reference.
func runStat(i int, latest Result, history []Result, ref Reference) SplitStat {
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

// stationStat compares station i of the latest result with every result
// that did it and the reference; a station the latest result skipped is
// "not done".
func stationStat(i int, latest Result, results []Result, ref Reference) SplitStat {
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

// runPacing compares the run splits with the typical fade. source: hyrox.md
// "Finish times" (runs 2-7 about 1.13-1.21 x run 1; run 8 about 1.24-1.41 x run 1).
func runPacing(latest Result) PacingView {
	r1 := float64(latest.RunSplits[0])
	var mid float64
	for i := 1; i <= 6; i++ {
		mid += float64(latest.RunSplits[i])
	}
	pv := PacingView{MiddleToFirst: math.Round(mid/6/r1*100) / 100, LastToFirst: math.Round(float64(latest.RunSplits[7])/r1*100) / 100}
	pv.Detail = pacingDetail(pv)
	return pv
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

// insights are the sentences under the analytics: the weakest and strongest
// station against the reference, the Roxzone against the elite mark, and the
// progress between my first and latest complete results.
func insights(a Analytics, results []Result) []string {
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
		st.Method = "The median split shares at your goal time (no result of yours yet)."
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

// planBasis says how the plan was made from the latest result and what to
// keep in mind about the goal.
func planBasis(latest Result, goal int) (method string, notes []string) {
	notes = []string{}
	method = fmt.Sprintf("Your latest %s on %s, its split shares blended half and half with the median shares at your goal time, scaled to the goal.", latest.Kind, latest.Date)
	if _, filled := Filled(latest); len(filled) > 0 {
		notes = append(notes, fmt.Sprintf("%d station(s) missing from that result were filled from the median splits at your run pace.", len(filled)))
	}
	if latest.RoxzoneSeconds == 0 {
		method = "The median split shares at your goal time (your latest result has no Roxzone time)."
	}
	diff := float64(latest.TotalSeconds-goal) / float64(latest.TotalSeconds) * 100
	if latest.Complete && diff > 0 {
		notes = append(notes, fmt.Sprintf("Your goal is %s (%.1f%%) faster than your latest result.", Clock(latest.TotalSeconds-goal), diff))
	}
	if latest.Complete && diff > 10 {
		notes = append(notes, "That is a big step for one block of training; consider an intermediate goal.")
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
