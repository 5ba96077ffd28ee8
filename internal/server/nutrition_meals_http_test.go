package server_test

import (
	"fmt"
	"net/http"
	"testing"

	"hyrox/internal/server/servertest"
)

// Saved meals and recipes over HTTP (docs/nutrition-diary.md#saved-meals-and-recipes):
// a recipe saved and logged as servings; bad input is a 400 naming the field
// and stores nothing; a bad or unknown id is a 404 saying what was not found.
func TestNutritionSavedMealsOverHTTP(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUserWithTier("pro")
		entry := nutritionEntry(c) // a banana, 105 kcal, on 2026-03-02

		bad := []struct {
			body  any
			field string
			msg   string
		}{
			{map[string]any{"name": "", "entryIds": []int64{entry}}, "name", "Name is required"},
			{map[string]any{"name": "Snack", "entryIds": []int64{}}, "entryIds", "Choose at least one food"},
			{map[string]any{"name": "Snack", "entryIds": []int64{entry + 1000}}, "entryIds", "Choose foods from your diary"},
			{map[string]any{"name": "Snack", "entryIds": []int64{entry}, "servings": 0}, "servings", "Servings must be more than 0 and at most 100"},
			{map[string]any{"name": "Snack", "entryIds": []int64{entry}, "servings": 1e6}, "servings", "Servings must be more than 0 and at most 100"},
		}
		for _, b := range bad {
			res := c.Do("POST", "/api/nutrition/saved-meals", b.body).Want(http.StatusBadRequest)
			if got := res.FieldError(b.field); got != b.msg {
				t.Errorf("%v: %s = %q, want %q", b.body, b.field, got, b.msg)
			}
		}
		c.Do("POST", "/api/nutrition/saved-meals", `{"name": "Snack", "entryIds": ["x"]}`).Want(http.StatusBadRequest)
		c.Do("POST", "/api/nutrition/saved-meals", `not json`).Want(http.StatusBadRequest)
		if n := nutritionCount(t, e, "saved_meals"); n != 0 {
			t.Fatalf("bad input stored %d saved meals", n)
		}

		var recipe struct {
			ID         int64
			PerServing struct{ Calories int }
		}
		c.Do("POST", "/api/nutrition/saved-meals", map[string]any{"name": "Banana bread", "entryIds": []int64{entry}, "servings": 2}).
			Want(http.StatusCreated).JSON(&recipe)
		if recipe.PerServing.Calories != 53 {
			t.Errorf("per serving: %+v", recipe)
		}
		path := fmt.Sprintf("/api/nutrition/saved-meals/%d", recipe.ID)
		var logged struct {
			Entries []struct {
				FoodName, Quantity string
				Calories           int
			}
		}
		c.Do("POST", path+"/log", map[string]any{"date": "2026-03-03", "mealType": "snack", "servings": 3}).Want(http.StatusCreated).JSON(&logged)
		if len(logged.Entries) != 1 || logged.Entries[0].FoodName != "Banana bread" || logged.Entries[0].Quantity != "3 servings" || logged.Entries[0].Calories != 158 {
			t.Errorf("logged: %+v", logged)
		}
		res := c.Do("POST", path+"/log", map[string]any{"date": "2026-03-03", "mealType": "snack", "servings": -1}).Want(http.StatusBadRequest)
		if got := res.FieldError("servings"); got != "Servings must be more than 0 and at most 20" {
			t.Errorf("servings -1: %q", got)
		}
		c.Do("PATCH", path, map[string]any{"name": "  "}).Want(http.StatusBadRequest)

		for _, p := range []string{"/api/nutrition/saved-meals/abc", "/api/nutrition/saved-meals/0", path + "000"} {
			if msg := c.Do("DELETE", p, nil).Want(http.StatusNotFound).Message(); msg != "Saved meal not found." {
				t.Errorf("DELETE %s: %q", p, msg)
			}
		}
		if n := nutritionCount(t, e, "saved_meals"); n != 1 {
			t.Errorf("%d saved meals, want 1", n)
		}
	})
}
