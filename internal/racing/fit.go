package racing

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
)

// This file fits the finish-time models and the peer tables from real race
// results and measures them on events left out of the fit (docs/analytics.md).
// It is pure computation; cmd/hyrox-fit reads the CSV and writes the JSON that
// model.json embeds. The prediction itself (predict.go) reads only the fitted
// figures, so the evaluation here measures exactly what the product shows.

// Finisher is one real finisher's splits, in seconds.
type Finisher struct {
	Event, Division string
	Runs            [8]float64
	Stations        [8]float64
	Roxzone, Total  float64
}

// FitDivisions are the divisions the public results cover; the others read
// the closest of them (fittedDivision).
var FitDivisions = []string{"open_men", "open_women", "doubles_men", "doubles_women", "doubles_mixed"}

// Percentile levels of the peer tables.
var peerLevels = []float64{5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95}

const (
	peerGridStep  = 300  // seconds between the rows of a peer table
	peerWindow    = 0.10 // peers finish within 10 % of the athlete's time ...
	peerWideWin   = 0.15 // ... or within 15 % when that gives fewer than peerMinCount
	peerMinCount  = 30
	rangeLowQ     = 0.10 // the range holds 80 % of finishers: 10th to 90th percentile of the errors
	rangeHighQ    = 0.90
	partialKnownN = 4 // the measured partial case: stations 1-4 and the Roxzone known
)

// Fit fits every division of FitDivisions on finishers.
func Fit(finishers []Finisher) (*Model, error) {
	m := &Model{Divisions: map[string]*DivisionModel{}}
	for _, d := range FitDivisions {
		rows := byDivision(finishers, d)
		if len(rows) < 200 {
			return nil, fmt.Errorf("division %s: %d finishers, need at least 200", d, len(rows))
		}
		dm, err := fitDivision(rows)
		if err != nil {
			return nil, fmt.Errorf("division %s: %w", d, err)
		}
		dm.Peers = peerTable(rows)
		totals := make([]float64, len(rows))
		for i, f := range rows {
			totals[i] = f.Total
		}
		dm.MedianSeconds = int(math.Round(quantile(totals, 0.5)))
		m.Divisions[d] = dm
	}
	return m, nil
}

func byDivision(fs []Finisher, d string) []Finisher {
	var out []Finisher
	for _, f := range fs {
		if f.Division == d {
			out = append(out, f)
		}
	}
	return out
}

// fitDivision fits the prediction models of one division and their ranges
// (no peer table). The ranges come from errors on unseen venues, held out in
// groups of unlike ones (rangeFolds): each group is predicted by a fit
// without it, so they include how much a new venue differs from the ones
// fitted, and fitting on fewer venues, as a new season's venues are.
func fitDivision(rows []Finisher) (*DivisionModel, error) {
	dm, err := fitCoefficients(rows)
	if err != nil {
		return nil, err
	}
	var runsOnly, partial, road []heldOut
	for _, fold := range rangeFolds(rows) {
		train, test := splitEvents(rows, fold)
		if len(train) == 0 {
			break // one event only: nothing to hold out
		}
		m, err := fitCoefficients(train)
		if err != nil {
			return nil, err
		}
		for _, ev := range fold {
			_, test := splitEvents(test, []string{ev})
			var ro, pa, rd []heldOut
			for _, f := range test {
				est := m.runsOnlySeconds(f.Runs)
				ro = append(ro, heldOut{est, math.Log(f.Total / est)})
				est = m.fill(f.Runs, knownFirst(f, partialKnownN), f.Roxzone)
				pa = append(pa, heldOut{est, math.Log(f.Total / est)})
				est = math.Exp(dot(m.Road.Coef, freshOf(f)))
				rd = append(rd, heldOut{est, math.Log(f.Total / est)})
			}
			runsOnly = append(runsOnly, widenVenue(ro, runsOnlyWiden)...)
			partial = append(partial, pa...)
			road = append(road, widenVenue(rd, venueWiden)...)
		}
	}
	if len(runsOnly) == 0 {
		return nil, errors.New("needs finishers of at least two events")
	}
	setRanges(&dm.RunsOnly, runsOnly)
	setRanges(&dm.Partial, partial)
	setRanges(&dm.Road, road)
	return dm, nil
}

// venueWiden scales the venue's part of the held-out errors (each event's
// median error) for the road range, runsOnlyWiden for the runs-only range:
// venues unlike the fitted ones differ more from them than the fitted ones
// from each other, and the venue is most of those errors. They bring the
// ranges to about 80 % on the unlike events held out together
// (docs/analytics.md#evaluation; 1.5 held 77.9 % for runs only once the
// formula read runs 1 and 8); the half simulation's range holds there
// without it (its error is mostly the athlete's stations 5-8, not the venue).
const (
	venueWiden    = 1.5
	runsOnlyWiden = 1.6
)

// widenVenue is the held-out errors of one event with their median error
// (the venue's part) scaled by widen.
func widenVenue(hs []heldOut, widen float64) []heldOut {
	if len(hs) == 0 {
		return hs
	}
	errs := make([]float64, len(hs))
	for i, h := range hs {
		errs[i] = h.err
	}
	shift := (widen - 1) * quantile(errs, 0.5)
	for i := range hs {
		hs[i].err += shift
	}
	return hs
}

// rangeFolds groups the events of rows for the range's held-out errors:
// sorted by venue factor, the two fastest and the two slowest venues are one
// group, the next two of each end the next, and so on (the middle ones
// last). Held out together, unlike venues leave a fit that has not seen
// their like, as a new venue does.
func rangeFolds(rows []Finisher) [][]string {
	venues, err := venueFactors(rows)
	if err != nil || len(venues) < 8 { // too few to group: each event alone
		var out [][]string
		for _, e := range eventsOf(rows) {
			out = append(out, []string{e})
		}
		return out
	}
	slices.SortStableFunc(venues, func(a, b Venue) int { return cmpFloat(a.Factor, b.Factor) })
	n := len(venues)
	folds := make([][]string, (n+3)/4)
	for i, v := range venues {
		k := min(i, n-1-i) / 2
		folds[k] = append(folds[k], v.Event)
	}
	var out [][]string
	for _, f := range folds {
		if len(f) > 0 {
			out = append(out, f)
		}
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// heldOut is one prediction of a finisher of an event left out of the fit:
// the estimate (seconds) and the log error.
type heldOut struct{ est, err float64 }

// rangeBands is how many bands of predicted time get their own range; each
// holds a tenth of the held-out predictions.
const rangeBands = 10

// setRanges sets ll's 80 % ranges from held-out predictions: over all of
// them, and per band of predicted time (deciles), as the 10th and 90th
// percentiles of the log errors. One range for everyone would be too wide
// for the fast (about 87 % inside) and too narrow for the slow (about 63 %).
func setRanges(ll *LogLinear, hs []heldOut) {
	errs := make([]float64, len(hs))
	ests := make([]float64, len(hs))
	for i, h := range hs {
		errs[i], ests[i] = h.err, h.est
	}
	ll.Low, ll.High = quantile(errs, rangeLowQ), quantile(errs, rangeHighQ)
	ll.Bands = nil
	lower := 0.0
	for b := range rangeBands {
		upTo := 0.0 // the last band has no upper end
		if b < rangeBands-1 {
			upTo = math.Round(quantile(ests, float64(b+1)/rangeBands))
		}
		var in []float64
		for _, h := range hs {
			if h.est > lower && (upTo == 0 || h.est <= upTo) {
				in = append(in, h.err)
			}
		}
		if len(in) < 50 { // too few to say: the overall range
			in = errs
		}
		ll.Bands = append(ll.Bands, RangeBand{UpTo: upTo, Low: quantile(in, rangeLowQ), High: quantile(in, rangeHighQ)})
		lower = upTo
	}
}

// fitCoefficients fits (a) the log finish time on the runs-only features
// (a median fit, slopes within events), (b) each log station and the log
// Roxzone on the fill features (the fill model, one intercept per event), and
// how far the form on the stations done carries to the others.
func fitCoefficients(rows []Finisher) (*DivisionModel, error) {
	dm := &DivisionModel{Finishers: len(rows)}
	var err error
	if dm.RunsOnly.Coef, err = eventMedianFit(rows, runsOnlyOf, logTotal); err != nil {
		return nil, err
	}
	dm.Cohort = cohortTable(rows)
	if dm.Road.Coef, _, err = eventFit(rows, freshOf, logTotal); err != nil {
		return nil, err
	}
	factors := make([]float64, len(rows))
	for i, f := range rows {
		var run float64
		for _, r := range f.Runs {
			run += r
		}
		factors[i] = run / freshEight(f.Runs)
	}
	dm.RunFactor = round2(quantile(factors, 0.5))
	fillOf := func(f Finisher) []float64 { return fillFeatures(f.Runs) }
	for p := range 9 {
		if dm.Parts[p], _, err = eventFit(rows, fillOf, func(f Finisher) float64 { return math.Log(part(f, p)) }); err != nil {
			return nil, err
		}
	}
	// The slope of the missing stations' log ratio to the fill model on the
	// done ones' (stations 1-4 done, 5-8 missing).
	var sxy, sxx float64
	for _, f := range rows {
		x := fillFeatures(f.Runs)
		k := dm.stationForm(x, knownFirst(f, partialKnownN))
		var missing [8]float64
		copy(missing[partialKnownN:], f.Stations[partialKnownN:])
		r := dm.stationForm(x, missing)
		sxy += k * r
		sxx += k * k
	}
	if sxx > 0 {
		dm.FormCarry = sxy / sxx
	}
	return dm, nil
}

func logTotal(f Finisher) float64 { return math.Log(f.Total) }

// eventMedianFit fits y on feat (whose first element is the intercept's 1)
// by least absolute deviations (a median fit, by iteratively reweighted
// least squares) with one intercept per event and each event weighing the
// same. The slopes so describe athletes at a venue, not how venues differ;
// the intercept is the median, each event weighing the same, of y less the
// slopes' part: a new venue is one more draw of a venue, whatever the size
// of the fitted events. The runs-only formula is fitted so: it beat the
// pooled median fit (every finisher weighing the same, no intercepts per
// event) and the cohort baseline on single events and on unlike venues left
// out together, with the shape of runs 1 and 8 read, which the pooled fit
// could not use (docs/analytics.md#evaluation).
func eventMedianFit(rows []Finisher, feat func(Finisher) []float64, y func(Finisher) float64) ([]float64, error) {
	evs := eventsOf(rows)
	ne := len(evs)
	count := map[string]float64{}
	for _, f := range rows {
		count[f.Event]++
	}
	raw := make([][]float64, len(rows))
	ys := make([]float64, len(rows))
	ws := make([]float64, len(rows)) // each event weighs the same (1000 in all)
	for i, f := range rows {
		fx := feat(f)[1:]
		x := make([]float64, ne+len(fx))
		x[slices.Index(evs, f.Event)] = 1
		copy(x[ne:], fx)
		raw[i], ys[i], ws[i] = x, y(f), 1000/count[f.Event]
	}
	xs := make([][]float64, len(rows))
	ts := make([]float64, len(rows))
	weigh := func(w func(i int) float64) {
		for i := range raw {
			s := math.Sqrt(w(i))
			if xs[i] == nil {
				xs[i] = make([]float64, len(raw[i]))
			}
			for k, v := range raw[i] {
				xs[i][k] = v * s
			}
			ts[i] = ys[i] * s
		}
	}
	weigh(func(i int) float64 { return ws[i] })
	beta, err := leastSquares(xs, ts)
	if err != nil {
		return nil, err
	}
	for range 25 {
		weigh(func(i int) float64 { return ws[i] / math.Max(math.Abs(ys[i]-dot(beta, raw[i])), 1e-4) })
		if beta, err = leastSquares(xs, ts); err != nil {
			return nil, err
		}
	}
	slopes := beta[ne:]
	res := make([]float64, len(rows))
	for i := range rows {
		res[i] = ys[i] - dot(slopes, raw[i][ne:])
	}
	return append([]float64{weightedMedian(res, ws)}, slopes...), nil
}

// weightedMedian is the smallest x of xs at which the weights ws of those
// no greater reach half of all.
func weightedMedian(xs, ws []float64) float64 {
	idx := make([]int, len(xs))
	var total float64
	for i := range idx {
		idx[i] = i
		total += ws[i]
	}
	slices.SortFunc(idx, func(a, b int) int { return cmpFloat(xs[a], xs[b]) })
	var c float64
	for _, i := range idx {
		if c += ws[i]; c >= total/2 {
			return xs[i]
		}
	}
	return math.NaN()
}

// eventFit fits y on feat (whose first element is the intercept's 1) with
// one intercept per event (a venue's course, sleds and Roxzone make all its
// finishers a few per cent faster or slower for the same runs), each event
// weighted equally, so the slopes describe athletes rather than venues. A
// new venue gets the mean of the events' intercepts; intercepts are each
// event's less that mean (the venue factors, in log units).
func eventFit(rows []Finisher, feat func(Finisher) []float64, y func(Finisher) float64) (coef []float64, intercepts map[string]float64, err error) {
	evs := eventsOf(rows)
	count := map[string]float64{}
	for _, f := range rows {
		count[f.Event]++
	}
	ne := len(evs)
	xs := make([][]float64, len(rows))
	ys := make([]float64, len(rows))
	for i, f := range rows {
		w := 1 / math.Sqrt(count[f.Event]) // rows scaled by sqrt(weight): each event weighs the same
		fx := feat(f)[1:]
		x := make([]float64, ne+len(fx))
		x[slices.Index(evs, f.Event)] = w
		for j, v := range fx {
			x[ne+j] = v * w
		}
		xs[i] = x
		ys[i] = y(f) * w
	}
	beta, err := leastSquares(xs, ys)
	if err != nil {
		return nil, nil, err
	}
	var mean float64
	for _, b := range beta[:ne] {
		mean += b / float64(ne)
	}
	intercepts = map[string]float64{}
	for i, e := range evs {
		intercepts[e] = beta[i] - mean
	}
	return append([]float64{mean}, beta[ne:]...), intercepts, nil
}

func runsOnlyOf(f Finisher) []float64 { return runsOnlyFeatures(f.Runs) }

func venueOf(f Finisher) []float64 { return venueFeatures(f.Runs) }

func freshOf(f Finisher) []float64 { return freshFeatures(freshEight(f.Runs)) }

// freshEight is the time of 8 km of fresh running the runs suggest: eight
// times the fastest of runs 2-7 (docs/analytics.md#a-road-5k-or-10k). Not
// run 1: its course differs between venues (at some it is about half as long
// as the others), and not run 8, which includes the last transition.
func freshEight(runs [8]float64) float64 {
	return 8 * slices.Min(runs[1:7])
}

// eventsOf is the events of rows, sorted.
func eventsOf(rows []Finisher) []string {
	var evs []string
	for _, f := range rows {
		if !slices.Contains(evs, f.Event) {
			evs = append(evs, f.Event)
		}
	}
	slices.Sort(evs)
	return evs
}

// splitEvents splits rows into those of other events and those of evs.
func splitEvents(rows []Finisher, evs []string) (train, test []Finisher) {
	for _, f := range rows {
		if slices.Contains(evs, f.Event) {
			test = append(test, f)
		} else {
			train = append(train, f)
		}
	}
	return train, test
}

// knownFirst is f's stations with only the first n recorded.
func knownFirst(f Finisher, n int) [8]float64 {
	var st [8]float64
	copy(st[:n], f.Stations[:n])
	return st
}

// part is station p (0-7) or the Roxzone (8).
func part(f Finisher, p int) float64 {
	if p == 8 {
		return f.Roxzone
	}
	return f.Stations[p]
}

// Evaluation is the error of one case in one division on held-out events.
type Evaluation struct {
	// Holdout: "event" (each event left out in turn) or "group" (the unlike
	// events of HoldoutGroup left out together).
	Holdout  string `json:"holdout"`
	Division string `json:"division"`
	Case     string `json:"case"` // evaluationCases
	// Band: 0 over all predictions; 1-10 the predictions in that band of
	// predicted time (fastest first; Division is then "all").
	Band     int     `json:"band,omitempty"`
	Athletes int     `json:"athletes"`
	MAEPct   float64 `json:"maePercent"`
	// Coverage is the share of finishers inside the 80 % range (0 for a
	// baseline, which has no range).
	Coverage  float64 `json:"coveragePercent"`
	MedianPct float64 `json:"medianErrorPercent"`
}

// Evaluation case names.
const (
	CaseRunsOnly = "runs-only"
	CasePartial  = "runs+4stations+roxzone"
	// The road model's own part, measured as far as the data allows: the
	// finish from the fresh 8 km of the fastest of runs 2-7 (no road times in
	// the data).
	CaseFastestRun = "fastest-run"
	// The baselines the models must beat, from the same training events: the
	// median finish of the division's finishers whose run total is within
	// 5 % (runs only), and the stations done plus stations 5-8 at the median
	// ratio of stations 5-8 to stations 1-4 among them (a half simulation).
	CaseRunsOnlyBaseline = "baseline: cohort finish"
	CasePartialBaseline  = "baseline: cohort ratio"
)

// Hold-out names.
const (
	HoldoutEvent = "event"
	HoldoutGroup = "group"
)

// evaluationCases are the measured cases, in the order of the table.
var evaluationCases = []string{CaseRunsOnly, CaseRunsOnlyBaseline, CasePartial, CasePartialBaseline, CaseFastestRun}

// baselineOf is the baseline a model's case must beat ("" for none).
func baselineOf(c string) string {
	switch c {
	case CaseRunsOnly:
		return CaseRunsOnlyBaseline
	case CasePartial:
		return CasePartialBaseline
	}
	return ""
}

func isBaseline(c string) bool { return c == CaseRunsOnlyBaseline || c == CasePartialBaseline }

// UnlikeEvents are the events most unlike the rest, held out together in
// the harder evaluation: the two fastest and the two slowest venues by venue
// factor and the one with the shortest run 1 (its median run 1 against the
// mean of runs 2-7), the next shortest when that one is already in.
func UnlikeEvents(finishers []Finisher) ([]string, error) {
	venues, err := venueFactors(finishers)
	if err != nil {
		return nil, err
	}
	if len(venues) < 8 {
		return nil, fmt.Errorf("%d events: at least 8 are needed to hold 5 out", len(venues))
	}
	slices.SortStableFunc(venues, func(a, b Venue) int { return cmpFloat(a.Factor, b.Factor) })
	n := len(venues)
	group := []string{venues[0].Event, venues[1].Event, venues[n-2].Event, venues[n-1].Event}
	firstRun := map[string][]float64{}
	for _, f := range finishers {
		firstRun[f.Event] = append(firstRun[f.Event], f.Runs[0]*6/(f.Runs[1]+f.Runs[2]+f.Runs[3]+f.Runs[4]+f.Runs[5]+f.Runs[6]))
	}
	evs := eventsOf(finishers)
	slices.SortStableFunc(evs, func(a, b string) int {
		return cmpFloat(quantile(firstRun[a], 0.5), quantile(firstRun[b], 0.5))
	})
	for _, e := range evs {
		if !slices.Contains(group, e) {
			group = append(group, e)
			break
		}
	}
	slices.Sort(group)
	return group, nil
}

// Evaluate measures the models and the baselines on events they were not
// fitted on, per division and over all ("all"): each event left out in turn
// (HoldoutEvent), and the unlike events left out together (HoldoutGroup).
func Evaluate(finishers []Finisher, group []string) ([]Evaluation, error) {
	type acc struct {
		errs   []float64
		inside int
	}
	type key struct{ holdout, div, c string }
	accs := map[key]*acc{}
	add := func(h, c string, actual float64, e Estimate, divs ...string) {
		for _, d := range divs {
			k := key{h, d, c}
			a := accs[k]
			if a == nil {
				a = &acc{}
				accs[k] = a
			}
			a.errs = append(a.errs, math.Abs(e.Seconds-actual)/actual*100)
			if actual >= e.Low && actual <= e.High {
				a.inside++
			}
		}
	}
	band := func(ll LogLinear, est float64) string { return "band" + strconv.Itoa(ll.bandOf(est)+1) }
	for _, d := range FitDivisions {
		rows := byDivision(finishers, d)
		folds := [][]string{group}
		for _, ev := range eventsOf(rows) {
			folds = append(folds, []string{ev})
		}
		for i, fold := range folds {
			h := HoldoutEvent
			if i == 0 {
				h = HoldoutGroup
			}
			train, test := splitEvents(rows, fold)
			if len(test) == 0 {
				continue
			}
			dm, err := fitDivision(train)
			if err != nil {
				return nil, fmt.Errorf("%s without %v: %w", d, fold, err)
			}
			base := newCohorts(train)
			for _, f := range test {
				bands := func(ll LogLinear, est float64) []string {
					if h == HoldoutGroup {
						return []string{d, "all"}
					}
					return []string{d, "all", band(ll, est)}
				}
				e := dm.RunsOnlyEstimate(f.Runs)
				add(h, CaseRunsOnly, f.Total, e, bands(dm.RunsOnly, e.Seconds)...)
				add(h, CaseRunsOnlyBaseline, f.Total, Estimate{Seconds: base.finish(f)}, d, "all")
				e = dm.PartialEstimate(f.Runs, knownFirst(f, partialKnownN), f.Roxzone)
				add(h, CasePartial, f.Total, e, bands(dm.Partial, e.Seconds)...)
				add(h, CasePartialBaseline, f.Total, Estimate{Seconds: base.half(f)}, d, "all")
				e = dm.freshEstimate(freshEight(f.Runs))
				add(h, CaseFastestRun, f.Total, e, bands(dm.Road, e.Seconds)...)
			}
		}
	}
	var out []Evaluation
	row := func(h, d, c string, b int) error {
		k := key{h, d, c}
		if b > 0 {
			k.div = "band" + strconv.Itoa(b)
		}
		a := accs[k]
		if a == nil {
			return fmt.Errorf("no finishers in %v", k)
		}
		var sum float64
		for _, e := range a.errs {
			sum += e
		}
		n := float64(len(a.errs))
		ev := Evaluation{Holdout: h, Division: d, Case: c, Band: b, Athletes: len(a.errs),
			MAEPct: round2(sum / n), MedianPct: round2(quantile(a.errs, 0.5))}
		if !isBaseline(c) {
			ev.Coverage = round2(float64(a.inside) / n * 100)
		}
		out = append(out, ev)
		return nil
	}
	for _, h := range []string{HoldoutEvent, HoldoutGroup} {
		for _, d := range append(slices.Clone(FitDivisions), "all") {
			for _, c := range evaluationCases {
				if err := row(h, d, c, 0); err != nil {
					return nil, err
				}
			}
		}
	}
	// Coverage per band of predicted time (the tenth of each division's
	// predictions, fastest first), over all divisions, each event left out.
	for _, c := range evaluationCases {
		if isBaseline(c) {
			continue
		}
		for b := 1; b <= rangeBands; b++ {
			if err := row(HoldoutEvent, "all", c, b); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// cohorts are the baselines' figures of one division's training finishers,
// sorted by run total.
type cohorts struct {
	runTotal, finishes, ratios []float64
}

func newCohorts(rows []Finisher) cohorts {
	type fr struct{ rt, total, ratio float64 }
	all := make([]fr, len(rows))
	for i, f := range rows {
		var rt, first, last float64
		for j := range 8 {
			rt += f.Runs[j]
			if j < partialKnownN {
				first += f.Stations[j]
			} else {
				last += f.Stations[j]
			}
		}
		all[i] = fr{rt, f.Total, last / first}
	}
	slices.SortFunc(all, func(a, b fr) int { return cmpFloat(a.rt, b.rt) })
	var c cohorts
	for _, x := range all {
		c.runTotal = append(c.runTotal, x.rt)
		c.finishes = append(c.finishes, x.total)
		c.ratios = append(c.ratios, x.ratio)
	}
	return c
}

// window is the index range of the finishers whose run total is within 5 %
// of f's (the nearest 20 when none is).
func (c cohorts) window(f Finisher) (lo, hi int) {
	var rt float64
	for _, r := range f.Runs {
		rt += r
	}
	lo, _ = slices.BinarySearch(c.runTotal, rt*0.95)
	hi, _ = slices.BinarySearch(c.runTotal, rt*1.05)
	if hi == lo {
		lo, hi = max(0, lo-10), min(len(c.runTotal), hi+10)
	}
	return lo, hi
}

// cohortTable is the cohort baseline's median finish over the run total,
// every 1 % of run total from the fastest to the slowest runner (rows with
// fewer than 20 finishers left out), for the runs-only estimate.
func cohortTable(rows []Finisher) []CohortRow {
	c := newCohorts(rows)
	var out []CohortRow
	if len(c.runTotal) == 0 {
		return nil
	}
	for t := c.runTotal[0]; t <= c.runTotal[len(c.runTotal)-1]; t *= 1.01 {
		lo, _ := slices.BinarySearch(c.runTotal, t*0.95)
		hi, _ := slices.BinarySearch(c.runTotal, t*1.05)
		if hi-lo < 20 {
			continue
		}
		out = append(out, CohortRow{RunTotal: math.Round(t), Ratio: math.Round(quantile(c.finishes[lo:hi], 0.5)/t*1e4) / 1e4})
	}
	return out
}

// finish is the runs-only baseline: the cohort's median finish.
func (c cohorts) finish(f Finisher) float64 {
	lo, hi := c.window(f)
	return quantile(c.finishes[lo:hi], 0.5)
}

// half is the half-simulation baseline: runs, stations 1-4 and the Roxzone
// as done, stations 5-8 at the cohort's median ratio to stations 1-4.
func (c cohorts) half(f Finisher) float64 {
	lo, hi := c.window(f)
	var first float64
	for j := range partialKnownN {
		first += f.Stations[j]
	}
	var rt float64
	for _, r := range f.Runs {
		rt += r
	}
	return rt + f.Roxzone + first*(1+quantile(c.ratios[lo:hi], 0.5))
}

// Venue is one event's venue factor: its finishers' finish times against
// those of an average venue for the same runs (0.97: 3 % faster).
type Venue struct {
	Event     string  `json:"event"`
	Factor    float64 `json:"factor"`
	Finishers int     `json:"finishers"`
}

// VenueFactors is venueFactors of every event of finishers.
func VenueFactors(finishers []Finisher) ([]Venue, error) { return venueFactors(finishers) }

// venueFactors are the events' intercepts of the finish-time fit with one
// intercept per event (venueFeatures), per division, averaged over
// the divisions weighted by their finishers at the event.
func venueFactors(rows []Finisher) ([]Venue, error) {
	sum := map[string]float64{}
	count := map[string]int{}
	for _, d := range FitDivisions {
		rs := byDivision(rows, d)
		if len(eventsOf(rs)) < 2 {
			continue
		}
		_, ic, err := eventFit(rs, venueOf, logTotal)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d, err)
		}
		n := map[string]int{}
		for _, f := range rs {
			n[f.Event]++
		}
		for e, v := range ic {
			sum[e] += v * float64(n[e])
			count[e] += n[e]
		}
	}
	var out []Venue
	for _, e := range eventsOf(rows) {
		if count[e] > 0 {
			out = append(out, Venue{Event: e, Factor: math.Round(math.Exp(sum[e]/float64(count[e]))*1e4) / 1e4, Finishers: count[e]})
		}
	}
	return out, nil
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// peerTable is, every peerGridStep seconds of finish time, the percentiles of
// each part among the division's finishers within 10 % of that time (15 %
// when fewer than 30), and the median split profile of those of them who held
// their pace. Rows with fewer than 30 peers even at 15 % are left out.
func peerTable(rows []Finisher) []PeerRow {
	lo, hi := math.Inf(1), 0.0
	for _, f := range rows {
		lo, hi = math.Min(lo, f.Total), math.Max(hi, f.Total)
	}
	var out []PeerRow
	for t := math.Floor(lo/peerGridStep) * peerGridStep; t <= hi; t += peerGridStep {
		win := peerWindow
		peers := within(rows, t, win)
		if len(peers) < peerMinCount {
			win = peerWideWin
			peers = within(rows, t, win)
		}
		if len(peers) < peerMinCount {
			continue
		}
		row := PeerRow{Total: int(t), Count: len(peers), WindowPct: int(win * 100)}
		vals := make([]float64, len(peers))
		for p := range 17 {
			for i, f := range peers {
				vals[i] = partOf17(f, p)
			}
			qs := make([]int, len(peerLevels))
			for k, l := range peerLevels {
				qs[k] = int(math.Round(quantile(vals, l/100)))
			}
			row.Parts[p] = qs
		}
		row.EvenShares = evenProfile(peers)
		out = append(out, row)
	}
	return out
}

func within(rows []Finisher, t, win float64) []Finisher {
	var out []Finisher
	for _, f := range rows {
		if math.Abs(f.Total-t) <= win*t {
			out = append(out, f)
		}
	}
	return out
}

// partOf17 is run 1-8 (0-7), station 1-8 (8-15) or the Roxzone (16).
func partOf17(f Finisher, p int) float64 {
	switch {
	case p < 8:
		return f.Runs[p]
	case p < 16:
		return f.Stations[p-8]
	}
	return f.Roxzone
}

// evenProfile is the median share of the finish time of each of the 17 parts
// among the peers who held their pace: whose runs 5-7 were no slower against
// runs 2-4 than the peers' median (the half that faded least).
func evenProfile(peers []Finisher) [17]float64 {
	fade := func(f Finisher) float64 {
		return (f.Runs[4] + f.Runs[5] + f.Runs[6]) / (f.Runs[1] + f.Runs[2] + f.Runs[3])
	}
	fades := make([]float64, len(peers))
	for i, f := range peers {
		fades[i] = fade(f)
	}
	mid := quantile(fades, 0.5)
	var held []Finisher
	for _, f := range peers {
		if fade(f) <= mid {
			held = append(held, f)
		}
	}
	var shares [17]float64
	var sum float64
	vals := make([]float64, len(held))
	for p := range 17 {
		for i, f := range held {
			vals[i] = partOf17(f, p) / f.Total
		}
		shares[p] = quantile(vals, 0.5)
		sum += shares[p]
	}
	for p := range shares {
		shares[p] = math.Round(shares[p]/sum*1e5) / 1e5
	}
	return shares
}

// quantile is the q-quantile of xs (linear between order statistics); xs is
// not changed.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s) == 0 {
		return math.NaN()
	}
	pos := q * float64(len(s)-1)
	i := int(math.Floor(pos))
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (pos-float64(i))*(s[i+1]-s[i])
}

// leastSquares solves min |X b - y| by the normal equations and a Cholesky
// factorisation (a handful of features, thousands of rows).
func leastSquares(xs [][]float64, ys []float64) ([]float64, error) {
	n := len(xs[0])
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
	}
	b := make([]float64, n)
	for r, x := range xs {
		for i := range n {
			b[i] += x[i] * ys[r]
			for j := 0; j <= i; j++ {
				a[i][j] += x[i] * x[j]
			}
		}
	}
	// a = L L^T, L stored in the lower triangle of a.
	for j := range n {
		d := a[j][j]
		for k := range j {
			d -= a[j][k] * a[j][k]
		}
		if d <= 1e-12 {
			return nil, errors.New("least squares: features are collinear")
		}
		a[j][j] = math.Sqrt(d)
		for i := j + 1; i < n; i++ {
			s := a[i][j]
			for k := range j {
				s -= a[i][k] * a[j][k]
			}
			a[i][j] = s / a[j][j]
		}
	}
	z := make([]float64, n) // L z = b
	for i := range n {
		s := b[i]
		for k := range i {
			s -= a[i][k] * z[k]
		}
		z[i] = s / a[i][i]
	}
	beta := make([]float64, n) // L^T beta = z
	for i := n - 1; i >= 0; i-- {
		s := z[i]
		for k := i + 1; k < n; k++ {
			s -= a[k][i] * beta[k]
		}
		beta[i] = s / a[i][i]
	}
	return beta, nil
}
