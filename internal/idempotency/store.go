// Package idempotency makes writes safe to retry: a POST, PUT, PATCH or
// DELETE sent with an Idempotency-Key header is carried out once per user and
// key; a retry gets the first answer again (docs/offline.md#idempotency-keys).
package idempotency

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hyrox/internal/db"
)

// KeepFor is how long a key is kept (docs/offline.md#idempotency-keys).
const KeepFor = 7 * 24 * time.Hour

// Abandoned is how long a first request may stay unanswered before its key is
// taken over by a retry (the server stopped mid-request): longer than the
// server's write timeout.
const Abandoned = 2 * time.Minute

// Record is what the store holds for one key.
type Record struct {
	Fingerprint string
	// Status is 0 while the first request is still running.
	Status      int
	ContentType string
	Body        []byte
	CreatedAt   time.Time
}

// Store keeps the keys in the idempotency_keys table.
type Store struct{ db *db.DB }

// NewStore returns a store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Claim takes the key for a new request. It returns claimed=true when the
// caller should run the request, else the record already there (a finished
// answer to replay, or status 0: another request with the key is running).
// An expired key is forgotten first, and an abandoned running one taken over.
func (s *Store) Claim(ctx context.Context, userID int64, key, fingerprint string, now time.Time) (rec Record, claimed bool, err error) {
	if _, err := s.db.Exec(ctx, `DELETE FROM idempotency_keys WHERE user_id = ? AND idem_key = ? AND created_at < ?`,
		userID, key, now.Add(-KeepFor)); err != nil {
		return Record{}, false, err
	}
	res, err := s.db.Exec(ctx, `INSERT INTO idempotency_keys (user_id, idem_key, fingerprint, status, created_at)
		VALUES (?, ?, ?, 0, ?) ON CONFLICT (user_id, idem_key) DO NOTHING`, userID, key, fingerprint, now)
	if err != nil {
		return Record{}, false, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return Record{}, false, err
	} else if n == 1 {
		return Record{Fingerprint: fingerprint, CreatedAt: now}, true, nil
	}
	// Taken: by a running request, a finished one, or an abandoned one.
	res, err = s.db.Exec(ctx, `UPDATE idempotency_keys SET created_at = ? WHERE user_id = ? AND idem_key = ?
		AND status = 0 AND fingerprint = ? AND created_at < ?`, now, userID, key, fingerprint, now.Add(-Abandoned))
	if err != nil {
		return Record{}, false, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return Record{}, false, err
	} else if n == 1 {
		return Record{Fingerprint: fingerprint, CreatedAt: now}, true, nil
	}
	err = s.db.QueryRow(ctx, `SELECT fingerprint, status, content_type, body, created_at FROM idempotency_keys
		WHERE user_id = ? AND idem_key = ?`, userID, key).
		Scan(&rec.Fingerprint, &rec.Status, &rec.ContentType, &rec.Body, &rec.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		// Finished and released between the insert and this read: try once more.
		return s.claimAgain(ctx, userID, key, fingerprint, now)
	}
	return rec, false, err
}

func (s *Store) claimAgain(ctx context.Context, userID int64, key, fingerprint string, now time.Time) (Record, bool, error) {
	res, err := s.db.Exec(ctx, `INSERT INTO idempotency_keys (user_id, idem_key, fingerprint, status, created_at)
		VALUES (?, ?, ?, 0, ?) ON CONFLICT (user_id, idem_key) DO NOTHING`, userID, key, fingerprint, now)
	if err != nil {
		return Record{}, false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return Record{Fingerprint: fingerprint, CreatedAt: now}, true, nil
	}
	return Record{Fingerprint: fingerprint}, false, nil // running: the caller answers "still running"
}

// Complete stores the answer of a claimed key.
func (s *Store) Complete(ctx context.Context, userID int64, key string, status int, contentType string, body []byte) error {
	if body == nil {
		body = []byte{}
	}
	_, err := s.db.Exec(ctx, `UPDATE idempotency_keys SET status = ?, content_type = ?, body = ? WHERE user_id = ? AND idem_key = ?`,
		status, contentType, body, userID, key)
	return err
}

// Release forgets a claimed key whose request failed in a way worth retrying
// (a server error): the next request with the key runs again.
func (s *Store) Release(ctx context.Context, userID int64, key string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM idempotency_keys WHERE user_id = ? AND idem_key = ? AND status = 0`, userID, key)
	return err
}

// Purge deletes the keys older than KeepFor and returns how many went.
func (s *Store) Purge(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.db.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < ?`, now.Add(-KeepFor))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
