package nutrition

import (
	"context"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// fakeLog is the training logs for the tests.
type fakeLog []LoggedSession

func (f fakeLog) LoggedSessions(_ context.Context, _ int64, from, to time.Time) ([]LoggedSession, error) {
	var out []LoggedSession
	for _, l := range f {
		if !l.At.Before(from) && l.At.Before(to) {
			out = append(out, l)
		}
	}
	return out, nil
}

// The calendar holds a light session (35 minutes at RPE 6, load 210: "light
// day, carbs -9 %") but the athlete logged an 80-minute simulation at RPE 9:
// the day's targets follow what was logged.
func TestDayTargetsFollowTheLoggedSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		base := Targets{2400, 160, 290, 67}
		if _, err := svc.SaveTargets(ctx, ana, base, "2026-03-03", time.UTC); err != nil {
			t.Fatal(err)
		}
		svc.UsePlanner(fakePlanner{"2026-03-03": {Date: "2026-03-03", Kind: "training", PlannedMinutes: 35, PlannedLoad: 210}})
		light, err := svc.Plan(ctx, ana, "2026-03-03", time.UTC, nil)
		if err != nil || light.Targets.CarbsTarget != 264 || !strings.Contains(light.Explanation[0], "down 9 %") {
			t.Fatalf("planned only: %+v %v", light, err)
		}
		svc.UseSessionLog(fakeLog{{At: time.Date(2026, 3, 3, 18, 0, 0, 0, time.UTC), Minutes: 80, RPE: 9}})
		hard, err := svc.Plan(ctx, ana, "2026-03-03", time.UTC, nil)
		if err != nil {
			t.Fatal(err)
		}
		if hard.Day.Kind != "training" || hard.Day.LoggedLoad != 720 || hard.Targets.CarbsTarget != 412 ||
			hard.Targets.DailyCalories != 2400+4*(412-290) || !strings.Contains(hard.Explanation[0], "80 minutes logged, load 720") ||
			!strings.Contains(hard.Explanation[0], "up 42 %") {
			t.Fatalf("logged: %+v %v", hard.Day, hard.Explanation)
		}
		// A session logged on a day with nothing planned around it counts too,
		// on the athlete's local day: 23:30 UTC on the 9th is the 10th in Auckland.
		svc.UseSessionLog(fakeLog{{At: time.Date(2026, 3, 9, 23, 30, 0, 0, time.UTC), Minutes: 90, RPE: 8}})
		auckland, _ := time.LoadLocation("Pacific/Auckland")
		if p, _ := svc.Plan(ctx, ana, "2026-03-10", auckland, nil); p.Source != "calendar" || p.Day.LoggedMinutes != 90 {
			t.Errorf("local day: %+v %+v", p.Source, p.Day)
		}
		if p, _ := svc.Plan(ctx, ana, "2026-03-10", time.UTC, nil); p.Source != "profile" {
			t.Errorf("the UTC day 10 holds no session: %+v", p.Day)
		}
	})
}

// The dashboard (the profile's day), the history's charts and adherence, and
// the plan give one number for one day: a rest day of a 2,400 kcal profile is
// 2,112 kcal everywhere (the history used to draw 2,400 and count a 2,112
// kcal day as off target).
func TestOneTargetPerDayOnEveryPage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		svc.UsePlanner(fakePlanner{"2026-03-02": {Date: "2026-03-02", Kind: "training", PlannedMinutes: 60, PlannedLoad: 300}})
		ana := dbtest.NewUser(t, d, "ana", "pro")
		if _, err := svc.SaveTargets(ctx, ana, Targets{2400, 160, 290, 67}, "2026-03-03", time.UTC); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.AddEntry(ctx, ana, entry("Rest day", "lunch", "2026-03-03", 2112, 160, 218, 67)); err != nil {
			t.Fatal(err)
		}
		rest := Targets{2112, 160, 218, 67}
		profile, err := svc.ProfileIn(ctx, ana, "2026-03-03", time.UTC)
		if err != nil || profile.Day == nil || profile.Day.Targets != rest || profile.DailyCalories != 2400 {
			t.Fatalf("dashboard: %+v %v", profile.Day, err)
		}
		plan, err := svc.Plan(ctx, ana, "2026-03-03", time.UTC, nil)
		if err != nil || plan.Targets != rest {
			t.Fatalf("plan: %+v %v", plan.Targets, err)
		}
		h, err := svc.History(ctx, ana, "2026-03-03", time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		today := h.Days[6]
		if today.Targets == nil || *today.Targets != rest || !today.OnTarget || h.Week.DaysOnTarget != 1 {
			t.Fatalf("history: %+v", today)
		}
		if monday := h.Days[5]; *monday.Targets != (Targets{2400, 160, 290, 67}) {
			t.Errorf("the training day keeps the profile's targets: %+v", monday.Targets)
		}
		if w := h.Weeks[11]; w.Targets == nil || w.Targets.DailyCalories >= 2400 {
			t.Errorf("the last week averages its days' targets: %+v", w.Targets)
		}
	})
}
