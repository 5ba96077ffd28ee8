package nutrition

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/httpx"
)

// seedEntries gives one user n entries spread over n/10 days (10 a day).
func seedEntries(b *testing.B, d *db.DB, userID int64, n int) {
	ctx := context.Background()
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for i := 0; i < n; i++ {
			p := Presets[i%len(Presets)]
			date := start.AddDate(0, 0, i/10).Format(dateLayout)
			if _, err := tx.Exec(ctx, `INSERT INTO food_entries (user_id, entry_date, food_name, calories, protein, carbs, fat, quantity, meal_type, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, userID, date, p.FoodName, p.Calories, p.Protein, p.Carbs, p.Fat, p.Quantity,
				MealTypes[i%len(MealTypes)], testNow); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkNutritionDayView is the Nutrition page's day: the profile with the
// day's sums plus the day's entries grouped by meal, for a user with 5,000
// entries (the issue asks for under 10 ms on SQLite). DBTEST_ENGINE=postgres
// runs it on PostgreSQL.
func BenchmarkNutritionDayView(b *testing.B) {
	d := dbtest.Open(b)
	ctx := context.Background()
	svc := newService(d)
	user := dbtest.NewUser(b, d, "ana", "pro")
	other := dbtest.NewUser(b, d, "bo", "pro")
	seedEntries(b, d, user, 5000)
	seedEntries(b, d, other, 5000)
	if _, err := svc.SaveTargets(ctx, user, Targets{2500, 165, 300, 80}, "2024-03-01", time.UTC); err != nil {
		b.Fatal(err)
	}
	date := "2024-03-01" // day 60: 10 entries
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, err := svc.Profile(ctx, user, date)
		if err != nil || p.CurrentCalories == 0 {
			b.Fatal(p, err)
		}
		day, err := svc.Day(ctx, user, date)
		if err != nil || len(day.Meals) != 4 {
			b.Fatal(err)
		}
	}
}

// FuzzNutritionFoodEntryBody feeds bytes to the POST /api/food-entries decoder
// and rules: they must answer or reject, never panic.
func FuzzNutritionFoodEntryBody(f *testing.F) {
	f.Add([]byte(`{"userId":1,"foodName":"Banana","calories":105,"protein":1,"carbs":27,"fat":0,"quantity":"1 medium","mealType":"snack"}`))
	f.Add([]byte(`{"foodName":"","calories":-1,"date":"2026-02-30","tz":"Mars/Base"}`))
	f.Add([]byte(`{"calories":1e309}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var in NewFoodEntry
		if err := httpx.DecodeJSONBytes(bytes.NewReader(body), &in); err != nil {
			return
		}
		if err := validateEntry(&in); err != nil {
			if apperr.As(err).Code != apperr.CodeInvalid {
				t.Fatalf("non-400 validation error: %v", err)
			}
			return
		}
		_, _ = ResolveDate(in.Date, in.TZ, testNow)
	})
}

// FuzzNutritionTargetsBody feeds bytes through PUT /api/nutrition/{userId}'s
// decoder and service, as auth's fuzz targets do: a rejected body answers 400
// and leaves the saved targets as they were; an accepted one is in range and
// is what is stored.
func FuzzNutritionTargetsBody(f *testing.F) {
	f.Add([]byte(`{"dailyCalories":2500,"proteinTarget":165,"carbsTarget":300,"fatTarget":80}`))
	f.Add([]byte(`{"dailyCalories":"x"}`))
	f.Add([]byte(`{"dailyCalories":799,"proteinTarget":165,"carbsTarget":300,"fatTarget":80}`))
	f.Add([]byte(`{"dailyCalories":3000,"proteinTarget":1,"carbsTarget":1000,"fatTarget":1}`))
	f.Add([]byte(`{"dailyCalories":2500,"proteinTarget":165,"carbsTarget":300,"fatTarget":80,"extra":1}`))
	ctx := context.Background()
	d := dbtest.OpenSQLite(f)
	svc := newService(d)
	user := dbtest.NewUser(f, d, "ana", "pro")
	saved := Targets{2500, 165, 300, 80}
	if _, err := svc.SaveTargets(ctx, user, saved, "2026-03-02", time.UTC); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var in Targets
		err := httpx.DecodeJSONBytes(bytes.NewReader(body), &in)
		if err == nil {
			_, err = svc.SaveTargets(ctx, user, in, "2026-03-02", time.UTC)
		}
		got, gerr := svc.store.Targets(ctx, user)
		if gerr != nil {
			t.Fatal(gerr)
		}
		if err != nil {
			if status := httpx.Status(apperr.As(err)); status != 400 {
				t.Fatalf("a rejected body answered %d, want 400: %v", status, err)
			}
			if got != saved {
				t.Fatalf("a rejected body changed the targets from %+v to %+v", saved, got)
			}
			return
		}
		if got != in {
			t.Fatalf("stored %+v, accepted %+v", got, in)
		}
		inRange := func(v, lo, hi int) bool { return v >= lo && v <= hi }
		if !inRange(got.DailyCalories, MinDailyCalories, MaxDailyCalories) || !inRange(got.ProteinTarget, MinMacroTarget, MaxMacroTarget) ||
			!inRange(got.CarbsTarget, MinMacroTarget, MaxMacroTarget) || !inRange(got.FatTarget, MinMacroTarget, MaxMacroTarget) {
			t.Fatalf("accepted targets out of range: %+v", got)
		}
		saved = got
	})
}

// FuzzNutritionSuggestBody covers POST /api/nutrition/suggest: whatever
// passes validation yields targets within the PUT bounds.
func FuzzNutritionSuggestBody(f *testing.F) {
	f.Add([]byte(`{"weightKg":80,"heightCm":180,"age":30,"sex":"male","activity":"active"}`))
	f.Add([]byte(`{"weightKg":1e308,"heightCm":-1,"age":30,"sex":"FEMALE","activity":"very_active","goal":"lose"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var in SuggestInput
		if err := httpx.DecodeJSONBytes(bytes.NewReader(body), &in); err != nil {
			return
		}
		if err := validateSuggest(&in); err != nil {
			return
		}
		if err := validateTargets(Suggest(in).Targets); err != nil {
			t.Fatalf("%+v: suggestion out of bounds: %v", in, err)
		}
	})
}

// BenchmarkNutritionFoodSearch is the food search box: typed prefixes over
// the whole SR24 database (8,858 foods) for an athlete who has logged 500
// foods; it reports the p99 of one search (the issue asks for under 20 ms).
// DBTEST_ENGINE=postgres runs it on PostgreSQL.
func BenchmarkNutritionFoodSearch(b *testing.B) {
	d := dbtest.Open(b)
	ctx := context.Background()
	if err := LoadFoods(ctx, d); err != nil {
		b.Fatal(err)
	}
	svc := newService(d)
	user := dbtest.NewUser(b, d, "ana", "pro")
	foods, _ := EmbeddedFoods()
	for i := 0; i < 500; i++ {
		if _, err := svc.AddEntry(ctx, user, NewFoodEntry{FoodID: foods[i*17%len(foods)].ID, Grams: 100, MealType: "lunch",
			Date: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i/20).Format(dateLayout)}); err != nil {
			b.Fatal(err)
		}
	}
	// Starred foods and custom foods join every search (issue 15's diary).
	for i := 0; i < 50; i++ {
		if err := svc.SetFavourite(ctx, user, foods[i*31%len(foods)].ID, true); err != nil {
			b.Fatal(err)
		}
		if _, err := svc.CreateCustomFood(ctx, user, NewCustomFood{Name: fmt.Sprintf("Homemade bar %d", i), Kcal: 400, Protein: 10,
			Carbs: 60, Fat: 12, Measures: []Measure{{"bar", 60}}}); err != nil {
			b.Fatal(err)
		}
	}
	queries := []string{"c", "ch", "chick bre", "yog pla", "b", "bee gro", "apple raw", "chees ched", "s", "rice bro cook", "egg", "milk", "home bar"}
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := svc.SearchFoods(ctx, user, queries[i%len(queries)], 0); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkNutritionHistory is the history card: 84 days of sums and the
// targets for a user with 5,000 entries (a tenth of them deleted, waiting
// for their purge). DBTEST_ENGINE=postgres runs it on PostgreSQL.
func BenchmarkNutritionHistory(b *testing.B) {
	d := dbtest.Open(b)
	ctx := context.Background()
	svc := newService(d)
	user := dbtest.NewUser(b, d, "ana", "pro")
	seedEntries(b, d, user, 5000)
	seedEntries(b, d, dbtest.NewUser(b, d, "bo", "pro"), 5000)
	if _, err := d.Exec(ctx, `UPDATE food_entries SET deleted_at = ? WHERE user_id = ? AND id % 10 = 0`, testNow, user); err != nil {
		b.Fatal(err)
	}
	if _, err := svc.SaveTargets(ctx, user, Targets{2500, 165, 300, 80}, "2024-03-01", time.UTC); err != nil {
		b.Fatal(err)
	}
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		h, err := svc.History(ctx, user, "2024-05-01", time.UTC)
		if err != nil || h.TwelveWeeks.DaysLogged != 84 {
			b.Fatal(h.TwelveWeeks, err)
		}
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkNutritionPlan is the plan card without a calendar: the targets
// and a generated day of meals.
func BenchmarkNutritionPlan(b *testing.B) {
	d := dbtest.Open(b)
	ctx := context.Background()
	svc := newService(d)
	user := dbtest.NewUser(b, d, "ana", "pro")
	if _, err := svc.SaveTargets(ctx, user, Targets{2500, 165, 300, 80}, "2024-03-01", time.UTC); err != nil {
		b.Fatal(err)
	}
	svc.UsePlanner(fakePlanner{"2024-03-02": {Date: "2024-03-02", Kind: "training", PlannedMinutes: 90, PlannedLoad: 630}})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if p, err := svc.Plan(ctx, user, "2024-03-02", time.UTC, []int{i % 3, 0, 1, 2}); err != nil || len(p.Meals) != 4 {
			b.Fatal(p, err)
		}
	}
}
