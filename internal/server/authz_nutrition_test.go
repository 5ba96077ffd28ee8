package server_test

import (
	"fmt"
	"testing"

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
