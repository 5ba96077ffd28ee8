package racing

import (
	"context"
	"errors"
	"strings"
	"testing"

	"hyrox/internal/db/dbtest"
)

func TestReadinessFromTrainingLoad(t *testing.T) {
	base := ReadinessInput{ResultsLast8Weeks: 3, RecentTotals: []float64{5000, 5100}, StationsLast4Weeks: 8, PredictedSeconds: 5000, GoalSeconds: 5000}
	for _, c := range []struct {
		name           string
		load           LoadSummary
		loadScore      int
		loadOK         bool
		planScore      int
		planOK         bool
		score          int
		loadWords      string
		complianceWord string
	}{
		// 0.8-1.5 scores in full; 90 % of the plan done scores in full.
		{"steady", LoadSummary{Acute7: 2200, Chronic28: 2000, Ratio: 1.1, Compliance: 0.92, PlannedSessions: 12, DoneSessions: 11, LoggedSessions: 13, HasLoad: true,
			HasBase: true, Status: "steady", Message: "Your last 7 days' load is 1.10 x ...: between 0.8 and 1.5 the load builds fitness safely."},
			25, true, 25, true, 100, "builds fitness safely", "11 of 12"},
		// 1.75: half way from 1.5 to 2.0 -> 12.5 -> 13; 6 of 12 = 50 % -> 0.5/0.9 x 25 = 13.9 -> 14.
		// (13 + 14 + 100) / 150 = 84.7 -> 85.
		{"spike", LoadSummary{Acute7: 3500, Chronic28: 2000, Ratio: 1.75, Compliance: 0.5, PlannedSessions: 12, DoneSessions: 6, LoggedSessions: 8, HasLoad: true,
			HasBase: true, Status: "high", Message: "... above 1.5 the injury risk rises."},
			13, true, 14, true, 85, "injury risk", "6 of 12"},
		// 0.5: a quarter of the way from 0.4 to 0.8 -> 6.25 -> 6; no plan: compliance not counted.
		// (6 + 100) / 125 = 84.8 -> 85.
		{"detraining", LoadSummary{Acute7: 1000, Chronic28: 2000, Ratio: 0.5, HasLoad: true, LoggedSessions: 5,
			HasBase: true, Status: "low", Message: "... below 0.8 you are losing fitness (detraining)."},
			6, true, 0, false, 85, "detraining", "No planned sessions"},
		// Logs without RPE: no load; both parts left out, the score is the race parts'.
		{"no rpe", LoadSummary{LoggedSessions: 4, Status: "none", Message: "No workouts with an RPE ..."}, 0, false, 0, false, 100, "with an RPE", "No planned sessions"},
		// A first week (no base): the ratio (always 4) is not judged, the part is left out.
		{"first week", LoadSummary{Acute7: 900, Chronic28: 225, Ratio: 4, HasLoad: true, LoggedSessions: 3, Status: "building", Message: "The 7-day vs 28-day load ratio needs load logged 8 to 28 days ago"},
			0, false, 0, false, 100, "needs load logged 8 to 28 days ago", "No planned sessions"},
		// Above 2.0 scores nothing.
		{"overload", LoadSummary{Acute7: 5000, Chronic28: 2000, Ratio: 2.5, HasLoad: true, PlannedSessions: 4, DoneSessions: 4, Compliance: 1,
			HasBase: true, Status: "high", Message: "... above 1.5 the injury risk rises."},
			0, true, 25, true, 83, "injury risk", "4 of 4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := base
			in.Load = &c.load
			r := ReadinessScore(in)
			tl, cp := r.Parts[0], r.Parts[1]
			if tl.Key != "trainingLoad" || tl.Score != c.loadScore || tl.Available != c.loadOK || tl.Detail != c.load.Message || !strings.Contains(tl.Detail, c.loadWords) {
				t.Errorf("training load %+v", tl)
			}
			if cp.Key != "compliance" || cp.Score != c.planScore || cp.Available != c.planOK || !strings.Contains(cp.Detail, c.complianceWord) {
				t.Errorf("compliance %+v", cp)
			}
			if r.Score != c.score {
				t.Errorf("score %d, want %d", r.Score, c.score)
			}
		})
	}
}

type fakeLoad struct {
	got  []int64
	sum  LoadSummary
	fail error
}

func (f *fakeLoad) LoadSummary(_ context.Context, userID int64) (LoadSummary, error) {
	f.got = append(f.got, userID)
	return f.sum, f.fail
}

func TestAnalyticsReadsTheTrainingLoadOfTheAthleteOnly(t *testing.T) {
	d := dbtest.OpenSQLite(t)
	s := svcFor(d)
	ctx := context.Background()
	ann := dbtest.NewUser(t, d, "ann", "pro")
	mustCreate(t, s, ann, "ann", input("2026-03-02", "open_women", KindSimulation, 5000))

	// Not connected: the parts say what is missing.
	a, err := s.Analytics(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if p := a.Readiness.Parts[0]; p.Available || p.Detail != readinessLoadNotWired {
		t.Fatalf("not connected: %+v", p)
	}

	fake := &fakeLoad{sum: LoadSummary{Acute7: 2100, Chronic28: 2000, Ratio: 1.05, Compliance: 0.75, PlannedSessions: 8, DoneSessions: 6, HasLoad: true,
		HasBase: true, Status: "steady", Message: "steady"}}
	s.SetTrainingLoad(fake)
	a, err = s.Analytics(ctx, ann)
	if err != nil {
		t.Fatal(err)
	}
	if len(fake.got) != 1 || fake.got[0] != ann {
		t.Fatalf("asked for users %v, want [%d]", fake.got, ann)
	}
	if p := a.Readiness.Parts[0]; !p.Available || p.Score != 25 {
		t.Fatalf("training load %+v", p)
	}
	if p := a.Readiness.Parts[1]; !p.Available || p.Score != 21 { // 0.75 / 0.9 x 25 = 20.8
		t.Fatalf("compliance %+v", p)
	}

	// A failing training area fails the request rather than scoring without it silently.
	fake.fail = errors.New("db down")
	if _, err := s.Analytics(ctx, ann); err == nil {
		t.Fatal("no error from a failing training load")
	}
}
