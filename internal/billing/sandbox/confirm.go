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

// Confirm confirms a setup or payment intent of the user's customer with a
// test card (kind is "setup" or "payment").
func (s *Sandbox) Confirm(ctx context.Context, userID int64, kind string, in ConfirmInput) (ConfirmResult, error) {
	now := s.Now(ctx)
	number, err := CheckConfirm(in, now)
	if err != nil {
		return ConfirmResult{}, err
	}
	var it intent
	err = s.db.QueryRow(ctx, `SELECT i.id, i.kind, i.customer_id, i.subscription_id, i.invoice_id, i.status
		FROM sandbox_intents i JOIN sandbox_customers c ON c.id = i.customer_id
		WHERE i.client_secret = ? AND c.user_id = ? AND i.kind = ?`, in.ClientSecret, userID, kind).
		Scan(&it.ID, &it.Kind, &it.CustomerID, &it.SubscriptionID, &it.InvoiceID, &it.Status)
	if errors.Is(err, errNoRows) {
		return ConfirmResult{}, apperr.Errorf(apperr.CodeNotFound, "No such %s intent.", kind)
	}
	if err != nil {
		return ConfirmResult{}, err
	}
	if it.Status == "succeeded" {
		return ConfirmResult{}, apperr.Errorf(apperr.CodeConflict, "This payment step is already complete.")
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
	year := in.Card.ExpYear
	if year < 100 {
		year += 2000
	}
	pmID := newID("pm_sb_")
	behavior := "ok"
	if tc.chargeFails {
		behavior = "charge_fails"
	}
	err = s.inTx(ctx, func(tx *db.Tx, now time.Time, em *emitter) error {
		if _, err := tx.Exec(ctx, `INSERT INTO sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, behavior, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, pmID, it.CustomerID, brandOf(number), number[len(number)-4:], in.Card.ExpMonth, year, behavior, now); err != nil {
			return err
		}
		card := &billing.CardState{ID: pmID, CustomerID: it.CustomerID, Brand: brandOf(number), Last4: number[len(number)-4:],
			ExpiryMonth: in.Card.ExpMonth, ExpiryYear: year}
		if kind == "payment" && it.InvoiceID != "" {
			ok, err := s.pay(ctx, tx, it.InvoiceID, pmID, now, em)
			if err != nil {
				return err
			}
			if !ok {
				em.events = nil
				return errDeclined
			}
		}
		em.add(billing.EventPMAttached, nil, nil, card)
		if _, err := tx.Exec(ctx, `UPDATE sandbox_customers SET default_payment_method = ? WHERE id = ? AND default_payment_method = ''`,
			pmID, it.CustomerID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sandbox_intents SET status = 'succeeded' WHERE id = ?`, it.ID); err != nil {
			return err
		}
		if it.SubscriptionID == "" {
			return nil
		}
		u, err := loadSub(ctx, tx, it.SubscriptionID)
		if err != nil {
			return err
		}
		if u.Status != billing.StatusIncomplete {
			return nil
		}
		if kind == "setup" { // a trial starts once a card is on file
			u.Status = billing.StatusTrialing
			inv, err := s.createInvoice(ctx, tx, u, "Free trial: "+tierName(u.Tier)+" plan ("+strconv.Itoa(int(u.PeriodEnd.Sub(u.PeriodStart).Hours()/24))+" days)", 0, now, em)
			if err != nil {
				return err
			}
			if _, err := s.pay(ctx, tx, inv, pmID, now, em); err != nil {
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
	})
	if err != nil {
		return ConfirmResult{}, err
	}
	return ConfirmResult{Status: "succeeded", PaymentMethodID: pmID}, nil
}
