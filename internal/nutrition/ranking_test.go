package nutrition

import (
	"context"
	"strings"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// Plain, whole, everyday forms come before processed ones
// (docs/nutrition-foods.md#search): one case per query the athletes reported
// and a few more everyday words, on both databases.
func TestSearchPutsPlainEverydayFoodsFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		loadFoods(t, d)
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		first := func(q string) Food {
			t.Helper()
			list, err := svc.SearchFoods(ctx, ana, q, 0)
			if err != nil || len(list.Foods) == 0 {
				t.Fatalf("%q: %v %v", q, names(list.Foods), err)
			}
			return list.Foods[0]
		}
		// "chicken breast" listed two breaded tenders (252-293 kcal) above the plain meat (114 kcal).
		list, err := svc.SearchFoods(ctx, ana, "chicken breast", 0)
		if err != nil {
			t.Fatal(err)
		}
		if f := list.Foods[0]; !strings.Contains(f.Name, "breast, meat only") {
			t.Errorf("chicken breast: first %q, want plain breast meat (%v)", f.Name, names(list.Foods[:5]))
		}
		tenders, plain := -1, position(list.Foods, rawChickenBrst)
		for i, f := range list.Foods {
			if strings.Contains(f.Name, "tenders") && tenders < 0 {
				tenders = i
			}
		}
		if plain < 0 || (tenders >= 0 && tenders < plain) {
			t.Errorf("chicken breast: plain meat at %d, tenders at %d: %v", plain, tenders, names(list.Foods))
		}
		// "rice wh" put glutinous raw rice first and everyday cooked long-grain rice 7th.
		if f := first("rice wh"); f.ID != 20045 {
			t.Errorf("rice wh: first %q, want Rice, white, long-grain, regular, cooked", f.Name)
		}
		for q, want := range map[string]string{
			"egg":    "Egg, whole",
			"banana": "Bananas, raw",
			"apple":  "Apples, raw",
			"bread":  "Bread,",
			"milk":   "Milk,",
			"pasta":  "Pasta,",
		} {
			if f := first(q); !strings.HasPrefix(f.Name, want) {
				t.Errorf("%q: first %q, want %q...", q, f.Name, want)
			}
		}
	})
}

// A food's default portion is the unit people eat it by
// (docs/nutrition-foods.md#portions), never the first USDA measure.
func TestDefaultPortionIsTheNaturalUnit(t *testing.T) {
	foods, err := foodsByID()
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[int64]string{
		9040:  "medium",     // Bananas, raw: not "cup, mashed" (200 kcal)
		1123:  "large",      // Egg, whole, raw: not "cup (4.86 large eggs)"
		1129:  "large",      // Egg, whole, cooked, hard-boiled
		18075: "slice",      // Bread, whole-wheat: not "oz"
		20045: "cup",        // Rice, white, long-grain, cooked: 1 cup
		9003:  "medium",     // Apples, raw, with skin
		4053:  "tablespoon", // Olive oil: never a cup (1,900 kcal)
		1117:  "container",  // Yogurt, low fat
	} {
		f := foods[id]
		got := DefaultMeasure(f)
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s: default %q, want %q...", f.Name, got, want)
		}
	}
	// Every default is a sitting's worth: at most 800 kcal and 500 g.
	all, _ := EmbeddedFoods()
	for _, f := range all {
		label := DefaultMeasure(f)
		if label == "" {
			continue
		}
		for _, m := range f.Measures {
			if m.Label == label && (m.Grams > 500 || f.Kcal*m.Grams/100 > 800) {
				t.Errorf("%s: default %q is %.0f g", f.Name, label, m.Grams)
			}
		}
	}
}
