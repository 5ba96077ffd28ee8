package nutrition

import (
	"context"
	"strings"

	"hyrox/internal/db"
)

// The SQL of saved meals and recipes (docs/nutrition-diary.md#saved-meals-and-recipes).

// EntriesByID loads the user's live entries among ids, by id; another
// user's, a deleted or a missing one is left out.
func (s *Store) EntriesByID(ctx context.Context, userID int64, ids []int64) (map[int64]FoodEntry, error) {
	out := map[int64]FoodEntry{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{userID}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.db.Query(ctx, `SELECT `+entryColumns+` FROM food_entries WHERE user_id = ? AND deleted_at IS NULL AND id IN (`+
		strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`)`, args...)
	entries, err := db.Collect(rows, err, scanEntry)
	for _, e := range entries {
		out[e.ID] = e
	}
	return out, err
}

func scanEntry(row db.Scanner) (FoodEntry, error) {
	var e FoodEntry
	err := row.Scan(append([]any{&e.ID, &e.UserID, &e.Date, &e.FoodName, &e.Calories, &e.Protein, &e.Carbs, &e.Fat,
		&e.Quantity, &e.MealType, &e.CreatedAt, &e.FoodID, &e.Grams, &e.CustomFoodID}, e.Nutrients.dest()...)...)
	e.CreatedAt = e.CreatedAt.UTC()
	return e, err
}

// InsertSavedMeal writes a saved meal and its foods in one transaction, up
// to max per user, and sets its id.
func (s *Store) InsertSavedMeal(ctx context.Context, userID int64, m *SavedMeal, max int) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM saved_meals WHERE user_id = ?`, userID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return errTooMany
		}
		if err := tx.QueryRow(ctx, `INSERT INTO saved_meals (user_id, name, servings, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
			userID, m.Name, m.Servings, m.CreatedAt).Scan(&m.ID); err != nil {
			return err
		}
		for i, f := range m.Foods {
			args := append([]any{m.ID, i, f.FoodName, f.Calories, f.Protein, f.Carbs, f.Fat, f.Quantity, f.FoodID, f.Grams, f.CustomFoodID},
				f.nutrients.args()...)
			if _, err := tx.Exec(ctx, `INSERT INTO saved_meal_items (saved_meal_id, position, food_name, calories, protein, carbs, fat,
				quantity, food_id, grams, custom_food_id, `+entryNutrientColumns+`) VALUES `+placeholders(1, len(args)), args...); err != nil {
				return err
			}
		}
		return nil
	})
}

// SavedMeals lists the user's saved meals with their foods, newest first;
// with id, only that one of theirs (none when it is not theirs).
func (s *Store) SavedMeals(ctx context.Context, userID, id int64) ([]SavedMeal, error) {
	where, args := `m.user_id = ?`, []any{userID}
	if id != 0 {
		where += ` AND m.id = ?`
		args = append(args, id)
	}
	rows, err := s.db.Query(ctx, `SELECT m.id, m.name, m.servings, m.created_at FROM saved_meals m WHERE `+where+` ORDER BY m.id DESC`, args...)
	meals, err := db.Collect(rows, err, func(row db.Scanner) (SavedMeal, error) {
		m := SavedMeal{Foods: []SavedMealFood{}}
		err := row.Scan(&m.ID, &m.Name, &m.Servings, &m.CreatedAt)
		m.CreatedAt = m.CreatedAt.UTC()
		return m, err
	})
	if err != nil || len(meals) == 0 {
		return meals, err
	}
	index := map[int64]int{}
	for i, m := range meals {
		index[m.ID] = i
	}
	rows, err = s.db.Query(ctx, `SELECT i.saved_meal_id, i.food_name, i.calories, i.protein, i.carbs, i.fat, i.quantity,
			i.food_id, i.grams, i.custom_food_id, `+entryNutrientColumns+`
		FROM saved_meal_items i JOIN saved_meals m ON m.id = i.saved_meal_id
		WHERE `+where+` ORDER BY i.saved_meal_id, i.position`, args...)
	err = db.Each(rows, err, func(row db.Scanner) error {
		var mealID int64
		var f SavedMealFood
		if err := row.Scan(append([]any{&mealID, &f.FoodName, &f.Calories, &f.Protein, &f.Carbs, &f.Fat, &f.Quantity,
			&f.FoodID, &f.Grams, &f.CustomFoodID}, f.nutrients.dest()...)...); err != nil {
			return err
		}
		if i, ok := index[mealID]; ok {
			meals[i].Foods = append(meals[i].Foods, f)
		}
		return nil
	})
	return meals, err
}

// RenameSavedMeal renames a saved meal of the user; false when there is none of theirs.
func (s *Store) RenameSavedMeal(ctx context.Context, userID, id int64, name string) (bool, error) {
	res, err := s.db.Exec(ctx, `UPDATE saved_meals SET name = ? WHERE id = ? AND user_id = ?`, name, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// DeleteSavedMeal deletes a saved meal of the user and its foods; false when
// there is none of theirs.
func (s *Store) DeleteSavedMeal(ctx context.Context, userID, id int64) (bool, error) {
	res, err := s.db.Exec(ctx, `DELETE FROM saved_meals WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
