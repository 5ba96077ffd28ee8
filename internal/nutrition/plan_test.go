package nutrition

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// The generated day meets calories and protein within 5 % for a spread of
// athletes' targets and every swap of every meal.
func TestGenerateMealsMeetsTargets(t *testing.T) {
	targets := []Targets{
		{1800, 120, 200, 60}, {2200, 140, 260, 70}, {2500, 165, 300, 80}, {3000, 180, 380, 90},
		{3500, 200, 460, 100}, {4200, 230, 560, 120}, {2000, 180, 180, 60}, {2800, 110, 420, 80},
		{3400, 160, 570, 65}, // carbohydrate loading
		{1600, 100, 180, 50},
	}
	for _, tg := range targets {
		for v := 0; v < templatesPerMeal; v++ {
			swaps := []int{v, (v + 1) % 3, (v + 2) % 3, v}
			meals, err := GenerateMeals(tg, swaps)
			if err != nil {
				t.Fatal(err)
			}
			var k, p int
			for i, m := range meals {
				if m.MealType != MealTypes[i] || m.Variant != swaps[i] || len(m.Items) < 2 {
					t.Fatalf("%v meal %d: %+v", tg, i, m)
				}
				var mk int
				for _, it := range m.Items {
					if it.Grams <= 0 || it.Grams > MaxPortionGrams || it.Name == "" {
						t.Errorf("%v: item %+v", tg, it)
					}
					mk += it.Calories
				}
				if mk != m.Calories {
					t.Errorf("meal sum %d != %d", mk, m.Calories)
				}
				k, p = k+m.Calories, p+m.Protein
			}
			if !withinPlanTolerance(k, tg.DailyCalories) || !withinPlanTolerance(p, tg.ProteinTarget) {
				t.Errorf("%v swaps %v: outside the plan's tolerance", tg, swaps)
			}
			if off := math.Abs(float64(k-tg.DailyCalories)) / float64(tg.DailyCalories); off > 0.05 {
				t.Errorf("%v swaps %v: %d kcal, %.1f %% off", tg, swaps, k, off*100)
			}
			if off := math.Abs(float64(p-tg.ProteinTarget)) / float64(tg.ProteinTarget); off > 0.05 {
				t.Errorf("%v swaps %v: %d g protein, %.1f %% off", tg, swaps, p, off*100)
			}
			again, _ := GenerateMeals(tg, swaps)
			if !reflect.DeepEqual(meals, again) {
				t.Errorf("not deterministic for %v", tg)
			}
		}
	}
}

func TestDayTargetsFollowTheDay(t *testing.T) {
	base := Targets{2500, 165, 300, 80}
	rest, why := DayTargets(base, PlanDay{Kind: "rest"})
	if rest.CarbsTarget != 225 || rest.ProteinTarget != 165 || rest.FatTarget != 80 || rest.DailyCalories != 2200 || !strings.HasPrefix(why[0], "Rest day") {
		t.Errorf("rest: %+v %v", rest, why)
	}
	long, why := DayTargets(base, PlanDay{Kind: "training", PlannedMinutes: 120, PlannedLoad: 840})
	if long.CarbsTarget != 450 || long.DailyCalories != 3100 || !strings.Contains(why[0], "up 50 %") {
		t.Errorf("long session: %+v %v", long, why)
	}
	easy, _ := DayTargets(base, PlanDay{Kind: "training", PlannedMinutes: 60, PlannedLoad: 300})
	if easy != base {
		t.Errorf("an hour at RPE 5 is the profile: %+v", easy)
	}
	light, _ := DayTargets(base, PlanDay{Kind: "training", PlannedMinutes: 30, PlannedLoad: 90})
	if light.CarbsTarget != 270 {
		t.Errorf("light day floor 90 %%: %+v", light)
	}
	load, why := DayTargets(base, PlanDay{Kind: "loading"})
	if load.CarbsTarget != 450 || load.FatTarget != 56 || load.DailyCalories != 2500+600-216 || !strings.Contains(why[0], "carbohydrate loading") {
		t.Errorf("loading: %+v %v", load, why)
	}
	race, _ := DayTargets(base, PlanDay{Kind: "race"})
	if race.CarbsTarget != 390 || race.FatTarget != 64 {
		t.Errorf("race: %+v", race)
	}
}

// Targets no mix of these foods can meet are said to be missed, not hidden.
func TestPlanSaysWhenTargetsCannotBeMet(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		if _, err := svc.SaveTargets(ctx, ana, Targets{800, 400, 10, 10}, "2026-03-02", time.UTC); err != nil {
			t.Fatal(err)
		}
		p, err := svc.Plan(ctx, ana, "2026-03-02", time.UTC, nil)
		if err != nil || !strings.HasPrefix(p.Explanation[len(p.Explanation)-1], "These meals miss your calories, protein, carbohydrate or fat by more than 5 %") {
			t.Fatalf("%+v %v", p.Explanation, err)
		}
		if _, err := svc.SaveTargets(ctx, ana, Targets{2500, 165, 300, 80}, "2026-03-02", time.UTC); err != nil {
			t.Fatal(err)
		}
		if p, _ = svc.Plan(ctx, ana, "2026-03-02", time.UTC, nil); len(p.Explanation) != 1 {
			t.Errorf("met targets need no warning: %v", p.Explanation)
		}
	})
}

// fakePlanner is the calendar for the tests: a kind and load per date.
type fakePlanner map[string]DayType

func (f fakePlanner) DayTypes(_ context.Context, _ int64, from, to string) ([]DayType, error) {
	var out []DayType
	for d := from; d <= to; d = addDay(d) {
		if t, ok := f[d]; ok {
			out = append(out, t)
		} else {
			out = append(out, DayType{Date: d, Kind: "rest"})
		}
	}
	return out, nil
}
