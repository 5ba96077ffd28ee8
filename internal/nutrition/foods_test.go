package nutrition

import (
	"context"
	"strings"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// Foods of the embedded database the tests use.
const (
	lowFatYogurt   = 1117 // Yogurt, plain, low fat, 12 grams protein per 8 ounce: 63 kcal, 5.25/7.04/1.55 g per 100 g; cup (8 fl oz) 245 g
	rawChickenBrst = 5062 // Chicken, broilers or fryers, breast, meat only, raw
)

func loadFoods(t *testing.T, d *db.DB) {
	t.Helper()
	start := time.Now()
	if err := LoadFoods(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	t.Logf("loaded the food database in %s", time.Since(start).Round(time.Millisecond))
}

func TestEmbeddedFoodsAreTheWholeSR24(t *testing.T) {
	foods, err := EmbeddedFoods()
	if err != nil {
		t.Fatal(err)
	}
	sr := 0
	for _, f := range foods {
		if f.Group != StaplesGroup {
			sr++
		}
	}
	if sr != 8858 || len(foods) != 8858+22 {
		t.Fatalf("foods = %d (%d of SR24), want the 8,858 of SR24 and the 22 staples", len(foods), sr)
	}
	for _, f := range foods {
		if f.ID == lowFatYogurt {
			if f.Kcal != 63 || f.Protein != 5.25 || len(f.Measures) != 3 || f.Measures[0] != (Measure{"cup (8 fl oz)", 245}) {
				t.Fatalf("yogurt: %+v", f)
			}
			return
		}
	}
	t.Fatal("low-fat yogurt missing")
}

func TestCommonnessPutsGenericFoodsFirst(t *testing.T) {
	raw := Commonness("Chicken, broilers or fryers, breast, meat only, raw", "Poultry Products", false)
	for _, less := range []struct{ name, group string }{
		{"KRAFT BREYERS Lowfat Strawberry Yogurt (1% Milkfat)", "Dairy and Egg Products"},
		{"Chicken, broilers or fryers, breast, meat only, raw", "Restaurant Foods"},
		{"Chicken, broilers or fryers, breast, meat only, cooked, fried, batter", "Poultry Products"},
	} {
		if got := Commonness(less.name, less.group, false); got <= raw {
			t.Errorf("%q (%s) scores %d, want more than the raw breast's %d", less.name, less.group, got, raw)
		}
	}
	if Commonness("Bananas, raw", "Fruits and Fruit Juices", true) <= Commonness("Bananas, raw", "Fruits and Fruit Juices", false) {
		t.Error("a retired food must rank below the same food in use")
	}
}

func TestFoodsLoadOnceAndSearchByWordPrefixes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		loadFoods(t, d)
		loadFoods(t, d) // again: nothing to do
		store := NewStore(d)
		foods, measures, micros, err := store.FoodCounts(ctx)
		if err != nil || foods != 8858+22 || measures != 15274+41 || micros < 8858*5 {
			t.Fatalf("counts = %d foods, %d measures, %d micronutrient values, %v", foods, measures, micros, err)
		}
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")

		for _, q := range []string{"chick bre", "BRE chick", "  chick,  bre!"} {
			list, err := svc.SearchFoods(ctx, ana, q, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(list.Foods) != DefaultFoodLimit {
				t.Fatalf("%q: %d results", q, len(list.Foods))
			}
			for _, f := range list.Foods {
				name := strings.ToLower(f.Name)
				if !strings.Contains(name, "chick") || !strings.Contains(name, "bre") {
					t.Fatalf("%q found %q", q, f.Name)
				}
			}
			// Generic raw chicken breast comes before fried and branded ones.
			if pos := position(list.Foods, rawChickenBrst); pos < 0 || pos > 4 {
				t.Fatalf("%q: raw chicken breast at %d in %v", q, pos, names(list.Foods))
			}
		}
		list, err := svc.SearchFoods(ctx, ana, "yog pla", 5)
		if err != nil || len(list.Foods) == 0 || !strings.HasPrefix(list.Foods[0].Name, "Yogurt, plain") {
			t.Fatalf("yog pla: %v %v", names(list.Foods), err)
		}
		if len(list.Foods[0].Measures) == 0 {
			t.Fatalf("search results carry their measures: %+v", list.Foods[0])
		}

		// A food the athlete logged comes first for them, not for others.
		if _, err := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: lowFatYogurt, Measure: "cup (8 fl oz)", Count: 1,
			MealType: "breakfast", Date: "2026-03-02"}); err != nil {
			t.Fatal(err)
		}
		list, err = svc.SearchFoods(ctx, ana, "yog", 5)
		if err != nil || list.Foods[0].ID != lowFatYogurt || !list.Foods[0].Recent {
			t.Fatalf("recent first: %v %v", names(list.Foods), err)
		}
		bo := dbtest.NewUser(t, d, "bo", "pro")
		list, err = svc.SearchFoods(ctx, bo, "yog", 5)
		if err != nil || (list.Foods[0].ID == lowFatYogurt && list.Foods[0].Recent) {
			t.Fatalf("another athlete's recent food leaked: %+v %v", list.Foods[0], err)
		}

		if list, err := svc.SearchFoods(ctx, ana, "zzzqx", 0); err != nil || len(list.Foods) != 0 {
			t.Fatalf("no match: %v %v", names(list.Foods), err)
		}
		for q, want := range map[string]string{
			"":                       "Type a food to search for",
			" ,;* ":                  "Type a food to search for",
			strings.Repeat("a", 500): "Search must be at most 100 characters",
			`"chick" OR name:*`:      "", // query syntax is only separators: a plain search
		} {
			_, err := svc.SearchFoods(ctx, ana, q, 0)
			if got := apperr.As(err); (want == "" && err != nil) || (want != "" && (got.Code != apperr.CodeInvalid || got.Message != want)) {
				t.Errorf("q %q: %v, want %q", q, err, want)
			}
		}
		if _, err := svc.SearchFoods(ctx, ana, "egg", 51); apperr.As(err).Code != apperr.CodeInvalid {
			t.Errorf("limit 51: %v", err)
		}
	})
}

func TestLogAFoodComputesMacrosFromGrams(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		loadFoods(t, d)
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")

		// 1.5 cups = 367.5 g: 63 x 3.675 = 231.5 kcal, 19.3 g protein, 25.9 g carbs, 5.7 g fat.
		e, err := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: lowFatYogurt, Measure: "cup (8 fl oz)", Count: 1.5,
			MealType: "Breakfast", Date: "2026-03-02", FoodName: "ignored", Calories: 9999})
		if err != nil {
			t.Fatal(err)
		}
		if e.FoodName != "Yogurt, plain, low fat, 12 grams protein per 8 ounce" || e.Quantity != "1.5 cup (8 fl oz)" ||
			e.Calories != 232 || e.Protein != 19 || e.Carbs != 26 || e.Fat != 6 || e.MealType != "breakfast" ||
			e.FoodID == nil || *e.FoodID != lowFatYogurt || e.Grams == nil || *e.Grams != 367.5 {
			t.Fatalf("entry: %+v", e)
		}
		g, err := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: rawChickenBrst, Grams: 150, MealType: "lunch", Date: "2026-03-02"})
		if err != nil {
			t.Fatal(err)
		}
		if g.Quantity != "150 g" || g.Calories != 171 || g.Protein != 32 || *g.Grams != 150 {
			t.Fatalf("grams entry: %+v", g)
		}
		// The day keeps the food and its grams; presets still log as before.
		if _, err := svc.AddEntry(ctx, ana, entry("Banana", "snack", "2026-03-02", 105, 1, 27, 0)); err != nil {
			t.Fatal(err)
		}
		day, err := svc.Day(ctx, ana, "2026-03-02")
		if err != nil {
			t.Fatal(err)
		}
		got := day.Meals[0].Entries[0]
		if got.FoodID == nil || *got.FoodID != lowFatYogurt || *got.Grams != 367.5 || got.Quantity != "1.5 cup (8 fl oz)" {
			t.Fatalf("stored: %+v", got)
		}
		if preset := day.Meals[3].Entries[0]; preset.FoodID != nil || preset.Grams != nil {
			t.Fatalf("a manual entry has no food: %+v", preset)
		}

		for name, c := range map[string]struct {
			in          NewFoodEntry
			code        apperr.Code
			field, want string
		}{
			"0 g":           {NewFoodEntry{FoodID: rawChickenBrst, Grams: 0}, apperr.CodeInvalid, "grams", "Portion must be more than 0 g"},
			"10,000 g":      {NewFoodEntry{FoodID: rawChickenBrst, Grams: 10000}, apperr.CodeInvalid, "grams", "Portion cannot exceed 5000 g"},
			"50 cups":       {NewFoodEntry{FoodID: lowFatYogurt, Measure: "cup (8 fl oz)", Count: 50}, apperr.CodeInvalid, "grams", "Portion cannot exceed 5000 g"},
			"0 cups":        {NewFoodEntry{FoodID: lowFatYogurt, Measure: "cup (8 fl oz)", Count: 0}, apperr.CodeInvalid, "count", "Count must be more than 0"},
			"another's cup": {NewFoodEntry{FoodID: rawChickenBrst, Measure: "cup (8 fl oz)", Count: 1}, apperr.CodeInvalid, "measure", "Choose one of this food's portions"},
			"no such food":  {NewFoodEntry{FoodID: 99999999, Grams: 100}, apperr.CodeNotFound, "", "Food not found."},
			"no meal":       {NewFoodEntry{FoodID: rawChickenBrst, Grams: 100, MealType: " "}, apperr.CodeInvalid, "mealType", "Meal type is required"},
		} {
			if c.in.MealType == "" {
				c.in.MealType = "lunch"
			}
			c.in.Date = "2026-03-02"
			_, err := svc.AddEntry(ctx, ana, c.in)
			got := apperr.As(err)
			if got.Code != c.code || got.Message != c.want || (c.field != "" && got.Fields[c.field] != c.want) {
				t.Errorf("%s: %v %v", name, err, got.Fields)
			}
		}
		after, err := svc.Day(ctx, ana, "2026-03-02")
		if err != nil {
			t.Fatal(err)
		}
		if n := len(after.Meals[0].Entries) + len(after.Meals[1].Entries) + len(after.Meals[3].Entries); n != 3 {
			t.Fatalf("rejected entries changed the day: %d entries", n)
		}
	})
}

func position(foods []Food, id int64) int {
	for i, f := range foods {
		if f.ID == id {
			return i
		}
	}
	return -1
}

func names(foods []Food) []string {
	out := make([]string, len(foods))
	for i, f := range foods {
		out[i] = f.Name
	}
	return out
}
