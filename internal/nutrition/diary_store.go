package nutrition

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"hyrox/internal/db"
)

var (
	// errNothingToCopy: the meal or day to copy holds no entry.
	errNothingToCopy = errors.New("nutrition: nothing to copy")
	// errTooMany: a per-user list (favourites, custom foods) is full.
	errTooMany = errors.New("nutrition: too many")
)

// Entry loads one live entry of the user; anything else is errEntryNotFound.
func (s *Store) Entry(ctx context.Context, userID, id int64) (FoodEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT `+entryColumns+` FROM food_entries WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, id, userID)
	if err != nil {
		return FoodEntry{}, err
	}
	entries, err := scanEntries(rows)
	if err != nil {
		return FoodEntry{}, err
	}
	if len(entries) == 0 {
		return FoodEntry{}, errEntryNotFound
	}
	return entries[0], nil
}

// UpdateEntry writes an edited entry of its user.
func (s *Store) UpdateEntry(ctx context.Context, e FoodEntry) error {
	sets := strings.ReplaceAll(entryNutrientColumns, ",", " = ?,") + " = ?"
	args := append([]any{e.FoodName, e.Calories, e.Protein, e.Carbs, e.Fat, e.Quantity, e.MealType, e.Grams}, e.Nutrients.args()...)
	_, err := s.db.Exec(ctx, `UPDATE food_entries SET food_name = ?, calories = ?, protein = ?, carbs = ?, fat = ?, quantity = ?,
		meal_type = ?, grams = ?, `+sets+` WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, append(args, e.ID, e.UserID)...)
	return err
}

// RestoreEntry clears the delete mark of one of the user's entries, unless
// its day is full meanwhile.
func (s *Store) RestoreEntry(ctx context.Context, userID, id int64, maxPerDay int) (FoodEntry, error) {
	var e FoodEntry
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+entryColumns+` FROM food_entries WHERE id = ? AND user_id = ? AND deleted_at IS NOT NULL`, id, userID)
		if err != nil {
			return err
		}
		entries, err := scanEntries(rows)
		if err != nil {
			return err
		}
		if len(entries) == 0 {
			return errEntryNotFound
		}
		e = entries[0]
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM food_entries WHERE user_id = ? AND entry_date = ? AND deleted_at IS NULL`,
			userID, e.Date).Scan(&n); err != nil {
			return err
		}
		if n >= maxPerDay {
			return errDayFull
		}
		_, err = tx.Exec(ctx, `UPDATE food_entries SET deleted_at = NULL WHERE id = ? AND user_id = ?`, id, userID)
		return err
	})
	return e, err
}

// CopyEntries copies the user's live entries of fromDate (one meal, or all
// when meal is empty) to toDate (into toMeal, or each entry's own meal when
// toMeal is empty), in one transaction; it returns how many it wrote.
func (s *Store) CopyEntries(ctx context.Context, userID int64, fromDate, meal, toDate, toMeal string, now time.Time, maxPerDay int) (int, error) {
	var copied int
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		query := `SELECT ` + entryColumns + ` FROM food_entries WHERE user_id = ? AND entry_date = ? AND deleted_at IS NULL`
		args := []any{userID, fromDate}
		if meal != "" {
			query += ` AND meal_type = ?`
			args = append(args, meal)
		}
		rows, err := tx.Query(ctx, query+` ORDER BY id`, args...)
		if err != nil {
			return err
		}
		entries, err := scanEntries(rows)
		if err != nil {
			return err
		}
		if len(entries) == 0 {
			return errNothingToCopy
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM food_entries WHERE user_id = ? AND entry_date = ? AND deleted_at IS NULL`,
			userID, toDate).Scan(&n); err != nil {
			return err
		}
		if n+len(entries) > maxPerDay {
			return errDayFull
		}
		for _, e := range entries {
			e.Date, e.CreatedAt = toDate, now
			if toMeal != "" {
				e.MealType = toMeal
			}
			if err := insertEntry(ctx, tx, &e); err != nil {
				return err
			}
		}
		copied = len(entries)
		return nil
	})
	return copied, err
}

// AddFavourite stars a food for the user (again is a no-op), up to max.
func (s *Store) AddFavourite(ctx context.Context, userID, foodID int64, now time.Time, max int) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM food_favourites WHERE user_id = ?`, userID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return errTooMany
		}
		_, err := tx.Exec(ctx, `INSERT INTO food_favourites (user_id, food_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id, food_id) DO NOTHING`, userID, foodID, now)
		return err
	})
}

// RemoveFavourite unstars a food (not starred is a no-op).
func (s *Store) RemoveFavourite(ctx context.Context, userID, foodID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM food_favourites WHERE user_id = ? AND food_id = ?`, userID, foodID)
	return err
}

// FavouriteFoods lists the user's starred foods, newest star first.
func (s *Store) FavouriteFoods(ctx context.Context, userID int64) ([]Food, error) {
	rows, err := s.db.Query(ctx, `SELECT `+foodColumns+` FROM food_favourites ff JOIN foods f ON f.id = ff.food_id
		WHERE ff.user_id = ? ORDER BY ff.created_at DESC, f.id`, userID)
	if err != nil {
		return nil, err
	}
	return scanFoods(rows)
}

// FavouriteIDs returns which of ids the user starred.
func (s *Store) FavouriteIDs(ctx context.Context, userID int64, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{userID}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.db.Query(ctx, `SELECT food_id FROM food_favourites WHERE user_id = ? AND food_id IN (`+
		strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`)`, args...)
	return out, db.Each(rows, err, func(row db.Scanner) error {
		var id int64
		err := row.Scan(&id)
		out[id] = true
		return err
	})
}

// InsertCustomFood writes a custom food and its portions, up to max per user.
func (s *Store) InsertCustomFood(ctx context.Context, userID int64, in NewCustomFood, now time.Time, max int) (Food, error) {
	f := Food{Name: in.Name, Group: customFoodGroup, Kcal: in.Kcal, Protein: in.Protein, Carbs: in.Carbs, Fat: in.Fat,
		Measures: in.Measures, Custom: true}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM custom_foods WHERE user_id = ?`, userID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return errTooMany
		}
		if err := tx.QueryRow(ctx, `INSERT INTO custom_foods (user_id, name, kcal, protein, carbs, fat, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, userID, in.Name, in.Kcal, in.Protein, in.Carbs, in.Fat, now).Scan(&f.ID); err != nil {
			return err
		}
		for i, m := range in.Measures {
			if _, err := tx.Exec(ctx, `INSERT INTO custom_food_measures (custom_food_id, position, label, grams) VALUES (?, ?, ?, ?)`,
				f.ID, i, m.Label, m.Grams); err != nil {
				return err
			}
		}
		return nil
	})
	return f, err
}

// UpdateCustomFood replaces a custom food of the user and its portions in one
// transaction; false when there is none of theirs. Entries are not touched.
func (s *Store) UpdateCustomFood(ctx context.Context, userID, id int64, in NewCustomFood) (Food, bool, error) {
	f := Food{ID: id, Name: in.Name, Group: customFoodGroup, Kcal: in.Kcal, Protein: in.Protein, Carbs: in.Carbs, Fat: in.Fat,
		Measures: in.Measures, Custom: true}
	found := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE custom_foods SET name = ?, kcal = ?, protein = ?, carbs = ?, fat = ? WHERE id = ? AND user_id = ?`,
			in.Name, in.Kcal, in.Protein, in.Carbs, in.Fat, id, userID)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil || n == 0 {
			return err
		}
		found = true
		if _, err := tx.Exec(ctx, `DELETE FROM custom_food_measures WHERE custom_food_id = ?`, id); err != nil {
			return err
		}
		for i, m := range in.Measures {
			if _, err := tx.Exec(ctx, `INSERT INTO custom_food_measures (custom_food_id, position, label, grams) VALUES (?, ?, ?, ?)`,
				id, i, m.Label, m.Grams); err != nil {
				return err
			}
		}
		return nil
	})
	return f, found, err
}

// CustomFoods lists the user's custom foods, newest first, with portions.
func (s *Store) CustomFoods(ctx context.Context, userID int64) ([]Food, error) {
	rows, err := s.db.Query(ctx, `SELECT id, name, kcal, protein, carbs, fat FROM custom_foods WHERE user_id = ? ORDER BY id DESC`, userID)
	if err != nil {
		return nil, err
	}
	foods, err := scanCustomFoods(rows)
	if err != nil || len(foods) == 0 {
		return foods, err
	}
	index := map[int64]int{}
	for i, f := range foods {
		index[f.ID] = i
	}
	mrows, err := s.db.Query(ctx, `SELECT m.custom_food_id, m.label, m.grams FROM custom_food_measures m
		JOIN custom_foods c ON c.id = m.custom_food_id WHERE c.user_id = ? ORDER BY m.custom_food_id, m.position`, userID)
	err = db.Each(mrows, err, func(row db.Scanner) error {
		var id int64
		var m Measure
		if err := row.Scan(&id, &m.Label, &m.Grams); err != nil {
			return err
		}
		if i, ok := index[id]; ok {
			foods[i].Measures = append(foods[i].Measures, m)
		}
		return nil
	})
	return foods, err
}

func scanCustomFoods(rows *sql.Rows) ([]Food, error) {
	return db.Collect(rows, nil, func(row db.Scanner) (Food, error) {
		f := Food{Group: customFoodGroup, Custom: true, Measures: []Measure{}}
		return f, row.Scan(&f.ID, &f.Name, &f.Kcal, &f.Protein, &f.Carbs, &f.Fat)
	})
}

// CustomFood loads one custom food of the user; another user's is a 404.
func (s *Store) CustomFood(ctx context.Context, userID, id int64) (Food, error) {
	rows, err := s.db.Query(ctx, `SELECT id, name, kcal, protein, carbs, fat FROM custom_foods WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return Food{}, err
	}
	foods, err := scanCustomFoods(rows)
	if err != nil {
		return Food{}, err
	}
	if len(foods) == 0 {
		return Food{}, errCustomNotFound
	}
	f := foods[0]
	mrows, err := s.db.Query(ctx, `SELECT label, grams FROM custom_food_measures WHERE custom_food_id = ? ORDER BY position`, id)
	measures, err := db.Collect(mrows, err, func(row db.Scanner) (m Measure, err error) {
		return m, row.Scan(&m.Label, &m.Grams)
	})
	f.Measures = append(f.Measures, measures...)
	return f, err
}

// DeleteCustomFood removes one of the user's custom foods; false when there
// is none of theirs.
func (s *Store) DeleteCustomFood(ctx context.Context, userID, id int64) (bool, error) {
	res, err := s.db.Exec(ctx, `DELETE FROM custom_foods WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
