package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"hyrox/internal/nutrition"
	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
	"hyrox/internal/training"
)

// BenchmarkNutritionCheapReads is make bench's three cheap nutrition reads in
// process, each twice: through the app's handler (middleware, session, routing,
// JSON) and as the bare service call the same-SQL ceiling makes, so a CPU
// profile (-cpuprofile) shows what the app adds around the SQL. A pro athlete
// with ten entries today.
func BenchmarkNutritionCheapReads(b *testing.B) {
	e := servertest.New(b)
	c := e.NewUserWithTier("pro")
	today := e.Clock.Now().Format("2006-01-02")
	c.Do("PUT", fmt.Sprintf("/api/nutrition/%d?date=%s", c.User.ID, today),
		map[string]int{"dailyCalories": 2500, "proteinTarget": 165, "carbsTarget": 300, "fatTarget": 80}).Want(200)
	for i := range 10 {
		c.Do("POST", "/api/food-entries", map[string]any{"foodName": fmt.Sprintf("Meal %d", i), "calories": 300 + i, "protein": 20,
			"carbs": 30, "fat": 10, "quantity": "1 plate", "mealType": nutrition.MealTypes[i%len(nutrition.MealTypes)], "date": today}).Want(201)
	}
	cookie := "hyrox_session=" + c.Cookie("hyrox_session") + "; hyrox_signed_in=1"
	svc := nutrition.NewService(nutrition.NewStore(e.App.DB), e.Clock.Now)
	server.FollowTrainingCalendar(svc, training.NewService(training.NewStore(e.App.DB), e.Clock.Now))
	ctx := context.Background()
	h := e.App.Handler()
	reads := []struct {
		name, path string
		call       func() error
	}{
		{"nutrition today", fmt.Sprintf("/api/nutrition/%d?date=%s", c.User.ID, today),
			func() error { _, err := svc.Profile(ctx, c.User.ID, today); return err }},
		{"food entries today", "/api/food-entries?date=" + today,
			func() error { _, err := svc.Day(ctx, c.User.ID, today); return err }},
	}
	for _, r := range reads {
		b.Run(r.name+"/app", func(b *testing.B) {
			for b.Loop() {
				req := httptest.NewRequest("GET", r.path, nil)
				req.Header.Set("Cookie", cookie)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("%s: %d %s", r.path, rec.Code, rec.Body)
				}
			}
		})
		b.Run(r.name+"/same-sql", func(b *testing.B) {
			for b.Loop() {
				if err := r.call(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
