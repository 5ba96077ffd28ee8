package nutrition

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// Store is the SQL of the nutrition area.
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// errNoProfile is the store's answer when a user has not set targets yet.
var errNoProfile = apperr.Errorf(apperr.CodeNotFound, NoProfileMessage)

// ProfileForDay loads the targets and, in the same indexed query, the sums of
// the user's entries on date (their local day).
func (s *Store) ProfileForDay(ctx context.Context, userID int64, date string) (Profile, error) {
	p := Profile{UserID: userID, Date: date}
	err := s.db.QueryRow(ctx, `SELECT p.daily_calories, p.protein_target, p.carbs_target, p.fat_target, p.updated_at, p.sex, p.birth_year,
			COALESCE(SUM(e.calories), 0), COALESCE(SUM(e.protein), 0), COALESCE(SUM(e.carbs), 0), COALESCE(SUM(e.fat), 0)
		FROM nutrition_profiles p
		LEFT JOIN food_entries e ON e.user_id = p.user_id AND e.entry_date = ? AND e.deleted_at IS NULL
		WHERE p.user_id = ?
		GROUP BY p.user_id, p.sex, p.birth_year`, date, userID).Scan(&p.DailyCalories, &p.ProteinTarget, &p.CarbsTarget, &p.FatTarget, &p.UpdatedAt,
		&p.Sex, &p.BirthYear, &p.CurrentCalories, &p.CurrentProtein, &p.CurrentCarbs, &p.CurrentFat)
	p.UpdatedAt = p.UpdatedAt.UTC()
	return p, apperr.NotFoundIfNoRows(err, errNoProfile)
}

// SaveTargets creates or updates the user's targets, sex and birth year (a
// nil one keeps what is stored).
func (s *Store) SaveTargets(ctx context.Context, userID int64, t Targets, who Person, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO nutrition_profiles (user_id, daily_calories, protein_target, carbs_target, fat_target, created_at, updated_at,
			sex, birth_year)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET daily_calories = excluded.daily_calories, protein_target = excluded.protein_target,
			carbs_target = excluded.carbs_target, fat_target = excluded.fat_target, updated_at = excluded.updated_at,
			sex = CASE WHEN ? THEN excluded.sex ELSE nutrition_profiles.sex END,
			birth_year = CASE WHEN ? THEN excluded.birth_year ELSE nutrition_profiles.birth_year END`,
		userID, t.DailyCalories, t.ProteinTarget, t.CarbsTarget, t.FatTarget, now, now, nullIfEmpty(who.Sex), nullIfZero(who.BirthYear),
		who.Sex != nil, who.BirthYear != nil)
	return err
}

// Person loads the profile's sex and birth year (neither without a profile).
func (s *Store) Person(ctx context.Context, userID int64) (Person, error) {
	var p Person
	err := s.db.QueryRow(ctx, `SELECT sex, birth_year FROM nutrition_profiles WHERE user_id = ?`, userID).Scan(&p.Sex, &p.BirthYear)
	if errors.Is(err, sql.ErrNoRows) {
		return Person{}, nil
	}
	return p, err
}

func nullIfEmpty(s *string) *string {
	if s == nil || *s == "" {
		return nil
	}
	return s
}

func nullIfZero(n *int) *int {
	if n == nil || *n == 0 {
		return nil
	}
	return n
}

// Targets loads the user's targets alone (for the export).
func (s *Store) Targets(ctx context.Context, userID int64) (Targets, error) {
	var t Targets
	err := s.db.QueryRow(ctx, `SELECT daily_calories, protein_target, carbs_target, fat_target FROM nutrition_profiles WHERE user_id = ?`,
		userID).Scan(&t.DailyCalories, &t.ProteinTarget, &t.CarbsTarget, &t.FatTarget)
	return t, apperr.NotFoundIfNoRows(err, errNoProfile)
}

var entryColumns = `id, user_id, entry_date, food_name, calories, protein, carbs, fat, quantity, meal_type, created_at, food_id, grams, custom_food_id, ` +
	entryNutrientColumns

func scanEntries(rows *sql.Rows) ([]FoodEntry, error) {
	return db.Collect(rows, nil, scanEntry)
}

// EntriesOn lists a user's entries of one local day in logging order; the
// (user_id, entry_date) index serves it.
func (s *Store) EntriesOn(ctx context.Context, userID int64, date string) ([]FoodEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT `+entryColumns+` FROM food_entries WHERE user_id = ? AND entry_date = ? AND deleted_at IS NULL ORDER BY id`, userID, date)
	if err != nil {
		return nil, err
	}
	return scanEntries(rows)
}

// AllEntries lists every entry of a user, oldest first (for the export).
func (s *Store) AllEntries(ctx context.Context, userID int64) ([]FoodEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT `+entryColumns+` FROM food_entries WHERE user_id = ? AND deleted_at IS NULL ORDER BY entry_date, id`, userID)
	if err != nil {
		return nil, err
	}
	return scanEntries(rows)
}

// errDayFull is returned when a day already holds MaxEntriesPerDay entries.
var errDayFull = errors.New("nutrition: day full")

// AddEntry inserts an entry unless the day already holds maxPerDay entries.
func (s *Store) AddEntry(ctx context.Context, e FoodEntry, maxPerDay int) (FoodEntry, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM food_entries WHERE user_id = ? AND entry_date = ? AND deleted_at IS NULL`, e.UserID, e.Date).Scan(&n); err != nil {
			return err
		}
		if n >= maxPerDay {
			return errDayFull
		}
		return insertEntry(ctx, tx, &e)
	})
	return e, err
}

// AddEntries inserts entries of one user and day together, unless the day
// would then hold more than maxPerDay entries.
func (s *Store) AddEntries(ctx context.Context, entries []FoodEntry, maxPerDay int) ([]FoodEntry, error) {
	if len(entries) == 0 {
		return []FoodEntry{}, nil
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM food_entries WHERE user_id = ? AND entry_date = ? AND deleted_at IS NULL`,
			entries[0].UserID, entries[0].Date).Scan(&n); err != nil {
			return err
		}
		if n+len(entries) > maxPerDay {
			return errDayFull
		}
		for i := range entries {
			if err := insertEntry(ctx, tx, &entries[i]); err != nil {
				return err
			}
		}
		return nil
	})
	return entries, err
}

// insertEntry writes e and sets its id.
func insertEntry(ctx context.Context, tx *db.Tx, e *FoodEntry) error {
	args := append([]any{e.UserID, e.Date, e.FoodName, e.Calories, e.Protein, e.Carbs, e.Fat, e.Quantity, e.MealType, e.CreatedAt,
		e.FoodID, e.Grams, e.CustomFoodID}, e.Nutrients.args()...)
	return tx.QueryRow(ctx, `INSERT INTO food_entries (user_id, entry_date, food_name, calories, protein, carbs, fat, quantity, meal_type, created_at, food_id, grams, custom_food_id, `+
		entryNutrientColumns+`) VALUES `+placeholders(1, len(args))+` RETURNING id`, args...).Scan(&e.ID)
}

// DeleteEntry marks one of the user's entries deleted (Undo can restore it)
// and purges the user's entries deleted before purgeBefore; false when there
// is no such live entry of theirs.
func (s *Store) DeleteEntry(ctx context.Context, userID, id int64, now, purgeBefore time.Time) (bool, error) {
	var n int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE food_entries SET deleted_at = ? WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, now, id, userID)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM food_entries WHERE user_id = ? AND deleted_at < ?`, userID, purgeBefore)
		return err
	})
	return n > 0, err
}
