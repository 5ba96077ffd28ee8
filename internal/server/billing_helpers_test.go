package server_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

// Test cards of the sandbox (Stripe's numbers).
const (
	cardOK       = "4242 4242 4242 4242"
	cardDeclined = "4000 0000 0000 0002"
	card3DS      = "4000 0025 0000 3155"
	cardFailsPay = "4000 0000 0000 0341"
)

func testCard(number string) map[string]any {
	cvc := "123"
	if strings.HasPrefix(number, "3") {
		cvc = "1234"
	}
	return map[string]any{"number": number, "expMonth": 12, "expYear": 2030, "cvc": cvc}
}

type createResult struct {
	ClientSecret   string     `json:"clientSecret"`
	Type           string     `json:"type"`
	SubscriptionID string     `json:"subscriptionId"`
	TrialEndsAt    *time.Time `json:"trialEndsAt"`
}

type statusResult struct {
	SubscriptionTier      string  `json:"subscriptionTier"`
	SubscriptionStatus    *string `json:"subscriptionStatus"`
	SubscriptionExpiresAt *string `json:"subscriptionExpiresAt"`
	CancelAtPeriodEnd     bool    `json:"cancelAtPeriodEnd"`
	StripeSubscriptionID  *string `json:"stripeSubscriptionId"`
	TrialAvailable        bool    `json:"trialAvailable"`
}

type cardResult struct {
	ID                    int64  `json:"id"`
	Brand                 string `json:"brand"`
	Last4                 string `json:"last4"`
	IsDefault             int    `json:"isDefault"`
	StripePaymentMethodID string `json:"stripePaymentMethodId"`
}

type invoiceResult struct {
	ID               int64   `json:"id"`
	Description      string  `json:"description"`
	StripeInvoiceID  string  `json:"stripeInvoiceId"`
	SubscriptionTier string  `json:"subscriptionTier"`
	Amount           int     `json:"amount"`
	Status           string  `json:"status"`
	PaidAt           *string `json:"paidAt"`
	InvoiceURL       *string `json:"invoiceUrl"`
}

// subscribe starts a plan and confirms it with number; it answers the create result.
func subscribe(t *testing.T, c *servertest.Client, priceID, tier, number string) createResult {
	t.Helper()
	var cr createResult
	c.Do("POST", "/api/create-subscription", map[string]string{"priceId": priceID, "tier": tier}).Want(200).JSON(&cr)
	c.Do("POST", "/api/sandbox/confirm-"+cr.Type, map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(number),
		"authenticated": true}).Want(200)
	return cr
}

// addCard saves a card through a setup intent and answers it.
func addCard(t *testing.T, c *servertest.Client, number string) cardResult {
	t.Helper()
	var si struct{ ClientSecret string }
	c.Do("POST", "/api/setup-intent", nil).Want(200).JSON(&si)
	var conf struct{ PaymentMethodID string }
	c.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": si.ClientSecret, "card": testCard(number)}).Want(200).JSON(&conf)
	var card cardResult
	c.Do("POST", "/api/payment-methods", map[string]string{"stripePaymentMethodId": conf.PaymentMethodID, "type": "card"}).Want(201).JSON(&card)
	return card
}

func status(t *testing.T, c *servertest.Client) statusResult {
	t.Helper()
	var st statusResult
	c.Do("GET", "/api/subscription-status", nil).Want(200).JSON(&st)
	return st
}

func history(t *testing.T, c *servertest.Client) []invoiceResult {
	t.Helper()
	var page struct{ Items []invoiceResult }
	c.Do("GET", "/api/billing-history", nil).Want(200).JSON(&page)
	return page.Items
}

func userTier(t *testing.T, c *servertest.Client) string {
	t.Helper()
	var u servertest.User
	c.Do("GET", "/api/user", nil).Want(200).JSON(&u)
	return u.SubscriptionTier
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func dbtestSQLite(t *testing.T) string { return dbtest.SQLiteURL(t) }
