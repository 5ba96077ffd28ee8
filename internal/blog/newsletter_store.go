package blog

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hyrox/internal/db"
)

type subscriptionState int

const (
	subscriptionNew         subscriptionState = iota // a new row, waiting for confirmation
	subscriptionUnconfirmed                          // known, not confirmed yet: a fresh link
	subscriptionConfirmed                            // confirmed before: nothing changes
)

// StartSubscription adds the address unconfirmed with a confirmation token
// hash, or gives an unconfirmed one a new token; a confirmed address is left as is.
func (s *Store) StartSubscription(ctx context.Context, email string, userID int64, confirmHash, unsubscribeToken string, now time.Time) (subscriptionState, error) {
	state := subscriptionNew
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var id int64
		var confirmed sql.NullTime
		err := tx.QueryRow(ctx, `SELECT id, confirmed_at FROM newsletter_subscribers WHERE email = ?`, email).Scan(&id, &confirmed)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			_, err = tx.Exec(ctx, `INSERT INTO newsletter_subscribers (email, user_id, created_at, confirm_token_hash, confirm_sent_at, unsubscribe_token)
				VALUES (?, ?, ?, ?, ?, ?)`, email, userID, now.UTC(), confirmHash, now.UTC(), unsubscribeToken)
			return err
		case err != nil:
			return err
		case confirmed.Valid:
			state = subscriptionConfirmed
			return nil
		}
		state = subscriptionUnconfirmed
		_, err = tx.Exec(ctx, `UPDATE newsletter_subscribers SET confirm_token_hash = ?, confirm_sent_at = ?,
			unsubscribe_token = COALESCE(unsubscribe_token, ?) WHERE id = ?`, confirmHash, now.UTC(), unsubscribeToken, id)
		return err
	})
	return state, err
}

// Confirm marks the address with this unexpired confirmation token confirmed
// (the token then stops working) and returns it.
func (s *Store) Confirm(ctx context.Context, confirmHash string, now, sentAfter time.Time) (string, error) {
	var email string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `UPDATE newsletter_subscribers SET confirmed_at = ?, confirm_token_hash = NULL
			WHERE confirm_token_hash = ? AND confirm_sent_at > ? RETURNING email`, now.UTC(), confirmHash, sentAfter.UTC()).Scan(&email)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return "", errBadConfirm
	}
	return email, err
}

// Unsubscribe deletes the address with this unsubscribe token (its deliveries go with it).
func (s *Store) Unsubscribe(ctx context.Context, token string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM newsletter_subscribers WHERE unsubscribe_token = ?`, token)
	return err
}

// ClaimIssues records every article published by now that is not an issue yet.
func (s *Store) ClaimIssues(ctx context.Context, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO newsletter_issues (article_id, created_at)
		SELECT a.id, ? FROM articles a
		WHERE a.published_at <= ? AND NOT EXISTS (SELECT 1 FROM newsletter_issues i WHERE i.article_id = a.id)
		ON CONFLICT (article_id) DO NOTHING`, now.UTC(), now.UTC())
	return err
}

// Delivery is one issue still to e-mail to one subscriber.
type Delivery struct {
	ArticleID, SubscriberID int64
	Title, Excerpt          string
	Email, UnsubscribeToken string
}

// PendingDeliveries lists issues created since `since` that a subscriber
// confirmed before them has not had yet.
func (s *Store) PendingDeliveries(ctx context.Context, since time.Time, limit int) ([]Delivery, error) {
	rows, err := s.db.Query(ctx, `SELECT a.id, sub.id, a.title, a.excerpt, sub.email, sub.unsubscribe_token
		FROM newsletter_issues i
		JOIN articles a ON a.id = i.article_id
		JOIN newsletter_subscribers sub ON sub.confirmed_at IS NOT NULL AND sub.confirmed_at <= i.created_at
			AND sub.unsubscribe_token IS NOT NULL
		WHERE i.created_at >= ?
			AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.article_id = i.article_id AND d.subscriber_id = sub.id)
		ORDER BY i.created_at, a.id, sub.id
		LIMIT ?`, since.UTC(), limit)
	return db.Collect(rows, err, func(row db.Scanner) (d Delivery, err error) {
		err = row.Scan(&d.ArticleID, &d.SubscriberID, &d.Title, &d.Excerpt, &d.Email, &d.UnsubscribeToken)
		return d, err
	})
}

// ClaimDelivery records that this instance sends the issue to the
// subscriber; false when it was already claimed.
func (s *Store) ClaimDelivery(ctx context.Context, articleID, subscriberID int64, now time.Time) (bool, error) {
	res, err := s.db.Exec(ctx, `INSERT INTO newsletter_deliveries (article_id, subscriber_id, sent_at) VALUES (?, ?, ?)
		ON CONFLICT (article_id, subscriber_id) DO NOTHING`, articleID, subscriberID, now.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ReleaseDelivery gives a failed delivery's claim back.
func (s *Store) ReleaseDelivery(ctx context.Context, articleID, subscriberID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM newsletter_deliveries WHERE article_id = ? AND subscriber_id = ?`, articleID, subscriberID)
	return err
}
