package nutrition

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

var testNow = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

func newService(d *db.DB) *Service {
	return NewService(NewStore(d), func() time.Time { return testNow })
}

func entry(name, meal, date string, kcal, p, c, f int) NewFoodEntry {
	return NewFoodEntry{FoodName: name, Calories: kcal, Protein: p, Carbs: c, Fat: f, Quantity: "1", MealType: meal, Date: date}
}

func TestNutritionStoreProfileSumsTheDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")

		if _, err := svc.Profile(ctx, ana, "2026-03-02"); apperr.As(err).Code != apperr.CodeNotFound ||
			apperr.As(err).Message != NoProfileMessage {
			t.Fatalf("no profile: %v", err)
		}
		p, err := svc.SaveTargets(ctx, ana, Targets{2500, 165, 300, 80}, "2026-03-02", time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		if p.DailyCalories != 2500 || p.CurrentCalories != 0 || p.Date != "2026-03-02" || p.UserID != ana {
			t.Fatalf("new profile: %+v", p)
		}
		for _, in := range []NewFoodEntry{
			entry("Oatmeal", "breakfast", "2026-03-02", 154, 6, 28, 3),
			entry("Chicken breast", "lunch", "2026-03-02", 165, 31, 0, 4),
			entry("Banana", "snack", "2026-03-02", 105, 1, 27, 0),
			entry("Salmon", "dinner", "2026-03-01", 208, 22, 0, 13), // yesterday
		} {
			if _, err := svc.AddEntry(ctx, ana, in); err != nil {
				t.Fatal(err)
			}
		}
		// Another user's food never counts.
		if _, err := svc.AddEntry(ctx, bo, entry("Almonds", "snack", "2026-03-02", 173, 6, 6, 15)); err != nil {
			t.Fatal(err)
		}
		p, err = svc.Profile(ctx, ana, "2026-03-02")
		if err != nil {
			t.Fatal(err)
		}
		if p.CurrentCalories != 424 || p.CurrentProtein != 38 || p.CurrentCarbs != 55 || p.CurrentFat != 7 {
			t.Errorf("sums: %+v", p)
		}
		if p.UpdatedAt.IsZero() {
			t.Errorf("updatedAt missing")
		}
		y, _ := svc.Profile(ctx, ana, "2026-03-01")
		if y.CurrentCalories != 208 {
			t.Errorf("yesterday: %+v", y)
		}
		// Updating targets keeps one row.
		if p, err = svc.SaveTargets(ctx, ana, Targets{2600, 170, 310, 85}, "2026-03-02", time.UTC); err != nil || p.DailyCalories != 2600 || p.CurrentCalories != 424 {
			t.Fatalf("update: %+v %v", p, err)
		}
		var n int
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM nutrition_profiles`).Scan(&n)
		if n != 1 {
			t.Errorf("profiles: %d", n)
		}
	})
}

func TestNutritionStoreDayGroupsByMealAndDeletesOwnOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")
		e1, _ := svc.AddEntry(ctx, ana, entry("Eggs", "breakfast", "2026-03-02", 155, 13, 1, 11))
		_, _ = svc.AddEntry(ctx, ana, entry("Oatmeal", "breakfast", "2026-03-02", 154, 6, 28, 3))
		_, _ = svc.AddEntry(ctx, ana, entry("Avocado", "dinner", "2026-03-02", 120, 2, 6, 11))
		day, err := svc.Day(ctx, ana, "2026-03-02")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range day.Meals {
			names := []string{}
			for _, e := range m.Entries {
				names = append(names, e.FoodName)
			}
			got = append(got, fmt.Sprintf("%s:%d:%s", m.MealType, m.Calories, strings.Join(names, ",")))
		}
		want := "breakfast:309:Eggs,Oatmeal lunch:0: dinner:120:Avocado snack:0:"
		if strings.Join(got, " ") != want {
			t.Errorf("day = %q, want %q", strings.Join(got, " "), want)
		}

		if err := svc.DeleteEntry(ctx, bo, e1.ID); apperr.As(err).Code != apperr.CodeNotFound {
			t.Errorf("another user's delete: %v", err)
		}
		if err := svc.DeleteEntry(ctx, ana, e1.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.DeleteEntry(ctx, ana, e1.ID); apperr.As(err).Code != apperr.CodeNotFound {
			t.Errorf("second delete: %v", err)
		}
		day, _ = svc.Day(ctx, ana, "2026-03-02")
		if len(day.Meals[0].Entries) != 1 {
			t.Errorf("after delete: %+v", day.Meals[0])
		}
	})
}

func TestNutritionStoreRejectsBadEntriesAndChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana := dbtest.NewUser(t, d, "ana", "pro")
		ok := entry("Banana", "snack", "2026-03-02", 105, 1, 27, 0)
		cases := []struct {
			mod   func(*NewFoodEntry)
			field string
			msg   string
		}{
			{func(e *NewFoodEntry) { e.FoodName = "  " }, "foodName", "Food name is required"},
			{func(e *NewFoodEntry) { e.FoodName = strings.Repeat("a", 101) }, "foodName", "Food name must be at most 100 characters"},
			{func(e *NewFoodEntry) { e.Calories = 0 }, "calories", "Calories must be at least 1"},
			{func(e *NewFoodEntry) { e.Calories = 10001 }, "calories", "Calories cannot exceed 10000"},
			{func(e *NewFoodEntry) { e.Protein = -1 }, "protein", "Protein cannot be negative"},
			{func(e *NewFoodEntry) { e.Protein = 1001 }, "protein", "Protein cannot exceed 1000 g"},
			{func(e *NewFoodEntry) { e.Carbs = -1 }, "carbs", "Carbs cannot be negative"},
			{func(e *NewFoodEntry) { e.Fat = -1 }, "fat", "Fat cannot be negative"},
			{func(e *NewFoodEntry) { e.Quantity = "" }, "quantity", "Quantity is required"},
			{func(e *NewFoodEntry) { e.Quantity = strings.Repeat("g", 51) }, "quantity", "Quantity must be at most 50 characters"},
			{func(e *NewFoodEntry) { e.MealType = "" }, "mealType", "Meal type is required"},
			{func(e *NewFoodEntry) { e.MealType = "brunch" }, "mealType", "Meal type must be breakfast, lunch, dinner or snack"},
			{func(e *NewFoodEntry) { e.Date = "2026-02-30" }, "date", "Date must be a valid date (YYYY-MM-DD)"},
			{func(e *NewFoodEntry) { e.Date = ""; e.TZ = "Mars/Olympus" }, "tz", "Unknown time zone"},
		}
		for _, tc := range cases {
			in := ok
			tc.mod(&in)
			_, err := svc.AddEntry(ctx, ana, in)
			if got := apperr.As(err).Fields[tc.field]; got != tc.msg {
				t.Errorf("%s: got %v, want %q", tc.field, err, tc.msg)
			}
		}
		// Edge values are fine.
		edge := ok
		edge.Calories, edge.Protein, edge.Carbs, edge.Fat = 10000, 1000, 0, 1000
		edge.FoodName, edge.Quantity = strings.Repeat("é", 100), strings.Repeat("g", 50)
		if _, err := svc.AddEntry(ctx, ana, edge); err != nil {
			t.Errorf("edge values: %v", err)
		}
		var n int
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM food_entries`).Scan(&n)
		if n != 1 {
			t.Errorf("rows: %d, want 1 (only the valid edge entry)", n)
		}
		if _, err := svc.AddEntry(ctx, ana, NewFoodEntry{UserID: ana + 1, FoodName: "x", Calories: 1, Quantity: "1", MealType: "snack"}); apperr.As(err).Code != apperr.CodeForbidden {
			t.Errorf("someone else's userId: %v", err)
		}
		for _, bad := range []Targets{{799, 150, 300, 80}, {2500, 0, 300, 80}, {2500, 150, 1001, 80}, {2500, 150, 300, -1}} {
			if _, err := svc.SaveTargets(ctx, ana, bad, "2026-03-02", time.UTC); apperr.As(err).Code != apperr.CodeInvalid {
				t.Errorf("targets %+v: %v", bad, err)
			}
		}
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM nutrition_profiles`).Scan(&n)
		if n != 0 {
			t.Errorf("bad targets were stored")
		}
	})
}

func TestNutritionStoreCapsEntriesPerDay(t *testing.T) {
	d := dbtest.OpenSQLite(t)
	ctx := context.Background()
	store := NewStore(d)
	ana := dbtest.NewUser(t, d, "ana", "pro")
	for i := 0; i < 3; i++ {
		if _, err := store.AddEntry(ctx, FoodEntry{UserID: ana, Date: "2026-03-02", FoodName: "x", Calories: 1, Quantity: "1", MealType: "snack", CreatedAt: testNow}, 3); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := store.AddEntry(ctx, FoodEntry{UserID: ana, Date: "2026-03-02", FoodName: "x", Calories: 1, Quantity: "1", MealType: "snack", CreatedAt: testNow}, 3); err != errDayFull {
		t.Errorf("fourth entry: %v", err)
	}
}

func TestNutritionExportUserData(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		ana, bo := dbtest.NewUser(t, d, "ana", "pro"), dbtest.NewUser(t, d, "bo", "pro")
		got, err := svc.ExportUserData(ctx, ana)
		if err != nil || got.(Export).Profile != nil || len(got.(Export).FoodEntries) != 0 {
			t.Fatalf("empty export: %+v %v", got, err)
		}
		_, _ = svc.SaveTargets(ctx, ana, Targets{2500, 165, 300, 80}, "2026-03-02", time.UTC)
		_, _ = svc.AddEntry(ctx, ana, entry("Eggs", "breakfast", "2026-03-01", 155, 13, 1, 11))
		_, _ = svc.AddEntry(ctx, ana, entry("Oatmeal", "breakfast", "2026-03-02", 154, 6, 28, 3))
		_, _ = svc.AddEntry(ctx, bo, entry("Salmon", "dinner", "2026-03-02", 208, 22, 0, 13))
		got, err = svc.ExportUserData(ctx, ana)
		ex := got.(Export)
		if err != nil || ex.Profile == nil || ex.Profile.DailyCalories != 2500 || len(ex.FoodEntries) != 2 || ex.FoodEntries[0].FoodName != "Eggs" {
			t.Errorf("export: %+v %v", ex, err)
		}
	})
}

func TestNutritionResolveDate(t *testing.T) {
	// 04:30 UTC on 3 March is 23:30 on 2 March in New York and 13:30 on 3 March in Tokyo.
	now := time.Date(2026, 3, 3, 4, 30, 0, 0, time.UTC)
	cases := []struct{ date, tz, want string }{
		{"", "", "2026-03-03"},
		{"", "America/New_York", "2026-03-02"},
		{"", "Asia/Tokyo", "2026-03-03"},
		{"", "Pacific/Kiritimati", "2026-03-03"},
		{"2026-01-15", "America/New_York", "2026-01-15"},
		{" 2026-01-15 ", "", "2026-01-15"},
	}
	for _, tc := range cases {
		got, err := ResolveDate(tc.date, tc.tz, now)
		if err != nil || got != tc.want {
			t.Errorf("ResolveDate(%q, %q) = %q, %v; want %q", tc.date, tc.tz, got, err, tc.want)
		}
	}
	for _, bad := range [][2]string{{"2026-13-01", ""}, {"03/02/2026", ""}, {"1999-12-31", ""}, {"", "Nowhere/City"}, {"", "Local"}} {
		if _, err := ResolveDate(bad[0], bad[1], now); apperr.As(err).Code != apperr.CodeInvalid {
			t.Errorf("ResolveDate(%q, %q): %v, want 400", bad[0], bad[1], err)
		}
	}
}
