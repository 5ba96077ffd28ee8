package nutrition

import (
	"context"
	"database/sql"
	"strings"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// loadBatch is how many rows go into one multi-row INSERT (well under both
// engines' placeholder limits).
const loadBatch = 500

// RankChecksum sums search_rank x (id mod 1000) over the foods: a change of
// the search order (a new commonness rule) changes it, so LoadFoods writes
// the new ranks.
func (s *Store) RankChecksum(ctx context.Context) (int64, error) {
	var sum int64
	err := s.db.QueryRow(ctx, `SELECT COALESCE(SUM(search_rank * (id % 1000)), 0) FROM foods`).Scan(&sum)
	return sum, err
}

// FoodCounts returns how many foods and measures the database holds, and
// how many minerals and vitamins its foods give (a new converted file gives
// more, so LoadFoods writes them).
func (s *Store) FoodCounts(ctx context.Context) (foods, measures, micros int, err error) {
	err = s.db.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM foods), (SELECT COUNT(*) FROM food_measures),
		(SELECT `+microCounts+` FROM foods)`).Scan(&foods, &measures, &micros)
	return foods, measures, micros, err
}

// microCounts is "COUNT(potassium_mg) + ... + COUNT(folate_ug)"; microUpdates
// sets each of them from excluded.
var microCounts, microUpdates = func() (string, string) {
	var counts, sets []string
	for k := microStart; k < microEnd; k++ {
		c := nutrients[k].Column
		counts = append(counts, "COUNT("+c+")")
		sets = append(sets, c+" = excluded."+c)
	}
	return strings.Join(counts, " + "), strings.Join(sets, ", ")
}()

// ReplaceFoods writes foods in one transaction with multi-row inserts:
// existing foods are updated in place (diary entries point at them), their
// measures and the SQLite word index are rebuilt.
func (s *Store) ReplaceFoods(ctx context.Context, foods []Food) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM food_measures`); err != nil {
			return err
		}
		for start := 0; start < len(foods); start += loadBatch {
			batch := foods[start:min(start+loadBatch, len(foods))]
			cols := 11 + int(microEnd-microStart)
			args := make([]any, 0, len(batch)*cols)
			for _, f := range batch {
				args = append(args, f.ID, f.Name, f.Group, f.searchRank, f.Kcal, f.Protein, f.Carbs, f.Fat, f.Fiber, f.Sugars, f.SodiumMg)
				for k := microStart; k < microEnd; k++ {
					args = append(args, f.Micros[k])
				}
			}
			if _, err := tx.Exec(ctx, `INSERT INTO foods (id, name, food_group, search_rank, kcal, protein, carbs, fat, fiber, sugars, sodium_mg, `+
				strings.ReplaceAll(foodMicroColumns, "f.", "")+`)
				VALUES `+placeholders(len(batch), cols)+`
				ON CONFLICT (id) DO UPDATE SET name = excluded.name, food_group = excluded.food_group, search_rank = excluded.search_rank,
					kcal = excluded.kcal, protein = excluded.protein, carbs = excluded.carbs, fat = excluded.fat,
					fiber = excluded.fiber, sugars = excluded.sugars, sodium_mg = excluded.sodium_mg, `+microUpdates+``, args...); err != nil {
				return err
			}
		}
		var rows []any
		for _, f := range foods {
			for i, m := range f.Measures {
				rows = append(rows, f.ID, i, m.Label, m.Grams)
			}
		}
		for start := 0; start < len(rows); start += loadBatch * 4 {
			batch := rows[start:min(start+loadBatch*4, len(rows))]
			if _, err := tx.Exec(ctx, `INSERT INTO food_measures (food_id, position, label, grams) VALUES `+placeholders(len(batch)/4, 4),
				batch...); err != nil {
				return err
			}
		}
		if tx.Dialect() == db.Postgres {
			// The tsvector column follows name by itself; fresh statistics let
			// the planner choose between the word index and the rank index.
			_, err := tx.Exec(ctx, `ANALYZE foods`)
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM foods_fts`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO foods_fts (rowid, name) SELECT search_rank, name FROM foods`)
		return err
	})
}

// placeholders returns "(?, ?), (?, ?)" for rows rows of cols values.
func placeholders(rows, cols int) string {
	row := "(" + strings.Repeat("?, ", cols-1) + "?)"
	return strings.Repeat(row+", ", rows-1) + row
}

var foodColumns = `f.id, f.name, f.food_group, f.kcal, f.protein, f.carbs, f.fat, f.fiber, f.sugars, f.sodium_mg, ` + foodMicroColumns

// foodDest are the scan targets of foodColumns.
func foodDest(f *Food) []any {
	return append([]any{&f.ID, &f.Name, &f.Group, &f.Kcal, &f.Protein, &f.Carbs, &f.Fat, &f.Fiber, &f.Sugars, &f.SodiumMg},
		f.Micros.microDest()...)
}

// SearchFoods finds the first limit foods, by search rank, whose name holds
// every word as a word prefix (docs/nutrition-foods.md#search). words are
// letters and digits only.
func (s *Store) SearchFoods(ctx context.Context, words []string, limit int) ([]Food, error) {
	var query, match string
	if s.db.Dialect == db.Postgres {
		match = strings.Join(words, ":* & ") + ":*"
		query = `SELECT ` + foodColumns + ` FROM foods f WHERE f.search @@ to_tsquery('simple', ?) ORDER BY f.search_rank LIMIT ?`
	} else {
		// The word index returns rowids (search ranks) in order: it stops at limit.
		match = `"` + strings.Join(words, `"* "`) + `"*`
		query = `SELECT ` + foodColumns + ` FROM (SELECT rowid FROM foods_fts WHERE foods_fts MATCH ? ORDER BY rowid LIMIT ?) m
			JOIN foods f ON f.search_rank = m.rowid ORDER BY f.search_rank`
	}
	rows, err := s.db.Query(ctx, query, match, limit)
	if err != nil {
		return nil, err
	}
	return scanFoods(rows)
}

// RecentFoods lists the last limit distinct foods the user logged, newest
// first; the (user_id, food_id, id) index serves it.
func (s *Store) RecentFoods(ctx context.Context, userID int64, limit int) ([]Food, error) {
	rows, err := s.db.Query(ctx, `SELECT `+foodColumns+` FROM (SELECT food_id, MAX(id) AS last_entry FROM food_entries
			WHERE user_id = ? AND food_id IS NOT NULL AND deleted_at IS NULL GROUP BY food_id ORDER BY last_entry DESC LIMIT ?) r
		JOIN foods f ON f.id = r.food_id ORDER BY r.last_entry DESC`, userID, limit)
	if err != nil {
		return nil, err
	}
	return scanFoods(rows)
}

func scanFoods(rows *sql.Rows) ([]Food, error) {
	return db.Collect(rows, nil, func(row db.Scanner) (Food, error) {
		f := Food{Measures: []Measure{}}
		return f, row.Scan(foodDest(&f)...)
	})
}

// AttachMeasures loads the measures of all foods in one query.
func (s *Store) AttachMeasures(ctx context.Context, foods []Food) error {
	if len(foods) == 0 {
		return nil
	}
	index := make(map[int64]int, len(foods))
	args := make([]any, len(foods))
	for i, f := range foods {
		index[f.ID] = i
		args[i] = f.ID
	}
	rows, err := s.db.Query(ctx, `SELECT food_id, label, grams FROM food_measures WHERE food_id IN (`+
		strings.TrimSuffix(strings.Repeat("?, ", len(foods)), ", ")+`) ORDER BY food_id, position`, args...)
	return db.Each(rows, err, func(row db.Scanner) error {
		var id int64
		var m Measure
		if err := row.Scan(&id, &m.Label, &m.Grams); err != nil {
			return err
		}
		foods[index[id]].Measures = append(foods[index[id]].Measures, m)
		return nil
	})
}

// errNoFood is the answer for a food id the database does not hold.
var errNoFood = apperr.Errorf(apperr.CodeNotFound, "Food not found.")

// Food loads one food with its measures.
func (s *Store) Food(ctx context.Context, id int64) (Food, error) {
	f := Food{Measures: []Measure{}}
	err := s.db.QueryRow(ctx, `SELECT `+foodColumns+` FROM foods f WHERE f.id = ?`, id).Scan(foodDest(&f)...)
	if err != nil {
		return f, apperr.NotFoundIfNoRows(err, errNoFood)
	}
	foods := []Food{f}
	err = s.AttachMeasures(ctx, foods)
	return foods[0], err
}
