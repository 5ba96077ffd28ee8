package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"hyrox/internal/nutrition"
	"hyrox/internal/server/servertest"
)

type foodResult struct {
	ID       int64
	Name     string
	Recent   bool
	Measures []struct {
		Label string
		Grams float64
	}
}

func TestNutritionFoodSearchAndPortions(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		if err := nutrition.LoadFoods(context.Background(), e.App.DB); err != nil {
			t.Fatal(err)
		}
		c := e.NewUserWithTier("pro")

		var list struct{ Foods []foodResult }
		c.Do("GET", "/api/nutrition/foods?q="+url.QueryEscape("yog pla")+"&limit=3", nil).Want(200).JSON(&list)
		if len(list.Foods) != 3 || !strings.HasPrefix(list.Foods[0].Name, "Yogurt, plain") || len(list.Foods[0].Measures) == 0 {
			t.Fatalf("yog pla: %+v", list.Foods)
		}
		yogurt := list.Foods[0]

		for q, want := range map[string]string{
			"":                       "Type a food to search for",
			strings.Repeat("x", 500): "Search must be at most 100 characters",
		} {
			if res := c.Do("GET", "/api/nutrition/foods?q="+q, nil).Want(400); res.FieldError("q") != want {
				t.Errorf("q of %d chars: %q", len(q), res.Message())
			}
		}
		if res := c.Do("GET", "/api/nutrition/foods?q=egg&limit=abc", nil).Want(400); res.FieldError("limit") != "Limit must be between 1 and 50" {
			t.Errorf("bad limit: %q", res.Message())
		}

		// 1.5 of the first measure: macros from the grams, on the server.
		m := yogurt.Measures[0]
		var entry struct {
			FoodID   int64
			Grams    float64
			Quantity string
			Calories int
		}
		c.Do("POST", "/api/food-entries", map[string]any{"foodId": yogurt.ID, "measure": m.Label, "count": 1.5,
			"mealType": "breakfast", "date": "2026-03-02"}).Want(201).JSON(&entry)
		if entry.FoodID != yogurt.ID || entry.Grams != m.Grams*1.5 || entry.Quantity != "1.5 "+m.Label || entry.Calories < 1 {
			t.Fatalf("logged: %+v", entry)
		}
		c.Do("GET", "/api/nutrition/foods?q=yog", nil).Want(200).JSON(&list)
		if list.Foods[0].ID != yogurt.ID || !list.Foods[0].Recent {
			t.Fatalf("recent food first: %+v", list.Foods[0])
		}

		before := nutritionCount(t, e, "food_entries")
		for _, body := range []map[string]any{
			{"foodId": yogurt.ID, "grams": 0, "mealType": "lunch"},
			{"foodId": yogurt.ID, "grams": 10000, "mealType": "lunch"},
		} {
			res := c.Do("POST", "/api/food-entries", body).Want(400)
			if res.FieldError("grams") == "" {
				t.Errorf("%v: %q", body, res.Message())
			}
		}
		c.Do("POST", "/api/food-entries", map[string]any{"foodId": 99999999, "grams": 100, "mealType": "lunch"}).Want(http.StatusNotFound)
		if after := nutritionCount(t, e, "food_entries"); after != before {
			t.Fatalf("rejected portions changed the diary: %d -> %d", before, after)
		}

		e.NewUserWithTier("basic").Do("GET", "/api/nutrition/foods?q=egg", nil).Want(http.StatusForbidden)
	})
}
