package server_test

import (
	"fmt"
	"testing"

	"hyrox/internal/server/servertest"
)

// Micronutrients (docs/nutrition-foods.md#micronutrients): pro; the day is
// the signed-in athlete's own.
func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/nutrition/micros", MinTier: "pro"},
	)
}

// TestMicrosHTTP: the day's totals come from the athlete's own entries; a
// bad sex or birth year is a 400 naming the field and nothing is stored.
func TestMicrosHTTP(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		loadFoodsForMatrix(t, e)
		ana := e.NewUserWithTier("pro")
		bob := e.NewUserWithTier("pro")
		path := fmt.Sprintf("/api/nutrition/%d", ana.User.ID)
		body := nutritionTargetsBody()
		ana.Do("PUT", path, body).Want(200)
		for _, bad := range []map[string]any{{"sex": "other"}, {"birthYear": 1800}, {"birthYear": 2030}, {"birthYear": "1990"}} {
			b := map[string]any{}
			for k, v := range body {
				b[k] = v
			}
			for k, v := range bad {
				b[k] = v
			}
			ana.Do("PUT", path, b).Want(400)
		}
		var p struct {
			Sex       *string
			BirthYear *int
		}
		ana.Do("GET", path+"?date=2026-03-02", nil).Want(200).JSON(&p)
		if p.Sex != nil || p.BirthYear != nil {
			t.Fatalf("bad input stored: %+v", p)
		}
		b := map[string]any{"sex": "female", "birthYear": 1990}
		for k, v := range body {
			b[k] = v
		}
		ana.Do("PUT", path, b).Want(200).JSON(&p)
		if p.Sex == nil || *p.Sex != "female" || p.BirthYear == nil || *p.BirthYear != 1990 {
			t.Fatalf("profile = %+v", p)
		}
		// 200 g of raw broccoli (11090): its potassium and vitamin C.
		ana.Do("POST", "/api/food-entries", map[string]any{"foodId": 11090, "grams": 200, "mealType": "lunch", "date": "2026-03-02"}).Want(201)
		type total struct {
			Key       string
			Amount    float64
			Missing   int
			Reference *float64
		}
		var day struct {
			Entries   int
			Basis     string
			Nutrients []total
		}
		ana.Do("GET", "/api/nutrition/micros?date=2026-03-02", nil).Want(200).JSON(&day)
		if day.Entries != 1 || len(day.Nutrients) != 13 || day.Nutrients[1].Key != "potassium" || day.Nutrients[1].Amount != 632 ||
			*day.Nutrients[1].Reference != 2600 {
			t.Fatalf("ana's day = %+v", day)
		}
		bob.Do("GET", "/api/nutrition/micros?date=2026-03-02", nil).Want(200).JSON(&day)
		if day.Entries != 0 || day.Nutrients[1].Amount != 0 {
			t.Fatalf("bob sees ana's day: %+v", day)
		}
		ana.Do("GET", "/api/nutrition/micros?date=2026-02-30", nil).Want(400)
		ana.Do("GET", "/api/nutrition/micros?tz=Mars/Base", nil).Want(400)
	})
}
