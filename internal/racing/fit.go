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

// fitDivision fits the two prediction models of one division and their
// ranges (no peer table). The ranges come from errors on unseen events: each
// event of rows is predicted by a fit without it, so they include how much
// a new venue differs from the ones fitted.
func fitDivision(rows []Finisher) (*DivisionModel, error) {
	dm, err := fitCoefficients(rows)
	if err != nil {
		return nil, err
	}
	var runsOnly, partial, road []heldOut
	for _, ev := range eventsOf(rows) {
		train, test := splitEvent(rows, ev)
		if len(test) == len(rows) {
			break // one event only: nothing to hold out
		}
		m, err := fitCoefficients(train)
		if err != nil {
			return nil, err
		}
		for _, f := range test {
			est := math.Exp(dot(m.RunsOnly.Coef, runsOnlyFeatures(f.Runs)))
			runsOnly = append(runsOnly, heldOut{est, math.Log(f.Total / est)})
			est = m.fill(f.Runs, knownFirst(f, partialKnownN), f.Roxzone)
			partial = append(partial, heldOut{est, math.Log(f.Total / est)})
			est = math.Exp(dot(m.Road.Coef, freshOf(f)))
			road = append(road, heldOut{est, math.Log(f.Total / est)})
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
// (runsOnlyFit) and (b) each log station and the log Roxzone on the run
// features (the fill model), and how far the form on the stations done
// carries to the others.
func fitCoefficients(rows []Finisher) (*DivisionModel, error) {
	dm := &DivisionModel{Finishers: len(rows)}
	var err error
	if dm.RunsOnly.Coef, err = eventFit(rows, runsOnlyOf); err != nil {
		return nil, err
	}
	if dm.Road.Coef, err = eventFit(rows, freshOf); err != nil {
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
	xs := make([][]float64, len(rows))
	ys := make([]float64, len(rows))
	for i, f := range rows {
		xs[i] = runFeatures(f.Runs)
	}
	for p := range 9 {
		for i, f := range rows {
			ys[i] = math.Log(part(f, p))
		}
		if dm.Parts[p], err = leastSquares(xs, ys); err != nil {
			return nil, err
		}
	}
	// The slope of a missing station's residual on the mean residual of the
	// done ones (stations 1-4 done, 5-8 missing).
	var sxy, sxx float64
	for i, f := range rows {
		k := dm.stationForm(xs[i], knownFirst(f, partialKnownN))
		for j := partialKnownN; j < 8; j++ {
			r := math.Log(f.Stations[j]) - dot(dm.Parts[j], xs[i])
			sxy += k * r
			sxx += k * k
		}
	}
	if sxx > 0 {
		dm.FormCarry = sxy / sxx
	}
	return dm, nil
}

// eventFit fits the log finish time on feat (whose first element is the
// intercept's 1) with one intercept per event (a venue's course, sleds and
// Roxzone make all its finishers a few per cent faster or slower for the same
// runs), each event weighted equally, so the slopes describe athletes rather
// than venues. A new venue gets the mean of the events' intercepts. Without
// the per-event intercepts, the slopes partly fit the venues in the data and
// do worse on an event left out (docs/analytics.md).
func eventFit(rows []Finisher, feat func(Finisher) []float64) ([]float64, error) {
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
		ys[i] = math.Log(f.Total) * w
	}
	beta, err := leastSquares(xs, ys)
	if err != nil {
		return nil, err
	}
	var intercept float64
	for _, b := range beta[:ne] {
		intercept += b / float64(ne)
	}
	return append([]float64{intercept}, beta[ne:]...), nil
}

func runsOnlyOf(f Finisher) []float64 { return runsOnlyFeatures(f.Runs) }

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

// splitEvent splits rows into those of other events and those of ev.
func splitEvent(rows []Finisher, ev string) (train, test []Finisher) {
	for _, f := range rows {
		if f.Event == ev {
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
	Division string `json:"division"`
	Case     string `json:"case"` // runs-only, runs+4stations+roxzone or fastest-run
	// Band: 0 over all predictions; 1-10 the predictions in that band of
	// predicted time (fastest first; Division is then "all").
	Band      int     `json:"band,omitempty"`
	Athletes  int     `json:"athletes"`
	MAEPct    float64 `json:"maePercent"`
	Coverage  float64 `json:"coveragePercent"` // share of finishers inside the 80 % range
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
)

// evaluationCases are the measured cases, in the order of the table.
var evaluationCases = []string{CaseRunsOnly, CasePartial, CaseFastestRun}

// LeaveEventOut fits without each event in turn and predicts that event's
// finishers; the figures are per division and case, then over all divisions
// ("all").
func LeaveEventOut(finishers []Finisher) ([]Evaluation, error) {
	type acc struct {
		errs   []float64
		inside int
	}
	accs := map[[2]string]*acc{}
	add := func(c string, actual float64, e Estimate, keys ...string) {
		for _, k := range keys {
			key := [2]string{k, c}
			a := accs[key]
			if a == nil {
				a = &acc{}
				accs[key] = a
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
		for _, ev := range eventsOf(rows) {
			train, test := splitEvent(rows, ev)
			dm, err := fitDivision(train)
			if err != nil {
				return nil, fmt.Errorf("%s without %s: %w", d, ev, err)
			}
			for _, f := range test {
				e := dm.RunsOnlyEstimate(f.Runs)
				add(CaseRunsOnly, f.Total, e, d, "all", band(dm.RunsOnly, e.Seconds))
				e = dm.PartialEstimate(f.Runs, knownFirst(f, partialKnownN), f.Roxzone)
				add(CasePartial, f.Total, e, d, "all", band(dm.Partial, e.Seconds))
				e = dm.freshEstimate(freshEight(f.Runs))
				add(CaseFastestRun, f.Total, e, d, "all", band(dm.Road, e.Seconds))
			}
		}
	}
	var out []Evaluation
	row := func(d, c string, b int) error {
		key := d
		if b > 0 {
			key = "band" + strconv.Itoa(b)
		}
		a := accs[[2]string{key, c}]
		if a == nil {
			return errors.New("no finishers in " + key)
		}
		var sum float64
		for _, e := range a.errs {
			sum += e
		}
		n := float64(len(a.errs))
		out = append(out, Evaluation{Division: d, Case: c, Band: b, Athletes: len(a.errs),
			MAEPct: round2(sum / n), Coverage: round2(float64(a.inside) / n * 100), MedianPct: round2(quantile(a.errs, 0.5))})
		return nil
	}
	for _, d := range append(slices.Clone(FitDivisions), "all") {
		for _, c := range evaluationCases {
			if err := row(d, c, 0); err != nil {
				return nil, err
			}
		}
	}
	// Coverage per band of predicted time (the tenth of each division's
	// predictions, fastest first), over all divisions.
	for _, c := range evaluationCases {
		for b := 1; b <= rangeBands; b++ {
			if err := row("all", c, b); err != nil {
				return nil, err
			}
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
