package training

import (
	"context"
	"encoding/json"
	"time"

	"hyrox/internal/db"
)

// NearLog is what imports reads of a log to tell whether an activity was
// already logged by hand (docs/import.md#duplicates): its name, date and
// time, and its rows' exercise names.
type NearLog struct {
	ID          int64
	Name        string
	CompletedAt time.Time
	Exercises   []string
}

// LogsNear lists userID's logs with a date and time in [from, to] (seconds
// resolution): one range scan of the (user_id, completed_epoch) index.
func (s *Service) LogsNear(ctx context.Context, userID int64, from, to time.Time) ([]NearLog, error) {
	rows, err := s.store.db.Query(ctx, `SELECT id, workout_name, completed_at, exercises FROM workout_logs
		WHERE user_id = ? AND completed_epoch >= ? AND completed_epoch <= ?`, userID, from.Unix(), to.Unix())
	return db.Collect(rows, err, func(row db.Scanner) (l NearLog, err error) {
		var exs string
		if err := row.Scan(&l.ID, &l.Name, &l.CompletedAt, &exs); err != nil {
			return l, err
		}
		var named []struct {
			Exercise string `json:"exercise"`
		}
		_ = json.Unmarshal([]byte(exs), &named) // rows without names (the seed's {name, reps}) say nothing
		for _, e := range named {
			if e.Exercise != "" {
				l.Exercises = append(l.Exercises, e.Exercise)
			}
		}
		return l, nil
	})
}
