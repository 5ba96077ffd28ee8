package training

import (
	"context"
	"encoding/json"
	"fmt"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/keyset"
	"hyrox/internal/live"
)

// Store is the SQL of the training area.
type Store struct {
	db *db.DB
	// live publishes training's events in the transactions of their changes
	// (docs/live.md); nil publishes none.
	live *live.Outbox
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// The store's answers for a missing row (another user's log is missing too).
var (
	errPlanNotFound    = apperr.Errorf(apperr.CodeNotFound, "That training plan does not exist.")
	errWorkoutNotFound = apperr.Errorf(apperr.CodeNotFound, "That workout does not exist.")
	errLogNotFound     = apperr.Errorf(apperr.CodeNotFound, "That workout log does not exist.")
)

type scanner = db.Scanner

const workoutColumns = `id, name, description, target_time, exercises, pro_tip`

func scanWorkout(row scanner) (Workout, error) {
	var w Workout
	var ex string
	if err := row.Scan(&w.ID, &w.Name, &w.Description, &w.TargetTime, &ex, &w.ProTip); err != nil {
		return w, err
	}
	if err := json.Unmarshal([]byte(ex), &w.Exercises); err != nil {
		return w, fmt.Errorf("workout %d exercises: %w", w.ID, err)
	}
	return w, nil
}

// ListWorkouts returns every workout in catalogue order.
func (s *Store) ListWorkouts(ctx context.Context) ([]Workout, error) {
	rows, err := s.db.Query(ctx, `SELECT `+workoutColumns+` FROM workouts ORDER BY position, id`)
	return db.Collect(rows, err, scanWorkout)
}

// WorkoutByID loads one workout.
func (s *Store) WorkoutByID(ctx context.Context, id int64) (Workout, error) {
	w, err := scanWorkout(s.db.QueryRow(ctx, `SELECT `+workoutColumns+` FROM workouts WHERE id = ?`, id))
	return w, apperr.NotFoundIfNoRows(err, errWorkoutNotFound)
}

// ListLogs returns up to limit logs of userID, newest first by completedAt
// then id, after the cursor (nil for the first page). Keyset query on the
// (user_id, completed_at DESC, id DESC) index.
func (s *Store) ListLogs(ctx context.Context, userID int64, after *keyset.Cursor, limit int) ([]Log, error) {
	page, args := logsOrder.After(after)
	rows, err := s.db.Query(ctx, `SELECT `+logColumns+` FROM workout_logs WHERE user_id = ?`+page+logsOrder.By()+` LIMIT ?`,
		append(append([]any{userID}, args...), limit)...)
	return db.Collect(rows, err, scanLog)
}

// logsOrder is the logs list's order, newest first.
var logsOrder = keyset.Order{At: "completed_at", ID: "id", Desc: true}

// AllLogs returns every log of userID, newest first (for the data export).
func (s *Store) AllLogs(ctx context.Context, userID int64) ([]Log, error) {
	return s.ListLogs(ctx, userID, nil, 1<<30)
}

// CountLogs counts the logs of userID.
func (s *Store) CountLogs(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM workout_logs WHERE user_id = ?`, userID).Scan(&n)
	return n, err
}

// StatsWindow is the user's local calendar for the stats: the UTC offset in
// seconds, today's day number (days since 1970-01-01 on the local calendar)
// and the week's first day number. Local day D covers the Unix seconds
// [D*86400 - offset, (D+1)*86400 - offset).
type StatsWindow struct {
	OffsetSeconds int64
	Today         int64
	WeekStart     int64
}

// Stats computes a user's totals, minutes this week and current streak in one
// query. Totals come from the running-totals row; minutes this week is a range
// scan of the (user_id, completed_epoch, duration, rating) index; the streak
// walks back one local day at a time from today (or yesterday when today has
// no log yet) with one index probe per day, so it costs the streak's length,
// not the history's.
func (s *Store) Stats(ctx context.Context, userID int64, win StatsWindow) (Stats, error) {
	var st Stats
	off := win.OffsetSeconds
	dayStart := func(d int64) int64 { return d*86400 - off }
	q := `WITH RECURSIVE streak(d) AS (
			SELECT CASE WHEN EXISTS (SELECT 1 FROM workout_logs WHERE user_id = ? AND completed_epoch >= ? AND completed_epoch < ?)
				THEN CAST(? AS BIGINT) ELSE CAST(? AS BIGINT) END
			UNION ALL
			SELECT streak.d - 1 FROM streak WHERE EXISTS (SELECT 1 FROM workout_logs
				WHERE user_id = ? AND completed_epoch >= streak.d * 86400 - ? AND completed_epoch < streak.d * 86400 + 86400 - ?)
		)
		SELECT COALESCE(t.workouts, 0), COALESCE(t.minutes, 0),
			CASE WHEN t.workouts > 0 THEN CAST(t.rating_sum AS DOUBLE PRECISION) / t.workouts ELSE 0 END,
			(SELECT COALESCE(SUM(duration), 0) FROM workout_logs WHERE user_id = ? AND completed_epoch >= ? AND completed_epoch < ?),
			(SELECT COUNT(*) - 1 FROM streak)
		FROM (SELECT 1 AS one) AS x LEFT JOIN workout_log_totals t ON t.user_id = ?`
	err := s.db.QueryRow(ctx, q,
		userID, dayStart(win.Today), dayStart(win.Today+1), win.Today, win.Today-1,
		userID, off, off,
		userID, dayStart(win.WeekStart), dayStart(win.WeekStart+7),
		userID).
		Scan(&st.TotalWorkouts, &st.TotalMinutes, &st.AvgRating, &st.MinutesThisWeek, &st.CurrentStreakDays)
	return st, err
}
