package server_test

import (
	"context"
	"testing"
	"time"

	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

const day = 24 * time.Hour

func countRows(t *testing.T, e *servertest.Env, table string, userID int64) int {
	t.Helper()
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM `+table+` WHERE user_id = ?`, userID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBillingCatalogueAndConfig(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.Client()
		var tiers []struct {
			ID               string
			Price            float64
			PriceCents       int
			AnnualPriceCents int
			PriceID          string
			Recommended      bool
			Available        bool
		}
		c.Do("GET", "/api/tiers", nil).Want(200).JSON(&tiers)
		if len(tiers) != 3 || tiers[1].ID != "pro" || tiers[1].Price != 19 || tiers[1].AnnualPriceCents != 17100 ||
			!tiers[1].Recommended || !tiers[1].Available || tiers[2].PriceCents != 3900 || tiers[2].AnnualPriceCents != 35100 {
			t.Fatalf("catalogue: %+v", tiers)
		}
		var cfg struct {
			Provider  string
			TrialDays int
		}
		c.Do("GET", "/api/config", nil).Want(200).JSON(&cfg)
		if cfg.Provider != "sandbox" || cfg.TrialDays != 7 {
			t.Fatalf("config: %+v", cfg)
		}
		// The webhook answers 404 unless Stripe is configured.
		c.Do("POST", "/api/stripe/webhook", "{}").Want(404)
	})
}

// TestBillingUpgradeTrialProrateCancel is the "Done when" flow on the sandbox.
func TestBillingUpgradeTrialProrateCancel(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		if st := status(t, u); st.SubscriptionTier != "basic" || st.SubscriptionStatus != nil {
			t.Fatalf("new user: %+v", st)
		}
		// Pro with a 7-day trial: a setup step, then trialing.
		cr := subscribe(t, u, "price_pro_monthly", "pro", cardOK)
		if cr.Type != "setup" {
			t.Fatalf("first subscription with a trial: type %q, want setup", cr.Type)
		}
		st := status(t, u)
		if st.SubscriptionTier != "pro" || *st.SubscriptionStatus != "trialing" || userTier(t, u) != "pro" {
			t.Fatalf("after trial start: %+v", st)
		}
		u.Do("GET", "/api/payment-methods", nil).Want(200)
		if inv := history(t, u); len(inv) != 1 || inv[0].Amount != 0 || inv[0].Status != "paid" {
			t.Fatalf("trial invoice: %+v", inv)
		}
		// The trial ends: the first paid invoice.
		e.Clock.Advance(7*day + time.Hour)
		st = status(t, u)
		if *st.SubscriptionStatus != "active" || st.SubscriptionTier != "pro" {
			t.Fatalf("after trial: %+v", st)
		}
		inv := history(t, u)
		if len(inv) != 2 || inv[0].Amount != 1900 || inv[0].Status != "paid" || inv[0].PaidAt == nil {
			t.Fatalf("after trial, invoices: %+v", inv)
		}
		// Half-way through the month, change to elite: prorated.
		e.Clock.Advance(14 * day)
		var up struct {
			ClientSecret *string
			Status       statusResult
		}
		u.Do("POST", "/api/update-subscription", map[string]string{"newPriceId": "price_elite_monthly", "newTier": "elite"}).Want(200).JSON(&up)
		if up.ClientSecret != nil || up.Status.SubscriptionTier != "elite" || userTier(t, u) != "elite" {
			t.Fatalf("update: %+v", up)
		}
		inv = history(t, u)
		if len(inv) != 3 || inv[0].Amount <= 0 || inv[0].Amount >= 2000 || inv[0].SubscriptionTier != "elite" || inv[0].Status != "paid" {
			t.Fatalf("proration invoice: %+v", inv)
		}
		// Same plan again is a conflict.
		u.Do("POST", "/api/update-subscription", map[string]string{"newPriceId": "price_elite_monthly", "newTier": "elite"}).Want(409)
		// Cancel: elite stays until the period end, then basic.
		var cancelled statusResult
		u.Do("POST", "/api/cancel-subscription", nil).Want(200).JSON(&cancelled)
		if !cancelled.CancelAtPeriodEnd || cancelled.SubscriptionTier != "elite" {
			t.Fatalf("cancel: %+v", cancelled)
		}
		u.Do("POST", "/api/cancel-subscription", nil).Want(409)
		e.Clock.Advance(10 * day)
		if st := status(t, u); st.SubscriptionTier != "elite" {
			t.Fatalf("before period end: %+v", st)
		}
		e.Clock.Advance(10 * day)
		st = status(t, u)
		if st.SubscriptionTier != "basic" || *st.SubscriptionStatus != "canceled" || userTier(t, u) != "basic" {
			t.Fatalf("after period end: %+v", st)
		}
		if n := len(history(t, u)); n != 3 {
			t.Fatalf("no invoice after cancellation, got %d", n)
		}
		// Subscribing again: no second trial, a payment step.
		var again createResult
		u.Do("POST", "/api/create-subscription", map[string]string{"priceId": "price_pro_annual", "tier": "pro"}).Want(200).JSON(&again)
		if again.Type != "payment" {
			t.Fatalf("second subscription: %+v", again)
		}
		u.Do("POST", "/api/sandbox/confirm-payment", map[string]any{"clientSecret": again.ClientSecret, "card": testCard(cardOK)}).Want(200)
		if st := status(t, u); st.SubscriptionTier != "pro" || *st.SubscriptionStatus != "active" {
			t.Fatalf("annual: %+v", st)
		}
		if inv := history(t, u); inv[0].Amount != 17100 {
			t.Fatalf("annual invoice: %+v", inv[0])
		}
	})
}

func TestBillingDeclinedCardChangesNothing(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		var cr createResult
		u.Do("POST", "/api/create-subscription", map[string]string{"priceId": "price_pro_monthly", "tier": "pro"}).Want(200).JSON(&cr)
		res := u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(cardDeclined)}).Want(400)
		if res.Message() != "Your card was declined." {
			t.Fatalf("message %q", res.Message())
		}
		if st := status(t, u); st.SubscriptionTier != "basic" || *st.SubscriptionStatus != "incomplete" {
			t.Fatalf("after decline: %+v", st)
		}
		if countRows(t, e, "billing_payment_methods", u.User.ID) != 0 || countRows(t, e, "billing_invoices", u.User.ID) != 0 {
			t.Fatal("a declined card left rows behind")
		}
		// Card field messages.
		bad := testCard("4242 4242 4242 4241")
		if m := u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": cr.ClientSecret, "card": bad}).Want(400).Message(); m != "Your card number is invalid." {
			t.Fatalf("luhn: %q", m)
		}
		// The confirmation step of 4000 0025 0000 3155.
		var conf struct{ Status string }
		u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(card3DS)}).Want(200).JSON(&conf)
		if conf.Status != "requires_action" || status(t, u).SubscriptionTier != "basic" {
			t.Fatalf("3DS without approval: %+v", conf)
		}
		u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(card3DS), "authenticated": true}).Want(200).JSON(&conf)
		if conf.Status != "succeeded" || status(t, u).SubscriptionTier != "pro" {
			t.Fatalf("3DS approved: %+v", conf)
		}
		u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(cardOK)}).Want(409)
		// Bad input changes nothing.
		before := countRows(t, e, "billing_subscriptions", u.User.ID)
		if f := u.Do("POST", "/api/create-subscription", map[string]string{"priceId": "price_elite_monthly", "tier": "pro"}).Want(400).FieldError("priceId"); f == "" {
			t.Fatal("no priceId field error")
		}
		u.Do("POST", "/api/create-subscription", map[string]string{"priceId": "", "tier": "gold"}).Want(400)
		u.Do("POST", "/api/create-subscription", "{").Want(400)
		u.Do("POST", "/api/create-subscription", map[string]string{"priceId": "price_pro_monthly", "tier": "pro"}).Want(409)
		if after := countRows(t, e, "billing_subscriptions", u.User.ID); after != before {
			t.Fatalf("subscriptions %d -> %d", before, after)
		}
	})
}

func TestBillingFailedRenewalRetriesThenCancels(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardOK)
		e.Clock.Advance(7*day + time.Minute)
		if inv := history(t, u); inv[0].Status != "paid" || inv[0].Amount != 1900 {
			t.Fatalf("first month: %+v", inv[0])
		}
		bad := addCard(t, u, cardFailsPay)
		u.Do("PUT", "/api/payment-methods/"+itoa(bad.ID)+"/default", nil).Want(200)
		e.Clock.Advance(16 * day)
		status(t, u) // keeps the session alive (30-day rolling expiry)
		e.Clock.Advance(15 * day)
		st := status(t, u)
		// A paid subscription keeps its tier through the retry window.
		if *st.SubscriptionStatus != "past_due" || st.SubscriptionTier != "pro" {
			t.Fatalf("failed renewal: %+v", st)
		}
		if inv := history(t, u); inv[0].Status != "failed" || inv[0].Amount != 1900 {
			t.Fatalf("failed invoice: %+v", inv[0])
		}
		e.Clock.Advance(3 * day) // retries on days 1 and 3 fail
		if st := status(t, u); *st.SubscriptionStatus != "past_due" {
			t.Fatalf("day 3: %+v", st)
		}
		e.Clock.Advance(2 * day) // the day-5 retry fails: canceled
		st = status(t, u)
		if *st.SubscriptionStatus != "canceled" || st.SubscriptionTier != "basic" || userTier(t, u) != "basic" {
			t.Fatalf("day 5: %+v", st)
		}
	})
}

func TestBillingRetrySucceedsWithNewDefaultCard(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardFailsPay)
		e.Clock.Advance(7*day + time.Minute)
		if st := status(t, u); *st.SubscriptionStatus != "past_due" {
			t.Fatalf("%+v", st)
		}
		good := addCard(t, u, cardOK)
		u.Do("PUT", "/api/payment-methods/"+itoa(good.ID)+"/default", nil).Want(200)
		e.Clock.Advance(day)
		if st := status(t, u); *st.SubscriptionStatus != "active" || st.SubscriptionTier != "pro" {
			t.Fatalf("after retry: %+v", st)
		}
		if inv := history(t, u); inv[0].Status != "paid" {
			t.Fatalf("retried invoice: %+v", inv[0])
		}
	})
}

func TestBillingCards(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		first := addCard(t, u, cardOK)
		if first.IsDefault != 1 || first.Brand != "visa" || first.Last4 != "4242" {
			t.Fatalf("first card: %+v", first)
		}
		e.Clock.Advance(time.Minute)
		second := addCard(t, u, "5555 5555 5555 4444")
		e.Clock.Advance(time.Minute)
		third := addCard(t, u, "3782 822463 10005")
		if second.IsDefault != 0 || third.Brand != "amex" {
			t.Fatalf("more cards: %+v %+v", second, third)
		}
		var list []cardResult
		u.Do("PUT", "/api/payment-methods/"+itoa(second.ID)+"/default", nil).Want(200).JSON(&list)
		for _, c := range list {
			if (c.IsDefault == 1) != (c.ID == second.ID) {
				t.Fatalf("default: %+v", list)
			}
		}
		// Deleting the default promotes the newest other card.
		u.Do("DELETE", "/api/payment-methods/"+itoa(second.ID), nil).Want(204)
		u.Do("GET", "/api/payment-methods", nil).Want(200).JSON(&list)
		if len(list) != 2 || list[0].ID != third.ID || list[0].IsDefault != 1 {
			t.Fatalf("after deleting the default: %+v", list)
		}
		// Another user's card is not yours.
		other := e.NewUser()
		res := other.Do("POST", "/api/payment-methods", map[string]string{"stripePaymentMethodId": first.StripePaymentMethodID}).Want(400)
		if res.FieldError("stripePaymentMethodId") == "" {
			t.Fatal("no field error for a foreign card")
		}
		other.Do("DELETE", "/api/payment-methods/"+itoa(first.ID), nil).Want(404)
		other.Do("PUT", "/api/payment-methods/"+itoa(first.ID)+"/default", nil).Want(404)
		if countRows(t, e, "billing_payment_methods", other.User.ID) != 0 || countRows(t, e, "billing_payment_methods", u.User.ID) != 2 {
			t.Fatal("foreign card calls changed rows")
		}
		// Saving the same card twice is idempotent.
		var again cardResult
		u.Do("POST", "/api/payment-methods", map[string]string{"stripePaymentMethodId": first.StripePaymentMethodID}).Want(201).JSON(&again)
		if again.ID != first.ID {
			t.Fatalf("resave: %+v", again)
		}
	})
}

func TestBillingHistoryPaginates(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardOK)
		e.Clock.Advance(7*day + time.Hour)
		for range 4 { // four renewals, reading the status to keep the session alive
			// and signing in again (a session lives at most 90 days)
			u.Do("POST", "/api/login", map[string]string{"username": u.User.Username, "password": "secret123"}).Want(200)
			e.Clock.Advance(16 * day)
			status(t, u)
			e.Clock.Advance(15 * day)
			status(t, u)
		}
		all := history(t, u)
		if len(all) != 6 {
			t.Fatalf("want 6 invoices, got %d", len(all))
		}
		total := 0
		for _, in := range all {
			total += in.Amount
		}
		if total != 5*1900 {
			t.Fatalf("total %d", total)
		}
		var page struct {
			Items      []invoiceResult
			NextCursor string
		}
		u.Do("GET", "/api/billing-history?limit=4", nil).Want(200).JSON(&page)
		if len(page.Items) != 4 || page.NextCursor == "" {
			t.Fatalf("page 1: %+v", page)
		}
		first := page.Items
		u.Do("GET", "/api/billing-history?limit=4&cursor="+page.NextCursor, nil).Want(200).JSON(&page)
		if len(page.Items) != 2 || page.NextCursor != "" || page.Items[0].ID == first[3].ID {
			t.Fatalf("page 2: %+v", page)
		}
		u.Do("GET", "/api/billing-history?cursor=nonsense", nil).Want(400)
	})
}

func TestBillingPaymentsOff(t *testing.T) {
	e := servertest.Start(t, dbtestSQLite(t), "PAYMENT_PROVIDER", "none")
	u := e.NewUser()
	var cfg struct{ Provider string }
	u.Do("GET", "/api/config", nil).Want(200).JSON(&cfg)
	if cfg.Provider != "none" {
		t.Fatalf("%+v", cfg)
	}
	// Without a provider there are no price ids either: the answer says
	// payments are off, not that the price is wrong.
	for _, path := range []string{"/api/create-subscription", "/api/update-subscription"} {
		res := u.Do("POST", path, map[string]string{"priceId": "price_pro_monthly", "tier": "pro",
			"newPriceId": "price_pro_monthly", "newTier": "pro"}).Want(503)
		if res.Message() != "Payment processing is not configured. Please contact support." {
			t.Errorf("%s: %s", path, res.Body)
		}
	}
	u.Do("POST", "/api/setup-intent", nil).Want(503)
	u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": "x", "card": testCard(cardOK)}).Want(404)
	if st := status(t, u); st.SubscriptionTier != "basic" {
		t.Fatalf("%+v", st)
	}
}

func TestBillingSandboxAdvanceCommand(t *testing.T) {
	e := servertest.New(t)
	u := e.NewUser()
	subscribe(t, u, "price_pro_monthly", "pro", cardOK)
	now, err := server.AdvanceSandbox(context.Background(), e.App.Config, e.App.DB, e.App.Clock, 8*day)
	if err != nil {
		t.Fatal(err)
	}
	if !now.Equal(e.Clock.Now().Add(8 * day).Truncate(time.Microsecond)) {
		t.Fatalf("sandbox clock %s", now)
	}
	// The renewal ran in the command; the server sees it without moving its own clock.
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM billing_invoices WHERE user_id = ? AND amount = 1900 AND status = 'paid'`, u.User.ID).Scan(&n); err != nil || n != 1 {
		t.Fatalf("paid invoices %d, %v", n, err)
	}
}
