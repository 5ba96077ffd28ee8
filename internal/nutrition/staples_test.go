package nutrition

import (
	"context"
	"math"
	"strings"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// Every staple names its public source, in the data file
// (docs/nutrition-foods.md#athletes-staples).
func TestEveryStapleNamesItsSource(t *testing.T) {
	foods, err := parseStaples(staples)
	if err != nil {
		t.Fatal(err)
	}
	if len(foods) < 22 {
		t.Fatalf("%d staples", len(foods))
	}
	for _, line := range strings.Split(staples, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		// A USDA FoodData Central record with its number, or the labels
		// of named products: "typical label values (<brand product>...)".
		src := f[9]
		usda := strings.HasPrefix(src, "USDA FoodData Central") && strings.Contains(src, "NDB ")
		label := strings.HasPrefix(src, "typical label values (") && strings.HasSuffix(src, ")") && len(src) > len("typical label values ()")+5
		if !usda && !label {
			t.Errorf("%s: source %q", f[1], src)
		}
	}
	for _, f := range foods {
		if f.ID < 900001 || f.Protein+f.Carbs+f.Fat > 100 || f.Kcal <= 0 || len(f.Measures) == 0 || DefaultMeasure(f) == "" {
			t.Errorf("staple %+v", f)
		}
		// Energy agrees with the macros (Atwater 4/4/9 kcal per g) within
		// 10 % or 5 kcal: labels round, and fibre and polyols count less.
		atwater := 4*f.Protein + 4*f.Carbs + 9*f.Fat
		if d := math.Abs(atwater - f.Kcal); d > 5 && d > 0.10*f.Kcal {
			t.Errorf("%s: %.0f kcal but 4P+4C+9F = %.0f", f.Name, f.Kcal, atwater)
		}
		if f.Fiber > f.Carbs && f.Carbs > 0 || f.Sugars > f.Carbs+0.1 || f.SodiumMg < 0 || f.SodiumMg > 40000 {
			t.Errorf("%s: fibre, sugars or sodium out of range", f.Name)
		}
	}
	for _, bad := range []string{
		"900100\tNo source\t100\t1\t1\t1\t0\t0\t0\t\tscoop=30",
		"900100\tBad measure\t100\t1\t1\t1\t0\t0\t0\tlabel\tscoop",
		"x\tBad id\t100\t1\t1\t1\t0\t0\t0\tlabel\tscoop=30",
	} {
		if _, err := parseStaples(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

// "greek yogurt", "skyr" and "energy gel" found nothing in SR24; one search
// now finds the staples first, beside SR24's foods, on both databases.
func TestSearchFindsTheStaplesFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		loadFoods(t, d)
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		for q, want := range map[string]string{
			"greek yog":    "Greek yogurt, plain",
			"greek yogurt": "Greek yogurt, plain",
			"skyr":         "Skyr, plain",
			"gel":          "Gel, energy",
			"energy gel":   "Gel, energy",
			"whey prot":    "Protein powder, whey",
			"protein pow":  "Protein powder",
			"electrolyte":  "Electrolyte drink mix",
			"recovery":     "Recovery shake",
			"protein bar":  "Protein bar",
			"oat milk":     "Oat drink (oat milk)",
			"quark":        "Quark, low fat",
		} {
			list, err := svc.SearchFoods(ctx, ana, q, 0)
			if err != nil || len(list.Foods) == 0 || !strings.HasPrefix(list.Foods[0].Name, want) || list.Foods[0].Group != StaplesGroup {
				t.Errorf("%q: %v %v", q, names(list.Foods[:min(5, len(list.Foods))]), err)
			}
		}
		// SR24 is still there, in the same search.
		list, err := svc.SearchFoods(ctx, ana, "yog pla", 10)
		if err != nil || !strings.HasPrefix(list.Foods[0].Name, "Yogurt, plain") {
			t.Fatalf("yog pla: %v %v", names(list.Foods), err)
		}
		// A staple logs like any food: a scoop of whey, 30 g.
		e, err := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: 900007, Measure: "scoop (30 g)", Count: 1, MealType: "snack", Date: "2026-03-02"})
		if err != nil || e.Calories != 120 || e.Protein != 24 || e.Carbs != 3 || e.Fat != 2 || e.Quantity != "1 scoop (30 g)" {
			t.Fatalf("whey: %+v %v", e, err)
		}
	})
}
