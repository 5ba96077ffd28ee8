package sandbox

import (
	"context"
	"time"

	"hyrox/internal/billing"
	"hyrox/internal/config"
	"hyrox/internal/db"
)

// DemoSubscriptions are the sandbox subscriptions of the demo accounts whose
// seeded tier is paid: active, a Visa test card on file and a paid invoice.
var DemoSubscriptions = map[string]string{"demo_pro": "price_pro_monthly", "demo_elite": "price_elite_monthly"}

type seedUsers map[int64]string

func (u seedUsers) BillingContact(_ context.Context, id int64) (string, string, error) {
	return u[id] + "@demo.hyrox.local", u[id], nil
}

type keepTier struct{}

func (keepTier) SetTier(context.Context, int64, string) error { return nil } // the demo tiers are seeded by auth

// Seed gives demo_pro and demo_elite matching sandbox subscriptions; running
// it again changes nothing.
func Seed(ctx context.Context, d *db.DB, demoUsers map[string]int64) error {
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"APP_ENV": "development", "PAYMENT_PROVIDER": "sandbox"}[k]
	})
	if err != nil {
		return err
	}
	cfg.TrialDays = 0
	names := seedUsers{}
	for name, id := range demoUsers {
		names[id] = name
	}
	sb := New(d, time.Now)
	svc := billing.NewService(d, cfg, sb, keepTier{}, names, time.Now)
	sb.SetSink(svc.Apply)
	exp := time.Now().UTC().Year() + 3
	for name, price := range DemoSubscriptions {
		id, ok := demoUsers[name]
		if !ok {
			continue
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM billing_customers WHERE user_id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		p, _ := svc.Catalogue().Price(price)
		res, err := svc.CreateSubscription(ctx, id, billing.CreateSubscriptionInput{PriceID: price, Tier: p.Tier})
		if err != nil {
			return err
		}
		if _, err := sb.Confirm(ctx, id, res.Type, ConfirmInput{ClientSecret: res.ClientSecret,
			Card: Card{Number: "4242424242424242", ExpMonth: 12, ExpYear: exp, CVC: "123"}}); err != nil {
			return err
		}
	}
	return nil
}
