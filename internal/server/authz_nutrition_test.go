package server_test

import (
	"context"
	"fmt"
	"testing"

	"hyrox/internal/nutrition"
	"hyrox/internal/server/servertest"
)

func nutritionTargetsBody() map[string]int {
	return map[string]int{"dailyCalories": 2500, "proteinTarget": 165, "carbsTarget": 300, "fatTarget": 80}
}

func nutritionEntryBody(userID int64) map[string]any {
	return map[string]any{"userId": userID, "foodName": "Banana", "calories": 105, "protein": 1, "carbs": 27, "fat": 0,
		"quantity": "1 medium", "mealType": "snack", "date": "2026-03-02"}
}

func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/nutrition/{userId}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				path := fmt.Sprintf("/api/nutrition/%d", owner.User.ID)
				owner.Do("PUT", path, nutritionTargetsBody()).Want(200)
				return path, nil
			}},
		authzCase{Method: "PUT", Path: "/api/nutrition/{userId}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/nutrition/%d", owner.User.ID), nutritionTargetsBody()
			}},
		authzCase{Method: "POST", Path: "/api/nutrition/suggest", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/nutrition/suggest", map[string]any{"weightKg": 80, "heightCm": 180, "age": 30, "sex": "male", "activity": "active"}
			}},
		authzCase{Method: "GET", Path: "/api/nutrition/foods", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/nutrition/foods?q=chick+bre", nil
			}},
		authzCase{Method: "GET", Path: "/api/food-entries", MinTier: "pro"},
		authzCase{Method: "POST", Path: "/api/food-entries", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/food-entries", nutritionEntryBody(owner.User.ID)
			}},
		authzCase{Method: "DELETE", Path: "/api/food-entries/{id}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				var created struct{ ID int64 }
				owner.Do("POST", "/api/food-entries", nutritionEntryBody(owner.User.ID)).Want(201).JSON(&created)
				return fmt.Sprintf("/api/food-entries/%d", created.ID), nil
			}},
	)
}

// nutritionEntry logs a manual entry for owner on 2026-03-02 and returns its id.
func nutritionEntry(owner *servertest.Client) int64 {
	var created struct{ ID int64 }
	owner.Do("POST", "/api/food-entries", nutritionEntryBody(owner.User.ID)).Want(201).JSON(&created)
	return created.ID
}

func loadFoodsForMatrix(t *testing.T, e *servertest.Env) {
	t.Helper()
	if err := nutrition.LoadFoods(context.Background(), e.App.DB); err != nil {
		t.Fatal(err)
	}
}

func customFoodBody() map[string]any {
	return map[string]any{"name": "Oat bar", "kcal": 400, "protein": 10, "carbs": 60, "fat": 12, "measures": []map[string]any{{"label": "bar", "grams": 60}}}
}

func customFood(owner *servertest.Client) int64 {
	var created struct{ ID int64 }
	owner.Do("POST", "/api/nutrition/custom-foods", customFoodBody()).Want(201).JSON(&created)
	return created.ID
}

// The diary's depth, history and plans (issue 15): all pro; entries and
// custom foods are the owner's alone (another athlete gets a 404).
func init() {
	addToMatrix(
		authzCase{Method: "PATCH", Path: "/api/food-entries/{id}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/food-entries/%d", nutritionEntry(owner)), map[string]any{"mealType": "lunch", "calories": 110}
			}},
		authzCase{Method: "POST", Path: "/api/food-entries/{id}/restore", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				id := nutritionEntry(owner)
				owner.Do("DELETE", fmt.Sprintf("/api/food-entries/%d", id), nil).Want(204)
				return fmt.Sprintf("/api/food-entries/%d/restore", id), nil
			}},
		authzCase{Method: "POST", Path: "/api/food-entries/copy", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				nutritionEntry(owner)
				return "/api/food-entries/copy", map[string]any{"fromDate": "2026-03-02", "toDate": "2026-03-01", "mealType": "snack"}
			}},
		authzCase{Method: "GET", Path: "/api/nutrition/my-foods", MinTier: "pro"},
		authzCase{Method: "GET", Path: "/api/nutrition/foods/{id}", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				loadFoodsForMatrix(t, e)
				return "/api/nutrition/foods/1117", nil
			}},
		authzCase{Method: "PUT", Path: "/api/nutrition/favourites/{foodId}", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				loadFoodsForMatrix(t, e)
				return "/api/nutrition/favourites/1117", nil
			}},
		authzCase{Method: "DELETE", Path: "/api/nutrition/favourites/{foodId}", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				loadFoodsForMatrix(t, e)
				owner.Do("PUT", "/api/nutrition/favourites/1117", nil).Want(204)
				return "/api/nutrition/favourites/1117", nil
			}},
		authzCase{Method: "POST", Path: "/api/nutrition/custom-foods", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/nutrition/custom-foods", customFoodBody()
			}},
		authzCase{Method: "GET", Path: "/api/nutrition/custom-foods/{id}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/nutrition/custom-foods/%d", customFood(owner)), nil
			}},
		authzCase{Method: "PUT", Path: "/api/nutrition/custom-foods/{id}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				body := customFoodBody()
				body["name"] = "Oat bar (less sugar)"
				return fmt.Sprintf("/api/nutrition/custom-foods/%d", customFood(owner)), body
			}},
		authzCase{Method: "DELETE", Path: "/api/nutrition/custom-foods/{id}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/nutrition/custom-foods/%d", customFood(owner)), nil
			}},
		authzCase{Method: "GET", Path: "/api/nutrition/history", MinTier: "pro"},
		authzCase{Method: "GET", Path: "/api/nutrition/plan", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				owner.Do("PUT", fmt.Sprintf("/api/nutrition/%d", owner.User.ID), nutritionTargetsBody()).Want(200)
				return "/api/nutrition/plan?date=2026-03-02", nil
			}},
		authzCase{Method: "POST", Path: "/api/nutrition/plan/meals", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				loadFoodsForMatrix(t, e)
				owner.Do("PUT", fmt.Sprintf("/api/nutrition/%d", owner.User.ID), nutritionTargetsBody()).Want(200)
				return "/api/nutrition/plan/meals", map[string]any{"date": "2026-03-02", "mealType": "lunch", "swaps": []int{0, 1, 0, 0}}
			}},
	)
}

// barcodeProduct puts a product in the barcode cache (no call to Open Food
// Facts in these tests) and returns its path.
func barcodeProduct(t *testing.T, e *servertest.Env) string {
	_, err := e.App.DB.Exec(context.Background(), `INSERT INTO barcode_products
		(barcode, name, brand, serving_g, kcal, protein, carbs, fat, fiber, sugars, sodium_mg, fetched_at)
		VALUES ('5000112637922', 'Gel 100', 'Maurten', 40, 250, 0, 62.5, 0, 0, 30, 80, CURRENT_TIMESTAMP) ON CONFLICT (barcode) DO NOTHING`)
	if err != nil {
		t.Fatal(err)
	}
	return "/api/nutrition/barcodes/5000112637922"
}

func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/nutrition/barcodes/{code}", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return barcodeProduct(t, e), nil
			}},
		// A correction is the athlete's own (it changes what only they see
		// until a second athlete confirms it).
		authzCase{Method: "PUT", Path: "/api/nutrition/barcodes/{code}", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return barcodeProduct(t, e), map[string]any{"name": "Gel 100", "brand": "Maurten", "servingGrams": 40,
					"kcal": 250, "protein": 0, "carbs": 62.5, "fat": 0, "fiber": 0, "sugars": 31, "sodiumMg": 85}
			}},
	)
}

// savedMeal saves owner's logged entry as a meal (or, with servings, a
// recipe) and returns its id.
func savedMeal(owner *servertest.Client, servings any) int64 {
	var created struct{ ID int64 }
	body := map[string]any{"name": "Usual breakfast", "entryIds": []int64{nutritionEntry(owner)}}
	if servings != nil {
		body["servings"] = servings
	}
	owner.Do("POST", "/api/nutrition/saved-meals", body).Want(201).JSON(&created)
	return created.ID
}

// Saved meals and recipes (issue 32): all pro; a meal is its owner's alone
// (another athlete gets a 404 and changes nothing).
func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/nutrition/saved-meals", MinTier: "pro"},
		// Another athlete's entry ids are a 400 naming the field (the Go tests
		// of internal/nutrition), so this row is not Owned.
		authzCase{Method: "POST", Path: "/api/nutrition/saved-meals", MinTier: "pro",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/nutrition/saved-meals", map[string]any{"name": "Usual breakfast", "entryIds": []int64{nutritionEntry(owner)}}
			}},
		authzCase{Method: "PATCH", Path: "/api/nutrition/saved-meals/{id}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/nutrition/saved-meals/%d", savedMeal(owner, nil)), map[string]any{"name": "Race-week breakfast"}
			}},
		authzCase{Method: "DELETE", Path: "/api/nutrition/saved-meals/{id}", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/nutrition/saved-meals/%d", savedMeal(owner, nil)), nil
			}},
		authzCase{Method: "POST", Path: "/api/nutrition/saved-meals/{id}/log", MinTier: "pro", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return fmt.Sprintf("/api/nutrition/saved-meals/%d/log", savedMeal(owner, 4)),
					map[string]any{"date": "2026-03-03", "mealType": "dinner", "servings": 1.5}
			}},
	)
}
