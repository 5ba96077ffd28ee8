package billing

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/keyset"
	"hyrox/internal/tier"
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
	Started           bool // it was trialing, active or past due once
	EverPaid          bool // an invoice of it was paid with money
}

// grantsTier is docs/billing-rules.md's access rule: trialing and active
// subscriptions give their tier; a past-due one only when something was ever
// paid (a trial whose first charge fails ends at once).
func (s subscriptionRow) grantsTier() bool {
	return s.Status == StatusTrialing || s.Status == StatusActive || (s.Status == StatusPastDue && s.EverPaid)
}

const subscriptionColumns = `s.id, s.user_id, s.subscription_id, s.price_id, s.tier, s.status, s.current_period_end, s.trial_end,
	s.cancel_at_period_end, s.state_at, s.created_at, s.started_at IS NOT NULL,
	EXISTS (SELECT 1 FROM billing_invoices i WHERE i.subscription_id = s.subscription_id AND i.status = 'paid' AND i.amount > 0)`

func scanSubscription(row interface{ Scan(...any) error }) (subscriptionRow, error) {
	var s subscriptionRow
	var end, trial sql.NullTime
	err := row.Scan(&s.ID, &s.UserID, &s.SubscriptionID, &s.PriceID, &s.Tier, &s.Status, &end, &trial,
		&s.CancelAtPeriodEnd, &s.StateAt, &s.CreatedAt, &s.Started, &s.EverPaid)
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

// LatestSubscription is the user's newest subscription (a checkout in
// progress included), or errNoRows.
func (s *Store) LatestSubscription(ctx context.Context, userID int64) (subscriptionRow, error) {
	return latestSubscription(ctx, s.db, userID, false)
}

// LatestStarted is the user's newest subscription whose checkout completed,
// the one the tier follows, or errNoRows.
func (s *Store) LatestStarted(ctx context.Context, userID int64) (subscriptionRow, error) {
	return latestSubscription(ctx, s.db, userID, true)
}

type queryRower interface {
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
}

func latestSubscription(ctx context.Context, q queryRower, userID int64, startedOnly bool) (subscriptionRow, error) {
	where := ``
	if startedOnly {
		where = ` AND s.started_at IS NOT NULL`
	}
	return scanSubscription(q.QueryRow(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions s
		WHERE s.user_id = ?`+where+` ORDER BY s.created_at DESC, s.id DESC LIMIT 1`, userID))
}

// TrialUsed reports whether a trial of the user ever started (one per athlete;
// an abandoned or declined checkout does not count).
func (s *Store) TrialUsed(ctx context.Context, userID int64) (bool, error) {
	var used bool
	err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM billing_subscriptions
		WHERE user_id = ? AND started_at IS NOT NULL AND trial_end IS NOT NULL)`, userID).Scan(&used)
	return used, err
}

// PendingInvoices are the provider ids of a subscription's unpaid invoices.
func (s *Store) PendingInvoices(ctx context.Context, subscriptionID string) ([]string, error) {
	rows, err := s.db.Query(ctx, `SELECT invoice_id FROM billing_invoices WHERE subscription_id = ? AND status IN ('pending', 'failed')
		ORDER BY id`, subscriptionID)
	return db.Collect(rows, err, func(row db.Scanner) (id string, err error) {
		return id, row.Scan(&id)
	})
}

// Grant is the user's operator grant, or "" when none.
func (s *Store) Grant(ctx context.Context, userID int64) (string, error) {
	var userTier string
	err := s.db.QueryRow(ctx, `SELECT tier FROM billing_grants WHERE user_id = ?`, userID).Scan(&userTier)
	if errors.Is(err, errNoRows) {
		return "", nil
	}
	return userTier, err
}

// SetGrant records an operator grant; basic removes it.
func (s *Store) SetGrant(ctx context.Context, userID int64, userTier string, now time.Time) error {
	if userTier == tier.Basic {
		_, err := s.db.Exec(ctx, `DELETE FROM billing_grants WHERE user_id = ?`, userID)
		return err
	}
	_, err := s.db.Exec(ctx, `INSERT INTO billing_grants (user_id, tier, granted_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET tier = excluded.tier, granted_at = excluded.granted_at`, userID, userTier, now)
	return err
}

// PaymentMethods lists the user's cards, newest first (at most MaxCards).
func (s *Store) PaymentMethods(ctx context.Context, userID int64) ([]PaymentMethod, error) {
	rows, err := s.db.Query(ctx, `SELECT id, payment_method_id, brand, last4, exp_month, exp_year, is_default, created_at
		FROM billing_payment_methods WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`, userID, MaxCards+1)
	return db.Collect(rows, err, func(row db.Scanner) (p PaymentMethod, err error) {
		var def bool
		err = row.Scan(&p.ID, &p.StripePaymentMethodID, &p.Brand, &p.Last4, &p.ExpiryMonth, &p.ExpiryYear, &def, &p.CreatedAt)
		p.Type = "card"
		p.CreatedAt = p.CreatedAt.UTC()
		if def {
			p.IsDefault = 1
		}
		return p, err
	})
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

// invoiceColumns and listedInvoice: docs/billing-rules.md (history) lists no
// voided invoice and none of a checkout that never completed.
const (
	invoiceColumns = `i.id, i.created_at, i.paid_at, i.description, i.invoice_id, i.tier, i.amount, i.currency, i.status,
	i.invoice_url, i.pdf_url, i.period_start, i.period_end, i.card_brand, i.card_last4,
	i.credit_applied, i.tax_amount, i.tax_rate`
	listedInvoice = ` AND i.status <> 'void' AND NOT EXISTS (SELECT 1 FROM billing_subscriptions s
		WHERE s.subscription_id = i.subscription_id AND s.started_at IS NULL)`
)

func scanInvoice(row interface{ Scan(...any) error }) (invoiceDetail, error) {
	var b invoiceDetail
	var paid, start, end sql.NullTime
	var url string
	err := row.Scan(&b.ID, &b.CreatedAt, &paid, &b.Description, &b.StripeInvoiceID, &b.SubscriptionTier,
		&b.Amount, &b.Currency, &b.Status, &url, &b.PDFURL, &start, &end, &b.CardBrand, &b.CardLast4,
		&b.CreditApplied, &b.TaxAmount, &b.TaxRate)
	b.CreatedAt = b.CreatedAt.UTC()
	b.PaidAt, b.PeriodStart, b.PeriodEnd = utcPtr(paid), utcPtr(start), utcPtr(end)
	if url != "" {
		b.InvoiceURL = &url
	}
	if b.PDFURL == "" {
		b.PDFURL = "/api/billing-history/" + strconv.FormatInt(b.ID, 10) + "/pdf"
	}
	return b, err
}

func utcPtr(n sql.NullTime) *time.Time {
	if !n.Valid {
		return nil
	}
	t := n.Time.UTC()
	return &t
}

// Invoices is one keyset page of the user's listed invoices, newest first.
func (s *Store) Invoices(ctx context.Context, userID int64, before *keyset.Cursor, limit int) ([]BillingRecord, error) {
	page, args := invoiceOrder.After(before)
	rows, err := s.db.Query(ctx, `SELECT `+invoiceColumns+` FROM billing_invoices i WHERE i.user_id = ?`+listedInvoice+page+invoiceOrder.By()+` LIMIT ?`,
		append(append([]any{userID}, args...), limit)...)
	return db.Collect(rows, err, func(row db.Scanner) (BillingRecord, error) {
		b, err := scanInvoice(row)
		return b.BillingRecord, err
	})
}

// invoiceOrder is the billing history's order, newest first.
var invoiceOrder = keyset.Order{At: "i.created_at", ID: "i.id", Desc: true}

// Invoice is one of the user's listed invoices; another user's is not found.
func (s *Store) Invoice(ctx context.Context, userID, id int64) (invoiceDetail, error) {
	b, err := scanInvoice(s.db.QueryRow(ctx, `SELECT `+invoiceColumns+` FROM billing_invoices i
		WHERE i.id = ? AND i.user_id = ?`+listedInvoice, id, userID))
	if errors.Is(err, errNoRows) {
		return b, apperr.Errorf(apperr.CodeNotFound, "Invoice not found.")
	}
	return b, err
}

// DefaultCard is the user's default card, for an invoice that does not name one.
func (s *Store) DefaultCard(ctx context.Context, userID int64) (brand, last4 string, err error) {
	err = s.db.QueryRow(ctx, `SELECT brand, last4 FROM billing_payment_methods WHERE user_id = ? AND is_default = ?`,
		userID, true).Scan(&brand, &last4)
	if errors.Is(err, errNoRows) {
		return "", "", nil
	}
	return brand, last4, err
}

// ---- applying events (one transaction each) ----

// ApplySubscription records ev once and writes its subscription state unless
// a newer one is stored. It answers the user whose tier may have changed (0
// when the event was seen before, is stale, or is not about one of ours).
func (s *Store) ApplySubscription(ctx context.Context, ev Event, userTier string, received time.Time) (int64, error) {
	var changed int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		fresh, err := recordEvent(ctx, tx, ev, received)
		if err != nil || !fresh {
			return err
		}
		userID, err := userByCustomer(ctx, tx, ev.Subscription.CustomerID)
		if errors.Is(err, errNoRows) {
			return nil // not one of ours
		}
		if err != nil {
			return err
		}
		written, err := upsertSubscription(ctx, tx, userID, *ev.Subscription, userTier, ev.Created.UTC())
		if written {
			changed = userID
		}
		return err
	})
	return changed, err
}

// ApplyInvoice records ev once and writes its invoice state unless a newer
// one is stored; an invoice without a tier takes its subscription's.
func (s *Store) ApplyInvoice(ctx context.Context, ev Event, received time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		fresh, err := recordEvent(ctx, tx, ev, received)
		if err != nil || !fresh {
			return err
		}
		in := *ev.Invoice
		userID, err := userByCustomer(ctx, tx, in.CustomerID)
		if errors.Is(err, errNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if in.Tier == "" {
			if err := tx.QueryRow(ctx, `SELECT tier FROM billing_subscriptions WHERE subscription_id = ?`,
				in.SubscriptionID).Scan(&in.Tier); err != nil {
				in.Tier = tier.Basic
			}
		}
		return upsertInvoice(ctx, tx, userID, in, ev.Created.UTC())
	})
}

// ApplyCard records ev once and saves or removes its card (at most MaxCards each).
func (s *Store) ApplyCard(ctx context.Context, ev Event, received time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		fresh, err := recordEvent(ctx, tx, ev, received)
		if err != nil || !fresh {
			return err
		}
		if ev.Type == EventPMDetached {
			return removeCard(ctx, tx, ev.PaymentMethod.ID)
		}
		userID, err := userByCustomer(ctx, tx, ev.PaymentMethod.CustomerID)
		if errors.Is(err, errNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM billing_payment_methods WHERE user_id = ?`, userID).Scan(&n); err != nil {
			return err
		}
		if n >= MaxCards {
			return nil
		}
		_, err = upsertCard(ctx, tx, userID, *ev.PaymentMethod, received)
		return err
	})
}

// AddCard saves a card the user confirmed; it answers its row id.
func (s *Store) AddCard(ctx context.Context, userID int64, c CardState, now time.Time) (int64, error) {
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		id, err = upsertCard(ctx, tx, userID, c, now)
		return err
	})
	return id, err
}

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
func upsertSubscription(ctx context.Context, tx *db.Tx, userID int64, st SubscriptionState, userTier string, at time.Time) (bool, error) {
	var stateAt time.Time
	var status string
	err := tx.QueryRow(ctx, `SELECT state_at, status FROM billing_subscriptions WHERE subscription_id = ?`, st.ID).Scan(&stateAt, &status)
	var startedAt *time.Time
	if started(st.Status) {
		startedAt = &at
	}
	switch {
	case errors.Is(err, errNoRows):
		_, err = tx.Exec(ctx, `INSERT INTO billing_subscriptions (user_id, subscription_id, price_id, tier, status,
			current_period_end, trial_end, cancel_at_period_end, state_at, created_at, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			userID, st.ID, st.PriceID, userTier, st.Status, st.CurrentPeriodEnd, st.TrialEnd, st.CancelAtPeriodEnd, at, at, startedAt)
		return err == nil, err
	case err != nil:
		return false, err
	case at.Before(stateAt), at.Equal(stateAt) && !followsInSameSecond(status, st):
		return false, nil // out of order: a newer state is already here
	}
	_, err = tx.Exec(ctx, `UPDATE billing_subscriptions SET price_id = ?, tier = ?, status = ?, current_period_end = ?,
		trial_end = ?, cancel_at_period_end = ?, state_at = ?, started_at = COALESCE(started_at, ?) WHERE subscription_id = ?`,
		st.PriceID, userTier, st.Status, st.CurrentPeriodEnd, st.TrialEnd, st.CancelAtPeriodEnd, at, startedAt, st.ID)
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
			currency, status, invoice_url, paid_at, created_at, state_at, pdf_url, period_start, period_end, card_brand, card_last4,
			credit_applied, tax_amount, tax_rate)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			userID, in.ID, in.SubscriptionID, in.Description, in.Tier, in.AmountCents, in.Currency, in.Status, in.URL,
			in.PaidAt, in.Created, at, in.PDFURL, in.PeriodStart, in.PeriodEnd, in.CardBrand, in.CardLast4,
			in.CreditApplied, in.TaxCents, in.TaxRate)
		return err
	case err != nil:
		return err
	case at.Before(stateAt):
		return nil
	}
	_, err = tx.Exec(ctx, `UPDATE billing_invoices SET status = ?, paid_at = ?, invoice_url = ?, amount = ?, state_at = ?,
		pdf_url = ?, period_start = COALESCE(?, period_start), period_end = COALESCE(?, period_end),
		card_brand = CASE WHEN ? = '' THEN card_brand ELSE ? END, card_last4 = CASE WHEN ? = '' THEN card_last4 ELSE ? END,
		credit_applied = ?, tax_amount = ?, tax_rate = ?
		WHERE invoice_id = ?`, in.Status, in.PaidAt, in.URL, in.AmountCents, at, in.PDFURL, in.PeriodStart, in.PeriodEnd,
		in.CardBrand, in.CardBrand, in.CardLast4, in.CardLast4, in.CreditApplied, in.TaxCents, in.TaxRate, in.ID)
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
	rows, err := s.db.Query(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions s WHERE s.user_id = ? ORDER BY s.created_at, s.id`, userID)
	if out["subscriptions"], err = db.Collect(rows, err, func(row db.Scanner) (map[string]any, error) {
		sr, err := scanSubscription(row)
		return map[string]any{"subscriptionId": sr.SubscriptionID, "priceId": sr.PriceID, "tier": sr.Tier,
			"status": sr.Status, "currentPeriodEnd": sr.CurrentPeriodEnd, "trialEnd": sr.TrialEnd,
			"cancelAtPeriodEnd": sr.CancelAtPeriodEnd, "createdAt": sr.CreatedAt}, err
	}); err != nil {
		return nil, err
	}
	if out["paymentMethods"], err = s.PaymentMethods(ctx, userID); err != nil {
		return nil, err
	}
	if out["invoices"], err = s.Invoices(ctx, userID, nil, 1_000_000); err != nil {
		return nil, err
	}
	if d, ok, err := s.Details(ctx, userID); err != nil {
		return nil, err
	} else if ok {
		out["billingDetails"] = d
	}
	return out, nil
}

// Details is the user's billing details; ok is false when none are saved.
func (s *Store) Details(ctx context.Context, userID int64) (d BillingDetails, ok bool, err error) {
	err = s.db.QueryRow(ctx, `SELECT name, address_line1, address_line2, city, postal_code, country, vat_number
		FROM billing_details WHERE user_id = ?`, userID).
		Scan(&d.Name, &d.AddressLine1, &d.AddressLine2, &d.City, &d.PostalCode, &d.Country, &d.VATNumber)
	if errors.Is(err, errNoRows) {
		return BillingDetails{}, false, nil
	}
	return d, err == nil, err
}

// SaveDetails writes the user's billing details (one row per user).
func (s *Store) SaveDetails(ctx context.Context, userID int64, d BillingDetails, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO billing_details (user_id, name, address_line1, address_line2, city, postal_code,
		country, vat_number, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, address_line1 = excluded.address_line1,
		address_line2 = excluded.address_line2, city = excluded.city, postal_code = excluded.postal_code,
		country = excluded.country, vat_number = excluded.vat_number, updated_at = excluded.updated_at`,
		userID, d.Name, d.AddressLine1, d.AddressLine2, d.City, d.PostalCode, d.Country, d.VATNumber, now)
	return err
}
