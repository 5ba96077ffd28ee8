package billing_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"hyrox/internal/billing"
	"hyrox/internal/billing/sandbox"
	"hyrox/internal/config"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

type tiers struct {
	mu sync.Mutex
	m  map[int64]string
}

func (t *tiers) SetTier(_ context.Context, id int64, tier string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.m[id] = tier
	return nil
}

func (t *tiers) get(id int64) string { t.mu.Lock(); defer t.mu.Unlock(); return t.m[id] }

type contacts struct{}

func (contacts) BillingContact(context.Context, int64) (string, string, error) {
	return "a@example.com", "athlete", nil
}

type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func setup(t *testing.T, d *db.DB) (*billing.Service, *sandbox.Sandbox, *tiers, *clock) {
	cfg, err := config.Load(func(k string) string { return map[string]string{"APP_ENV": "test"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{now: time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)}
	sb := sandbox.New(d, c.Now)
	tr := &tiers{m: map[int64]string{}}
	svc := billing.NewService(d, cfg, sb, tr, contacts{}, c.Now)
	sb.SetSink(svc.Apply)
	return svc, sb, tr, c
}

func TestBillingApplyOnceAndInOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _, tr, _ := setup(t, d)
		uid := dbtest.NewUser(t, d, "applier", "basic")
		if _, err := d.Exec(ctx, `INSERT INTO billing_customers (user_id, provider, customer_id, created_at) VALUES (?, 'stripe', 'cus_1', ?)`,
			uid, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		sub := func(price, status string) *billing.SubscriptionState {
			return &billing.SubscriptionState{ID: "sub_1", CustomerID: "cus_1", PriceID: price, Status: status}
		}
		apply := func(id string, at time.Time, s *billing.SubscriptionState) {
			t.Helper()
			if err := svc.Apply(ctx, billing.Event{ID: id, Type: billing.EventSubscriptionUpdated, Created: at, Subscription: s}); err != nil {
				t.Fatal(err)
			}
		}
		apply("e1", t0, sub("price_pro_monthly", "active"))
		if tr.get(uid) != "pro" {
			t.Fatalf("tier %q", tr.get(uid))
		}
		apply("e2", t0.Add(2*time.Second), sub("price_elite_monthly", "active"))
		apply("e3", t0.Add(time.Second), sub("price_pro_monthly", "past_due")) // late: ignored
		if tr.get(uid) != "elite" {
			t.Fatalf("out of order: tier %q", tr.get(uid))
		}
		tr.m[uid] = "changed-elsewhere"
		apply("e2", t0.Add(2*time.Second), sub("price_elite_monthly", "active")) // duplicate id: nothing happens
		if tr.get(uid) != "changed-elsewhere" {
			t.Fatal("a duplicate event was applied twice")
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM billing_events`).Scan(&n); err != nil || n != 3 {
			t.Fatalf("events %d %v", n, err)
		}
	})
}

func TestBillingServiceSandboxLifecycle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, sb, tr, c := setup(t, d)
		uid := dbtest.NewUser(t, d, "lifecycle", "basic")
		res, err := svc.CreateSubscription(ctx, uid, billing.CreateSubscriptionInput{PriceID: "price_elite_annual", Tier: "elite"})
		if err != nil || res.Type != "setup" {
			t.Fatalf("%+v %v", res, err)
		}
		if _, err := sb.Confirm(ctx, uid, "setup", sandbox.ConfirmInput{ClientSecret: res.ClientSecret,
			Card: sandbox.Card{Number: "4242424242424242", ExpMonth: 1, ExpYear: 2031, CVC: "999"}}); err != nil {
			t.Fatal(err)
		}
		if tr.get(uid) != "elite" {
			t.Fatalf("tier %q", tr.get(uid))
		}
		c.now = c.now.AddDate(0, 0, 8)
		if err := sb.RunDue(ctx, ""); err != nil {
			t.Fatal(err)
		}
		page, err := svc.BillingHistory(ctx, uid, "", 10)
		if err != nil || len(page.Items) != 2 || page.Items[0].Amount != 35100 {
			t.Fatalf("annual renewal: %+v %v", page, err)
		}
		// Annual to monthly: a new cycle, the unused year is credited.
		if _, err := svc.UpdateSubscription(ctx, uid, "elite", billing.UpdateSubscriptionInput{NewPriceID: "price_pro_monthly", NewTier: "pro"}); err != nil {
			t.Fatal(err)
		}
		if tr.get(uid) != "pro" {
			t.Fatalf("tier %q", tr.get(uid))
		}
		c.now = c.now.AddDate(0, 1, 1)
		if err := sb.RunDue(ctx, ""); err != nil {
			t.Fatal(err)
		}
		page, _ = svc.BillingHistory(ctx, uid, "", 10)
		if page.Items[0].Amount != 0 || page.Items[0].Status != "paid" {
			t.Fatalf("the credit pays the next month: %+v", page.Items[0])
		}
		// Export holds the rows, never a card number.
		out, err := svc.ExportUserData(ctx, uid)
		if err != nil || out == nil {
			t.Fatal(err)
		}
		// Closing the account cancels at once.
		if err := svc.CloseAccount(ctx, uid); err != nil {
			t.Fatal(err)
		}
		st, err := svc.Status(ctx, uid, "pro")
		if err != nil || *st.SubscriptionStatus != "canceled" || tr.get(uid) != "basic" {
			t.Fatalf("after close: %+v %v tier %s", st, err, tr.get(uid))
		}
	})
}

// Stripe's created has one-second resolution: events of one subscription in
// the same second apply in lifecycle order whatever order they arrive in.
func TestBillingSameSecondEventsApplyInLifecycleOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _, tr, _ := setup(t, d)
		at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		for i, tc := range []struct {
			name   string
			events []billing.SubscriptionState // in arrival order, all created at the same second
			want   string                      // stored status
			tier   string
		}{
			{"cancel arrives before the activation", []billing.SubscriptionState{
				{Status: "canceled", PreviousStatus: "active"}, {Status: "active", PreviousStatus: "trialing"}}, "canceled", "basic"},
			{"cancel arrives after the activation", []billing.SubscriptionState{
				{Status: "active", PreviousStatus: "trialing"}, {Status: "canceled", PreviousStatus: "active"}}, "canceled", "basic"},
			{"recovery after a failed payment", []billing.SubscriptionState{
				{Status: "past_due", PreviousStatus: "active"}, {Status: "active", PreviousStatus: "past_due"}}, "active", "pro"},
			{"creation arrives after the activation", []billing.SubscriptionState{
				{Status: "active"}, {Status: "incomplete"}}, "active", "pro"},
		} {
			uid := dbtest.NewUser(t, d, fmt.Sprintf("same%d", i), "basic")
			cus, sub := fmt.Sprintf("cus_s%d", i), fmt.Sprintf("sub_s%d", i)
			if _, err := d.Exec(ctx, `INSERT INTO billing_customers (user_id, provider, customer_id, created_at) VALUES (?, 'stripe', ?, ?)`,
				uid, cus, time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
			for j, st := range tc.events {
				st.ID, st.CustomerID, st.PriceID = sub, cus, "price_pro_monthly"
				if err := svc.Apply(ctx, billing.Event{ID: fmt.Sprintf("evs%d_%d", i, j), Type: billing.EventSubscriptionUpdated,
					Created: at, Subscription: &st}); err != nil {
					t.Fatal(err)
				}
			}
			var status string
			if err := d.QueryRow(ctx, `SELECT status FROM billing_subscriptions WHERE subscription_id = ?`, sub).Scan(&status); err != nil {
				t.Fatal(err)
			}
			tier := tr.get(uid)
			if tier == "" {
				tier = "basic" // never set: a subscription that never started leaves the account's basic tier alone
			}
			if status != tc.want || tier != tc.tier {
				t.Errorf("%s: status %q tier %q, want %q %q", tc.name, status, tier, tc.want, tc.tier)
			}
		}
	})
}
