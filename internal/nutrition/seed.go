package nutrition

import (
	"context"
	"errors"
	"fmt"
	"time"

	"hyrox/internal/db"
)

// Preset is a common food with its per-portion values (docs/product.md#nutrition).
type Preset struct {
	FoodName                      string
	Quantity                      string
	Calories, Protein, Carbs, Fat int
}

// Presets are ten common foods with typed values (the benchmarks log them).
var Presets = []Preset{
	{"Chicken breast", "100g", 165, 31, 0, 4},
	{"Brown rice", "1 cup", 216, 5, 45, 2},
	{"Banana", "1 medium", 105, 1, 27, 0},
	{"Greek yogurt", "1 cup", 130, 23, 9, 0},
	{"Oatmeal", "1 cup", 154, 6, 28, 3},
	{"Eggs", "2 large", 155, 13, 1, 11},
	{"Salmon", "100g", 208, 22, 0, 13},
	{"Sweet potato", "1 medium", 112, 2, 26, 0},
	{"Almonds", "30g", 173, 6, 6, 15},
	{"Avocado", "half", 120, 2, 6, 11},
}

// demoDay is what the demo athletes ate, from the food database (USDA SR24
// numbers, 9000xx the athletes' staples) so the day has its minerals and
// vitamins too: food, grams, meal.
var demoDay = []struct {
	food  int64
	grams float64
	meal  string
}{
	{8121, 234, "breakfast"},   // oats cooked with water, 1 cup
	{9040, 118, "breakfast"},   // banana, 1 medium
	{900001, 170, "breakfast"}, // Greek yogurt, nonfat
	{5064, 120, "lunch"},       // chicken breast, roasted
	{20037, 195, "lunch"},      // brown rice, cooked, 1 cup
	{9037, 100, "lunch"},       // avocado, half
	{12061, 30, "snack"},       // almonds
	{15236, 150, "dinner"},     // Atlantic salmon
	{11508, 150, "dinner"},     // sweet potato, baked
}

// Seed gives the pro and elite demo athletes targets and a food diary for
// today and yesterday (UTC). Users who already have a profile are left alone.
func Seed(ctx context.Context, d *db.DB, demoUsers map[string]int64) error {
	store := NewStore(d)
	now := time.Now().UTC()
	for _, name := range []string{"demo_pro", "demo_elite"} {
		id, ok := demoUsers[name]
		if !ok {
			continue
		}
		_, err := store.Targets(ctx, id)
		if err == nil {
			continue
		}
		if !errors.Is(err, errNoProfile) {
			return err
		}
		// An 82 kg, 180 cm, 32-year-old man training 6 days a week.
		s := Suggest(SuggestInput{WeightKg: 82, HeightCm: 180, Age: 32, Sex: "male", Activity: "active", Goal: "maintain"})
		male, born := "male", now.Year()-32
		if err := store.SaveTargets(ctx, id, s.Targets, Person{Sex: &male, BirthYear: &born}, now); err != nil {
			return err
		}
		svc := NewService(store, nil)
		for back, day := range []time.Time{now, now.AddDate(0, 0, -1)} {
			for i, item := range demoDay {
				if back == 0 && i >= 6 { // today: dinner still to come
					break
				}
				if _, err := svc.AddEntry(ctx, id, NewFoodEntry{FoodID: item.food, Grams: item.grams, MealType: item.meal,
					Date: day.Format(dateLayout)}); err != nil {
					return fmt.Errorf("demo food %d: %w", item.food, err)
				}
			}
		}
	}
	return nil
}
