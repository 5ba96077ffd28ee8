package racing

import (
	"context"
	"strings"
	"time"

	"hyrox/internal/db"
)

// NewResultsSince counts, for each user in since, the results recorded
// after their time (what the coach's workspace calls new results,
// docs/coaching.md#the-coachs-workspace). One query for every user: each
// term is a range of the user's rows.
func (s *Service) NewResultsSince(ctx context.Context, since map[int64]time.Time) (map[int64]int, error) {
	out := map[int64]int{}
	if len(since) == 0 {
		return out, nil
	}
	terms := make([]string, 0, len(since))
	args := make([]any, 0, 2*len(since))
	for id, t := range since {
		terms = append(terms, "(user_id = ? AND created_at > ?)")
		args = append(args, id, t.UTC())
	}
	rows, err := s.store.db.Query(ctx, `SELECT user_id, COUNT(*) FROM race_results WHERE `+
		strings.Join(terms, " OR ")+` GROUP BY user_id`, args...)
	return out, db.Each(rows, err, func(row db.Scanner) error {
		var id int64
		var n int
		err := row.Scan(&id, &n)
		out[id] = n
		return err
	})
}
