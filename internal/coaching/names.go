package coaching

import (
	"context"
	"slices"
	"strings"

	"hyrox/internal/db"
)

// maxNames bounds one DisplayNames call (the placeholders of one query).
const maxNames = 500

// DisplayNames names users for other areas' pages (a coach's programs,
// docs/coaching.md#programs-for-athletes): a coach by their profile name,
// anyone else by username; unknown ids are left out. One query per call.
func (s *Service) DisplayNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	out := make(map[int64]string, len(ids))
	for len(ids) > 0 {
		n := min(len(ids), maxNames)
		if err := s.store.names(ctx, ids[:n], out); err != nil {
			return nil, err
		}
		ids = ids[n:]
	}
	return out, nil
}

// names reads the display names of ids into out.
func (s *Store) names(ctx context.Context, ids []int64, out map[int64]string) error {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.Query(ctx, `SELECT u.id, CASE WHEN u.role = 'coach' AND p.name IS NOT NULL THEN p.name ELSE u.username END
		FROM users u LEFT JOIN coach_profiles p ON p.user_id = u.id
		WHERE u.id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`, args...)
	return db.Each(rows, err, func(row db.Scanner) error {
		var id int64
		var name string
		err := row.Scan(&id, &name)
		out[id] = name
		return err
	})
}
