package nutrition

import (
	"context"
	"hyrox/internal/tier"
	"math/rand/v2"
	"time"

	"hyrox/internal/db"
)

// GenerateScale gives every pro or elite athlete of in a nutrition profile and
// spreads in.Count food entries over them (recent days, four meals). Basic
// athletes cannot log food, so they get none. For `hyrox seed --scale`.
func GenerateScale(ctx context.Context, d *db.DB, in db.ScaleInput) error {
	var paying []int64
	for i, id := range in.UserIDs {
		if in.Tiers[i] != tier.Basic {
			paying = append(paying, id)
		}
	}
	if len(paying) == 0 || in.Count == 0 {
		return nil
	}
	r := rand.New(rand.NewPCG(in.Seed, 401))
	now := in.Now.UTC().Truncate(time.Second)
	p := 0
	_, err := d.BulkInsert(ctx, "nutrition_profiles", []string{"user_id", "daily_calories", "protein_target",
		"carbs_target", "fat_target", "created_at", "updated_at"}, func() ([]any, bool) {
		if p >= len(paying) {
			return nil, false
		}
		id := paying[p]
		p++
		kcal := 1800 + 50*r.IntN(30)
		return []any{id, kcal, 100 + r.IntN(100), kcal / 8, kcal / 36, now, now}, true
	}, nil)
	if err != nil {
		return err
	}
	foods := []struct {
		name, qty, meal string
		kcal, p, c, f   int
	}{
		{"Oatmeal with berries", "1 bowl", "breakfast", 350, 12, 60, 7},
		{"Scrambled eggs", "3 eggs", "breakfast", 280, 19, 2, 21},
		{"Chicken rice bowl", "1 bowl", "lunch", 620, 45, 75, 14},
		{"Tuna salad", "1 plate", "lunch", 420, 35, 15, 24},
		{"Salmon with potatoes", "1 plate", "dinner", 680, 42, 55, 30},
		{"Beef pasta", "1 plate", "dinner", 750, 40, 90, 22},
		{"Protein shake", "1 scoop", "snack", 130, 25, 3, 2},
		{"Banana", "1 medium", "snack", 105, 1, 27, 0},
	}
	// Half the entries are logged from the food database (a food id and its
	// grams, as the search box logs them), drawn from its most common foods;
	// the other half are typed in by hand.
	common, err := commonFoods(ctx, d, scaleCommonFoods)
	if err != nil {
		return err
	}
	meals := []string{"breakfast", "lunch", "dinner", "snack"}
	// About 60 days back: entries of one athlete cluster on days, a few a day.
	n := 0
	src := func() ([]any, bool) {
		if n >= in.Count {
			return nil, false
		}
		uid := paying[n%len(paying)]
		n++
		day := now.AddDate(0, 0, -r.IntN(60))
		if len(common) > 0 && r.IntN(2) == 0 {
			f := common[r.IntN(len(common))]
			grams := float64(50 + 10*r.IntN(26)) // 50-300 g
			e := entryFromFood(f, portion{Grams: grams, Label: formatAmount(grams) + " g"})
			return []any{uid, day.Format(dateLayout), e.FoodName, e.Calories, e.Protein, e.Carbs, e.Fat, e.Quantity,
				meals[r.IntN(len(meals))], day, f.ID, grams}, true
		}
		f := foods[r.IntN(len(foods))]
		return []any{uid, day.Format(dateLayout), f.name, f.kcal, f.p, f.c, f.f, f.qty, f.meal, day, nil, nil}, true
	}
	_, err = d.BulkInsert(ctx, "food_entries", []string{"user_id", "entry_date", "food_name", "calories", "protein",
		"carbs", "fat", "quantity", "meal_type", "created_at", "food_id", "grams"}, src, in.Progress)
	return err
}

// scaleCommonFoods is how many of the food database's best-ranked foods the
// scale data's database entries are drawn from.
const scaleCommonFoods = 400

// commonFoods is the food database's first n foods by search rank (none
// when it is not loaded).
func commonFoods(ctx context.Context, d *db.DB, n int) ([]Food, error) {
	rows, err := d.Query(ctx, `SELECT `+foodColumns+` FROM foods f ORDER BY f.search_rank LIMIT ?`, n)
	if err != nil {
		return nil, err
	}
	return scanFoods(rows)
}
