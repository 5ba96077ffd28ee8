package training

import (
	"context"

	"hyrox/internal/db"
)

// PlannedTitles names, for each of users, their sessions of day
// (YYYY-MM-DD) still to do: planned, not rest days, not logged, in the
// day's order. One query for all of them (the calendar_sessions_user_date
// index), for the evening reminders (docs/notifications.md#session-reminders).
func (s *Service) PlannedTitles(ctx context.Context, users []int64, day string) (map[int64][]string, error) {
	out := make(map[int64][]string, len(users))
	for len(users) > 0 {
		batch := users[:min(len(users), 500)]
		users = users[len(batch):]
		rows, err := s.store.db.Query(ctx, `SELECT user_id, title FROM calendar_sessions
			WHERE user_id IN (`+inList(len(batch))+`) AND date = ? AND kind <> ? AND log_id IS NULL
			ORDER BY user_id, position, id`, append(int64Args(batch), day, KindRest)...)
		if err := db.Each(rows, err, func(row db.Scanner) error {
			var id int64
			var title string
			if err := row.Scan(&id, &title); err != nil {
				return err
			}
			out[id] = append(out[id], title)
			return nil
		}); err != nil {
			return nil, err
		}
	}
	return out, nil
}
