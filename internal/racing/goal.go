package racing

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hyrox/internal/apperr"
)

// The goal time (docs/analytics.md#the-goal-time): one stored goal per
// athlete. The analytics page sets it; race strategy plans for it, and a
// plan built for another goal makes that the goal. Goal is the one read both
// use.

// GoalInput is the body of PUT /api/race-goal: a goal in seconds, or null to clear it.
type GoalInput struct {
	GoalSeconds *float64 `json:"goalSeconds"`
}

// GoalAnswer is the stored goal (null when none).
type GoalAnswer struct {
	GoalSeconds *int `json:"goalSeconds"`
}

const goalMessage = "Goal time must be between 45:00 and 6:00:00."

// checkGoal validates a goal given in whole seconds.
func checkGoal(v *apperr.Validator, field string, in *float64) int {
	goal, ok := wholeSeconds(in)
	v.Check(ok, field, "Goal time must be a whole number of seconds.")
	v.Check(!ok || (goal >= GoalMin && goal <= GoalMax), field, goalMessage)
	return goal
}

// Goal is the athlete's stored goal in seconds, 0 when none: the one read
// behind the analytics' goal and the strategy's default goal.
func (s *Service) Goal(ctx context.Context, userID int64) (int, error) {
	return s.store.Goal(ctx, userID)
}

// SetGoal stores (or, with null, clears) the athlete's goal.
func (s *Service) SetGoal(ctx context.Context, userID int64, in GoalInput) (GoalAnswer, error) {
	if in.GoalSeconds == nil {
		return GoalAnswer{}, s.store.ClearGoal(ctx, userID)
	}
	var v apperr.Validator
	goal := checkGoal(&v, "goalSeconds", in.GoalSeconds)
	if err := v.Err(); err != nil {
		return GoalAnswer{}, err
	}
	return GoalAnswer{GoalSeconds: &goal}, s.store.SetGoal(ctx, userID, goal, s.now().UTC())
}

// Goal is the user's stored goal in seconds, 0 when none.
func (s *Store) Goal(ctx context.Context, userID int64) (int, error) {
	var goal int
	err := s.db.QueryRow(ctx, `SELECT goal_seconds FROM racing_goals WHERE user_id = ?`, userID).Scan(&goal)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return goal, err
}

// SetGoal stores the user's goal, replacing the one before.
func (s *Store) SetGoal(ctx context.Context, userID int64, goal int, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO racing_goals (user_id, goal_seconds, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET goal_seconds = excluded.goal_seconds, updated_at = excluded.updated_at`,
		userID, goal, now.Truncate(time.Microsecond))
	return err
}

// ClearGoal removes the user's goal.
func (s *Store) ClearGoal(ctx context.Context, userID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM racing_goals WHERE user_id = ?`, userID)
	return err
}

// GoalAnswerOf wraps a goal of 0 (none) as null.
func GoalAnswerOf(goal int) GoalAnswer {
	if goal == 0 {
		return GoalAnswer{}
	}
	return GoalAnswer{GoalSeconds: &goal}
}
