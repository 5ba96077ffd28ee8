package nutrition

import (
	"context"
	"testing"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func savedMealsCount(t *testing.T, d *db.DB) (meals, items int) {
	t.Helper()
	ctx := context.Background()
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM saved_meals`).Scan(&meals); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM saved_meal_items`).Scan(&items); err != nil {
		t.Fatal(err)
	}
	return meals, items
}

func TestNutritionSavedMealLoggedInOneTap(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		loadFoods(t, d)
		ctx := context.Background()
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")

		yogurt, err := svc.AddEntry(ctx, ana, NewFoodEntry{FoodID: lowFatYogurt, Grams: 200, MealType: "breakfast", Date: "2026-03-02"})
		if err != nil {
			t.Fatal(err)
		}
		banana, err := svc.AddEntry(ctx, ana, entry("Banana", "breakfast", "2026-03-02", 105, 1, 27, 0))
		if err != nil {
			t.Fatal(err)
		}
		m, err := svc.CreateSavedMeal(ctx, ana, NewSavedMeal{Name: "  Usual breakfast ", EntryIDs: []int64{banana.ID, yogurt.ID}})
		if err != nil {
			t.Fatal(err)
		}
		if m.Name != "Usual breakfast" || m.Servings != nil || m.PerServing != nil || len(m.Foods) != 2 ||
			m.Foods[0].FoodName != "Banana" || m.Foods[1].FoodID == nil || *m.Foods[1].FoodID != lowFatYogurt ||
			m.Total != (Macros{Calories: 231, Protein: 12, Carbs: 41, Fat: 3}) {
			t.Fatalf("saved: %+v", m)
		}

		// Logged on another day and slot: every food an entry, as saved.
		got, err := svc.LogSavedMeal(ctx, ana, m.ID, LogSavedMeal{Date: "2026-03-05", MealType: "Lunch"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Entries) != 2 || got.Day.Date != "2026-03-05" || len(got.Day.Meals[1].Entries) != 2 || got.Day.Meals[1].Calories != 231 {
			t.Fatalf("logged: %+v", got)
		}
		y := got.Day.Meals[1].Entries[1]
		if y.FoodName != yogurt.FoodName || y.FoodID == nil || *y.Grams != 200 || y.MealType != "lunch" || y.Quantity != yogurt.Quantity {
			t.Errorf("logged yogurt: %+v", y)
		}
		// The logged entry keeps its food: its portion can be edited as any other.
		if u, err := svc.UpdateEntry(ctx, ana, y.ID, EntryUpdate{Grams: fptr(100)}); err != nil || u.Calories != 63 {
			t.Errorf("edit logged: %+v %v", u, err)
		}

		// Rename, list; the diary entries it came from are untouched by a delete.
		if r, err := svc.RenameSavedMeal(ctx, ana, m.ID, SavedMealRename{Name: "Race-week breakfast"}); err != nil || r.Name != "Race-week breakfast" || len(r.Foods) != 2 {
			t.Fatalf("rename: %+v %v", r, err)
		}
		list, err := svc.SavedMeals(ctx, ana)
		if err != nil || len(list) != 1 || list[0].Name != "Race-week breakfast" || list[0].Total.Calories != 231 {
			t.Fatalf("list: %+v %v", list, err)
		}
		if list, _ := svc.SavedMeals(ctx, bo); len(list) != 0 {
			t.Errorf("bo sees ana's meals: %+v", list)
		}
		ex, err := svc.ExportUserData(ctx, ana)
		if err != nil || len(ex.(Export).SavedMeals) != 1 {
			t.Fatalf("export: %+v %v", ex, err)
		}

		// Another athlete: a 404 for every operation, and nothing changes.
		_, err = svc.RenameSavedMeal(ctx, bo, m.ID, SavedMealRename{Name: "Mine"})
		wantNotFound(t, err)
		_, err = svc.LogSavedMeal(ctx, bo, m.ID, LogSavedMeal{Date: "2026-03-05", MealType: "lunch"})
		wantNotFound(t, err)
		wantNotFound(t, svc.DeleteSavedMeal(ctx, bo, m.ID))
		if list, _ := svc.SavedMeals(ctx, ana); len(list) != 1 || list[0].Name != "Race-week breakfast" {
			t.Fatalf("another athlete changed it: %+v", list)
		}

		before := entriesCount(t, d)
		if err := svc.DeleteSavedMeal(ctx, ana, m.ID); err != nil {
			t.Fatal(err)
		}
		wantNotFound(t, svc.DeleteSavedMeal(ctx, ana, m.ID))
		if meals, items := savedMealsCount(t, d); meals != 0 || items != 0 || entriesCount(t, d) != before {
			t.Errorf("after delete: %d meals, %d items, %d entries (was %d)", meals, items, entriesCount(t, d), before)
		}
	})
}

func TestNutritionRecipePerServing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		var ids []int64
		for _, e := range []NewFoodEntry{
			entry("Beef mince 500 g", "dinner", "2026-03-02", 1250, 100, 0, 90),
			entry("Kidney beans 400 g", "dinner", "2026-03-02", 380, 26, 60, 2),
			entry("Rice 300 g dry", "dinner", "2026-03-02", 1080, 21, 237, 3),
		} {
			got, err := svc.AddEntry(ctx, ana, e)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, got.ID)
		}
		four := 4.0
		r, err := svc.CreateSavedMeal(ctx, ana, NewSavedMeal{Name: "Chili", EntryIDs: ids, Servings: &four})
		if err != nil {
			t.Fatal(err)
		}
		// 2710 kcal, 147 g protein, 297 g carbs, 95 g fat over 4 servings.
		if r.Total != (Macros{Calories: 2710, Protein: 147, Carbs: 297, Fat: 95}) || r.PerServing == nil ||
			*r.PerServing != (Macros{Calories: 678, Protein: 37, Carbs: 74, Fat: 24}) {
			t.Fatalf("recipe: %+v %+v", r, r.PerServing)
		}
		// Logged as 1.5 servings: one entry, 3/8 of the pot.
		one := 1.5
		got, err := svc.LogSavedMeal(ctx, ana, r.ID, LogSavedMeal{Date: "2026-03-03", MealType: "dinner", Servings: &one})
		if err != nil {
			t.Fatal(err)
		}
		e := got.Entries[0]
		if len(got.Entries) != 1 || e.FoodName != "Chili" || e.Quantity != "1.5 servings" || e.Calories != 1016 || e.Protein != 55 ||
			e.Carbs != 111 || e.Fat != 36 || e.FoodID != nil {
			t.Fatalf("logged: %+v", got.Entries)
		}
		// Without servings, one serving.
		if got, err = svc.LogSavedMeal(ctx, ana, r.ID, LogSavedMeal{Date: "2026-03-03", MealType: "lunch"}); err != nil ||
			got.Entries[0].Quantity != "1 serving" || got.Entries[0].Calories != 678 {
			t.Fatalf("one serving: %+v %v", got, err)
		}
	})
}

func TestNutritionSavedMealBadInputChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")
		mine, err := svc.AddEntry(ctx, ana, entry("Banana", "snack", "2026-03-02", 105, 1, 27, 0))
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := svc.AddEntry(ctx, bo, entry("Toast", "snack", "2026-03-02", 80, 3, 15, 1))
		if err != nil {
			t.Fatal(err)
		}
		deleted, _ := svc.AddEntry(ctx, ana, entry("Apple", "snack", "2026-03-02", 95, 0, 25, 0))
		if err := svc.DeleteEntry(ctx, ana, deleted.ID); err != nil {
			t.Fatal(err)
		}
		zero, negative, absurd, tiny := 0.0, -2.0, 1000.0, 0.001
		long := make([]byte, 101)
		for i := range long {
			long[i] = 'a'
		}
		tooMany := make([]int64, MaxSavedMealFoods+1)
		for i := range tooMany {
			tooMany[i] = mine.ID
		}
		cases := []struct {
			in         NewSavedMeal
			field, msg string
		}{
			{NewSavedMeal{Name: "  ", EntryIDs: []int64{mine.ID}}, "name", "Name is required"},
			{NewSavedMeal{Name: string(long), EntryIDs: []int64{mine.ID}}, "name", "Name must be at most 100 characters"},
			{NewSavedMeal{Name: "Snack"}, "entryIds", "Choose at least one food"},
			{NewSavedMeal{Name: "Snack", EntryIDs: tooMany}, "entryIds", "A saved meal holds at most 30 foods"},
			{NewSavedMeal{Name: "Snack", EntryIDs: []int64{mine.ID, mine.ID}}, "entryIds", "Each food can be chosen once"},
			{NewSavedMeal{Name: "Snack", EntryIDs: []int64{mine.ID, theirs.ID}}, "entryIds", errNotInDiaryMsg},
			{NewSavedMeal{Name: "Snack", EntryIDs: []int64{mine.ID, 999999}}, "entryIds", errNotInDiaryMsg},
			{NewSavedMeal{Name: "Snack", EntryIDs: []int64{deleted.ID}}, "entryIds", errNotInDiaryMsg},
			{NewSavedMeal{Name: "Snack", EntryIDs: []int64{mine.ID}, Servings: &zero}, "servings", "Servings must be more than 0 and at most 100"},
			{NewSavedMeal{Name: "Snack", EntryIDs: []int64{mine.ID}, Servings: &negative}, "servings", "Servings must be more than 0 and at most 100"},
			{NewSavedMeal{Name: "Snack", EntryIDs: []int64{mine.ID}, Servings: &absurd}, "servings", "Servings must be more than 0 and at most 100"},
			{NewSavedMeal{Name: "Snack", EntryIDs: []int64{mine.ID}, Servings: &tiny}, "servings", "Servings must be more than 0 and at most 100"},
		}
		for _, c := range cases {
			_, err := svc.CreateSavedMeal(ctx, ana, c.in)
			wantField(t, err, c.field, c.msg)
		}
		if meals, items := savedMealsCount(t, d); meals != 0 || items != 0 {
			t.Fatalf("bad input saved %d meals, %d items", meals, items)
		}

		m, err := svc.CreateSavedMeal(ctx, ana, NewSavedMeal{Name: "Snack", EntryIDs: []int64{mine.ID}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = svc.RenameSavedMeal(ctx, ana, m.ID, SavedMealRename{Name: " "})
		wantField(t, err, "name", "Name is required")
		before := entriesCount(t, d)
		logCases := []struct {
			in         LogSavedMeal
			field, msg string
		}{
			{LogSavedMeal{Date: "2026-03-03", MealType: "brunch"}, "mealType", "Meal type must be breakfast, lunch, dinner or snack"},
			{LogSavedMeal{Date: "2026-02-30", MealType: "snack"}, "date", "Date must be a valid date (YYYY-MM-DD)"},
			{LogSavedMeal{Date: "2026-03-03", MealType: "snack", Servings: &negative}, "servings", "Only a recipe is logged in servings"},
		}
		for _, c := range logCases {
			_, err := svc.LogSavedMeal(ctx, ana, m.ID, c.in)
			wantField(t, err, c.field, c.msg)
		}
		two := 2.0
		r, err := svc.CreateSavedMeal(ctx, ana, NewSavedMeal{Name: "Banana bread", EntryIDs: []int64{mine.ID}, Servings: &two})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []float64{0, 0.001, -1, 21, 1000} {
			_, err := svc.LogSavedMeal(ctx, ana, r.ID, LogSavedMeal{Date: "2026-03-03", MealType: "snack", Servings: &n})
			wantField(t, err, "servings", "Servings must be more than 0 and at most 20")
		}
		if entriesCount(t, d) != before {
			t.Fatalf("bad logs wrote entries")
		}
		if list, _ := svc.SavedMeals(ctx, ana); len(list) != 2 || list[1].Name != "Snack" {
			t.Fatalf("bad input changed the meals: %+v", list)
		}
	})
}

func TestNutritionSavedMealLogIsAllOrNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		a, _ := svc.AddEntry(ctx, ana, entry("Oats", "breakfast", "2026-03-02", 150, 5, 27, 3))
		b, _ := svc.AddEntry(ctx, ana, entry("Milk", "breakfast", "2026-03-02", 120, 8, 12, 5))
		m, err := svc.CreateSavedMeal(ctx, ana, NewSavedMeal{Name: "Porridge", EntryIDs: []int64{a.ID, b.ID}})
		if err != nil {
			t.Fatal(err)
		}
		// A day one short of full: the meal's two foods do not fit, and neither is written.
		for i := 0; i < MaxEntriesPerDay-1; i++ {
			if _, err := svc.AddEntry(ctx, ana, entry("Tea", "snack", "2026-03-04", 2, 0, 0, 0)); err != nil {
				t.Fatal(err)
			}
		}
		_, err = svc.LogSavedMeal(ctx, ana, m.ID, LogSavedMeal{Date: "2026-03-04", MealType: "breakfast"})
		if apperr.As(err).Code != apperr.CodeConflict {
			t.Fatalf("want conflict, got %v", err)
		}
		if day, _ := svc.Day(ctx, ana, "2026-03-04"); len(day.Meals[0].Entries) != 0 {
			t.Errorf("a partial meal was written: %+v", day.Meals[0])
		}
	})
}
