package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
)

// withPrevious adds Stripe's previous_attributes.status to an event payload.
func withPrevious(payload, status string) string {
	return strings.Replace(payload, `"data":{"object"`, fmt.Sprintf(`"data":{"previous_attributes":{"status":%q},"object"`, status), 1)
}

// Stripe's created has one-second resolution: a cancellation that arrives
// before the activation of the same second still wins, and a recovery after
// a failed payment in the same second still applies.
func TestBillingStripeWebhookSameSecondOrder(t *testing.T) {
	e := stripeEnv(t, dbtest.SQLiteURL(t))
	h := &hook{t: t, e: e}
	u := e.NewUser()
	if _, err := e.App.DB.Exec(context.Background(), `INSERT INTO billing_customers (user_id, provider, customer_id, created_at)
		VALUES (?, 'stripe', 'cus_order', ?)`, u.User.ID, time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	at := e.Clock.Now().Truncate(time.Second)
	end := at.Add(30 * 24 * time.Hour)
	status := func(sub string) string {
		var s string
		if err := e.App.DB.QueryRow(context.Background(), `SELECT status FROM billing_subscriptions WHERE subscription_id = ?`, sub).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	send := func(id, typ, sub, st, prev string) {
		t.Helper()
		if code, body := h.post(withPrevious(subscriptionEvent(id, typ, at, sub, "cus_order", "price_pro_monthly", st, end), prev), time.Now(), false); code != 200 {
			t.Fatalf("%s: %d %s", id, code, body)
		}
	}

	send("evt_o1", "customer.subscription.deleted", "sub_o1", "canceled", "active")
	send("evt_o2", "customer.subscription.updated", "sub_o1", "active", "trialing")
	if s := status("sub_o1"); s != "canceled" {
		t.Fatalf("the earlier activation undid the cancellation: %s", s)
	}

	send("evt_o3", "customer.subscription.updated", "sub_o2", "past_due", "active")
	send("evt_o4", "customer.subscription.updated", "sub_o2", "active", "past_due")
	if s := status("sub_o2"); s != "active" {
		t.Fatalf("the recovery was lost: %s", s)
	}
	var tier struct{ SubscriptionTier string }
	u.Do("GET", "/api/user", nil).Want(200).JSON(&tier)
	if tier.SubscriptionTier != "pro" {
		t.Fatalf("tier %q", tier.SubscriptionTier)
	}
}
