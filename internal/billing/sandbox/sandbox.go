// Package sandbox is the built-in payment provider (docs/product.md#billing): customers,
// cards from Stripe's test numbers, setup and payment intents, subscriptions
// with trials, proration, an invoice per cycle, renewals, retries on days 1, 3
// and 5, and period-end cancellation, all in our database. Its clock runs at
// an offset from the app's clock that `hyrox sandbox advance` moves forward.
package sandbox

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/billing"
	"hyrox/internal/db"
)

// Sink receives the sandbox's events (billing.Service.Apply).
type Sink func(ctx context.Context, ev billing.Event) error

// Sandbox is the provider.
type Sandbox struct {
	db   *db.DB
	now  func() time.Time
	sink Sink
	// taxBP is the tax rate prices include, in hundredths of a percent
	// (TAX_RATE_PERCENT; docs/billing-rules.md#invoices).
	taxBP int
}

// SetTaxRate sets the tax rate the invoices' totals contain, in hundredths of a percent.
func (s *Sandbox) SetTaxRate(basisPoints int) { s.taxBP = basisPoints }

// includedTax is the tax a tax-inclusive total contains, rounded half up.
func includedTax(total, bp int) int {
	if total <= 0 || bp <= 0 {
		return 0
	}
	return (total*bp*2 + (10000 + bp)) / (2 * (10000 + bp))
}

// ratePercent writes basis points as a percentage: 2000 is "20", 750 "7.5".
func ratePercent(bp int) string {
	if bp <= 0 {
		return ""
	}
	s := fmt.Sprintf("%d.%02d", bp/100, bp%100)
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}

// CreditBalance is the customer's credit (the sandbox keeps it positive).
func (s *Sandbox) CreditBalance(ctx context.Context, customerID string) (int, error) {
	var balance int
	err := s.db.QueryRow(ctx, `SELECT balance_cents FROM sandbox_customers WHERE id = ?`, customerID).Scan(&balance)
	if errors.Is(err, errNoRows) {
		return 0, nil
	}
	return max(balance, 0), err
}

// New returns the sandbox on d with the app clock now.
func New(d *db.DB, now func() time.Time) *Sandbox { return &Sandbox{db: d, now: now} }

// SetSink connects the sandbox's events to billing.
func (s *Sandbox) SetSink(sink Sink) { s.sink = sink }

// RetryDays are the days after a failed renewal on which it is retried;
// after the last failure the subscription is canceled.
var RetryDays = []int{1, 3, 5}

func (s *Sandbox) Name() string           { return "sandbox" }
func (s *Sandbox) PublishableKey() string { return "" }

var errNoRows = sql.ErrNoRows

func newID(prefix string) string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// Offset is how far the sandbox clock runs ahead of the app clock.
func (s *Sandbox) Offset(ctx context.Context) (time.Duration, error) {
	var sec int64
	err := s.db.QueryRow(ctx, `SELECT offset_seconds FROM sandbox_clock WHERE id = 1`).Scan(&sec)
	if errors.Is(err, errNoRows) {
		return 0, nil
	}
	return time.Duration(sec) * time.Second, err
}

// Now is the sandbox clock: the app clock plus the persisted offset.
func (s *Sandbox) Now(ctx context.Context) time.Time {
	off, _ := s.Offset(ctx)
	return s.now().UTC().Add(off).Truncate(time.Microsecond)
}

// Advance moves the sandbox clock forward and runs every due transition.
func (s *Sandbox) Advance(ctx context.Context, d time.Duration) error {
	if d < 0 {
		return errors.New("the sandbox clock only moves forward")
	}
	_, err := s.db.Exec(ctx, `INSERT INTO sandbox_clock (id, offset_seconds) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET offset_seconds = sandbox_clock.offset_seconds + ?`, int64(d/time.Second), int64(d/time.Second))
	if err != nil {
		return err
	}
	return s.RunDue(ctx, "")
}

// emitter gathers events inside a transaction and delivers them after commit.
type emitter struct {
	at     time.Time
	events []billing.Event
}

func (e *emitter) add(typ string, sub *billing.SubscriptionState, inv *billing.InvoiceState, card *billing.CardState) {
	e.events = append(e.events, billing.Event{ID: newID("evt_sb_"), Type: typ, Created: e.at,
		Subscription: sub, Invoice: inv, PaymentMethod: card})
}

// inTx runs fn in a transaction, then delivers its events in order.
func (s *Sandbox) inTx(ctx context.Context, fn func(tx *db.Tx, now time.Time, em *emitter) error) error {
	now := s.Now(ctx)
	em := &emitter{at: now}
	if err := s.db.InTx(ctx, func(tx *db.Tx) error { return fn(tx, now, em) }); err != nil {
		return err
	}
	if s.sink == nil {
		return nil
	}
	for _, ev := range em.events {
		if err := s.sink(ctx, ev); err != nil {
			return err
		}
	}
	return nil
}

// ---- customers and cards ----

func (s *Sandbox) CreateCustomer(ctx context.Context, userID int64, email, name, _ string) (string, error) {
	id := newID("cus_sb_")
	_, err := s.db.Exec(ctx, `INSERT INTO sandbox_customers (id, user_id, email, created_at) VALUES (?, ?, ?, ?)`,
		id, userID, email, s.Now(ctx))
	return id, err
}

func (s *Sandbox) CreateSetupIntent(ctx context.Context, customerID, _ string) (string, error) {
	id := newID("seti_sb_")
	secret := id + "_secret_" + newID("")
	_, err := s.db.Exec(ctx, `INSERT INTO sandbox_intents (id, client_secret, kind, customer_id, status, created_at)
		VALUES (?, ?, 'setup', ?, 'requires_payment_method', ?)`, id, secret, customerID, s.Now(ctx))
	return secret, err
}

func (s *Sandbox) PaymentMethod(ctx context.Context, customerID, paymentMethodID string) (billing.CardState, error) {
	c := billing.CardState{ID: paymentMethodID, CustomerID: customerID}
	err := s.db.QueryRow(ctx, `SELECT brand, last4, exp_month, exp_year FROM sandbox_payment_methods WHERE id = ? AND customer_id = ?`,
		paymentMethodID, customerID).Scan(&c.Brand, &c.Last4, &c.ExpiryMonth, &c.ExpiryYear)
	if errors.Is(err, errNoRows) {
		return c, apperr.Errorf(apperr.CodeNotFound, "No such payment method.")
	}
	return c, err
}

func (s *Sandbox) SetDefaultPaymentMethod(ctx context.Context, customerID, paymentMethodID string) error {
	res, err := s.db.Exec(ctx, `UPDATE sandbox_customers SET default_payment_method = ? WHERE id = ?
		AND EXISTS (SELECT 1 FROM sandbox_payment_methods WHERE id = ? AND customer_id = ?)`,
		paymentMethodID, customerID, paymentMethodID, customerID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.Errorf(apperr.CodeNotFound, "No such payment method.")
	}
	return nil
}

func (s *Sandbox) DetachPaymentMethod(ctx context.Context, paymentMethodID string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE sandbox_customers SET default_payment_method = '' WHERE default_payment_method = ?`, paymentMethodID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE sandbox_payment_methods SET customer_id = NULL WHERE id = ?`, paymentMethodID)
		return err
	})
}

// ---- subscriptions ----

type subscription struct {
	ID, CustomerID, PriceID, Tier, Interval, Status string
	AmountCents                                     int
	TrialEnd, FirstFailedAt, NextRetryAt            *time.Time
	PeriodStart, PeriodEnd, CreatedAt               time.Time
	CancelAtPeriodEnd                               bool
	RetryCount                                      int
	// storedStatus is the status as read, so an event can say what it moves
	// from, as Stripe's previous_attributes does: events of the same second
	// then apply in the right order (a recovery after a failed payment).
	storedStatus string
}

const subColumns = `id, customer_id, price_id, tier, interval, status, amount_cents, trial_end, first_failed_at, next_retry_at,
	period_start, period_end, created_at, cancel_at_period_end, retry_count`

type scanner interface{ Scan(...any) error }

func nullTime(n sql.NullTime) *time.Time {
	if !n.Valid {
		return nil
	}
	t := n.Time.UTC()
	return &t
}

func scanSub(row scanner) (subscription, error) {
	var u subscription
	var trial, failed, retry sql.NullTime
	err := row.Scan(&u.ID, &u.CustomerID, &u.PriceID, &u.Tier, &u.Interval, &u.Status, &u.AmountCents, &trial, &failed, &retry,
		&u.PeriodStart, &u.PeriodEnd, &u.CreatedAt, &u.CancelAtPeriodEnd, &u.RetryCount)
	u.TrialEnd, u.FirstFailedAt, u.NextRetryAt = nullTime(trial), nullTime(failed), nullTime(retry)
	u.PeriodStart, u.PeriodEnd = u.PeriodStart.UTC(), u.PeriodEnd.UTC()
	u.storedStatus = u.Status
	return u, err
}

// loadSub locks the subscription row on PostgreSQL until the transaction
// ends, so instances running the same due renewal at once charge it once: the
// second waits, then reads the moved-on period (docs/operations.md). On
// SQLite every write transaction holds the database's one writer lock.
func loadSub(ctx context.Context, tx *db.Tx, id string) (subscription, error) {
	u, err := scanSub(tx.QueryRow(ctx, `SELECT `+subColumns+` FROM sandbox_subscriptions WHERE id = ?`+db.ForUpdate(tx), id))
	if errors.Is(err, errNoRows) {
		return u, apperr.Errorf(apperr.CodeNotFound, "No such subscription.")
	}
	return u, err
}

func saveSub(ctx context.Context, tx *db.Tx, u subscription) error {
	_, err := tx.Exec(ctx, `UPDATE sandbox_subscriptions SET price_id = ?, tier = ?, interval = ?, status = ?, amount_cents = ?,
		trial_end = ?, first_failed_at = ?, next_retry_at = ?, period_start = ?, period_end = ?, cancel_at_period_end = ?,
		retry_count = ? WHERE id = ?`, u.PriceID, u.Tier, u.Interval, u.Status, u.AmountCents, u.TrialEnd, u.FirstFailedAt,
		u.NextRetryAt, u.PeriodStart, u.PeriodEnd, u.CancelAtPeriodEnd, u.RetryCount, u.ID)
	return err
}

func (u subscription) state() *billing.SubscriptionState {
	end := u.PeriodEnd
	st := &billing.SubscriptionState{ID: u.ID, CustomerID: u.CustomerID, PriceID: u.PriceID, Status: u.Status,
		CurrentPeriodEnd: &end, TrialEnd: u.TrialEnd, CancelAtPeriodEnd: u.CancelAtPeriodEnd}
	if u.storedStatus != "" && u.storedStatus != u.Status {
		st.PreviousStatus = u.storedStatus
	}
	return st
}

func addInterval(t time.Time, interval string) time.Time {
	if interval == "year" {
		return t.AddDate(1, 0, 0)
	}
	return t.AddDate(0, 1, 0)
}

func tierName(tier string) string {
	if tier == "" {
		return tier
	}
	return strings.ToUpper(tier[:1]) + tier[1:]
}

func intervalName(interval string) string {
	if interval == "year" {
		return "annual"
	}
	return "monthly"
}

func (s *Sandbox) CreateSubscription(ctx context.Context, customerID string, price billing.Price, trialDays int, _ string) (billing.NewSubscription, error) {
	var out billing.NewSubscription
	err := s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
		u := subscription{ID: newID("sub_sb_"), CustomerID: customerID, PriceID: price.ID, Tier: price.Tier,
			Interval: price.Interval, AmountCents: price.AmountCents, Status: billing.StatusIncomplete,
			PeriodStart: now, PeriodEnd: addInterval(now, price.Interval), CreatedAt: now}
		if trialDays > 0 {
			end := now.AddDate(0, 0, trialDays)
			u.TrialEnd, u.PeriodEnd = &end, end
		}
		if _, err := tx.Exec(ctx, `INSERT INTO sandbox_subscriptions (id, customer_id, price_id, tier, interval, amount_cents,
			status, trial_end, period_start, period_end, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			u.ID, u.CustomerID, u.PriceID, u.Tier, u.Interval, u.AmountCents, u.Status, u.TrialEnd, u.PeriodStart, u.PeriodEnd, now); err != nil {
			return err
		}
		intent := newID("pi_sb_")
		kind, invoiceID := "payment", ""
		if trialDays > 0 {
			intent, kind = newID("seti_sb_"), "setup"
		} else {
			inv, err := s.createInvoice(ctx, tx, u, fmt.Sprintf("%s plan (%s)", tierName(u.Tier), intervalName(u.Interval)), u.AmountCents, now, em)
			if err != nil {
				return err
			}
			invoiceID = inv
		}
		secret := intent + "_secret_" + newID("")
		if _, err := tx.Exec(ctx, `INSERT INTO sandbox_intents (id, client_secret, kind, customer_id, subscription_id, invoice_id,
			status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'requires_payment_method', ?)`,
			intent, secret, kind, customerID, u.ID, invoiceID, now); err != nil {
			return err
		}
		out = billing.NewSubscription{ID: u.ID, ClientSecret: secret, Type: kind, State: *u.state()}
		return nil
	})
	return out, err
}

// createInvoice opens an invoice for amount less the customer's credit balance.
func (s *Sandbox) createInvoice(ctx context.Context, tx *db.Tx, u subscription, desc string, amount int, at time.Time, em *emitter) (string, error) {
	var balance int
	if err := tx.QueryRow(ctx, `SELECT balance_cents FROM sandbox_customers WHERE id = ?`, u.CustomerID).Scan(&balance); err != nil {
		return "", err
	}
	used := min(balance, amount)
	if used > 0 {
		if _, err := tx.Exec(ctx, `UPDATE sandbox_customers SET balance_cents = balance_cents - ? WHERE id = ?`, used, u.CustomerID); err != nil {
			return "", err
		}
	}
	id := newID("in_sb_")
	_, err := tx.Exec(ctx, `INSERT INTO sandbox_invoices (id, customer_id, subscription_id, description, price_id, tier, amount_cents,
		status, created_at, period_start, period_end, credit_applied_cents, tax_cents, tax_rate)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?)`,
		id, u.CustomerID, u.ID, desc, u.PriceID, u.Tier, amount-used, at, u.PeriodStart, u.PeriodEnd,
		max(used, 0), includedTax(amount, s.taxBP), ratePercent(s.taxBP))
	if err != nil {
		return "", err
	}
	inv, err := loadInvoice(ctx, tx, id)
	if err != nil {
		return "", err
	}
	em.add(billing.EventInvoiceFinalized, nil, inv, nil)
	return id, nil
}

func invoiceStatus(s string) string {
	switch s {
	case "paid":
		return "paid"
	case "open":
		return "pending"
	case "refunded":
		return "refunded"
	case "void":
		return "void"
	}
	return "failed"
}

func loadInvoice(ctx context.Context, tx *db.Tx, id string) (*billing.InvoiceState, error) {
	in := &billing.InvoiceState{ID: id, Currency: "usd", URL: "/api/sandbox/invoices/" + id}
	var status string
	var paid, start, end sql.NullTime
	var brand, last4 sql.NullString
	err := tx.QueryRow(ctx, `SELECT i.customer_id, i.subscription_id, i.description, i.price_id, i.tier, i.amount_cents, i.status,
		i.paid_at, i.created_at, i.period_start, i.period_end, p.brand, p.last4, i.credit_applied_cents, i.tax_cents, i.tax_rate
		FROM sandbox_invoices i LEFT JOIN sandbox_payment_methods p ON p.id = i.payment_method_id WHERE i.id = ?`, id).
		Scan(&in.CustomerID, &in.SubscriptionID, &in.Description, &in.PriceID, &in.Tier, &in.AmountCents, &status, &paid,
			&in.Created, &start, &end, &brand, &last4, &in.CreditApplied, &in.TaxCents, &in.TaxRate)
	in.Status, in.PaidAt, in.Created = invoiceStatus(status), nullTime(paid), in.Created.UTC()
	in.PeriodStart, in.PeriodEnd, in.CardBrand, in.CardLast4 = nullTime(start), nullTime(end), brand.String, last4.String
	return in, err
}

// pay charges an open invoice to a card; false means the card was declined.
func (s *Sandbox) pay(ctx context.Context, tx *db.Tx, invoiceID, paymentMethodID string, at time.Time, em *emitter) (bool, error) {
	var amount int
	if err := tx.QueryRow(ctx, `SELECT amount_cents FROM sandbox_invoices WHERE id = ?`, invoiceID).Scan(&amount); err != nil {
		return false, err
	}
	ok := amount == 0
	if !ok && paymentMethodID != "" {
		var behavior string
		err := tx.QueryRow(ctx, `SELECT behavior FROM sandbox_payment_methods WHERE id = ? AND customer_id IS NOT NULL`, paymentMethodID).Scan(&behavior)
		if err != nil && !errors.Is(err, errNoRows) {
			return false, err
		}
		ok = behavior == "ok"
	}
	status, paidAt, paidWith := "failed", (*time.Time)(nil), ""
	if ok {
		status, paidAt, paidWith = "paid", &at, paymentMethodID
	}
	if _, err := tx.Exec(ctx, `UPDATE sandbox_invoices SET status = ?, paid_at = ?, payment_method_id = ? WHERE id = ?`,
		status, paidAt, paidWith, invoiceID); err != nil {
		return false, err
	}
	inv, err := loadInvoice(ctx, tx, invoiceID)
	if err != nil {
		return false, err
	}
	if ok {
		em.add(billing.EventInvoicePaid, nil, inv, nil)
	} else {
		em.add(billing.EventInvoiceFailed, nil, inv, nil)
	}
	return ok, nil
}

// failedInvoice is the subscription's newest failed invoice, or "" when none.
func failedInvoice(ctx context.Context, tx *db.Tx, subscriptionID string) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `SELECT id FROM sandbox_invoices WHERE subscription_id = ? AND status = 'failed'
		ORDER BY created_at DESC LIMIT 1`, subscriptionID).Scan(&id)
	if errors.Is(err, errNoRows) {
		return "", nil
	}
	return id, err
}

func defaultCard(ctx context.Context, tx *db.Tx, customerID string) (string, error) {
	var pm string
	err := tx.QueryRow(ctx, `SELECT default_payment_method FROM sandbox_customers WHERE id = ?`, customerID).Scan(&pm)
	return pm, err
}

var errDeclined = apperr.Invalid(map[string]string{"card": "Your card was declined."})

// change is a move to another price, as Stripe prorates it: within a paid
// period the unused time of the old price is credited and the new price's
// charged (a new interval starts a new cycle now); during a trial the trial
// ends and the new price is charged in full (docs/billing-rules.md: changes).
type change struct {
	next      subscription
	net       int  // charge today less credit; negative is a credit to the balance
	endsTrial bool // the change ends a trial
}

func planChange(old subscription, price billing.Price, now time.Time) change {
	u := old
	u.PriceID, u.Tier, u.Interval, u.AmountCents, u.CancelAtPeriodEnd = price.ID, price.Tier, price.Interval, price.AmountCents, false
	switch old.Status {
	case billing.StatusTrialing:
		u.Status, u.PeriodStart, u.PeriodEnd = billing.StatusActive, now, addInterval(now, price.Interval)
		return change{next: u, net: price.AmountCents, endsTrial: true}
	case billing.StatusActive, billing.StatusPastDue:
	default:
		return change{next: u}
	}
	// In seconds: nanoseconds times cents would overflow int64 over a year.
	total := int64(old.PeriodEnd.Sub(old.PeriodStart) / time.Second)
	remaining := max(int64(old.PeriodEnd.Sub(now)/time.Second), 0)
	prorate := func(cents int) int {
		if total <= 0 {
			return 0
		}
		return int(int64(cents) * remaining / total)
	}
	credit := prorate(old.AmountCents)
	if old.Interval != price.Interval { // a new billing cycle starts now
		u.PeriodStart, u.PeriodEnd = now, addInterval(now, price.Interval)
		return change{next: u, net: price.AmountCents - credit}
	}
	return change{next: u, net: prorate(price.AmountCents) - credit}
}

func (s *Sandbox) UpdateSubscription(ctx context.Context, subscriptionID string, price billing.Price, _ string) (billing.SubscriptionState, string, error) {
	var out billing.SubscriptionState
	err := s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
		old, err := loadSub(ctx, tx, subscriptionID)
		if err != nil {
			return err
		}
		c := planChange(old, price, now)
		u := c.next
		if c.net < 0 {
			if _, err := tx.Exec(ctx, `UPDATE sandbox_customers SET balance_cents = balance_cents + ? WHERE id = ?`, -c.net, u.CustomerID); err != nil {
				return err
			}
		} else if c.net > 0 {
			desc := fmt.Sprintf("Prorated change to %s (%s)", tierName(price.Tier), intervalName(price.Interval))
			if c.endsTrial {
				desc = fmt.Sprintf("%s plan (%s), trial ended by a change of plan", tierName(price.Tier), intervalName(price.Interval))
			}
			if err := s.charge(ctx, tx, u, desc, c.net, now, em); err != nil {
				return err // nothing changes (the transaction rolls back)
			}
		}
		if err := saveSub(ctx, tx, u); err != nil {
			return err
		}
		out = *u.state()
		em.add(billing.EventSubscriptionUpdated, u.state(), nil, nil)
		return nil
	})
	return out, "", err
}

// charge invoices amount now and pays it with the default card; a decline is errDeclined.
func (s *Sandbox) charge(ctx context.Context, tx *db.Tx, u subscription, desc string, amount int, now time.Time, em *emitter) error {
	inv, err := s.createInvoice(ctx, tx, u, desc, amount, now, em)
	if err != nil {
		return err
	}
	pm, err := defaultCard(ctx, tx, u.CustomerID)
	if err != nil {
		return err
	}
	ok, err := s.pay(ctx, tx, inv, pm, now, em)
	if err != nil {
		return err
	}
	if !ok {
		return errDeclined
	}
	return nil
}

// PreviewChange answers what UpdateSubscription would charge, changing nothing.
func (s *Sandbox) PreviewChange(ctx context.Context, subscriptionID string, price billing.Price) (billing.ChangePreview, error) {
	var out billing.ChangePreview
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := loadSub(ctx, tx, subscriptionID)
		if err != nil {
			return err
		}
		var balance int
		if err := tx.QueryRow(ctx, `SELECT balance_cents FROM sandbox_customers WHERE id = ?`, old.CustomerID).Scan(&balance); err != nil {
			return err
		}
		c := planChange(old, price, s.Now(ctx))
		// As UpdateSubscription applies it: a net credit adds to the balance,
		// a charge uses the balance first (createInvoice).
		due, credit := 0, balance-c.net
		if c.net > 0 {
			used := min(balance, c.net)
			due, credit = c.net-used, balance-used
		}
		out = billing.ChangePreview{AmountDueToday: due, NextRenewalPrice: price.AmountCents, CreditBalance: credit,
			NextRenewalAt: c.next.PeriodEnd, Currency: "usd", EndsTrial: c.endsTrial}
		return nil
	})
	return out, err
}

// ResumeSubscription undoes a cancel at period end, before that end.
func (s *Sandbox) ResumeSubscription(ctx context.Context, subscriptionID string) (billing.SubscriptionState, error) {
	var out billing.SubscriptionState
	err := s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
		u, err := loadSub(ctx, tx, subscriptionID)
		if err != nil {
			return err
		}
		if !u.CancelAtPeriodEnd || !u.PeriodEnd.After(now) || u.Status == billing.StatusCanceled {
			return apperr.Errorf(apperr.CodeConflict, "This subscription can no longer be resumed.")
		}
		u.CancelAtPeriodEnd = false
		if err := saveSub(ctx, tx, u); err != nil {
			return err
		}
		out = *u.state()
		em.add(billing.EventSubscriptionUpdated, u.state(), nil, nil)
		return nil
	})
	return out, err
}

// VoidInvoice voids an open or failed invoice, as Stripe's void does.
func (s *Sandbox) VoidInvoice(ctx context.Context, invoiceID string) error {
	return s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
		res, err := tx.Exec(ctx, `UPDATE sandbox_invoices SET status = 'void' WHERE id = ? AND status IN ('open', 'failed')`, invoiceID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // paid or already void: nothing to do
		}
		inv, err := loadInvoice(ctx, tx, invoiceID)
		if err != nil {
			return err
		}
		em.add(billing.EventInvoiceVoided, nil, inv, nil)
		return nil
	})
}

// RetryPayment pays a past-due subscription's failed invoice with a card;
// success makes it active again and ends the retries.
func (s *Sandbox) RetryPayment(ctx context.Context, subscriptionID, paymentMethodID string) (billing.SubscriptionState, error) {
	var out billing.SubscriptionState
	err := s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
		u, err := loadSub(ctx, tx, subscriptionID)
		if err != nil {
			return err
		}
		if u.Status != billing.StatusPastDue {
			return apperr.Errorf(apperr.CodeConflict, "This subscription has no failed payment.")
		}
		inv, err := failedInvoice(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		if inv != "" {
			ok, err := s.pay(ctx, tx, inv, paymentMethodID, now, em)
			if err != nil {
				return err
			}
			if !ok {
				return errDeclined
			}
		}
		u.Status, u.RetryCount, u.FirstFailedAt, u.NextRetryAt = billing.StatusActive, 0, nil, nil
		if err := saveSub(ctx, tx, u); err != nil {
			return err
		}
		out = *u.state()
		em.add(billing.EventSubscriptionUpdated, u.state(), nil, nil)
		return nil
	})
	return out, err
}

func (s *Sandbox) CancelSubscription(ctx context.Context, subscriptionID string, atPeriodEnd bool) (billing.SubscriptionState, error) {
	var out billing.SubscriptionState
	err := s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
		u, err := loadSub(ctx, tx, subscriptionID)
		if err != nil {
			return err
		}
		typ := billing.EventSubscriptionUpdated
		switch {
		case u.Status == billing.StatusIncomplete:
			u.Status = billing.StatusExpired
		case atPeriodEnd:
			u.CancelAtPeriodEnd = true
		default:
			u.Status, typ = billing.StatusCanceled, billing.EventSubscriptionDeleted
			if _, err := tx.Exec(ctx, `UPDATE sandbox_invoices SET status = 'void' WHERE subscription_id = ? AND status IN ('open', 'failed')`, u.ID); err != nil {
				return err
			}
		}
		if err := saveSub(ctx, tx, u); err != nil {
			return err
		}
		out = *u.state()
		em.add(typ, u.state(), nil, nil)
		return nil
	})
	return out, err
}

// ---- due work ----

// Sync runs the customer's due transitions (called before status reads).
func (s *Sandbox) Sync(ctx context.Context, customerID string) error {
	return s.RunDue(ctx, customerID)
}

// RunDue runs due renewals, retries and period-end cancellations for one
// customer, or for everyone when customerID is "".
func (s *Sandbox) RunDue(ctx context.Context, customerID string) error {
	q := `SELECT id FROM sandbox_subscriptions WHERE status IN ('trialing', 'active', 'past_due')`
	args := []any{}
	if customerID != "" {
		q += ` AND customer_id = ?`
		args = append(args, customerID)
	}
	now := s.Now(ctx)
	q += ` AND (period_end <= ? OR next_retry_at <= ?) ORDER BY id`
	args = append(args, now, now)
	rows, err := s.db.Query(ctx, q, args...)
	ids, err := db.Collect(rows, err, func(row db.Scanner) (id string, err error) {
		return id, row.Scan(&id)
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
			u, err := loadSub(ctx, tx, id)
			if err != nil {
				return err
			}
			for range 500 { // bounded: one step per period or retry
				more, err := s.step(ctx, tx, &u, now, em)
				if err != nil {
					return err
				}
				if !more {
					break
				}
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// step does the subscription's next due transition, reporting whether it did one.
func (s *Sandbox) step(ctx context.Context, tx *db.Tx, u *subscription, now time.Time, em *emitter) (bool, error) {
	switch {
	case (u.Status == billing.StatusTrialing || u.Status == billing.StatusActive || u.Status == billing.StatusPastDue) &&
		u.CancelAtPeriodEnd && !u.PeriodEnd.After(now):
		u.Status = billing.StatusCanceled
		if _, err := tx.Exec(ctx, `UPDATE sandbox_invoices SET status = 'void' WHERE subscription_id = ? AND status IN ('open', 'failed')`, u.ID); err != nil {
			return false, err
		}
		if err := saveSub(ctx, tx, *u); err != nil {
			return false, err
		}
		em.add(billing.EventSubscriptionDeleted, u.state(), nil, nil)
		return false, nil
	case (u.Status == billing.StatusTrialing || u.Status == billing.StatusActive) && !u.PeriodEnd.After(now):
		at := u.PeriodEnd
		desc := fmt.Sprintf("%s plan renewal (%s)", tierName(u.Tier), intervalName(u.Interval))
		if u.Status == billing.StatusTrialing {
			desc = fmt.Sprintf("%s plan (%s), after the free trial", tierName(u.Tier), intervalName(u.Interval))
		}
		u.PeriodStart, u.PeriodEnd = at, addInterval(at, u.Interval)
		inv, err := s.createInvoice(ctx, tx, *u, desc, u.AmountCents, at, em)
		if err != nil {
			return false, err
		}
		pm, err := defaultCard(ctx, tx, u.CustomerID)
		if err != nil {
			return false, err
		}
		ok, err := s.pay(ctx, tx, inv, pm, at, em)
		if err != nil {
			return false, err
		}
		if ok {
			u.Status = billing.StatusActive
		} else {
			retry := at.AddDate(0, 0, RetryDays[0])
			u.Status, u.RetryCount, u.FirstFailedAt, u.NextRetryAt = billing.StatusPastDue, 0, &at, &retry
		}
		if err := saveSub(ctx, tx, *u); err != nil {
			return false, err
		}
		em.add(billing.EventSubscriptionUpdated, u.state(), nil, nil)
		return ok, nil
	case u.Status == billing.StatusPastDue && u.NextRetryAt != nil && !u.NextRetryAt.After(now):
		at := *u.NextRetryAt
		inv, err := failedInvoice(ctx, tx, u.ID)
		if err != nil {
			return false, err
		}
		ok := inv == ""
		if inv != "" {
			pm, err := defaultCard(ctx, tx, u.CustomerID)
			if err != nil {
				return false, err
			}
			if ok, err = s.pay(ctx, tx, inv, pm, at, em); err != nil {
				return false, err
			}
		}
		typ := billing.EventSubscriptionUpdated
		switch {
		case ok:
			u.Status, u.RetryCount, u.FirstFailedAt, u.NextRetryAt = billing.StatusActive, 0, nil, nil
		case u.RetryCount+1 >= len(RetryDays):
			u.Status, u.NextRetryAt, typ = billing.StatusCanceled, nil, billing.EventSubscriptionDeleted
			if _, err := tx.Exec(ctx, `UPDATE sandbox_invoices SET status = 'uncollectible' WHERE id = ?`, inv); err != nil {
				return false, err
			}
		default:
			u.RetryCount++
			next := u.FirstFailedAt.AddDate(0, 0, RetryDays[u.RetryCount])
			u.NextRetryAt = &next
		}
		if err := saveSub(ctx, tx, *u); err != nil {
			return false, err
		}
		em.add(typ, u.state(), nil, nil)
		return u.Status != billing.StatusCanceled, nil
	}
	return false, nil
}
