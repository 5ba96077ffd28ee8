package nutrition

import (
	"math"
	"math/rand/v2"
	"testing"
)

// For any valid profile (generated: body, age, sex, activity, goal within the
// suggestion's bounds, at a body-mass index of 18.5 to 30, and any kind of
// day), the generated day meets protein, carbohydrate and fat within 5 %, and
// calories too, with every food at most one sane serving
// (docs/nutrition-foods.md#generated-meals).
func TestPlanMeetsEveryMacroForAnyProfile(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 2026))
	activities := []string{"sedentary", "light", "moderate", "active", "very_active"}
	goals := []string{"lose", "maintain", "gain"}
	kinds := []string{"rest", "training", "race", "loading"}
	for i := 0; i < 1000; i++ {
		height := 150 + r.Float64()*55
		bmi := 18.5 + r.Float64()*11.5
		in := SuggestInput{WeightKg: bmi * height * height / 10000, HeightCm: height, Age: 16 + r.IntN(85),
			Sex: []string{"male", "female"}[r.IntN(2)], Activity: activities[r.IntN(5)], Goal: goals[r.IntN(3)]}
		if err := validateSuggest(&in); err != nil {
			t.Fatal(err)
		}
		base := Suggest(in).Targets
		day := PlanDay{Kind: kinds[r.IntN(4)]}
		if day.Kind == "training" {
			day.PlannedMinutes = 20 + r.IntN(160)
			day.PlannedLoad = day.PlannedMinutes * (1 + r.IntN(10))
		}
		tg, _ := DayTargets(base, day)
		swaps := []int{r.IntN(3), r.IntN(3), r.IntN(3), r.IntN(3)}
		meals, err := GenerateMeals(tg, swaps)
		if err != nil {
			t.Fatal(err)
		}
		var sum Macros
		for _, m := range meals {
			for _, it := range m.Items {
				if it.Grams < 1 || it.Grams > servingCap(it.FoodID) {
					t.Errorf("%+v %s: %s %.0f g (at most %.0f)", in, day.Kind, it.Name, it.Grams, servingCap(it.FoodID))
				}
			}
			sum.Calories, sum.Protein, sum.Carbs, sum.Fat = sum.Calories+m.Calories, sum.Protein+m.Protein, sum.Carbs+m.Carbs, sum.Fat+m.Fat
		}
		for _, c := range []struct {
			name      string
			got, want int
		}{{"calories", sum.Calories, tg.DailyCalories}, {"protein", sum.Protein, tg.ProteinTarget},
			{"carbs", sum.Carbs, tg.CarbsTarget}, {"fat", sum.Fat, tg.FatTarget}} {
			if math.Abs(float64(c.got-c.want)) > PlanTolerance*float64(c.want) {
				t.Errorf("%+v %+v -> %+v: %s %d, target %d", in, day, tg, c.name, c.got, c.want)
			}
		}
	}
}

// The profile of the report: 2,400 kcal, 160 g protein, 290 g carbohydrate,
// 67 g fat got 366 g carbohydrate, 34 g fat and 394 g of rice.
func TestPlanOfTheReportedProfile(t *testing.T) {
	tg := Targets{DailyCalories: 2400, ProteinTarget: 160, CarbsTarget: 290, FatTarget: 67}
	meals, err := GenerateMeals(tg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sum Macros
	for _, m := range meals {
		for _, it := range m.Items {
			if it.FoodID == 20045 && it.Grams > 300 {
				t.Errorf("%.0f g of rice", it.Grams)
			}
		}
		sum.Carbs, sum.Fat = sum.Carbs+m.Carbs, sum.Fat+m.Fat
	}
	if !withinPlanTolerance(sum.Carbs, 290) || !withinPlanTolerance(sum.Fat, 67) {
		t.Errorf("carbs %d (290), fat %d (67)", sum.Carbs, sum.Fat)
	}
}
