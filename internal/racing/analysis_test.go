package racing

import (
	"math"
	"testing"
	"time"
)

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %v, want %v (±%v)", name, got, want, tol)
	}
}

// source: hyrox.md "Median splits for Men's Open by finish band": the rows
// add up to 58:40, 83:50 and 2:07:12, inside their bands.
func TestBandTableTotals(t *testing.T) {
	for _, c := range []struct {
		row  int
		want float64
	}{{0, 3520}, {1, 5030}, {2, 7632}} {
		near(t, menOpenBands[c.row].Label, menOpenBands[c.row].total(), c.want, 0)
	}
}

func TestReferenceAtBandAnchorsIsTheBandRow(t *testing.T) {
	cases := []struct {
		total             float64
		ski, wallBalls    float64
		roxzone, runPerKm float64
	}{
		// source: hyrox.md band table, under 60 min: Ski 3:53, Wall balls 3:45, Roxzone 4:22, run 3:47/km.
		{3520, 233, 225, 262, 227},
		// 80-90 min: Ski 4:22, Wall balls 6:06, Roxzone 6:53, run 5:18/km.
		{5030, 262, 366, 413, 318},
		// 120+ min: Ski 4:57, Wall balls 10:43, Roxzone 11:32, run 7:47/km.
		{7632, 297, 643, 692, 467},
	}
	for _, c := range cases {
		ref := ReferenceForTime("open_men", c.total)
		near(t, "ski", ref.Stations[0], c.ski, 1e-9)
		near(t, "wall balls", ref.Stations[7], c.wallBalls, 1e-9)
		near(t, "roxzone", ref.Roxzone, c.roxzone, 1e-9)
		var runs float64
		for _, r := range ref.Runs {
			runs += r
		}
		near(t, "run per km", runs/8, c.runPerKm, 1e-9)
		near(t, "total", ref.Total(), c.total, 1e-6)
	}
}

func TestReferenceInterpolatesAndScales(t *testing.T) {
	// Halfway between 3520 and 5030: Ski halfway between 233 and 262.
	ref := ReferenceForTime("open_men", (3520+5030)/2.0)
	near(t, "ski halfway", ref.Stations[0], (233+262)/2.0, 1e-9)
	if ref.Band != "between the under 60 min and 80-90 min bands" {
		t.Errorf("band %q", ref.Band)
	}
	// Every division's reference adds up to the athlete's own time.
	for _, d := range Divisions {
		for _, total := range []float64{3000, 3520, 4400, 6000, 9000} {
			near(t, d+" total", ReferenceForTime(d, total).Total(), total, 1e-6)
		}
	}
	// Open women are read at the Men's Open equivalent: 97 min for women ~ 89 min for men.
	// source: hyrox.md "Finish times" (field medians).
	near(t, "open women factor", DivisionFactor("open_women"), 97.0/89, 1e-12)
	near(t, "pro men factor", DivisionFactor("pro_men"), 82.0/89, 1e-12)
	w := ReferenceForTime("open_women", 5030*97.0/89)
	near(t, "women ski", w.Stations[0], 262*97.0/89, 1e-9)
}

// source: hyrox.md "Finish times" (runs 2-7 about 1.13-1.21 x run 1; run 8 about 1.24-1.41 x run 1).
func TestReferenceRunShape(t *testing.T) {
	ref := ReferenceForTime("open_men", 3520)
	near(t, "run 1", ref.Runs[0], 8*227/9.345, 1e-9)
	for i := 1; i <= 6; i++ {
		r := ref.Runs[i] / ref.Runs[0]
		if r < 1.13 || r > 1.21 {
			t.Errorf("run %d ratio %v", i+1, r)
		}
	}
	if r := ref.Runs[7] / ref.Runs[0]; r < 1.24 || r > 1.41 {
		t.Errorf("run 8 ratio %v", r)
	}
}

// source: hyrox.md "Predicted finish" (1.83 x total run time + 8 min; Riegel exponent 1.06).
func TestRunOnlyEstimateAndRiegel(t *testing.T) {
	near(t, "80-90 band runs", RunOnlyEstimate(8*318), 1.83*2544+480, 1e-9)
	near(t, "run-only 40 min", RunOnlyEstimate(2400), 4872, 1e-9)
	near(t, "riegel 5k->10k", Riegel(1200, 5, 10), 1200*math.Pow(2, 1.06), 1e-9)
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
		a, ref float64
		want   string
	}{{95, 100, "strength"}, {96, 100, "on par"}, {104, 100, "on par"}, {105, 100, "weakness"}, {1, 0, "on par"}} {
		if got := Verdict(c.a, c.ref); got != c.want {
			t.Errorf("Verdict(%v,%v) = %s, want %s", c.a, c.ref, got, c.want)
		}
	}
}

func TestReadiness(t *testing.T) {
	cases := []struct {
		name  string
		in    ReadinessInput
		score int
		parts [4]int
	}{
		{"nothing", ReadinessInput{}, 0, [4]int{0, 0, 0, 0}},
		// practice 3/3 = 25, consistency: totals 5000 and 5100 -> CV 0.99 % -> 25,
		// coverage 8/8 = 25, goal gap 0 -> 25.
		{"ready", ReadinessInput{3, []float64{5000, 5100}, 8, 5000, 5000}, 100, [4]int{25, 25, 25, 25}},
		// practice 1/3 -> 8; no consistency; coverage 4/8 -> 13 (12.5 rounds up);
		// gap 5 % over -> 12.5 -> 13; score (8+13+13)/75 = 45.3 -> 45.
		{"partial", ReadinessInput{1, nil, 4, 5250, 5000}, 45, [4]int{8, 0, 13, 13}},
		// no goal: 3 parts; consistency CV of 4000, 4400 = 4.76 % -> (10-4.76)/8*25 = 16.4 -> 16;
		// practice 2/3 -> 17; coverage 6/8 -> 19; (17+16+19)/75 = 69.3 -> 69.
		{"no goal", ReadinessInput{2, []float64{4000, 4400}, 6, 4200, 0}, 69, [4]int{17, 16, 19, 0}},
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
	for i, s := range menOpenBands[1].Stations {
		r.StationSplits[i] = ptr(int(s))
	}
	r.TotalSeconds = r.RunTotal() + r.StationTotal() + r.RoxzoneSeconds
	return r
}

func TestPredict(t *testing.T) {
	r := sampleResult()
	p := Predict(r)
	// runs 2544 + stations 2073 + Roxzone 413 = 5030 (the 80-90 band row).
	if p.Seconds != 5030 || p.Method != "sum-of-parts" || len(p.FilledStations) != 0 {
		t.Errorf("%+v", p)
	}
	if p.RunOnlySeconds != int(math.Round(1.83*2544+480)) {
		t.Errorf("run only %d", p.RunOnlySeconds)
	}
	// A simulation without wall balls: filled from the band at run pace 318 s/km = 6:06.
	r.StationSplits[7] = nil
	r.Complete = false
	p = Predict(r)
	if p.Seconds != 5030 || len(p.FilledStations) != 1 || p.FilledStations[0] != 7 {
		t.Errorf("filled %+v", p)
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
	// With the goal equal to a result shaped like the band row, the plan is that row.
	st := Plan(5030, "open_men", &r)
	if st.Parts[1].Name != "SkiErg" || st.Parts[1].Seconds != 262 || st.Parts[16].Seconds != 413 {
		t.Errorf("plan %+v", st.Parts[:2])
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
	// Latest 366 against the reference at 5030 (the 80-90 row: 366), my average 400, my best 366.
	if *wb.Latest != 366 || wb.Reference != 366 || *wb.Average != 400 || *wb.Best != 366 || *wb.DeltaVsAverage != -34 || wb.Verdict != "on par" {
		t.Errorf("wall balls %+v", wb)
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
