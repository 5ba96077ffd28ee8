package racing

import (
	"fmt"
	"math"
	"sort"
)

// Every formula of the racing area lives in this file, each next to the
// source it comes from (../shared/domain/hyrox.md, "HYROX facts"). The table
// tests in analysis_test.go pin the figures to those notes.

// Stations in race order.
// source: hyrox.md "The race" (order of the stations).
var Stations = [8]string{"SkiErg", "Sled Push", "Sled Pull", "Burpee Broad Jumps",
	"Rowing", "Farmers Carry", "Sandbag Lunges", "Wall Balls"}

// Passages is the number of Roxzone passages in one race.
// source: hyrox.md "The race" (16 passages per race).
const Passages = 16

// Benchmarks for transition speed.
const (
	// source: hyrox.md "Transition speed" (Roxzone share benchmark about 6.5 %).
	RoxzoneShareBenchmark = 6.5
	// source: docs/product.md#marketing-figures, hyrox.md "Transition speed" (15-second elite mark per passage).
	ElitePassageSeconds = 15.0
	// source: hyrox.md "Transition speed" (Roxzone vs average 1 km run split:
	// podium Pro about 104 %, average Pro about 133 %).
	PodiumProRoxzoneToRun  = 104.0
	AverageProRoxzoneToRun = 133.0
)

// bandRow is one row of the Men's Open median split table, in seconds.
type bandRow struct {
	Label    string
	RunPerKm float64
	Stations [8]float64
	Roxzone  float64
}

// total is the finish time the row adds up to (8 runs + 8 stations + Roxzone).
func (b bandRow) total() float64 {
	t := 8*b.RunPerKm + b.Roxzone
	for _, s := range b.Stations {
		t += s
	}
	return t
}

// menOpenBands are the median splits for Men's Open by finish band.
// source: hyrox.md "Median splits for Men's Open by finish band (min:s; run is per km)".
var menOpenBands = [3]bandRow{
	{"under 60 min", 3*60 + 47, [8]float64{3*60 + 53, 2*60 + 17, 2*60 + 57, 2*60 + 37, 4*60 + 5, 1*60 + 34, 2*60 + 54, 3*60 + 45}, 4*60 + 22},
	{"80-90 min", 5*60 + 18, [8]float64{4*60 + 22, 2*60 + 59, 4*60 + 35, 4*60 + 48, 4*60 + 43, 2*60 + 11, 4*60 + 49, 6*60 + 6}, 6*60 + 53},
	{"120+ min", 7*60 + 47, [8]float64{4*60 + 57, 4*60 + 32, 7*60 + 12, 8*60 + 50, 5*60 + 36, 3*60 + 2, 8*60 + 32, 10*60 + 43}, 11*60 + 32},
}

// Field medians in minutes, used to scale the Men's Open table to the other
// divisions: an athlete's time is converted to its Men's Open equivalent by
// the ratio of the field medians, the reference is read there, and scaled back.
// source: hyrox.md "Finish times" (field medians: Open men about 89 min, Open
// women about 97 min; Pro men about 82 min, Pro women about 86 min; Doubles 79-89 min).
// Pro Doubles use the Doubles figure; Relay and Adaptive have no public median
// in the notes and use the Open men scale (factor 1).
var fieldMedianMinutes = map[string]float64{
	"open_men": 89, "open_women": 97, "pro_men": 82, "pro_women": 86,
	"doubles_men": 84, "doubles_women": 84, "doubles_mixed": 84, // midpoint of 79-89
	"pro_doubles_men": 84, "pro_doubles_women": 84,
	"relay_men": 89, "relay_women": 89, "relay_mixed": 89, "adaptive": 89,
}

// DivisionFactor is a division's field median over the Men's Open median.
func DivisionFactor(division string) float64 {
	m, ok := fieldMedianMinutes[division]
	if !ok {
		return 1
	}
	return m / fieldMedianMinutes["open_men"]
}

// runWeights is the shape of the eight runs relative to run 1.
// source: hyrox.md "Finish times" (runs 2-7 take about 1.13-1.21 x run 1; run 8
// about 1.24-1.41 x run 1); the midpoints 1.17 and 1.325 are used.
var runWeights = [8]float64{1, 1.17, 1.17, 1.17, 1.17, 1.17, 1.17, 1.325}

// Reference is the set of reference splits for one athlete, in seconds.
type Reference struct {
	Band     string     `json:"band"`
	Scale    float64    `json:"scale"`
	Runs     [8]float64 `json:"runs"`
	Stations [8]float64 `json:"stations"`
	Roxzone  float64    `json:"roxzone"`
}

// Total is the sum of the reference's parts.
func (r Reference) Total() float64 {
	t := r.Roxzone
	for i := range 8 {
		t += r.Runs[i] + r.Stations[i]
	}
	return t
}

// interpolate reads the band table at key (finish time or run pace, chosen by
// keyOf): between two bands it interpolates linearly, outside the table it
// scales the nearest band in proportion.
func interpolate(key float64, keyOf func(bandRow) float64) (bandRow, string) {
	first, last := menOpenBands[0], menOpenBands[len(menOpenBands)-1]
	scale := func(b bandRow, f float64) bandRow {
		out := bandRow{RunPerKm: b.RunPerKm * f, Roxzone: b.Roxzone * f}
		for i := range 8 {
			out.Stations[i] = b.Stations[i] * f
		}
		return out
	}
	if key <= keyOf(first) {
		return scale(first, key/keyOf(first)), "the " + first.Label + " band, scaled to your time"
	}
	if key >= keyOf(last) {
		return scale(last, key/keyOf(last)), "the " + last.Label + " band, scaled to your time"
	}
	for i := 0; i+1 < len(menOpenBands); i++ {
		a, b := menOpenBands[i], menOpenBands[i+1]
		if key > keyOf(b) {
			continue
		}
		w := (key - keyOf(a)) / (keyOf(b) - keyOf(a))
		out := bandRow{RunPerKm: a.RunPerKm + w*(b.RunPerKm-a.RunPerKm), Roxzone: a.Roxzone + w*(b.Roxzone-a.Roxzone)}
		for j := range 8 {
			out.Stations[j] = a.Stations[j] + w*(b.Stations[j]-a.Stations[j])
		}
		return out, fmt.Sprintf("between the %s and %s bands", a.Label, b.Label)
	}
	return last, last.Label // unreachable
}

func referenceFrom(row bandRow, band string, factor float64) Reference {
	ref := Reference{Band: band, Scale: factor, Roxzone: row.Roxzone * factor}
	var wsum float64
	for _, w := range runWeights {
		wsum += w
	}
	for i := range 8 {
		ref.Runs[i] = 8 * row.RunPerKm * runWeights[i] / wsum * factor
		ref.Stations[i] = row.Stations[i] * factor
	}
	return ref
}

// ReferenceForTime gives the reference splits of an athlete of the division
// who finishes in total seconds. The Men's Open table is read at the Men's
// Open equivalent time (total / DivisionFactor), so the reference adds up to
// total: it shows how athletes of the same speed share their time out.
// source: hyrox.md "Station strengths and weaknesses" (against the median of
// the athlete's band, or of athletes within 10 % of the same finish time).
func ReferenceForTime(division string, total float64) Reference {
	f := DivisionFactor(division)
	row, band := interpolate(total/f, bandRow.total)
	return referenceFrom(row, band, f)
}

// ReferenceForRunPace gives the reference splits at an average run pace
// (seconds per km), used to fill stations missing from a simulation.
// source: hyrox.md "Predicted finish" (a missing station is filled from the band
// table for the athlete's run pace).
func ReferenceForRunPace(division string, runPerKm float64) Reference {
	f := DivisionFactor(division)
	row, band := interpolate(runPerKm/f, func(b bandRow) float64 { return b.RunPerKm })
	return referenceFrom(row, band, f)
}

// RunOnlyEstimate predicts a finish from the total run time alone.
// source: hyrox.md "Predicted finish" (run-only estimate for Open men:
// total = 1.83 x total run time + 8 min).
func RunOnlyEstimate(runTotal float64) float64 { return 1.83*runTotal + 8*60 }

// Riegel converts a time over d1 to distance d2.
// source: hyrox.md "Predicted finish" (Riegel: T2 = T1 x (D2 / D1)^1.06).
func Riegel(t1, d1, d2 float64) float64 { return t1 * math.Pow(d2/d1, 1.06) }

// Prediction is a predicted finish time and how it was made.
type Prediction struct {
	Seconds        int    `json:"seconds"`
	Method         string `json:"method"` // sum-of-parts
	Explanation    string `json:"explanation"`
	FilledStations []int  `json:"filledStations"`
	// RunOnlySeconds is the run-only estimate for comparison (Open men formula).
	RunOnlySeconds int `json:"runOnlySeconds"`
}

// Filled returns the result's stations with missing ones taken from the
// reference at the athlete's run pace, and which indexes were filled.
func Filled(r Result) ([8]float64, []int) {
	var out [8]float64
	filled := []int{}
	ref := ReferenceForRunPace(r.Division, float64(r.RunTotal())/8)
	for i, s := range r.StationSplits {
		if s == nil {
			out[i] = ref.Stations[i]
			filled = append(filled, i)
		} else {
			out[i] = float64(*s)
		}
	}
	return out, filled
}

// Predict is the sum of parts of the latest result: 8 runs + 8 stations +
// Roxzone, missing stations filled from the band table at the run pace.
// source: hyrox.md "Predicted finish".
func Predict(latest Result) Prediction {
	st, filled := Filled(latest)
	total := float64(latest.RunTotal() + latest.RoxzoneSeconds)
	for _, s := range st {
		total += s
	}
	p := Prediction{Seconds: int(math.Round(total)), Method: "sum-of-parts", FilledStations: filled,
		RunOnlySeconds: int(math.Round(RunOnlyEstimate(float64(latest.RunTotal()))))}
	if len(filled) == 0 {
		p.Explanation = fmt.Sprintf("Sum of parts of your latest %s on %s: 8 runs + 8 stations + Roxzone.", latest.Kind, latest.Date)
	} else {
		p.Explanation = fmt.Sprintf("Sum of parts of your latest %s on %s; %d missing station(s) filled from the median splits at your run pace.",
			latest.Kind, latest.Date, len(filled))
	}
	return p
}

// Roxzone is the transition analysis of one result.
type Roxzone struct {
	TotalSeconds      int     `json:"totalSeconds"`
	PerPassageSeconds float64 `json:"perPassageSeconds"`
	SharePercent      float64 `json:"sharePercent"`
	BenchmarkShare    float64 `json:"benchmarkSharePercent"`
	EliteMarkSeconds  float64 `json:"eliteMarkSeconds"`
	// ToRunPercent is the Roxzone total against the average 1 km run split.
	ToRunPercent     float64 `json:"toRunPercent"`
	PodiumProToRun   float64 `json:"podiumProToRunPercent"`
	AverageProToRun  float64 `json:"averageProToRunPercent"`
	SecondsOverElite int     `json:"secondsOverElite"`
	Verdict          string  `json:"verdict"`
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// AnalyseRoxzone computes transition speed.
// source: hyrox.md "Transition speed" (share of total, benchmark about 6.5 %;
// per passage = total / 16, against the 15-second elite mark; against the
// average 1 km run split, podium Pro about 104 %, average Pro about 133 %).
func AnalyseRoxzone(roxzone, total, runTotal int) Roxzone {
	out := Roxzone{TotalSeconds: roxzone, BenchmarkShare: RoxzoneShareBenchmark, EliteMarkSeconds: ElitePassageSeconds,
		PodiumProToRun: PodiumProRoxzoneToRun, AverageProToRun: AverageProRoxzoneToRun}
	out.PerPassageSeconds = round1(float64(roxzone) / Passages)
	if total > 0 {
		out.SharePercent = round1(float64(roxzone) / float64(total) * 100)
	}
	if runTotal > 0 {
		out.ToRunPercent = round1(float64(roxzone) / (float64(runTotal) / 8) * 100)
	}
	out.SecondsOverElite = max(0, roxzone-int(ElitePassageSeconds*Passages))
	switch {
	case roxzone == 0:
		out.Verdict = "No Roxzone time recorded."
	case out.SharePercent <= RoxzoneShareBenchmark:
		out.Verdict = fmt.Sprintf("Your transitions take %.1f%% of your race, at or under the %.1f%% benchmark.", out.SharePercent, RoxzoneShareBenchmark)
	default:
		out.Verdict = fmt.Sprintf("Your transitions take %.1f%% of your race, above the %.1f%% benchmark: at the 15-second elite mark you would save %d s.",
			out.SharePercent, RoxzoneShareBenchmark, out.SecondsOverElite)
	}
	return out
}

// Verdict thresholds: a split 5 % or more under the reference is a strength,
// 5 % or more over it a weakness.
const verdictBand = 0.05

// Verdict names a split against its reference.
func Verdict(actual, reference float64) string {
	if reference <= 0 {
		return "on par"
	}
	d := (actual - reference) / reference
	switch {
	case d <= -verdictBand:
		return "strength"
	case d >= verdictBand:
		return "weakness"
	}
	return "on par"
}

// ReadinessPart is one part of the race readiness score.
type ReadinessPart struct {
	Key       string `json:"key"`
	Label     string `json:"label"`
	Score     int    `json:"score"`
	Max       int    `json:"max"`
	Available bool   `json:"available"`
	Detail    string `json:"detail"`
}

// Readiness is the race readiness score with its parts.
type Readiness struct {
	Score   int             `json:"score"`
	Parts   []ReadinessPart `json:"parts"`
	Summary string          `json:"summary"`
}

// ReadinessInput is what racing owns for the readiness score.
type ReadinessInput struct {
	ResultsLast8Weeks  int       // races and simulations in the last 8 weeks
	RecentTotals       []float64 // finish times of up to 4 complete results in the last 12 weeks
	StationsLast4Weeks int       // distinct stations with a split in the last 4 weeks (0-8)
	PredictedSeconds   int       // 0 when there is no result
	GoalSeconds        int       // 0 when no goal was given
}

const partMax = 25

// ReadinessScore computes race readiness 0-100 from the parts racing owns.
// source: hyrox.md "Race readiness" (each part shown on its own; station
// coverage = each station trained in the last 4 weeks; the gap between predicted
// and goal time). The notes' training-load and planned-session parts need the
// training area's data, which racing does not read; in their place racing scores
// race-specific practice (results in the last 8 weeks) and the consistency of
// finish times. Parts without data are left out and the score is scaled to 100.
func ReadinessScore(in ReadinessInput) Readiness {
	parts := []ReadinessPart{}

	practice := ReadinessPart{Key: "practice", Label: "Race practice", Max: partMax, Available: true}
	practice.Score = int(math.Round(float64(min(in.ResultsLast8Weeks, 3)) / 3 * partMax))
	practice.Detail = fmt.Sprintf("%d race(s) or simulation(s) in the last 8 weeks; 3 or more scores in full.", in.ResultsLast8Weeks)
	parts = append(parts, practice)

	cons := ReadinessPart{Key: "consistency", Label: "Consistency of results", Max: partMax}
	if len(in.RecentTotals) >= 2 {
		cons.Available = true
		cv := coefficientOfVariation(in.RecentTotals)
		// 2 % spread or less scores in full, 10 % or more scores nothing.
		cons.Score = int(math.Round(clamp01((0.10-cv)/0.08) * partMax))
		cons.Detail = fmt.Sprintf("Your last %d complete finish times vary by %.1f%%; 2%% or less scores in full, 10%% or more scores nothing.",
			len(in.RecentTotals), cv*100)
	} else {
		cons.Detail = "Needs two complete results in the last 12 weeks."
	}
	parts = append(parts, cons)

	cover := ReadinessPart{Key: "stationCoverage", Label: "Station coverage", Max: partMax, Available: true}
	cover.Score = int(math.Round(float64(min(max(in.StationsLast4Weeks, 0), 8)) / 8 * partMax))
	cover.Detail = fmt.Sprintf("%d of 8 stations done in a race or simulation in the last 4 weeks.", in.StationsLast4Weeks)
	parts = append(parts, cover)

	gap := ReadinessPart{Key: "goalGap", Label: "Predicted vs goal", Max: partMax}
	switch {
	case in.GoalSeconds <= 0:
		gap.Detail = "Set a goal time to score the gap between your predicted and goal time."
	case in.PredictedSeconds <= 0:
		gap.Detail = "Needs a result to predict your finish."
	default:
		gap.Available = true
		g := float64(in.PredictedSeconds-in.GoalSeconds) / float64(in.GoalSeconds)
		// At or under the goal scores in full, 10 % or more over scores nothing.
		gap.Score = int(math.Round(clamp01(1-g/0.10) * partMax))
		if g <= 0 {
			gap.Detail = fmt.Sprintf("Your predicted finish is %s under your goal.", Clock(in.GoalSeconds-in.PredictedSeconds))
		} else {
			gap.Detail = fmt.Sprintf("Your predicted finish is %s (%.1f%%) over your goal; 10%% or more over scores nothing.",
				Clock(in.PredictedSeconds-in.GoalSeconds), g*100)
		}
	}
	parts = append(parts, gap)

	var got, possible int
	for _, p := range parts {
		if p.Available {
			got += p.Score
			possible += p.Max
		}
	}
	out := Readiness{Parts: parts}
	if possible > 0 {
		out.Score = int(math.Round(float64(got) / float64(possible) * 100))
	}
	out.Summary = fmt.Sprintf("Race readiness %d/100 from %d of %d parts (%d of %d points).", out.Score, possible/partMax, len(parts), got, possible)
	return out
}

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }

func coefficientOfVariation(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	if mean == 0 {
		return 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return math.Sqrt(ss/float64(len(xs))) / mean
}

// Clock formats seconds as m:ss or h:mm:ss.
func Clock(sec int) string {
	neg := ""
	if sec < 0 {
		neg, sec = "-", -sec
	}
	if sec >= 3600 {
		return fmt.Sprintf("%s%d:%02d:%02d", neg, sec/3600, sec/60%60, sec%60)
	}
	return fmt.Sprintf("%s%d:%02d", neg, sec/60, sec%60)
}

// DistributeRounded rounds xs to whole seconds that add up to exactly total,
// giving the leftover seconds to the largest fractional parts (largest remainder).
func DistributeRounded(xs []float64, total int) []int {
	out := make([]int, len(xs))
	var sum float64
	for _, x := range xs {
		sum += x
	}
	if sum <= 0 || len(xs) == 0 {
		return out
	}
	type rem struct {
		i int
		r float64
	}
	rems := make([]rem, len(xs))
	assigned := 0
	for i, x := range xs {
		exact := x / sum * float64(total)
		out[i] = int(math.Floor(exact))
		assigned += out[i]
		rems[i] = rem{i, exact - math.Floor(exact)}
	}
	sort.SliceStable(rems, func(a, b int) bool { return rems[a].r > rems[b].r })
	for k := 0; assigned < total; k++ {
		out[rems[k%len(rems)].i]++
		assigned++
	}
	return out
}

// PlanWeightOwn is how much of the pacing plan follows the athlete's own split
// shares; the rest follows the reference shares at the goal time, so the plan
// asks for more of the saving where the athlete is weakest against the field.
const PlanWeightOwn = 0.5

// PacingPlan splits goal seconds into 8 runs, 8 stations and the Roxzone
// (17 parts, in that order). own are the athlete's latest parts (nil when there
// is no result). The parts add up to goal exactly.
func PacingPlan(division string, own []float64, goal int) []int {
	ref := ReferenceForTime(division, float64(goal))
	refParts := make([]float64, 0, 17)
	refParts = append(refParts, ref.Runs[:]...)
	refParts = append(refParts, ref.Stations[:]...)
	refParts = append(refParts, ref.Roxzone)
	weights := refParts
	if len(own) == 17 {
		var ownSum, refSum float64
		for i := range own {
			ownSum += own[i]
			refSum += refParts[i]
		}
		if ownSum > 0 {
			weights = make([]float64, 17)
			for i := range own {
				weights[i] = PlanWeightOwn*own[i]/ownSum + (1-PlanWeightOwn)*refParts[i]/refSum
			}
		}
	}
	return DistributeRounded(weights, goal)
}
