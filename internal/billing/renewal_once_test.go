package billing_test

import (
	"context"
	"sync"
	"testing"

	"hyrox/internal/billing"
	"hyrox/internal/billing/sandbox"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// Several app instances on one database all run due sandbox work: the
// advance command sweeps everyone and every status read syncs its customer.
// A renewal must still charge once: the subscription row is locked while it
// moves on (docs/operations.md: running several instances).
func TestSandboxRenewalChargesOnceAcrossInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, sb, _, c := setup(t, d)
		const users = 4
		uids := make([]int64, users)
		for i := range uids {
			uids[i] = dbtest.NewUser(t, d, "renewal"+string(rune('a'+i)), "basic")
			res, err := svc.CreateSubscription(ctx, uids[i], billing.CreateSubscriptionInput{PriceID: "price_pro_monthly", Tier: "pro"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := sb.Confirm(ctx, uids[i], "setup", sandbox.ConfirmInput{ClientSecret: res.ClientSecret,
				Card: sandbox.Card{Number: "4242424242424242", ExpMonth: 1, ExpYear: 2031, CVC: "999"}}); err != nil {
				t.Fatal(err)
			}
		}
		// Past the trial and two more months: three charges per user are due.
		due := c.now.AddDate(0, 2, 8)

		const instances = 3
		var wg sync.WaitGroup
		errs := make(chan error, instances*(users+1))
		for range instances {
			isvc, isb, _, ic := setup(t, d)
			ic.now = due
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- isb.RunDue(ctx, "")
				for _, uid := range uids {
					_, err := isvc.Status(ctx, uid, "pro")
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, uid := range uids {
			page, err := svc.BillingHistory(ctx, uid, "", 20)
			if err != nil {
				t.Fatal(err)
			}
			charges := 0
			for _, it := range page.Items {
				if it.Amount > 0 {
					charges++
				}
			}
			if charges != 3 || len(page.Items) != 4 {
				t.Errorf("user %d: %d charges in %d records, want 3 (after the trial and two renewals) besides the free trial: %+v",
					uid, charges, len(page.Items), page.Items)
			}
		}
		var invoices int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM sandbox_invoices`).Scan(&invoices); err != nil || invoices != 4*users {
			t.Fatalf("sandbox invoices: %d (%v), want %d", invoices, err, 4*users)
		}
	})
}
