package sandbox

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/billing"
	"hyrox/internal/db"
)

// Card is what the sandbox card field sends. The number is used to pick the
// test behaviour and never stored or logged; only brand, last4 and expiry are kept.
type Card struct {
	Number   string `json:"number"`
	ExpMonth int    `json:"expMonth"`
	ExpYear  int    `json:"expYear"`
	CVC      string `json:"cvc"`
}

// ConfirmInput is the body of the sandbox confirm calls.
type ConfirmInput struct {
	ClientSecret string `json:"clientSecret"`
	Card         Card   `json:"card"`
	// Authenticated is true once the athlete approved the confirmation step
	// that the 4000 0025 0000 3155 card asks for.
	Authenticated bool `json:"authenticated"`
}

// ConfirmResult mirrors Stripe.js: succeeded, or requires_action.
type ConfirmResult struct {
	Status          string `json:"status"`
	PaymentMethodID string `json:"paymentMethodId,omitempty"`
}

// testCard is one of Stripe's test numbers and how it behaves.
type testCard struct {
	declineOnAttach string // message when the card is refused at once
	chargeFails     bool   // attaches, but every charge is declined
	needsAuth       bool   // asks for a confirmation step on session
}

var testCards = map[string]testCard{
	"4242424242424242": {},
	"4000056655665556": {},
	"5555555555554444": {},
	"2223003122003222": {},
	"5200828282828210": {},
	"378282246310005":  {},
	"371449635398431":  {},
	"6011111111111117": {},
	"4000000000000002": {declineOnAttach: "Your card was declined."},
	"4000000000009995": {declineOnAttach: "Your card has insufficient funds."},
	"4000000000009987": {declineOnAttach: "Your card was declined."},
	"4000000000000069": {declineOnAttach: "Your card has expired."},
	"4000000000000127": {declineOnAttach: "Your card's security code is incorrect."},
	"4000000000000341": {chargeFails: true},
	"4000002500003155": {needsAuth: true},
	"4000002760003184": {needsAuth: true},
}

func luhn(n string) bool {
	sum, double := 0, false
	for i := len(n) - 1; i >= 0; i-- {
		d := int(n[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

func brandOf(n string) string {
	switch {
	case strings.HasPrefix(n, "34"), strings.HasPrefix(n, "37"):
		return "amex"
	case strings.HasPrefix(n, "4"):
		return "visa"
	case strings.HasPrefix(n, "5"), strings.HasPrefix(n, "2"):
		return "mastercard"
	case strings.HasPrefix(n, "6"):
		return "discover"
	}
	return "unknown"
}

// CheckConfirm validates a confirm body with Stripe's card messages.
func CheckConfirm(in ConfirmInput, now time.Time) (number string, err error) {
	var v apperr.Validator
	v.Check(strings.TrimSpace(in.ClientSecret) != "" && len(in.ClientSecret) <= 200, "clientSecret", "Failed to create setup intent")
	number = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, in.Card.Number)
	digits := number != "" && strings.Trim(number, "0123456789") == ""
	v.Check(number != "", "card", "Your card number is incomplete.")
	v.Check(digits && len(number) >= 13 && len(number) <= 19, "card", "Your card number is invalid.")
	v.Check(!digits || luhn(number), "card", "Your card number is invalid.")
	v.Check(in.Card.ExpMonth >= 1 && in.Card.ExpMonth <= 12, "card", "Your card's expiration date is incomplete.")
	y := in.Card.ExpYear
	if y > 0 && y < 100 {
		y += 2000
	}
	v.Check(y >= now.Year() && y <= now.Year()+50, "card", "Your card's expiration year is invalid.")
	v.Check(!(y == now.Year() && in.Card.ExpMonth < int(now.Month())), "card", "Your card's expiration date is in the past.")
	cvc := strings.TrimSpace(in.Card.CVC)
	wantCVC := 3
	if brandOf(number) == "amex" {
		wantCVC = 4
	}
	v.Check(len(cvc) == wantCVC && strings.Trim(cvc, "0123456789") == "", "card", "Your card's security code is incomplete.")
	return number, v.Err()
}

// intent is a setup or payment intent row.
type intent struct {
	ID, Kind, CustomerID, SubscriptionID, InvoiceID, Status string
}

// card is a confirmed test card as the sandbox keeps it (never its number).
type card struct {
	billing.CardState
	behavior string // ok, charge_fails
}

// Confirm confirms a setup or payment intent of the user's customer with a
// test card (kind is "setup" or "payment").
func (s *Sandbox) Confirm(ctx context.Context, userID int64, kind string, in ConfirmInput) (ConfirmResult, error) {
	number, err := CheckConfirm(in, s.Now(ctx))
	if err != nil {
		return ConfirmResult{}, err
	}
	it, err := s.openIntent(ctx, userID, kind, in.ClientSecret)
	if err != nil {
		return ConfirmResult{}, err
	}
	tc, known := testCards[number]
	if !known {
		return ConfirmResult{}, apperr.Invalid(map[string]string{"card": "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing."})
	}
	if tc.declineOnAttach != "" {
		return ConfirmResult{}, apperr.Invalid(map[string]string{"card": tc.declineOnAttach})
	}
	if tc.needsAuth && !in.Authenticated {
		return ConfirmResult{Status: "requires_action"}, nil
	}
	c := newCard(it.CustomerID, number, in.Card, tc)
	err = s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
		if err := s.attach(ctx, tx, it, c, now, em); err != nil {
			return err
		}
		return s.startSubscription(ctx, tx, it, c.ID, now, em)
	})
	if err != nil {
		return ConfirmResult{}, err
	}
	return ConfirmResult{Status: "succeeded", PaymentMethodID: c.ID}, nil
}

// openIntent is the user's intent with this client secret, not yet succeeded.
func (s *Sandbox) openIntent(ctx context.Context, userID int64, kind, clientSecret string) (intent, error) {
	var it intent
	err := s.db.QueryRow(ctx, `SELECT i.id, i.kind, i.customer_id, i.subscription_id, i.invoice_id, i.status
		FROM sandbox_intents i JOIN sandbox_customers c ON c.id = i.customer_id
		WHERE i.client_secret = ? AND c.user_id = ? AND i.kind = ?`, clientSecret, userID, kind).
		Scan(&it.ID, &it.Kind, &it.CustomerID, &it.SubscriptionID, &it.InvoiceID, &it.Status)
	if errors.Is(err, errNoRows) {
		return it, apperr.Errorf(apperr.CodeNotFound, "No such %s intent.", kind)
	}
	if err == nil && it.Status == "succeeded" {
		return it, apperr.Errorf(apperr.CodeConflict, "This payment step is already complete.")
	}
	return it, err
}

func newCard(customerID, number string, in Card, tc testCard) card {
	year := in.ExpYear
	if year < 100 {
		year += 2000
	}
	c := card{CardState: billing.CardState{ID: newID("pm_sb_"), CustomerID: customerID, Brand: brandOf(number),
		Last4: number[len(number)-4:], ExpiryMonth: in.ExpMonth, ExpiryYear: year}, behavior: "ok"}
	if tc.chargeFails {
		c.behavior = "charge_fails"
	}
	return c
}

// attach saves the card, pays the intent's invoice with it (a decline rolls
// everything back), makes it the default when there is none and completes the intent.
func (s *Sandbox) attach(ctx context.Context, tx *db.Tx, it intent, c card, now time.Time, em *emitter) error {
	if _, err := tx.Exec(ctx, `INSERT INTO sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behavior, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, c.ID, it.CustomerID, c.Brand, c.Last4, c.ExpiryMonth, c.ExpiryYear, c.behavior, now); err != nil {
		return err
	}
	if it.Kind == "payment" && it.InvoiceID != "" {
		ok, err := s.pay(ctx, tx, it.InvoiceID, c.ID, now, em)
		if err != nil {
			return err
		}
		if !ok {
			return errDeclined
		}
	}
	state := c.CardState
	em.add(billing.EventPMAttached, nil, nil, &state)
	if _, err := tx.Exec(ctx, `UPDATE sandbox_customers SET default_payment_method = ? WHERE id = ? AND default_payment_method = ''`,
		c.ID, it.CustomerID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE sandbox_intents SET status = 'succeeded' WHERE id = ?`, it.ID)
	return err
}

// startSubscription starts the checkout's subscription once its intent is
// confirmed: a setup intent starts the trial (with a zero invoice), a payment
// makes it active.
func (s *Sandbox) startSubscription(ctx context.Context, tx *db.Tx, it intent, paymentMethodID string, now time.Time, em *emitter) error {
	if it.SubscriptionID == "" {
		return nil
	}
	u, err := loadSub(ctx, tx, it.SubscriptionID)
	if err != nil || u.Status != billing.StatusIncomplete {
		return err
	}
	if it.Kind == "setup" {
		u.Status = billing.StatusTrialing
		days := strconv.Itoa(int(u.PeriodEnd.Sub(u.PeriodStart).Hours() / 24))
		inv, err := s.createInvoice(ctx, tx, u, "Free trial: "+tierName(u.Tier)+" plan ("+days+" days)", 0, now, em)
		if err != nil {
			return err
		}
		if _, err := s.pay(ctx, tx, inv, paymentMethodID, now, em); err != nil {
			return err
		}
	} else {
		u.Status = billing.StatusActive
	}
	if err := saveSub(ctx, tx, u); err != nil {
		return err
	}
	em.add(billing.EventSubscriptionUpdated, u.state(), nil, nil)
	return nil
}
