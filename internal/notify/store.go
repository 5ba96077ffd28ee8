package notify

import (
	"context"
	"time"

	"hyrox/internal/db"
)

// Store holds the notification tables.
type Store struct{ db *db.DB }

// NewStore returns the store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Subscription is one browser's push subscription.
type Subscription struct {
	Endpoint string `json:"endpoint"`
	P256dh   string `json:"p256dh"`
	Auth     string `json:"auth"`
}

// Enabled is userID's kinds that are switched on.
func (s *Store) Enabled(ctx context.Context, userID int64) (map[Kind]bool, error) {
	rows, err := s.db.Query(ctx, `SELECT kind, enabled FROM notification_settings WHERE user_id = ?`, userID)
	out := map[Kind]bool{}
	return out, db.Each(rows, err, func(row db.Scanner) error {
		var k string
		var on bool
		err := row.Scan(&k, &on)
		out[Kind(k)] = on
		return err
	})
}

// SaveEnabled switches the given kinds of userID, in one transaction.
func (s *Store) SaveEnabled(ctx context.Context, userID int64, set map[Kind]bool) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for k, on := range set {
			if _, err := tx.Exec(ctx, `INSERT INTO notification_settings (user_id, kind, enabled) VALUES (?, ?, ?)
				ON CONFLICT (user_id, kind) DO UPDATE SET enabled = excluded.enabled`, userID, string(k), on); err != nil {
				return err
			}
		}
		return nil
	})
}

// Subscribe keeps sub for userID. A browser's endpoint is one device: when
// another account signs in on it and subscribes, the endpoint moves to that
// account (the first no longer gets its notifications there).
func (s *Store) Subscribe(ctx context.Context, userID int64, sub Subscription, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
		userID, sub.Endpoint, sub.P256dh, sub.Auth, now)
	return err
}

// Unsubscribe removes userID's subscription at endpoint; false when userID
// has none there.
func (s *Store) Unsubscribe(ctx context.Context, userID int64, endpoint string) (bool, error) {
	res, err := s.db.Exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?`, userID, endpoint)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteEndpoint removes a subscription the push service says is gone.
func (s *Store) DeleteEndpoint(ctx context.Context, endpoint string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
	return err
}

// Subscriptions are userID's browsers, oldest first.
func (s *Store) Subscriptions(ctx context.Context, userID int64) ([]Subscription, error) {
	rows, err := s.db.Query(ctx, `SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY id`, userID)
	return db.Collect(rows, err, func(row db.Scanner) (sub Subscription, err error) {
		err = row.Scan(&sub.Endpoint, &sub.P256dh, &sub.Auth)
		return sub, err
	})
}

// PushDue tells, in one read, whether userID has a browser that receives
// push and opted into kind (optIn false: a kind that is always on).
func (s *Store) PushDue(ctx context.Context, userID int64, kind Kind, optIn bool) (bool, error) {
	q := `SELECT CASE WHEN EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = ?) THEN 1 ELSE 0 END`
	args := []any{userID}
	if optIn {
		q = `SELECT CASE WHEN EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = ?)
			AND EXISTS (SELECT 1 FROM notification_settings WHERE user_id = ? AND kind = ? AND enabled) THEN 1 ELSE 0 END`
		args = append(args, userID, string(kind))
	}
	var due int
	err := s.db.QueryRow(ctx, q, args...).Scan(&due)
	return due == 1, err
}

// CountSubscriptions is how many browsers of userID receive push.
func (s *Store) CountSubscriptions(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM push_subscriptions WHERE user_id = ?`, userID).Scan(&n)
	return n, err
}

// VAPIDKeys returns the stored key pair, storing generate's first when there
// is none; instances starting at once agree on the first one written.
func (s *Store) VAPIDKeys(ctx context.Context, generate func() (public, private string, err error)) (public, private string, err error) {
	err = s.db.QueryRow(ctx, `SELECT public_key, private_key FROM push_vapid WHERE id = 1`).Scan(&public, &private)
	if err == nil {
		return public, private, nil
	}
	pub, priv, err := generate()
	if err != nil {
		return "", "", err
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO push_vapid (id, public_key, private_key) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING`, pub, priv); err != nil {
		return "", "", err
	}
	err = s.db.QueryRow(ctx, `SELECT public_key, private_key FROM push_vapid WHERE id = 1`).Scan(&public, &private)
	return public, private, err
}

// ExportUserData is the notifications part of GET /api/user/export.
func (s *Store) ExportUserData(ctx context.Context, userID int64) (any, error) {
	on, err := s.Enabled(ctx, userID)
	if err != nil {
		return nil, err
	}
	subs, err := s.Subscriptions(ctx, userID)
	if err != nil {
		return nil, err
	}
	endpoints := make([]string, len(subs))
	for i, sub := range subs {
		endpoints[i] = sub.Endpoint
	}
	return map[string]any{"settings": on, "pushEndpoints": endpoints}, nil
}
