package server_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// The nutrition plan reads the training calendar through the server's wiring:
// a day with a long planned session raises the carbohydrate target above the
// profile's, a day without one is a rest day below it (docs/nutrition-foods.md#day-targets).
func TestNutritionPlanFollowsTheTrainingCalendar(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUserWithTier("elite")
		athlete.Do("PUT", fmt.Sprintf("/api/nutrition/%d", athlete.User.ID), nutritionTargetsBody()).Want(http.StatusOK)
		monday := thisMonday()
		// programBody plans a 45-minute RPE 7 session on Monday and a 60-minute run on Saturday.
		path := ownProgram(t, e, athlete)
		athlete.Do("POST", path+"/start", map[string]any{"startDate": monday}).Want(http.StatusCreated)

		type plan struct {
			Source string `json:"source"`
			Day    *struct {
				Kind string `json:"kind"`
			} `json:"day"`
			Targets struct {
				Carbs int `json:"carbsTarget"`
			} `json:"targets"`
		}
		day := func(date string) plan {
			var p plan
			athlete.Do("GET", "/api/nutrition/plan?date="+date, nil).Want(http.StatusOK).JSON(&p)
			return p
		}
		m, _ := time.Parse(time.DateOnly, monday)
		training, rest := day(monday), day(m.AddDate(0, 0, 1).Format(time.DateOnly))
		if training.Source != "calendar" || training.Day == nil || training.Day.Kind != "training" {
			t.Fatalf("Monday's plan does not come from the calendar: %+v", training)
		}
		if rest.Day == nil || rest.Day.Kind != "rest" || rest.Targets.Carbs >= training.Targets.Carbs {
			t.Fatalf("Tuesday (nothing planned) %+v vs Monday %+v", rest, training)
		}
		// Another athlete's calendar does not move this athlete's targets.
		other := e.NewUserWithTier("pro")
		other.Do("PUT", fmt.Sprintf("/api/nutrition/%d", other.User.ID), nutritionTargetsBody()).Want(http.StatusOK)
		var p plan
		other.Do("GET", "/api/nutrition/plan?date="+monday, nil).Want(http.StatusOK).JSON(&p)
		if p.Day != nil && p.Day.Kind == "training" {
			t.Fatalf("another athlete's Monday is a training day: %+v", p)
		}
	})
}
