package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

type nutritionProfile struct {
	Date            string
	DailyCalories   int
	ProteinTarget   int
	CurrentCalories int
	CurrentProtein  int
	CurrentCarbs    int
	CurrentFat      int
}

type foodDay struct {
	Date  string
	Meals []struct {
		MealType string
		Calories int
		Entries  []struct {
			ID       int64
			FoodName string
			Date     string
		}
	}
}

func nutritionCount(t *testing.T, e *servertest.Env, table string) int {
	var n int
	if err := e.App.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestNutritionProfileAndDiaryFlow(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUserWithTier("pro")
		path := fmt.Sprintf("/api/nutrition/%d", c.User.ID)

		// No profile yet is an expected state: 200 with null, not a 404 (docs/product.md#nutrition).
		res := c.Do("GET", path, nil).Want(http.StatusOK)
		if strings.TrimSpace(string(res.Body)) != "null" {
			t.Errorf("no profile yet answers null, got %s", res.Body)
		}

		var s struct {
			DailyCalories, ProteinTarget, CarbsTarget, FatTarget, BMR int
		}
		c.Do("POST", "/api/nutrition/suggest", map[string]any{"weightKg": 80, "heightCm": 180, "age": 30, "sex": "male", "activity": "active"}).
			Want(200).JSON(&s)
		if s.DailyCalories != 3070 || s.ProteinTarget != 160 || s.BMR != 1780 {
			t.Errorf("suggestion: %+v", s)
		}
		bad := c.Do("POST", "/api/nutrition/suggest", map[string]any{"weightKg": 80, "heightCm": 180, "age": 30, "sex": "male", "activity": "couch"}).Want(400)
		if bad.FieldError("activity") == "" {
			t.Errorf("suggest activity: %s", bad.Body)
		}

		var p nutritionProfile
		c.Do("PUT", path+"?date=2026-03-02", map[string]int{"dailyCalories": s.DailyCalories, "proteinTarget": s.ProteinTarget,
			"carbsTarget": s.CarbsTarget, "fatTarget": s.FatTarget}).Want(200).JSON(&p)
		if p.DailyCalories != 3070 || p.CurrentCalories != 0 || p.Date != "2026-03-02" {
			t.Errorf("saved: %+v", p)
		}
		inv := c.Do("PUT", path, map[string]int{"dailyCalories": 50, "proteinTarget": 160, "carbsTarget": 400, "fatTarget": 80}).Want(400)
		if inv.FieldError("dailyCalories") != "Daily calories must be between 800 and 10000" {
			t.Errorf("bounds message: %s", inv.Body)
		}

		var banana, eggs struct{ ID int64 }
		c.Do("POST", "/api/food-entries", nutritionEntryBody(c.User.ID)).Want(201).JSON(&banana)
		c.Do("POST", "/api/food-entries", map[string]any{"userId": c.User.ID, "foodName": "Eggs", "calories": 155, "protein": 13,
			"carbs": 1, "fat": 11, "quantity": "2 large", "mealType": "breakfast", "date": "2026-03-02"}).Want(201).JSON(&eggs)
		c.Do("POST", "/api/food-entries", map[string]any{"userId": c.User.ID, "foodName": "Salmon", "calories": 208, "protein": 22,
			"carbs": 0, "fat": 13, "quantity": "100g", "mealType": "dinner", "date": "2026-03-01"}).Want(201)

		c.Do("GET", path+"?date=2026-03-02", nil).Want(200).JSON(&p)
		if p.CurrentCalories != 260 || p.CurrentProtein != 14 || p.CurrentCarbs != 28 || p.CurrentFat != 11 {
			t.Errorf("sums: %+v", p)
		}
		var day foodDay
		c.Do("GET", "/api/food-entries?date=2026-03-02", nil).Want(200).JSON(&day)
		if len(day.Meals) != 4 || day.Meals[0].MealType != "breakfast" || len(day.Meals[0].Entries) != 1 ||
			day.Meals[3].MealType != "snack" || day.Meals[3].Calories != 105 || len(day.Meals[2].Entries) != 0 {
			t.Errorf("day: %+v", day)
		}

		// Someone else's entry is a 404 and stays.
		other := e.NewUserWithTier("pro")
		other.Do("DELETE", fmt.Sprintf("/api/food-entries/%d", eggs.ID), nil).Want(http.StatusNotFound)
		c.Do("DELETE", fmt.Sprintf("/api/food-entries/%d", eggs.ID), nil).Want(http.StatusNoContent)
		c.Do("DELETE", fmt.Sprintf("/api/food-entries/%d", eggs.ID), nil).Want(http.StatusNotFound)
		c.Do("DELETE", "/api/food-entries/abc", nil).Want(http.StatusNotFound)
		c.Do("GET", path+"?date=2026-03-02", nil).Want(200).JSON(&p)
		if p.CurrentCalories != 105 {
			t.Errorf("after delete: %+v", p)
		}
		c.Do("GET", path+"?date=2026-03-01", nil).Want(200).JSON(&p)
		if p.CurrentCalories != 208 {
			t.Errorf("yesterday: %+v", p)
		}
		c.Do("GET", path+"?date=nope", nil).Want(400)
		c.Do("GET", "/api/food-entries?tz=Nowhere/City", nil).Want(400)
	})
}

func TestNutritionFoodEntryValidationUsesSpecMessages(t *testing.T) {
	e := servertest.New(t)
	c := e.NewUserWithTier("pro")
	cases := []struct {
		field string
		value any
		msg   string
	}{
		{"foodName", "", "Food name is required"},
		{"calories", 0, "Calories must be at least 1"},
		{"protein", -1, "Protein cannot be negative"},
		{"carbs", -5, "Carbs cannot be negative"},
		{"fat", -2, "Fat cannot be negative"},
		{"quantity", " ", "Quantity is required"},
		{"mealType", "", "Meal type is required"},
		{"calories", 10001, "Calories cannot exceed 10000"},
		{"fat", 1001, "Fat cannot exceed 1000 g"},
	}
	for _, tc := range cases {
		body := nutritionEntryBody(c.User.ID)
		body[tc.field] = tc.value
		res := c.Do("POST", "/api/food-entries", body).Want(http.StatusBadRequest)
		if got := res.FieldError(tc.field); got != tc.msg {
			t.Errorf("%s=%v: %q, want %q", tc.field, tc.value, got, tc.msg)
		}
		if res.Message() != tc.msg {
			t.Errorf("%s: message %q", tc.field, res.Message())
		}
	}
	empty := c.Do("POST", "/api/food-entries", `{}`).Want(http.StatusBadRequest)
	if empty.Message() != "Food name is required" {
		t.Errorf("empty body message: %q", empty.Message())
	}
	c.Do("POST", "/api/food-entries", `{"foodName":"x","calories":1.5,"quantity":"1","mealType":"snack"}`).Want(http.StatusBadRequest)
	c.Do("POST", "/api/food-entries", `not json`).Want(http.StatusBadRequest)
	// A body naming someone else is refused.
	c.Do("POST", "/api/food-entries", nutritionEntryBody(c.User.ID+1000)).Want(http.StatusForbidden)
	if n := nutritionCount(t, e, "food_entries"); n != 0 {
		t.Errorf("bad input stored %d rows", n)
	}
}

func TestNutritionIsProOnly(t *testing.T) {
	e := servertest.New(t)
	basic := e.NewUser()
	for _, r := range []struct {
		method, path string
		body         any
	}{
		{"GET", fmt.Sprintf("/api/nutrition/%d", basic.User.ID), nil},
		{"PUT", fmt.Sprintf("/api/nutrition/%d", basic.User.ID), nutritionTargetsBody()},
		{"GET", "/api/food-entries", nil},
		{"POST", "/api/food-entries", nutritionEntryBody(basic.User.ID)},
	} {
		res := basic.Do(r.method, r.path, r.body).Want(http.StatusForbidden)
		if res.Message() != "This feature requires a Pro subscription or higher." || !res.Contains(`"requiredTier":"pro"`) {
			t.Errorf("%s %s: %s", r.method, r.path, res.Body)
		}
	}
	elite := e.NewUserWithTier("elite")
	elite.Do("GET", "/api/food-entries", nil).Want(200)
	elite.Do("GET", fmt.Sprintf("/api/nutrition/%d", basic.User.ID), nil).Want(http.StatusForbidden)
}

// TestNutritionLateNightEntryCountsForTheLocalDay: an entry logged at 23:30
// local time belongs to that local day, whatever the UTC date is.
func TestNutritionLateNightEntryCountsForTheLocalDay(t *testing.T) {
	cases := []struct {
		tz      string
		utc     time.Time // 23:30 local on 2 March
		localOn string
	}{
		{"America/New_York", time.Date(2026, 3, 3, 4, 30, 0, 0, time.UTC), "2026-03-02"},    // UTC-5: already 3 March in UTC
		{"America/Los_Angeles", time.Date(2026, 3, 3, 7, 30, 0, 0, time.UTC), "2026-03-02"}, // UTC-8
		{"Asia/Tokyo", time.Date(2026, 3, 2, 14, 30, 0, 0, time.UTC), "2026-03-02"},         // UTC+9
		{"Pacific/Auckland", time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC), "2026-03-02"},   // UTC+13 (daylight time)
		{"Europe/London", time.Date(2026, 3, 2, 23, 30, 0, 0, time.UTC), "2026-03-02"},      // UTC+0
		{"Asia/Kolkata", time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC), "2026-03-02"},        // UTC+5:30
	}
	e := servertest.New(t)
	for _, tc := range cases {
		t.Run(tc.tz, func(t *testing.T) {
			c := e.NewUserWithTier("pro")
			path := fmt.Sprintf("/api/nutrition/%d", c.User.ID)
			c.Do("PUT", path, nutritionTargetsBody()).Want(200)
			e.Clock.Set(tc.utc)

			// The browser sends only its zone: the server takes today's date there.
			body := nutritionEntryBody(c.User.ID)
			delete(body, "date")
			body["tz"] = tc.tz
			var created struct{ Date string }
			c.Do("POST", "/api/food-entries", body).Want(201).JSON(&created)
			if created.Date != tc.localOn {
				t.Errorf("entry date %s, want %s", created.Date, tc.localOn)
			}
			// The browser sends its local date: that date wins.
			body["date"] = tc.localOn
			c.Do("POST", "/api/food-entries", body).Want(201)

			var p nutritionProfile
			c.Do("GET", path+"?tz="+tc.tz, nil).Want(200).JSON(&p)
			if p.Date != tc.localOn || p.CurrentCalories != 210 {
				t.Errorf("today in %s: %+v", tc.tz, p)
			}
			var day foodDay
			c.Do("GET", "/api/food-entries?date="+tc.localOn, nil).Want(200).JSON(&day)
			if len(day.Meals[3].Entries) != 2 {
				t.Errorf("day view: %+v", day)
			}
		})
	}
}
