package racing

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// The racing area's formulas: the fixed figures from public race-format
// notes (each next to its source) and the predictions and pacing plan that
// read the model fitted on real results (docs/analytics.md; fit.go fits it,
// predict.go and peers.go read it).

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

// Riegel converts a time over d1 to distance d2.
// source: hyrox.md "Predicted finish" (Riegel: T2 = T1 x (D2 / D1)^1.06).
func Riegel(t1, d1, d2 float64) float64 { return t1 * math.Pow(d2/d1, 1.06) }

// Prediction is a predicted finish time, its 80 % range and how it was made.
type Prediction struct {
	Seconds     int `json:"seconds"`
	LowSeconds  int `json:"lowSeconds"`
	HighSeconds int `json:"highSeconds"`
	// Method is sum-of-parts (every part recorded) or filled (missing
	// stations or Roxzone filled from athletes of the same run profile).
	Method         string `json:"method"`
	Explanation    string `json:"explanation"`
	FilledStations []int  `json:"filledStations"`
	// The estimate from the 8 runs alone, for comparison.
	RunOnlySeconds     int `json:"runOnlySeconds"`
	RunOnlyLowSeconds  int `json:"runOnlyLowSeconds"`
	RunOnlyHighSeconds int `json:"runOnlyHighSeconds"`
}

// Prediction methods.
const (
	MethodSumOfParts = "sum-of-parts"
	MethodFilled     = "filled"
)

func runsOf(r Result) [8]float64 {
	var runs [8]float64
	for i, v := range r.RunSplits {
		runs[i] = float64(v)
	}
	return runs
}

// stationsOf is r's stations, 0 for a station not done, and which were not done.
func stationsOf(r Result) ([8]float64, []int) {
	var st [8]float64
	missing := []int{}
	for i, s := range r.StationSplits {
		if s == nil {
			missing = append(missing, i)
		} else {
			st[i] = float64(*s)
		}
	}
	return st, missing
}

// Filled returns the result's stations with missing ones filled from
// athletes of the same run profile (scaled by the athlete's form on the
// stations done), and which indexes were filled.
func Filled(r Result) ([8]float64, []int) {
	st, missing := stationsOf(r)
	dm, _ := divisionModel(r.Division)
	return dm.filledStations(runsOf(r), st), missing
}

func roundSec(x float64) int { return int(math.Round(x)) }

// Predict predicts the finish from the latest result
// (docs/analytics.md#the-prediction): the sum of its parts when every part
// was recorded, otherwise with the missing stations and Roxzone filled and
// an 80 % range; and, for comparison, from its runs alone.
func Predict(latest Result) Prediction {
	dm, name := divisionModel(latest.Division)
	runs := runsOf(latest)
	st, missing := stationsOf(latest)
	ro := dm.RunsOnlyEstimate(runs)
	p := Prediction{FilledStations: missing, RunOnlySeconds: roundSec(ro.Seconds),
		RunOnlyLowSeconds: roundSec(ro.Low), RunOnlyHighSeconds: roundSec(ro.High)}
	if len(missing) == 0 && latest.RoxzoneSeconds > 0 {
		p.Seconds = latest.TotalSeconds
		p.LowSeconds, p.HighSeconds = p.Seconds, p.Seconds
		p.Method = MethodSumOfParts
		p.Explanation = fmt.Sprintf("The sum of the parts of your latest %s on %s: 8 runs, 8 stations and the Roxzone.", latest.Kind, DayLabel(latest.Date))
		return p
	}
	e := dm.PartialEstimate(runs, st, float64(latest.RoxzoneSeconds))
	p.Seconds, p.LowSeconds, p.HighSeconds = roundSec(e.Seconds), roundSec(e.Low), roundSec(e.High)
	p.Method = MethodFilled
	var gaps []string
	if len(missing) > 0 {
		gaps = append(gaps, fmt.Sprintf("%d missing station(s)", len(missing)))
	}
	if latest.RoxzoneSeconds == 0 {
		gaps = append(gaps, "the Roxzone")
	}
	p.Explanation = fmt.Sprintf("Your latest %s on %s, with %s filled from %s athletes of your run profile, scaled by how you did on the stations you did; "+
		"80%% of real finishers of races left out of the fit fall within the range%s.",
		latest.Kind, DayLabel(latest.Date), strings.Join(gaps, " and "), DivisionLabel(name), fromLabel(latest.Division, name))
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
	// Against the peers of the predicted finish (nil without a Roxzone time).
	Percentile *int `json:"percentile"`
	PeerMedian int  `json:"peerMedianSeconds"`
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

// Verdict thresholds (docs/analytics.md#peers): a split faster than 70 % of
// the peers is a strength, faster than 30 % or fewer a weakness.
const (
	strengthPercentile = 70
	weaknessPercentile = 30
)

// Verdict names a split by its percentile among the peers.
func Verdict(fasterThan int) string {
	switch {
	case fasterThan >= strengthPercentile:
		return "strength"
	case fasterThan <= weaknessPercentile:
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
	ResultsLast8Weeks  int          // races and simulations in the last 8 weeks (simulations logged as workouts included)
	RecentTotals       []float64    // finish times of up to 4 complete results in the last 12 weeks
	StationsLast4Weeks int          // distinct stations with a split in the last 4 weeks (0-8)
	PredictedSeconds   int          // 0 when there is no result
	GoalSeconds        int          // 0 when no goal was given
	Load               *LoadSummary // training load and compliance; nil when not connected
	LoggedLast8Weeks   int          // of ResultsLast8Weeks, simulations logged as workouts
}

const partMax = 25

// ReadinessScore computes race readiness 0-100 (docs/analytics.md#readiness).
// source: hyrox.md "Race readiness" (each part shown on its own: training
// load as the 7-day load against the 28-day average, a ratio above 1.5
// warning of injury risk; the share of planned sessions done; station coverage
// = each station trained in the last 4 weeks; the gap between predicted and
// goal time). Training load and compliance come from the training area
// (in.Load); racing adds race-specific practice (results in the last 8 weeks)
// and the consistency of finish times. Parts without data are left out and
// the score is scaled to 100.
func ReadinessScore(in ReadinessInput) Readiness {
	tl, cp := loadParts(in.Load)
	parts := []ReadinessPart{tl, cp}

	practice := ReadinessPart{Key: "practice", Label: "Race practice", Max: partMax, Available: true}
	practice.Score = int(math.Round(float64(min(in.ResultsLast8Weeks, 3)) / 3 * partMax))
	practice.Detail = fmt.Sprintf("%d race(s) or simulation(s) in the last 8 weeks%s; 3 or more scores in full.", in.ResultsLast8Weeks, loggedNote(in.LoggedLast8Weeks))
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
// shares; the rest follows the shares of the athletes who finished near the
// goal and held their pace, so the plan asks for more of the saving where the
// athlete is weakest against them.
const PlanWeightOwn = 0.5

// PacingPlan splits goal seconds into 8 runs, 8 stations and the Roxzone
// (17 parts, in that order; docs/analytics.md#pacing). own are the athlete's
// latest parts (nil when there is no result). The running time is shared out
// over the eight runs as the athletes who held their pace did, so run 1 is
// never planned faster against the others than theirs. The parts add up to
// goal exactly.
func PacingPlan(division string, own []float64, goal int) []int {
	even := PeersAt(division, float64(goal)).Even
	weights := even[:]
	if len(own) == 17 {
		var ownSum float64
		for _, x := range own {
			ownSum += x
		}
		if ownSum > 0 {
			weights = make([]float64, 17)
			for i := range own {
				weights[i] = PlanWeightOwn*own[i]/ownSum + (1-PlanWeightOwn)*even[i]
			}
		}
	}
	var runs, evenRuns float64
	for i := range 8 {
		runs += weights[i]
		evenRuns += even[i]
	}
	shaped := make([]float64, 17)
	copy(shaped, weights)
	for i := range 8 {
		shaped[i] = runs * even[i] / evenRuns
	}
	return DistributeRounded(shaped, goal)
}

// DayLabel writes a stored day (YYYY-MM-DD) as the pages do: "Mar 1, 2026".
func DayLabel(date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return d.Format("Jan 2, 2006")
}
