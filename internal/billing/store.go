package billing

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/keyset"
)

// Store is billing's SQL: the mirror of the provider's customers,
// subscriptions, cards and invoices, and the applied-event log.
type Store struct{ db *db.DB }

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

var errNoRows = sql.ErrNoRows

// subscriptionRow is the local mirror of a provider subscription.
type subscriptionRow struct {
	ID                int64
	UserID            int64
	SubscriptionID    string
	PriceID           string
	Tier              string
	Status            string
	CurrentPeriodEnd  *time.Time
	TrialEnd          *time.Time
	CancelAtPeriodEnd bool
	StateAt           time.Time
	CreatedAt         time.Time
}

const subscriptionColumns = `id, user_id, subscription_id, price_id, tier, status, current_period_end, trial_end,
	cancel_at_period_end, state_at, created_at`

func scanSubscription(row interface{ Scan(...any) error }) (subscriptionRow, error) {
	var s subscriptionRow
	var end, trial sql.NullTime
	err := row.Scan(&s.ID, &s.UserID, &s.SubscriptionID, &s.PriceID, &s.Tier, &s.Status, &end, &trial,
		&s.CancelAtPeriodEnd, &s.StateAt, &s.CreatedAt)
	if end.Valid {
		t := end.Time.UTC()
		s.CurrentPeriodEnd = &t
	}
	if trial.Valid {
		t := trial.Time.UTC()
		s.TrialEnd = &t
	}
	return s, err
}

// CustomerID returns the user's provider customer id, or "" when none.
func (s *Store) CustomerID(ctx context.Context, userID int64) (string, error) {
	var id string
	err := s.db.QueryRow(ctx, `SELECT customer_id FROM billing_customers WHERE user_id = ?`, userID).Scan(&id)
	if errors.Is(err, errNoRows) {
		return "", nil
	}
	return id, err
}

// SaveCustomer records the user's provider customer.
func (s *Store) SaveCustomer(ctx context.Context, userID int64, provider, customerID string, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO billing_customers (user_id, provider, customer_id, created_at) VALUES (?, ?, ?, ?)`,
		userID, provider, customerID, now)
	return err
}

// LatestSubscription is the user's newest subscription, or errNoRows.
func (s *Store) LatestSubscription(ctx context.Context, userID int64) (subscriptionRow, error) {
	return scanSubscription(s.db.QueryRow(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions
		WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`, userID))
}

// HasHadSubscription reports whether the user ever started a paid plan (one trial per user).
func (s *Store) HasHadSubscription(ctx context.Context, userID int64) (bool, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM billing_subscriptions WHERE user_id = ? AND status <> ?`,
		userID, StatusIncomplete).Scan(&n)
	return n > 0, err
}

// PaymentMethods lists the user's cards, newest first (at most MaxCards).
func (s *Store) PaymentMethods(ctx context.Context, userID int64) ([]PaymentMethod, error) {
	rows, err := s.db.Query(ctx, `SELECT id, payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at
		FROM billing_payment_methods WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`, userID, MaxCards+1)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PaymentMethod{}
	for rows.Next() {
		var p PaymentMethod
		var def bool
		if err := rows.Scan(&p.ID, &p.StripePaymentMethodID, &p.Brand, &p.Last4, &p.ExpiryMonth, &p.ExpiryYear, &def, &p.CreatedAt); err != nil {
			return nil, err
		}
		p.Type = "card"
		p.CreatedAt = p.CreatedAt.UTC()
		if def {
			p.IsDefault = 1
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// DeletePaymentMethod removes a card row and, when it was the default,
// promotes the newest other card; it returns the promoted provider id.
func (s *Store) DeletePaymentMethod(ctx context.Context, userID, id int64) (promoted string, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var wasDefault bool
		if err := tx.QueryRow(ctx, `DELETE FROM billing_payment_methods WHERE id = ? AND user_id = ? RETURNING is_default`,
			id, userID).Scan(&wasDefault); err != nil {
			if errors.Is(err, errNoRows) {
				return apperr.Errorf(apperr.CodeNotFound, "Payment method not found.")
			}
			return err
		}
		if !wasDefault {
			return nil
		}
		return promoteNewest(ctx, tx, userID, &promoted)
	})
	return promoted, err
}

func promoteNewest(ctx context.Context, tx *db.Tx, userID int64, promoted *string) error {
	err := tx.QueryRow(ctx, `UPDATE billing_payment_methods SET is_default = ? WHERE id = (
		SELECT id FROM billing_payment_methods WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1)
		RETURNING payment_method_id`, true, userID).Scan(promoted)
	if errors.Is(err, errNoRows) {
		return nil
	}
	return err
}

// SetDefault makes one of the user's cards the default; it returns its provider id.
func (s *Store) SetDefault(ctx context.Context, userID, id int64) (string, error) {
	var pm string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT payment_method_id FROM billing_payment_methods WHERE id = ? AND user_id = ?`,
			id, userID).Scan(&pm); err != nil {
			if errors.Is(err, errNoRows) {
				return apperr.Errorf(apperr.CodeNotFound, "Payment method not found.")
			}
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE billing_payment_methods SET is_default = (id = ?) WHERE user_id = ?`, id, userID)
		return err
	})
	return pm, err
}

// PaymentMethodProviderID returns the provider id of one of the user's cards.
func (s *Store) PaymentMethodProviderID(ctx context.Context, userID, id int64) (string, error) {
	var pm string
	err := s.db.QueryRow(ctx, `SELECT payment_method_id FROM billing_payment_methods WHERE id = ? AND user_id = ?`, id, userID).Scan(&pm)
	if errors.Is(err, errNoRows) {
		return "", apperr.Errorf(apperr.CodeNotFound, "Payment method not found.")
	}
	return pm, err
}

// Invoices is one keyset page of the user's invoices, newest first.
func (s *Store) Invoices(ctx context.Context, userID int64, before *keyset.Cursor, limit int) ([]BillingRecord, error) {
	q := `SELECT id, created_at, paid_at, description, invoice_id, tier, amount, currency, status, invoice_url
		FROM billing_invoices WHERE user_id = ?`
	args := []any{userID}
	if before != nil {
		q += ` AND (created_at < ? OR (created_at = ? AND id < ?))`
		args = append(args, before.At, before.At, before.ID)
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ?`
	args = append(args, limit)
	rows, err := s.db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []BillingRecord{}
	for rows.Next() {
		var b BillingRecord
		var paid sql.NullTime
		var url string
		if err := rows.Scan(&b.ID, &b.CreatedAt, &paid, &b.Description, &b.StripeInvoiceID, &b.SubscriptionTier,
			&b.Amount, &b.Currency, &b.Status, &url); err != nil {
			return nil, err
		}
		b.CreatedAt = b.CreatedAt.UTC()
		if paid.Valid {
			t := paid.Time.UTC()
			b.PaidAt = &t
		}
		if url != "" {
			b.InvoiceURL = &url
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// ---- applying events (one transaction each) ----

// userByCustomer finds the user a provider customer belongs to.
func userByCustomer(ctx context.Context, tx *db.Tx, customerID string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT user_id FROM billing_customers WHERE customer_id = ?`, customerID).Scan(&id)
	return id, err
}

// recordEvent stores the event id; false means it was applied before.
func recordEvent(ctx context.Context, tx *db.Tx, ev Event, now time.Time) (bool, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO billing_events (event_id, type, received_at) VALUES (?, ?, ?)
		ON CONFLICT (event_id) DO NOTHING RETURNING event_id`, ev.ID, ev.Type, now).Scan(&id)
	if errors.Is(err, errNoRows) {
		return false, nil
	}
	return err == nil, err
}

// upsertSubscription writes a subscription state unless a newer one is stored.
// It reports whether the state was written.
func upsertSubscription(ctx context.Context, tx *db.Tx, userID int64, st SubscriptionState, tier string, at time.Time) (bool, error) {
	var stateAt time.Time
	var status string
	err := tx.QueryRow(ctx, `SELECT state_at, status FROM billing_subscriptions WHERE subscription_id = ?`, st.ID).Scan(&stateAt, &status)
	switch {
	case errors.Is(err, errNoRows):
		_, err = tx.Exec(ctx, `INSERT INTO billing_subscriptions (user_id, subscription_id, price_id, tier, status,
			current_period_end, trial_end, cancel_at_period_end, state_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			userID, st.ID, st.PriceID, tier, st.Status, st.CurrentPeriodEnd, st.TrialEnd, st.CancelAtPeriodEnd, at, at)
		return err == nil, err
	case err != nil:
		return false, err
	case at.Before(stateAt), at.Equal(stateAt) && !followsInSameSecond(status, st):
		return false, nil // out of order: a newer state is already here
	}
	_, err = tx.Exec(ctx, `UPDATE billing_subscriptions SET price_id = ?, tier = ?, status = ?, current_period_end = ?,
		trial_end = ?, cancel_at_period_end = ?, state_at = ? WHERE subscription_id = ?`,
		st.PriceID, tier, st.Status, st.CurrentPeriodEnd, st.TrialEnd, st.CancelAtPeriodEnd, at, st.ID)
	return err == nil, err
}

// followsInSameSecond reports whether st comes after the stored status when
// both carry the same created second (the provider's clock has one-second
// resolution, and events may arrive in any order). docs/security.md: nothing
// follows a final status (canceled, incomplete_expired); an event that says
// which status it moves from follows the stored status when it moves from
// it; otherwise a state follows unless it is earlier in the lifecycle.
func followsInSameSecond(stored string, st SubscriptionState) bool {
	switch {
	case isFinal(stored):
		return isFinal(st.Status)
	case st.PreviousStatus != "":
		return st.PreviousStatus == stored || st.Status == stored
	}
	return lifecycleRank(st.Status) >= lifecycleRank(stored)
}

func isFinal(status string) bool { return status == StatusCanceled || status == StatusExpired }

// lifecycleRank orders statuses as a subscription usually moves through them.
func lifecycleRank(status string) int {
	switch status {
	case StatusIncomplete:
		return 0
	case StatusTrialing:
		return 1
	case StatusActive:
		return 2
	case StatusPastDue:
		return 3
	}
	return 4 // final
}

// upsertInvoice writes an invoice state unless a newer one is stored.
func upsertInvoice(ctx context.Context, tx *db.Tx, userID int64, in InvoiceState, at time.Time) error {
	var stateAt time.Time
	err := tx.QueryRow(ctx, `SELECT state_at FROM billing_invoices WHERE invoice_id = ?`, in.ID).Scan(&stateAt)
	switch {
	case errors.Is(err, errNoRows):
		_, err = tx.Exec(ctx, `INSERT INTO billing_invoices (user_id, invoice_id, subscription_id, description, tier, amount,
			currency, status, invoice_url, paid_at, created_at, state_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			userID, in.ID, in.SubscriptionID, in.Description, in.Tier, in.AmountCents, in.Currency, in.Status, in.URL,
			in.PaidAt, in.Created, at)
		return err
	case err != nil:
		return err
	case at.Before(stateAt):
		return nil
	}
	_, err = tx.Exec(ctx, `UPDATE billing_invoices SET status = ?, paid_at = ?, invoice_url = ?, amount = ?, state_at = ?
		WHERE invoice_id = ?`, in.Status, in.PaidAt, in.URL, in.AmountCents, at, in.ID)
	return err
}

// upsertCard stores a card; the user's first card becomes the default.
func upsertCard(ctx context.Context, tx *db.Tx, userID int64, c CardState, now time.Time) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM billing_payment_methods WHERE payment_method_id = ?`, c.ID).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, errNoRows) {
		return 0, err
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM billing_payment_methods WHERE user_id = ?`, userID).Scan(&n); err != nil {
		return 0, err
	}
	err = tx.QueryRow(ctx, `INSERT INTO billing_payment_methods (user_id, payment_method_id, brand, last4, exp_month, exp_year,
		is_default, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		userID, c.ID, c.Brand, c.Last4, c.ExpiryMonth, c.ExpiryYear, n == 0, now).Scan(&id)
	return id, err
}

// removeCard deletes a detached card and promotes the newest other one when it was the default.
func removeCard(ctx context.Context, tx *db.Tx, paymentMethodID string) error {
	var userID int64
	var wasDefault bool
	err := tx.QueryRow(ctx, `DELETE FROM billing_payment_methods WHERE payment_method_id = ? RETURNING user_id, is_default`,
		paymentMethodID).Scan(&userID, &wasDefault)
	if errors.Is(err, errNoRows) || (err == nil && !wasDefault) {
		return nil
	}
	if err != nil {
		return err
	}
	var promoted string
	return promoteNewest(ctx, tx, userID, &promoted)
}

// ExportRows returns every billing row of a user.
func (s *Store) ExportRows(ctx context.Context, userID int64) (map[string]any, error) {
	out := map[string]any{}
	cust, err := s.CustomerID(ctx, userID)
	if err != nil {
		return nil, err
	}
	out["customerId"] = cust
	rows, err := s.db.Query(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions WHERE user_id = ? ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	subs := []map[string]any{}
	for rows.Next() {
		sr, err := scanSubscription(rows)
		if err != nil {
			return nil, err
		}
		subs = append(subs, map[string]any{"subscriptionId": sr.SubscriptionID, "priceId": sr.PriceID, "tier": sr.Tier,
			"status": sr.Status, "currentPeriodEnd": sr.CurrentPeriodEnd, "trialEnd": sr.TrialEnd,
			"cancelAtPeriodEnd": sr.CancelAtPeriodEnd, "createdAt": sr.CreatedAt})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out["subscriptions"] = subs
	if out["paymentMethods"], err = s.PaymentMethods(ctx, userID); err != nil {
		return nil, err
	}
	if out["invoices"], err = s.Invoices(ctx, userID, nil, 1_000_000); err != nil {
		return nil, err
	}
	return out, nil
}
