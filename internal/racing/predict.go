package racing

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"math"
	"slices"
)

// The fitted figures: coefficients, ranges, peer tables and their held-out
// evaluation, made from real season-6 results by cmd/hyrox-fit
// (docs/analytics.md says how and from what). Only derived figures ship.
//
//go:embed model.json
var modelJSON []byte

// fitted is the model the product uses, read once at start.
var fitted = mustModel(modelJSON)

func mustModel(b []byte) *Model {
	var m Model
	if err := json.Unmarshal(b, &m); err != nil {
		panic("racing: model.json: " + err.Error())
	}
	return &m
}

// Model is the fitted figures of every division.
type Model struct {
	Source    string                    `json:"source"`
	Command   string                    `json:"command"`
	Divisions map[string]*DivisionModel `json:"divisions"`
	// Venues: each fitted event's venue factor (docs/analytics.md#venues).
	Venues []Venue `json:"venues"`
	// HoldoutGroup: the unlike events held out together in the evaluation.
	HoldoutGroup []string     `json:"holdoutGroup"`
	Evaluation   []Evaluation `json:"evaluation"`
}

// DivisionModel is one division's fitted figures.
type DivisionModel struct {
	Finishers     int `json:"finishers"`
	MedianSeconds int `json:"medianSeconds"` // the median finish time
	// RunsOnly: log finish time = Coef . runsOnlyFeatures (a median fit,
	// slopes within events, each event weighing the same);
	// Low and High are the 10th and 90th percentiles of the log errors (the
	// 80 % range).
	RunsOnly LogLinear `json:"runsOnly"`
	// Cohort: the median finish over the run total by run total, every 1 %
	// of run total (the other half of the runs-only estimate).
	Cohort []CohortRow `json:"cohort"`
	// Parts: log station 1-8 and log Roxzone, each = coefficients . fillFeatures.
	Parts [9][]float64 `json:"parts"`
	// FormCarry: how much of the athlete's form on the stations done (the log
	// of their time over the fill model's) carries to the missing ones.
	FormCarry float64 `json:"formCarry"`
	// Partial: the 80 % range of the log errors when stations are filled.
	Partial LogLinear `json:"partial"`
	// Road: log finish time = Coef . freshFeatures(8 km of fresh running);
	// Low and High from the data alone (RoadEstimate widens them).
	Road LogLinear `json:"road"`
	// RunFactor is the median of the run total over 8 x the fastest of runs 2-7:
	// how much slower than fresh the division runs its 8 km in a race.
	RunFactor float64   `json:"runFactor"`
	Peers     []PeerRow `json:"peers"`
}

// LogLinear is a log-linear model and its 80 % range in log units: Low and
// High over all finishers, and per band of predicted time (Bands, fastest
// first), because the errors grow with the predicted time.
type LogLinear struct {
	Coef      []float64 `json:"coef,omitempty"`
	Low, High float64
	Bands     []RangeBand `json:"bands,omitempty"`
}

// RangeBand is the 80 % range (log units) of the predictions up to UpTo
// seconds (the last band has no upper end: UpTo 0).
type RangeBand struct {
	UpTo      float64 `json:"upTo"`
	Low, High float64
}

// bandOf is the index of the band of a prediction of est seconds (-1
// without bands).
func (ll LogLinear) bandOf(est float64) int {
	for i, b := range ll.Bands {
		if b.UpTo == 0 || est <= b.UpTo {
			return i
		}
	}
	return -1
}

// rangeAt is the 80 % range (log units) for a prediction of est seconds.
func (ll LogLinear) rangeAt(est float64) (lo, hi float64) {
	if i := ll.bandOf(est); i >= 0 {
		return ll.Bands[i].Low, ll.Bands[i].High
	}
	return ll.Low, ll.High
}

// estimate is est seconds with its 80 % range.
func (ll LogLinear) estimate(est float64) Estimate {
	lo, hi := ll.rangeAt(est)
	return Estimate{est, est * math.Exp(lo), est * math.Exp(hi)}
}

// PeerRow is the split percentiles of the athletes who finish within 10 %
// (or 15 %) of Total seconds: Parts[p][k] is the peerLevels[k] percentile of
// run 1-8 (p 0-7), station 1-8 (8-15) and the Roxzone (16). EvenShares is
// the median share of the finish time of each part among those peers who
// held their pace.
type PeerRow struct {
	Total      int         `json:"total"`
	Count      int         `json:"count"`
	WindowPct  int         `json:"windowPct"`
	Parts      [17][]int   `json:"parts"`
	EvenShares [17]float64 `json:"evenShares"`
}

// Estimate is a predicted finish and its 80 % range, in seconds.
type Estimate struct {
	Seconds, Low, High float64
}

// fillFeatures are what the fill model reads: the log of the run total
// (centred on e^8 s, about 50 minutes of running). The first element is the
// intercept. The shape of the runs (the first and the last run against the
// middle six, their spread) helped on single events left out of the fit but
// not on unlike venues left out together: the length of run 1 and of the last
// passage differ between venues, so the shape partly describes the venue
// (docs/analytics.md#evaluation).
func fillFeatures(runs [8]float64) []float64 {
	return []float64{1, logRunTotal(runs)}
}

// runsOnlyFeatures are what the runs-only formula reads: venueFeatures
// (the log of the run total, its square, the spread of runs 2-7) and the
// log of run 1 and of run 8 over the mean of runs 2-7. Their slopes are
// fitted within each event (one intercept per event), so they describe how
// an athlete's first and last runs go with the finish at a given venue, not
// how venues differ (docs/analytics.md#the-prediction). The first element
// is the intercept.
func runsOnlyFeatures(runs [8]float64) []float64 {
	mid := (runs[1] + runs[2] + runs[3] + runs[4] + runs[5] + runs[6]) / 6
	return append(venueFeatures(runs), math.Log(runs[0]/mid), math.Log(runs[7]/mid))
}

// venueFeatures are what the venue factors are measured against: the log of
// the run total and its square (centred as in fillFeatures, so the square
// stays small), and the spread of runs 2-7 (their coefficient of variation;
// runs 2-7 are alike at every venue, runs 1 and 8 are not). The first
// element is the intercept.
func venueFeatures(runs [8]float64) []float64 {
	lt := logRunTotal(runs)
	var mid float64
	for _, r := range runs[1:7] {
		mid += r / 6
	}
	var ss float64
	for _, r := range runs[1:7] {
		ss += (r - mid) * (r - mid)
	}
	return []float64{1, lt, lt * lt, math.Sqrt(ss/6) / mid}
}

// logRunTotal is the log of the run total, less 8 (e^8 s is about 50
// minutes of running).
func logRunTotal(runs [8]float64) float64 {
	var total float64
	for _, r := range runs {
		total += r
	}
	return math.Log(total) - 8
}

// freshFeatures describe 8 km of fresh running in eight seconds: its log and
// the square of the log (centred on e^8 s, about 50 minutes). The first
// element is the intercept.
func freshFeatures(eight float64) []float64 {
	l := math.Log(eight) - 8
	return []float64{1, l, l * l}
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// RunsOnlyEstimate predicts the finish from the eight runs alone.
func (dm *DivisionModel) RunsOnlyEstimate(runs [8]float64) Estimate {
	return dm.RunsOnly.estimate(dm.runsOnlySeconds(runs))
}

// runsOnlySeconds is the mean of the runs-only formula and the median finish
// of the finishers of the same run total (Cohort): each alone does about as
// well on unseen venues, their mean better than either
// (docs/analytics.md#the-prediction).
func (dm *DivisionModel) runsOnlySeconds(runs [8]float64) float64 {
	formula := math.Exp(dot(dm.RunsOnly.Coef, runsOnlyFeatures(runs)))
	if len(dm.Cohort) == 0 {
		return formula
	}
	var total float64
	for _, r := range runs {
		total += r
	}
	return (formula + total*cohortRatio(dm.Cohort, total)) / 2
}

// CohortRow is the median finish over the run total (Ratio) of the
// division's finishers whose run total is within 5 % of RunTotal seconds.
type CohortRow struct {
	RunTotal float64 `json:"runTotal"`
	Ratio    float64 `json:"ratio"`
}

// cohortRatio is the median finish over the run total at total seconds of
// running, interpolated between the rows of rows (sorted by RunTotal); beyond
// the ends, the end's.
func cohortRatio(rows []CohortRow, total float64) float64 {
	i, _ := slices.BinarySearchFunc(rows, total, func(r CohortRow, t float64) int { return cmp.Compare(r.RunTotal, t) })
	switch {
	case i == 0:
		return rows[0].Ratio
	case i == len(rows):
		return rows[len(rows)-1].Ratio
	}
	a, b := rows[i-1], rows[i]
	w := (total - a.RunTotal) / (b.RunTotal - a.RunTotal)
	return a.Ratio + w*(b.Ratio-a.Ratio)
}

// stationForm is the log of the stations done (non-zero in stations) over
// what runners of the same run total do on them (the sum of the fill
// model's stations): above 0 the athlete is slower on stations than those
// runners. Sums, not a mean of each station's log ratio: a long station
// weighs by its time, as it does in the finish.
func (dm *DivisionModel) stationForm(x []float64, stations [8]float64) float64 {
	var done, expected float64
	for j, s := range stations {
		if s > 0 {
			done += s
			expected += math.Exp(dot(dm.Parts[j], x))
		}
	}
	if done == 0 {
		return 0
	}
	return math.Log(done / expected)
}

// fill is the sum of parts with each missing station (0) taken from athletes
// of the same run total, scaled by the athlete's form on the stations done,
// and a missing Roxzone (0) from the run total.
func (dm *DivisionModel) fill(runs [8]float64, stations [8]float64, roxzone float64) float64 {
	filled := dm.filledStations(runs, stations)
	total := roxzone
	if roxzone <= 0 {
		total = math.Exp(dot(dm.Parts[8], fillFeatures(runs)))
	}
	for i := range 8 {
		total += runs[i] + filled[i]
	}
	return total
}

// filledStations is stations with each missing one (0) filled.
func (dm *DivisionModel) filledStations(runs [8]float64, stations [8]float64) [8]float64 {
	x := fillFeatures(runs)
	k := dm.FormCarry * dm.stationForm(x, stations)
	out := stations
	for j, s := range stations {
		if s <= 0 {
			out[j] = math.Exp(dot(dm.Parts[j], x) + k)
		}
	}
	return out
}

// PartialEstimate predicts the finish from the runs, the stations done
// (missing ones 0) and the Roxzone (0 when not timed).
func (dm *DivisionModel) PartialEstimate(runs [8]float64, stations [8]float64, roxzone float64) Estimate {
	est := dm.fill(runs, stations, roxzone)
	return dm.Partial.estimate(est)
}

// freshEstimate predicts the finish from the time of 8 km of fresh running,
// with the range the data shows (the errors on events left out).
func (dm *DivisionModel) freshEstimate(eight float64) Estimate {
	est := math.Exp(dot(dm.Road.Coef, freshFeatures(eight)))
	return dm.Road.estimate(est)
}

// The road prediction's range is widened for what the data cannot show
// (log units): the data has no road times, so it assumes the fastest of
// runs 2-7 is run at the athlete's fresh 8 km pace. A kilometre between
// stations is more likely slower than fresh than faster, so the slow side is
// widened more (docs/analytics.md#a-road-5k-or-10k).
const (
	RoadAssumptionFast = 0.05 // about 5 %
	RoadAssumptionSlow = 0.10 // about 10 %
)

// RoadEstimate predicts the finish from a road time over distanceKm: Riegel
// to 8 km of fresh running, then the division's HYROX factor (freshEstimate),
// with the range widened by RoadAssumptionFast and RoadAssumptionSlow.
func (dm *DivisionModel) RoadEstimate(distanceKm, seconds float64) (eight float64, e Estimate) {
	eight = Riegel(seconds, distanceKm, 8)
	e = dm.freshEstimate(eight)
	e.Low *= math.Exp(-RoadAssumptionFast)
	e.High *= math.Exp(RoadAssumptionSlow)
	return eight, e
}
