package nutrition

import (
	"context"
	"reflect"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func entriesCount(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), `SELECT COUNT(*) FROM food_entries WHERE deleted_at IS NULL`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func wantField(t *testing.T, err error, field, msg string) {
	t.Helper()
	e := apperr.As(err)
	if e.Code != apperr.CodeInvalid || e.Fields[field] != msg {
		t.Fatalf("want %s: %q, got %v (%v)", field, msg, err, e.Fields)
	}
}

func wantNotFound(t *testing.T, err error) {
	t.Helper()
	if apperr.As(err).Code != apperr.CodeNotFound {
		t.Fatalf("want not found, got %v", err)
	}
}

func fptr(v float64) *float64 { return &v }
func sptr(v string) *string   { return &v }
func iptr(v int) *int         { return &v }

func TestNutritionDiaryEditDeleteUndo(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		loadFoods(t, d)
		ctx := context.Background()
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")

		// 1.5 cups of yogurt (367.5 g): 232 kcal, 19 g protein, 26 g carbs, 6 g fat.
		e, err := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: lowFatYogurt, Measure: "cup (8 fl oz)", Count: 1.5, MealType: "breakfast", Date: "2026-03-02"})
		if err != nil || e.Calories != 232 || e.Protein != 19 || e.Carbs != 26 || e.Fat != 6 || *e.Grams != 367.5 {
			t.Fatalf("logged: %+v %v", e, err)
		}
		// Edit: 200 g into lunch; macros from the grams again.
		u, err := svc.UpdateEntry(ctx, ana, e.ID, EntryUpdate{Grams: fptr(200), MealType: sptr("lunch")})
		if err != nil || u.Calories != 126 || u.Protein != 11 || u.Carbs != 14 || u.Fat != 3 || *u.Grams != 200 || u.Quantity != "200 g" || u.MealType != "lunch" {
			t.Fatalf("edited: %+v %v", u, err)
		}
		// Manual figures are ignored for a food of the database.
		if u, _ = svc.UpdateEntry(ctx, ana, e.ID, EntryUpdate{Calories: iptr(999)}); u.Calories != 126 {
			t.Errorf("database food's calories changed by hand: %+v", u)
		}
		// Bad portions change nothing.
		_, err = svc.UpdateEntry(ctx, ana, e.ID, EntryUpdate{Grams: fptr(0)})
		wantField(t, err, "grams", "Portion must be more than 0 g")
		_, err = svc.UpdateEntry(ctx, ana, e.ID, EntryUpdate{Grams: fptr(10000)})
		wantField(t, err, "grams", "Portion cannot exceed 5000 g")
		_, err = svc.UpdateEntry(ctx, ana, e.ID, EntryUpdate{MealType: sptr("brunch")})
		wantField(t, err, "mealType", "Meal type must be breakfast, lunch, dinner or snack")
		// Another athlete's entry: a 404 for every operation.
		_, err = svc.UpdateEntry(ctx, bo, e.ID, EntryUpdate{Grams: fptr(100)})
		wantNotFound(t, err)
		wantNotFound(t, svc.DeleteEntry(ctx, bo, e.ID))
		if got, _ := svc.store.Entry(ctx, ana, e.ID); got.Calories != 126 || got.MealType != "lunch" {
			t.Fatalf("rejected edits changed the entry: %+v", got)
		}

		// A manual entry takes new figures, with the creation rules.
		m, err := svc.AddEntry(ctx, ana, entry("Banana", "snack", "2026-03-02", 105, 1, 27, 0))
		if err != nil {
			t.Fatal(err)
		}
		if m, err = svc.UpdateEntry(ctx, ana, m.ID, EntryUpdate{Calories: iptr(120), Quantity: sptr("1 large")}); err != nil || m.Calories != 120 || m.Quantity != "1 large" {
			t.Fatalf("manual edit: %+v %v", m, err)
		}
		_, err = svc.UpdateEntry(ctx, ana, m.ID, EntryUpdate{Calories: iptr(0)})
		wantField(t, err, "calories", "Calories must be at least 1")

		// Delete, then undo: the same entry comes back.
		before, _ := svc.store.Entry(ctx, ana, e.ID)
		if err := svc.DeleteEntry(ctx, ana, e.ID); err != nil {
			t.Fatal(err)
		}
		day, _ := svc.Day(ctx, ana, "2026-03-02")
		p, _ := svc.SaveTargets(ctx, ana, Targets{2500, 165, 300, 80}, "2026-03-02", time.UTC)
		if len(day.Meals[1].Entries) != 0 || p.CurrentCalories != 120 {
			t.Fatalf("deleted entry still counts: %+v %+v", day.Meals[1], p)
		}
		_, err = svc.RestoreEntry(ctx, bo, e.ID)
		wantNotFound(t, err)
		back, err := svc.RestoreEntry(ctx, ana, e.ID)
		if err != nil || !reflect.DeepEqual(back, before) {
			t.Fatalf("restored %+v, want %+v (%v)", back, before, err)
		}
		_, err = svc.RestoreEntry(ctx, ana, e.ID)
		wantNotFound(t, err) // not deleted any more
		if p, _ = svc.Profile(ctx, ana, "2026-03-02"); p.CurrentCalories != 246 {
			t.Errorf("sums after undo: %+v", p)
		}
	})
}

func TestNutritionDiaryCopy(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		loadFoods(t, d)
		ctx := context.Background()
		svc := newService(d) // today is 2026-03-02 (UTC)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")
		for _, in := range []NewFoodEntry{
			{FoodID: lowFatYogurt, Grams: 150, MealType: "lunch", Date: "2026-03-01"},
			entry("Rice", "lunch", "2026-03-01", 216, 5, 45, 2),
			entry("Oatmeal", "breakfast", "2026-03-01", 154, 6, 28, 3),
		} {
			if _, err := svc.AddEntry(ctx, ana, in); err != nil {
				t.Fatal(err)
			}
		}
		res, err := svc.Copy(ctx, ana, CopyRequest{FromDate: "2026-03-01", ToDate: "2026-03-02", MealType: "lunch"})
		if err != nil || res.Copied != 2 || len(res.Day.Meals[1].Entries) != 2 || res.Day.Meals[0].Entries == nil || len(res.Day.Meals[0].Entries) != 0 {
			t.Fatalf("copy lunch: %+v %v", res, err)
		}
		c := res.Day.Meals[1].Entries[0]
		if c.FoodID == nil || *c.FoodID != lowFatYogurt || *c.Grams != 150 || c.Date != "2026-03-02" || c.Calories != 95 {
			t.Errorf("copied entry keeps food and grams: %+v", c)
		}
		// A meal into another meal, and a whole day.
		if res, err = svc.Copy(ctx, ana, CopyRequest{FromDate: "2026-03-01", ToDate: "2026-03-01", MealType: "breakfast", ToMealType: "snack"}); err != nil ||
			len(res.Day.Meals[3].Entries) != 1 {
			t.Fatalf("breakfast to snack: %+v %v", res, err)
		}
		if res, err = svc.Copy(ctx, ana, CopyRequest{FromDate: "2026-03-01", ToDate: "2026-02-20"}); err != nil || res.Copied != 4 {
			t.Fatalf("whole day: %+v %v", res, err)
		}

		n := entriesCount(t, d)
		_, err = svc.Copy(ctx, ana, CopyRequest{FromDate: "2026-03-03", ToDate: "2026-03-02"})
		wantField(t, err, "fromDate", "You cannot copy from a day in the future.")
		// In Auckland it is already the 3rd: copying it is fine there.
		if _, err = svc.Copy(ctx, ana, CopyRequest{FromDate: "2026-03-03", ToDate: "2026-03-02", TZ: "Pacific/Auckland"}); apperr.As(err).Fields["fromDate"] != "Nothing is logged there to copy." {
			t.Errorf("Auckland's today: %v", err)
		}
		_, err = svc.Copy(ctx, ana, CopyRequest{FromDate: "2026-03-02", ToDate: "2026-03-02", MealType: "lunch"})
		wantField(t, err, "fromDate", "Choose another day or meal to copy from.")
		_, err = svc.Copy(ctx, ana, CopyRequest{FromDate: "2026-03-01", ToDate: "2026-03-02", MealType: "dinner"})
		wantField(t, err, "fromDate", "Nothing is logged there to copy.")
		_, err = svc.Copy(ctx, ana, CopyRequest{FromDate: "yesterday", ToDate: "2026-03-02"})
		wantField(t, err, "fromDate", "Date must be a valid date (YYYY-MM-DD)")
		// Another athlete copies nothing of ana's.
		_, err = svc.Copy(ctx, bo, CopyRequest{FromDate: "2026-03-01", ToDate: "2026-03-02"})
		wantField(t, err, "fromDate", "Nothing is logged there to copy.")
		if after := entriesCount(t, d); after != n {
			t.Fatalf("rejected copies wrote entries: %d -> %d", n, after)
		}
	})
}

func TestNutritionFavouritesAndCustomFoods(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		loadFoods(t, d)
		ctx := context.Background()
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")

		if err := svc.SetFavourite(ctx, ana, lowFatYogurt, true); err != nil {
			t.Fatal(err)
		}
		if err := svc.SetFavourite(ctx, ana, lowFatYogurt, true); err != nil {
			t.Fatal("starring twice is fine:", err)
		}
		wantNotFound(t, svc.SetFavourite(ctx, ana, 99999999, true))
		list, err := svc.SearchFoods(ctx, ana, "yog pla", 5)
		if err != nil || list.Foods[0].ID != lowFatYogurt || !list.Foods[0].Favourite {
			t.Fatalf("starred food in search: %+v %v", list.Foods[0], err)
		}
		if other, _ := svc.SearchFoods(ctx, bo, "yog pla", 5); other.Foods[0].Favourite {
			t.Error("ana's star shows for bo")
		}

		// A custom food with a portion; per-100 g rules.
		bar, err := svc.CreateCustomFood(ctx, ana, NewCustomFood{Name: "Oat bar (homemade)", Kcal: 400, Protein: 10, Carbs: 60, Fat: 12,
			Measures: []Measure{{"bar", 60}}})
		if err != nil || !bar.Custom || bar.ID == 0 {
			t.Fatalf("custom food: %+v %v", bar, err)
		}
		_, err = svc.CreateCustomFood(ctx, ana, NewCustomFood{Name: "x", Kcal: 100, Protein: 50, Carbs: 40, Fat: 20})
		wantField(t, err, "fat", "Protein, carbs and fat add up to more than 100 g")
		_, err = svc.CreateCustomFood(ctx, ana, NewCustomFood{Name: " ", Kcal: 1000})
		wantField(t, err, "name", "Name is required")
		wantField(t, err, "kcal", "Calories per 100 g must be between 0 and 900")

		e, err := svc.AddEntry(ctx, ana, NewFoodEntry{CustomFoodID: bar.ID, Measure: "bar", Count: 2, MealType: "snack", Date: "2026-03-02"})
		if err != nil || e.Calories != 480 || e.Protein != 12 || e.Carbs != 72 || e.Fat != 14 || e.CustomFoodID == nil || e.FoodID != nil || e.Quantity != "2 bar" {
			t.Fatalf("logged custom food: %+v %v", e, err)
		}
		// Bo can neither see, log nor delete ana's food.
		_, err = svc.CustomFood(ctx, bo, bar.ID)
		wantNotFound(t, err)
		_, err = svc.AddEntry(ctx, bo, NewFoodEntry{CustomFoodID: bar.ID, Grams: 100, MealType: "snack"})
		wantNotFound(t, err)
		wantNotFound(t, svc.DeleteCustomFood(ctx, bo, bar.ID))
		if found, _ := svc.SearchFoods(ctx, bo, "oat bar", 5); len(found.Foods) > 0 && found.Foods[0].Custom {
			t.Error("ana's custom food in bo's search")
		}
		found, _ := svc.SearchFoods(ctx, ana, "bar oat", 5)
		if len(found.Foods) == 0 || !found.Foods[0].Custom || found.Foods[0].ID != bar.ID || found.Foods[0].Measures[0] != (Measure{"bar", 60}) {
			t.Fatalf("own custom food first: %+v", found.Foods)
		}
		// Edit a custom food's entry: from its grams again.
		if u, err := svc.UpdateEntry(ctx, ana, e.ID, EntryUpdate{Measure: "bar", Count: fptr(1)}); err != nil || u.Calories != 240 {
			t.Fatalf("edit custom entry: %+v %v", u, err)
		}

		// Edit the custom food: the creation rules, owner only; logged entries keep their figures.
		edit := NewCustomFood{Name: " Oat bar (less sugar) ", Kcal: 350, Protein: 12, Carbs: 50, Fat: 10,
			Measures: []Measure{{"bar", 50}, {"half bar", 25}}}
		_, err = svc.UpdateCustomFood(ctx, ana, bar.ID, NewCustomFood{Name: "", Kcal: 950, Protein: 60, Carbs: 50, Measures: []Measure{{"bar", 6000}}})
		wantField(t, err, "name", "Name is required")
		wantField(t, err, "kcal", "Calories per 100 g must be between 0 and 900")
		wantField(t, err, "fat", "Protein, carbs and fat add up to more than 100 g")
		wantField(t, err, "measures", "A portion must weigh more than 0 g and at most 5000 g")
		_, err = svc.UpdateCustomFood(ctx, bo, bar.ID, edit)
		wantNotFound(t, err)
		_, err = svc.UpdateCustomFood(ctx, ana, 99999999, edit)
		wantNotFound(t, err)
		if got, _ := svc.CustomFood(ctx, ana, bar.ID); got.Name != "Oat bar (homemade)" || got.Kcal != 400 || len(got.Measures) != 1 {
			t.Fatalf("rejected or foreign edits changed the food: %+v", got)
		}
		edited, err := svc.UpdateCustomFood(ctx, ana, bar.ID, edit)
		if err != nil || edited.ID != bar.ID || edited.Name != "Oat bar (less sugar)" || !edited.Custom || len(edited.Measures) != 2 {
			t.Fatalf("edited custom food: %+v %v", edited, err)
		}
		got, err := svc.CustomFood(ctx, ana, bar.ID)
		if err != nil || got.Name != "Oat bar (less sugar)" || got.Kcal != 350 || got.Protein != 12 || got.Carbs != 50 || got.Fat != 10 ||
			len(got.Measures) != 2 || got.Measures[0] != (Measure{"bar", 50}) || got.Measures[1] != (Measure{"half bar", 25}) {
			t.Fatalf("custom food after edit: %+v %v", got, err)
		}
		if old, err := svc.store.Entry(ctx, ana, e.ID); err != nil || old.Calories != 240 || old.Protein != 6 || old.FoodName != "Oat bar (homemade)" {
			t.Fatalf("logged entry changed with its food: %+v %v", old, err)
		}
		if n, err := svc.AddEntry(ctx, ana, NewFoodEntry{CustomFoodID: bar.ID, Measure: "half bar", Count: 2, MealType: "snack", Date: "2026-03-02"}); err != nil ||
			n.Calories != 175 || n.FoodName != "Oat bar (less sugar)" {
			t.Fatalf("entry from the edited food: %+v %v", n, err)
		}

		mine, err := svc.MyFoods(ctx, ana)
		if err != nil || len(mine.Favourites) != 1 || len(mine.Custom) != 1 || len(mine.Recent) != 0 {
			t.Fatalf("my foods: %+v %v", mine, err)
		}
		if _, err := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: lowFatYogurt, Grams: 100, MealType: "snack", Date: "2026-03-02"}); err != nil {
			t.Fatal(err)
		}
		if mine, _ = svc.MyFoods(ctx, ana); len(mine.Recent) != 1 || !mine.Recent[0].Favourite || len(mine.Recent[0].Measures) != 3 {
			t.Fatalf("recent: %+v", mine.Recent)
		}
		// Deleting the custom food keeps the diary's entry.
		if err := svc.DeleteCustomFood(ctx, ana, bar.ID); err != nil {
			t.Fatal(err)
		}
		if got, err := svc.store.Entry(ctx, ana, e.ID); err != nil || got.Calories != 240 || got.CustomFoodID != nil {
			t.Fatalf("entry after its custom food went: %+v %v", got, err)
		}
		if err := svc.SetFavourite(ctx, ana, lowFatYogurt, false); err != nil {
			t.Fatal(err)
		}
		if mine, _ = svc.MyFoods(ctx, ana); len(mine.Favourites) != 0 || len(mine.Custom) != 0 {
			t.Fatalf("after unstar and delete: %+v", mine)
		}
	})
}

func TestNutritionHistory(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		h, err := svc.History(ctx, ana, "2026-03-02", time.UTC)
		if err != nil || h.Targets != nil || len(h.Days) != 7 || len(h.Weeks) != 12 || h.Week.DaysLogged != 0 {
			t.Fatalf("empty: %+v %v", h, err)
		}
		if _, err := svc.SaveTargets(ctx, ana, Targets{2000, 150, 200, 70}, "2026-03-02", time.UTC); err != nil {
			t.Fatal(err)
		}
		for _, in := range []NewFoodEntry{
			entry("A", "lunch", "2026-03-02", 1900, 140, 190, 60), // within 10 %
			entry("B", "lunch", "2026-03-01", 2300, 160, 250, 80), // 15 % over
			entry("C", "lunch", "2026-02-25", 1000, 50, 150, 20),  // a week ago: 7-day window starts 02-24
			entry("C", "dinner", "2026-02-25", 1100, 100, 40, 45), // the same day: 2100, within
			entry("D", "lunch", "2026-01-05", 2000, 150, 200, 70), // in the 12 weeks only
			entry("E", "lunch", "2025-12-07", 2000, 150, 200, 70), // before the 12 weeks
		} {
			if _, err := svc.AddEntry(ctx, ana, in); err != nil {
				t.Fatal(err)
			}
		}
		h, err = svc.History(ctx, ana, "2026-03-02", time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		if h.Days[0].Date != "2026-02-24" || h.Days[6].Date != "2026-03-02" || h.Days[1].Calories != 2100 || !h.Days[1].OnTarget || h.Days[5].OnTarget || h.Days[0].Logged {
			t.Errorf("days: %+v", h.Days)
		}
		if h.Week != (HistorySummary{Days: 7, DaysLogged: 3, DaysOnTarget: 2, Adherence: 67, Calories: 2100, Protein: 150, Carbs: 210, Fat: 68}) {
			t.Errorf("week: %+v", h.Week)
		}
		if h.TwelveWeeks.DaysLogged != 4 || h.TwelveWeeks.DaysOnTarget != 3 || h.TwelveWeeks.Adherence != 75 || h.TwelveWeeks.Days != 84 {
			t.Errorf("12 weeks: %+v", h.TwelveWeeks)
		}
		last := h.Weeks[11]
		if last.From != "2026-02-24" || last.To != "2026-03-02" || last.DaysLogged != 3 || last.Calories != 2100 || h.Weeks[0].From != "2025-12-09" {
			t.Errorf("weeks: first %+v last %+v", h.Weeks[0], last)
		}
	})
}

func TestNutritionPlanFollowsTheCalendar(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		loadFoods(t, d)
		ctx := context.Background()
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		_, err := svc.Plan(ctx, ana, "2026-03-02", time.UTC, nil)
		wantNotFound(t, err) // no targets yet
		base := Targets{2500, 165, 300, 80}
		if _, err := svc.SaveTargets(ctx, ana, base, "2026-03-02", time.UTC); err != nil {
			t.Fatal(err)
		}
		// No calendar wired: the profile's targets, said so.
		p, err := svc.Plan(ctx, ana, "2026-03-02", time.UTC, nil)
		if err != nil || p.Source != "profile" || p.Targets != base || p.Day != nil || len(p.Meals) != 4 ||
			p.Explanation[0] != "Your training calendar is not connected to nutrition here, so these are your profile targets." {
			t.Fatalf("no planner: %+v %v", p, err)
		}
		// Wired, but nothing planned around the day.
		svc.UsePlanner(fakePlanner{})
		if p, _ = svc.Plan(ctx, ana, "2026-03-02", time.UTC, nil); p.Source != "profile" || p.Targets != base {
			t.Errorf("empty calendar: %+v", p)
		}
		svc.UsePlanner(fakePlanner{
			"2026-03-03": {Date: "2026-03-03", Kind: "training", PlannedMinutes: 120, PlannedLoad: 840},
			"2026-03-08": {Date: "2026-03-08", Kind: "race", PlannedMinutes: 90, PlannedLoad: 810},
		})
		long, _ := svc.Plan(ctx, ana, "2026-03-03", time.UTC, nil)
		rest, _ := svc.Plan(ctx, ana, "2026-03-04", time.UTC, nil)
		loading, _ := svc.Plan(ctx, ana, "2026-03-06", time.UTC, nil)
		race, _ := svc.Plan(ctx, ana, "2026-03-08", time.UTC, nil)
		if long.Source != "calendar" || long.Day.Kind != "training" || long.Targets.CarbsTarget != 450 || long.Targets.ProteinTarget != 165 {
			t.Errorf("long session: %+v", long)
		}
		if rest.Day.Kind != "rest" || rest.Targets.CarbsTarget != 225 {
			t.Errorf("rest: %+v", rest.Day)
		}
		if loading.Day.Kind != "loading" || loading.Targets.CarbsTarget != 450 || loading.Targets.FatTarget != 56 {
			t.Errorf("two days before the race: %+v %+v", loading.Day, loading.Targets)
		}
		if race.Day.Kind != "race" || race.Targets.CarbsTarget != 390 {
			t.Errorf("race day: %+v", race.Day)
		}
		if five, _ := svc.Plan(ctx, ana, "2026-03-05", time.UTC, nil); five.Day.Kind != "rest" {
			t.Errorf("three days before the race is no loading: %+v", five.Day)
		}

		// Swaps change one meal; logging a meal writes its foods.
		swapped, err := svc.Plan(ctx, ana, "2026-03-03", time.UTC, []int{0, 2, 0, 0})
		if err != nil || swapped.Meals[1].Name == long.Meals[1].Name || swapped.Meals[0].Name != long.Meals[0].Name {
			t.Fatalf("swap lunch: %v / %v %v", swapped.Meals[1].Name, long.Meals[1].Name, err)
		}
		entries, err := svc.LogPlanMeal(ctx, ana, "2026-03-03", time.UTC, "lunch", []int{0, 2, 0, 0})
		if err != nil || len(entries) != len(swapped.Meals[1].Items) {
			t.Fatalf("log lunch: %+v %v", entries, err)
		}
		prof, _ := svc.Profile(ctx, ana, "2026-03-03")
		if prof.CurrentCalories != swapped.Meals[1].Calories || prof.CurrentProtein != swapped.Meals[1].Protein {
			t.Errorf("logged lunch %d kcal %d g, plan says %d kcal %d g", prof.CurrentCalories, prof.CurrentProtein,
				swapped.Meals[1].Calories, swapped.Meals[1].Protein)
		}
		_, err = svc.LogPlanMeal(ctx, ana, "2026-03-03", time.UTC, "brunch", nil)
		wantField(t, err, "mealType", "Meal type must be breakfast, lunch, dinner or snack")
		if _, err := ParseSwaps("0,3,0,0"); apperr.As(err).Code != apperr.CodeInvalid {
			t.Errorf("swap out of range: %v", err)
		}
	})
}

// A deleted entry can be restored for a day; the next delete after that
// purges it for good.
func TestNutritionDeletedEntriesArePurgedAfterADay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := testNow
		svc := NewService(NewStore(d), func() time.Time { return now })
		ana := dbtest.NewUser(t, d, "ana", "pro")
		a, _ := svc.AddEntry(ctx, ana, entry("A", "lunch", "2026-03-02", 100, 1, 1, 1))
		b, _ := svc.AddEntry(ctx, ana, entry("B", "lunch", "2026-03-02", 100, 1, 1, 1))
		if err := svc.DeleteEntry(ctx, ana, a.ID); err != nil {
			t.Fatal(err)
		}
		now = now.Add(UndoWindow + time.Minute)
		if err := svc.DeleteEntry(ctx, ana, b.ID); err != nil {
			t.Fatal(err)
		}
		_, err := svc.RestoreEntry(ctx, ana, a.ID)
		wantNotFound(t, err)
		if _, err := svc.RestoreEntry(ctx, ana, b.ID); err != nil {
			t.Fatalf("b is within its day: %v", err)
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM food_entries WHERE user_id = ?`, ana).Scan(&n); err != nil || n != 1 {
			t.Fatalf("rows left: %d %v", n, err)
		}
	})
}
