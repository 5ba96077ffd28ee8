package racing

import (
	"math"
	"strings"
	"testing"
	"time"
)

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %v, want %v (±%v)", name, got, want, tol)
	}
}

// The fitted medians against published ones (../race-results README: Open men
// 1:27:21, Open women 1:34:47, Doubles men 1:15:31; other data sets, so 5 %).
func TestFittedMediansMatchPublishedOnes(t *testing.T) {
	for d, want := range map[string]float64{"open_men": 5241, "open_women": 5687, "doubles_men": 4531} {
		got := float64(fitted.Divisions[d].MedianSeconds)
		if math.Abs(got-want)/want > 0.05 {
			t.Errorf("%s median %s, published %s", d, Clock(int(got)), Clock(int(want)))
		}
	}
}

func TestReferenceAddsUpAndLooksLikeARace(t *testing.T) {
	for _, d := range Divisions {
		for _, total := range []float64{3600, 4400, 5400, 6000, 9000, 12000} {
			ref := ReferenceForTime(d, total)
			near(t, d+" total", ref.Total(), total, 1e-6)
			// Run 1 is the fastest run of a typical race; run 8 (with the last
			// Roxzone passage, after the lunges) among the slowest.
			for i := 1; i < 8; i++ {
				if ref.Runs[i] <= ref.Runs[0] {
					t.Errorf("%s at %v: run %d %.0f not slower than run 1 %.0f", d, total, i+1, ref.Runs[i], ref.Runs[0])
				}
			}
		}
	}
	// The ergs vary least between fast and slow athletes, wall balls and
	// burpee broad jumps most (../hyrox.md "Median splits").
	fast, slow := ReferenceForTime("open_men", 3900), ReferenceForTime("open_men", 7200)
	ski, wb, bbj := slow.Stations[0]/fast.Stations[0], slow.Stations[7]/fast.Stations[7], slow.Stations[3]/fast.Stations[3]
	if ski >= wb || ski >= bbj {
		t.Errorf("slow/fast: SkiErg %.2f, wall balls %.2f, burpee broad jumps %.2f", ski, wb, bbj)
	}
}

func TestPeersFasterThan(t *testing.T) {
	p := PeersAt("open_women", 5700)
	if p.Count < peerMinCount || p.WindowPct != 10 || p.Division != "open_women" {
		t.Fatalf("peers %d within %d%% of %s", p.Count, p.WindowPct, p.Division)
	}
	wb := 15
	q := p.Parts[wb]
	for _, c := range []struct {
		secs float64
		want int
	}{{q[9], 50}, {q[0], 95}, {q[0] / 2, 95}, {q[18], 5}, {q[18] * 2, 5}, {q[3], 80}, {(q[3] + q[4]) / 2, 78}} {
		if got := p.FasterThan(wb, c.secs); got != c.want {
			t.Errorf("wall balls %.0f s: faster than %d%%, want %d%%", c.secs, got, c.want)
		}
	}
	// Beyond the table the nearest row is scaled to the time.
	far := PeersAt("open_men", 30000)
	near(t, "scaled median", far.Total, 30000, 0)
	if far.median(0) < 3*PeersAt("open_men", 7200).median(0) {
		t.Errorf("run 1 median at 8:20:00 %.0f", far.median(0))
	}
	// Divisions without public results read the closest fitted one.
	if p := PeersAt("pro_doubles_women", 5000); p.Division != "doubles_women" {
		t.Errorf("pro doubles women read %s", p.Division)
	}
}

// source: hyrox.md "Transition speed": share of total against 6.5 %, per
// passage = total / 16 against 15 s, and against the average 1 km run.
func TestRoxzone(t *testing.T) {
	cases := []struct {
		rox, total, runs int
		share, passage   float64
		toRun            float64
		overElite        int
	}{
		{413, 5030, 2544, 8.2, 25.8, 129.9, 173}, // 80-90 band row: 413/5030, 413/16, 413/318
		{262, 3520, 1816, 7.4, 16.4, 115.4, 22},  // under 60 band row
		{240, 4000, 2000, 6.0, 15.0, 96.0, 0},
	}
	for _, c := range cases {
		r := AnalyseRoxzone(c.rox, c.total, c.runs)
		near(t, "share", r.SharePercent, c.share, 1e-9)
		near(t, "per passage", r.PerPassageSeconds, c.passage, 1e-9)
		near(t, "to run", r.ToRunPercent, c.toRun, 1e-9)
		if r.SecondsOverElite != c.overElite {
			t.Errorf("over elite %d, want %d", r.SecondsOverElite, c.overElite)
		}
		if r.BenchmarkShare != 6.5 || r.EliteMarkSeconds != 15 || r.PodiumProToRun != 104 || r.AverageProToRun != 133 {
			t.Errorf("benchmarks %+v", r)
		}
	}
}

func TestVerdict(t *testing.T) {
	for _, c := range []struct {
		pct  int
		want string
	}{{95, "strength"}, {70, "strength"}, {69, "on par"}, {50, "on par"}, {31, "on par"}, {30, "weakness"}, {5, "weakness"}} {
		if got := Verdict(c.pct); got != c.want {
			t.Errorf("Verdict(%d) = %s, want %s", c.pct, got, c.want)
		}
	}
}

func TestReadiness(t *testing.T) {
	cases := []struct {
		name  string
		in    ReadinessInput
		score int
		parts [6]int // training load, compliance (not connected here), then the four below
	}{
		{"nothing", ReadinessInput{}, 0, [6]int{0, 0, 0, 0, 0, 0}},
		// practice 3/3 = 25, consistency: totals 5000 and 5100 -> CV 0.99 % -> 25,
		// coverage 8/8 = 25, goal gap 0 -> 25.
		{"ready", ReadinessInput{3, []float64{5000, 5100}, 8, 5000, 5000, nil, 0}, 100, [6]int{0, 0, 25, 25, 25, 25}},
		// practice 1/3 -> 8; no consistency; coverage 4/8 -> 13 (12.5 rounds up);
		// gap 5 % over -> 12.5 -> 13; score (8+13+13)/75 = 45.3 -> 45.
		{"partial", ReadinessInput{1, nil, 4, 5250, 5000, nil, 0}, 45, [6]int{0, 0, 8, 0, 13, 13}},
		// no goal: 3 parts; consistency CV of 4000, 4400 = 4.76 % -> (10-4.76)/8*25 = 16.4 -> 16;
		// practice 2/3 -> 17; coverage 6/8 -> 19; (17+16+19)/75 = 69.3 -> 69.
		{"no goal", ReadinessInput{2, []float64{4000, 4400}, 6, 4200, 0, nil, 0}, 69, [6]int{0, 0, 17, 16, 19, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := ReadinessScore(c.in)
			if r.Score != c.score {
				t.Errorf("score %d, want %d (%+v)", r.Score, c.score, r.Parts)
			}
			for i, p := range r.Parts {
				if p.Score != c.parts[i] {
					t.Errorf("part %s = %d, want %d", p.Key, p.Score, c.parts[i])
				}
				if p.Detail == "" {
					t.Errorf("part %s has no words", p.Key)
				}
			}
		})
	}
}

func TestDistributeRoundedAddsUp(t *testing.T) {
	for _, total := range []int{1, 17, 3600, 4321, 5999} {
		got := DistributeRounded([]float64{1.1, 2.2, 3.3, 0.4, 7.77}, total)
		sum := 0
		for _, g := range got {
			sum += g
		}
		if sum != total {
			t.Errorf("sum %d, want %d", sum, total)
		}
	}
}

func ptr(n int) *int { return &n }

func sampleResult() Result {
	r := Result{ID: 1, Date: "2026-03-01", Kind: KindSimulation, Division: "open_men", RoxzoneSeconds: 413, Complete: true,
		RunSplits: [8]int{290, 320, 320, 320, 320, 320, 320, 334}}
	// An 80-90 minute Men's Open race (../hyrox.md "Median splits").
	for i, s := range []int{262, 179, 275, 288, 283, 131, 289, 366} {
		r.StationSplits[i] = ptr(s)
	}
	r.TotalSeconds = r.RunTotal() + r.StationTotal() + r.RoxzoneSeconds
	return r
}

func TestPredict(t *testing.T) {
	r := sampleResult()
	p := Predict(r)
	// runs 2544 + stations 2073 + Roxzone 413 = 5030: every part recorded.
	if p.Seconds != 5030 || p.LowSeconds != 5030 || p.HighSeconds != 5030 || p.Method != MethodSumOfParts || len(p.FilledStations) != 0 {
		t.Errorf("%+v", p)
	}
	// From the runs alone (42:24): near the published Open men median, with a
	// range of about ±6-8 %.
	if p.RunOnlySeconds < 4700 || p.RunOnlySeconds > 5500 || p.RunOnlyLowSeconds > p.RunOnlySeconds-250 || p.RunOnlyHighSeconds < p.RunOnlySeconds+250 {
		t.Errorf("runs only %d (%d-%d)", p.RunOnlySeconds, p.RunOnlyLowSeconds, p.RunOnlyHighSeconds)
	}
	// A simulation without wall balls: filled from the athletes of this run
	// profile, a range of a few percent around it.
	r.StationSplits[7] = nil
	r.Complete = false
	p = Predict(r)
	if p.Method != MethodFilled || len(p.FilledStations) != 1 || p.FilledStations[0] != 7 {
		t.Errorf("filled %+v", p)
	}
	if math.Abs(float64(p.Seconds-5030)) > 150 || p.LowSeconds >= p.Seconds || p.HighSeconds <= p.Seconds || p.HighSeconds-p.LowSeconds > 400 {
		t.Errorf("filled %d (%d-%d), want about 5030", p.Seconds, p.LowSeconds, p.HighSeconds)
	}
	// Slower on the stations done: the missing one is filled slower too.
	slow := r
	slow.StationSplits = [8]*int{}
	for i, s := range r.StationSplits[:7] {
		slow.StationSplits[i] = ptr(*s * 12 / 10)
	}
	filled, _ := Filled(r)
	slowFilled, _ := Filled(slow)
	if slowFilled[7] <= filled[7]*1.1 {
		t.Errorf("wall balls filled %.0f for a slow station athlete, %.0f otherwise", slowFilled[7], filled[7])
	}
	// Without a Roxzone time the Roxzone is filled too.
	r.RoxzoneSeconds = 0
	if p := Predict(r); p.Method != MethodFilled || p.Seconds < 4900 || !strings.Contains(p.Explanation, "the Roxzone") {
		t.Errorf("no Roxzone %+v", p)
	}
}

func TestPacingPlanAddsUpToTheGoal(t *testing.T) {
	r := sampleResult()
	for _, goal := range []int{2700, 3599, 4500, 4999, 5030, 7777, 21600} {
		for _, latest := range []*Result{nil, &r} {
			st := Plan(goal, "", latest)
			sum := 0
			for _, p := range st.Parts {
				sum += p.Seconds
			}
			if sum != goal || st.TotalSeconds != goal || len(st.Parts) != 17 {
				t.Errorf("goal %d: parts sum %d (%d parts)", goal, sum, len(st.Parts))
			}
			if st.Parts[15].ClockSeconds > goal || st.Parts[16].ClockSeconds != goal {
				t.Errorf("clock %d %d", st.Parts[15].ClockSeconds, st.Parts[16].ClockSeconds)
			}
		}
	}
	// The runs follow the athletes who held their pace: run 1 against runs
	// 2-7 as theirs (so slower than the field's usual fast start), whatever
	// the athlete's own first run was.
	for _, goal := range []int{3600, 5030, 7200} {
		st := Plan(goal, "open_men", &r)
		runs := func(i int) float64 { return float64(st.Parts[2*i].Seconds) }
		planned, _ := fade(runs)
		peers := PeersAt("open_men", float64(goal))
		held, _ := fade(func(i int) float64 { return peers.Even[i] })
		all, _ := fade(peers.median)
		if math.Abs(planned-held) > 0.011 || planned >= all {
			t.Errorf("goal %s: runs 2-7 planned at %.2f x run 1, held pace %.2f, all peers %.2f", Clock(goal), planned, held, all)
		}
		if st.Parts[1].Name != "SkiErg" || st.Parts[0].Name != "Run 1" {
			t.Errorf("race order %+v", st.Parts[:2])
		}
	}
}

// A goal far under what the latest result predicts is called unrealistic,
// with the realistic range; a reachable one is not.
func TestPlanSaysWhenAGoalIsUnrealistic(t *testing.T) {
	r := sampleResult() // 1:23:50
	st := Plan(4200, "", &r)
	if len(st.Notes) < 2 || !strings.Contains(st.Notes[1], "not realistic") || !strings.Contains(st.Notes[1], "1:15:27-1:23:50") {
		t.Errorf("notes %q", st.Notes)
	}
	for _, n := range Plan(4800, "", &r).Notes {
		if strings.Contains(n, "not realistic") {
			t.Errorf("4800 called unrealistic: %q", n)
		}
	}
}

func TestAnalyseByHand(t *testing.T) {
	today := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	latest := sampleResult()
	older := sampleResult()
	older.ID, older.Date = 0, "2026-02-01"
	*older.StationSplits[7] = 400 // wall balls 6:40 before
	older.TotalSeconds += 400 - 366
	a := Analyse([]Result{latest, older}, 4800, today)
	wb := a.Stations[7]
	// Latest 366 against the peers at 5030, my average 400, my best 366.
	peers := PeersAt("open_men", 5030)
	if *wb.Latest != 366 || wb.Reference != roundSec(peers.median(15)) || *wb.Average != 400 || *wb.Best != 366 || *wb.DeltaVsAverage != -34 {
		t.Errorf("wall balls %+v", wb)
	}
	if *wb.Percentile != peers.FasterThan(15, 366) || wb.Verdict != Verdict(*wb.Percentile) || *wb.DeltaVsReference != 366-wb.Reference {
		t.Errorf("wall balls against the peers %+v", wb)
	}
	if a.Roxzone.Percentile == nil || *a.Roxzone.Percentile != peers.FasterThan(16, 413) || a.Reference.PeerCount != peers.Count {
		t.Errorf("roxzone %+v reference %+v", a.Roxzone, a.Reference)
	}
	if a.Prediction.Seconds != 5030 || a.Roxzone.PerPassageSeconds != 25.8 {
		t.Errorf("prediction %+v roxzone %+v", a.Prediction, a.Roxzone)
	}
	// practice 2 -> 17; consistency CV of 5030, 5064 = 0.34 % -> 25; coverage 8 -> 25;
	// gap (5030-4800)/4800 = 4.79 % -> 13.0 -> 13; total 80/100.
	if a.Readiness.Score != 80 {
		t.Errorf("readiness %+v", a.Readiness)
	}
	if len(a.Trend) != 2 || a.Trend[0].Date != "2026-02-01" {
		t.Errorf("trend %+v", a.Trend)
	}
	if a.Pacing.MiddleToFirst != 1.1 || a.Pacing.LastToFirst != 1.15 {
		t.Errorf("pacing %+v", a.Pacing)
	}
}
