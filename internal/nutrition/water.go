package nutrition

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// Water and electrolytes (docs/nutrition-diary.md#water): quick-add glasses
// and bottles, undo by deleting, and a daily target that rises with the
// day's planned and logged training.

// Rules of the water target (docs/nutrition-diary.md#water).
const (
	// WaterBaseMl is the daily target from drinks on a day without training.
	WaterBaseMl = 2000
	// WaterPerHourMl is added per hour of the day's training (planned or
	// logged, whichever is larger), pro rata by the minute.
	WaterPerHourMl = 500
	// WaterRoundMl rounds the target up to a step a glass can reach.
	WaterRoundMl = 50
	// ElectrolyteMinutes: more training than this on a day brings the
	// sodium and potassium guidance.
	ElectrolyteMinutes = 60
	MinWaterMl         = 50
	MaxWaterMl         = 2000
	MaxWaterPerDay     = 60
)

// ElectrolyteAdvice is shown on days with more than ElectrolyteMinutes of training.
const ElectrolyteAdvice = "Training over 60 minutes today: drink with electrolytes, about 300-600 mg sodium and some potassium per hour of exercise."

// WaterEntry is one glass or bottle.
type WaterEntry struct {
	ID        int64     `json:"id"`
	Date      string    `json:"date"`
	Ml        int       `json:"ml"`
	CreatedAt time.Time `json:"createdAt"`
}

// NewWater is the body of POST /api/nutrition/water.
type NewWater struct {
	Ml   int    `json:"ml"`
	Date string `json:"date"`
	TZ   string `json:"tz"`
}

// WaterDay is a day's water against its target.
type WaterDay struct {
	Date            string       `json:"date"`
	TotalMl         int          `json:"totalMl"`
	TargetMl        int          `json:"targetMl"`
	TrainingMinutes int          `json:"trainingMinutes"`
	Electrolytes    string       `json:"electrolytes,omitempty"`
	Entries         []WaterEntry `json:"entries"`
}

// WaterTarget is the day's target in ml for its training minutes.
func WaterTarget(trainingMinutes int) int {
	if trainingMinutes < 0 {
		trainingMinutes = 0
	}
	ml := WaterBaseMl + float64(WaterPerHourMl*trainingMinutes)/60
	return int(math.Ceil(ml/WaterRoundMl)) * WaterRoundMl
}

// trainingMinutes is the larger of the planned and the logged minutes of
// date (local to loc); 0 without a calendar or logs.
func (s *Service) trainingMinutes(ctx context.Context, userID int64, date string, loc *time.Location) (int, error) {
	days, err := s.DayTargetsFor(ctx, userID, Targets{}, date, date, loc)
	if err != nil {
		return 0, err
	}
	d := days[date].Day
	if d == nil {
		return 0, nil
	}
	return max(d.PlannedMinutes, d.LoggedMinutes), nil
}

// WaterDay returns the water logged on date with the day's target.
func (s *Service) WaterDay(ctx context.Context, userID int64, date string, loc *time.Location) (WaterDay, error) {
	mins, err := s.trainingMinutes(ctx, userID, date, loc)
	if err != nil {
		return WaterDay{}, err
	}
	entries, err := s.store.WaterEntries(ctx, userID, date)
	if err != nil {
		return WaterDay{}, err
	}
	out := WaterDay{Date: date, TargetMl: WaterTarget(mins), TrainingMinutes: mins, Entries: entries}
	for _, e := range entries {
		out.TotalMl += e.Ml
	}
	if mins > ElectrolyteMinutes {
		out.Electrolytes = ElectrolyteAdvice
	}
	return out, nil
}

// AddWater logs one glass or bottle and returns the day.
func (s *Service) AddWater(ctx context.Context, userID int64, in NewWater) (WaterDay, error) {
	if in.Ml < MinWaterMl || in.Ml > MaxWaterMl {
		msg := fmt.Sprintf("Amount must be between %d and %d ml", MinWaterMl, MaxWaterMl)
		return WaterDay{}, &apperr.Error{Code: apperr.CodeInvalid, Message: msg, Fields: map[string]string{"ml": msg}}
	}
	date, err := ResolveDate(in.Date, in.TZ, s.now())
	if err != nil {
		return WaterDay{}, err
	}
	loc, err := ParseZone(in.TZ)
	if err != nil {
		return WaterDay{}, err
	}
	if err := s.store.InsertWater(ctx, userID, date, in.Ml, s.now(), MaxWaterPerDay); err != nil {
		if errors.Is(err, errTooMany) {
			return WaterDay{}, apperr.Errorf(apperr.CodeConflict, "A day holds at most %d drinks.", MaxWaterPerDay)
		}
		return WaterDay{}, err
	}
	return s.WaterDay(ctx, userID, date, loc)
}

var errNoDrink = apperr.Errorf(apperr.CodeNotFound, "Drink not found")

// DeleteWater removes one of the user's drinks (the undo of a quick-add).
func (s *Service) DeleteWater(ctx context.Context, userID, id int64) error {
	ok, err := s.store.DeleteWater(ctx, userID, id)
	if err == nil && !ok {
		return errNoDrink
	}
	return err
}

// InsertWater adds a drink unless the day already holds max.
func (s *Store) InsertWater(ctx context.Context, userID int64, date string, ml int, now time.Time, max int) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM water_entries WHERE user_id = ? AND entry_date = ?`, userID, date).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return errTooMany
		}
		_, err := tx.Exec(ctx, `INSERT INTO water_entries (user_id, entry_date, ml, created_at) VALUES (?, ?, ?, ?)`, userID, date, ml, now)
		return err
	})
}

// WaterEntries lists the user's drinks of date, oldest first (all dates when date is "").
func (s *Store) WaterEntries(ctx context.Context, userID int64, date string) ([]WaterEntry, error) {
	q, args := `SELECT id, entry_date, ml, created_at FROM water_entries WHERE user_id = ?`, []any{userID}
	if date != "" {
		q += ` AND entry_date = ?`
		args = append(args, date)
	}
	rows, err := s.db.Query(ctx, q+` ORDER BY entry_date, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []WaterEntry{}
	for rows.Next() {
		var e WaterEntry
		if err := rows.Scan(&e.ID, &e.Date, &e.Ml, &e.CreatedAt); err != nil {
			return nil, err
		}
		e.CreatedAt = e.CreatedAt.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

// DeleteWater removes a drink of the user; false when there is none of theirs.
func (s *Store) DeleteWater(ctx context.Context, userID, id int64) (bool, error) {
	res, err := s.db.Exec(ctx, `DELETE FROM water_entries WHERE id = ? AND user_id = ?`, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
