package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
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

// Editing a custom food over HTTP (docs/nutrition-foods.md#custom-foods): the
// creation rules with per-field messages, the owner only, logged entries kept.
func TestNutritionEditCustomFood(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		ana, bo := e.NewUserWithTier("pro"), e.NewUserWithTier("pro")
		id := customFood(ana)
		path := "/api/nutrition/custom-foods/" + strconv.FormatInt(id, 10)
		var entry struct {
			ID       int64
			Calories int
		}
		ana.Do("POST", "/api/food-entries", map[string]any{"customFoodId": id, "measure": "bar", "count": 1, "mealType": "snack",
			"date": "2026-03-02"}).Want(201).JSON(&entry)

		type food struct {
			ID                        int64
			Name                      string
			Kcal, Protein, Carbs, Fat float64
			Custom                    bool
			Measures                  []struct {
				Label string
				Grams float64
			}
		}
		unchanged := func(label string) {
			t.Helper()
			var f food
			ana.Do("GET", path, nil).Want(200).JSON(&f)
			if f.Name != "Oat bar" || f.Kcal != 400 || len(f.Measures) != 1 {
				t.Fatalf("%s changed the food: %+v", label, f)
			}
		}
		res := ana.Do("PUT", path, map[string]any{"name": "", "kcal": 901, "protein": 10, "carbs": 60, "fat": 12,
			"measures": []map[string]any{{"label": "bar", "grams": 0}}}).Want(400)
		if res.FieldError("name") != "Name is required" || res.FieldError("kcal") != "Calories per 100 g must be between 0 and 900" ||
			res.FieldError("measures") != "A portion must weigh more than 0 g and at most 5000 g" {
			t.Errorf("bad edit: %s", res.Body)
		}
		unchanged("a bad edit")
		edit := map[string]any{"name": "Oat bar (less sugar)", "kcal": 350, "protein": 12, "carbs": 50, "fat": 10,
			"measures": []map[string]any{{"label": "bar", "grams": 50}, {"label": "bite", "grams": 10}}}
		bo.Do("PUT", path, edit).Want(404)
		unchanged("another athlete")
		ana.Do("PUT", "/api/nutrition/custom-foods/99999999", edit).Want(404)

		var f food
		ana.Do("PUT", path, edit).Want(200).JSON(&f)
		if f.ID != id || f.Name != "Oat bar (less sugar)" || f.Kcal != 350 || !f.Custom || len(f.Measures) != 2 || f.Measures[1].Label != "bite" {
			t.Fatalf("edited: %+v", f)
		}
		var day struct {
			Meals []struct {
				MealType string
				Entries  []struct {
					ID       int64
					Calories int
					FoodName string
				}
			}
		}
		ana.Do("GET", "/api/food-entries?date=2026-03-02", nil).Want(200).JSON(&day)
		snack := day.Meals[3].Entries
		if len(snack) != 1 || snack[0].ID != entry.ID || snack[0].Calories != 240 || snack[0].FoodName != "Oat bar" {
			t.Fatalf("the logged entry changed with its food: %+v", day.Meals)
		}
	})
}
