package nutrition

import (
	"context"
	"errors"
	"time"

	"hyrox/internal/db"
)

// Preset is a common food with its per-portion values (docs/product.md#nutrition).
type Preset struct {
	FoodName                      string
	Quantity                      string
	Calories, Protein, Carbs, Fat int
}

// Presets are the ten common foods, also used by the demo seed.
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

// demoDay is what the demo athletes ate: preset index and meal.
var demoDay = []struct {
	preset int
	meal   string
}{
	{4, "breakfast"}, {2, "breakfast"}, {3, "breakfast"},
	{0, "lunch"}, {1, "lunch"}, {9, "lunch"},
	{8, "snack"},
	{6, "dinner"}, {7, "dinner"},
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
		if err := store.SaveTargets(ctx, id, s.Targets, Person{}, now); err != nil {
			return err
		}
		for back, day := range []time.Time{now, now.AddDate(0, 0, -1)} {
			for i, item := range demoDay {
				if back == 0 && i >= 6 { // today: dinner still to come
					break
				}
				p := Presets[item.preset]
				if _, err := store.AddEntry(ctx, FoodEntry{UserID: id, Date: day.Format(dateLayout), FoodName: p.FoodName,
					Calories: p.Calories, Protein: p.Protein, Carbs: p.Carbs, Fat: p.Fat, Quantity: p.Quantity,
					MealType: item.meal, CreatedAt: now}, MaxEntriesPerDay); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
