package server_test

import (
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// A preview states what the next renewal will charge: the plan's price less
// the credit balance the change leaves, and the credit left after it
// (docs/billing-rules.md#changes). The renewal then charges exactly that.

type creditPreview struct {
	AmountDueToday     int       `json:"amountDueToday"`
	NextRenewalAmount  int       `json:"nextRenewalAmount"`
	NextRenewalPrice   int       `json:"nextRenewalPrice"`
	CreditBalance      int       `json:"creditBalance"`
	CreditAfterRenewal int       `json:"creditAfterRenewal"`
	NextRenewalAt      time.Time `json:"nextRenewalAt"`
}

// changeAndRenew previews a change, confirms it, moves the clock past the
// renewal it announced and returns the preview and the renewal's invoice amount.
func changeAndRenew(t *testing.T, e *servertest.Env, u *servertest.Client, priceID, tier string) (creditPreview, int) {
	t.Helper()
	var pv creditPreview
	body := map[string]string{"newPriceId": priceID, "newTier": tier}
	u.Do("POST", "/api/preview-subscription-change", body).Want(200).JSON(&pv)
	u.Do("POST", "/api/update-subscription", body).Want(200)
	before := len(history(t, u))
	// In steps of two weeks, each with a request, so the session stays alive.
	for until := pv.NextRenewalAt.Add(time.Hour); e.Clock.Now().Before(until); {
		e.Clock.Advance(min(until.Sub(e.Clock.Now()), 14*day))
		status(t, u)
	}
	items := history(t, u)
	if len(items) != before+1 {
		t.Fatalf("the renewal made %d invoices: %+v", len(items)-before, items)
	}
	return pv, items[0].Amount
}

func TestBillingPreviewChargesTheRenewalLessCredit(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_elite_monthly", "elite", cardOK)
		e.Clock.Advance(8 * day)  // the trial is over, the first month paid
		e.Clock.Advance(15 * day) // half of it used
		pv, charged := changeAndRenew(t, e, u, "price_pro_monthly", "pro")
		if pv.AmountDueToday != 0 || pv.CreditBalance <= 0 || pv.NextRenewalPrice != 1900 {
			t.Fatalf("a downgrade mid-period leaves a credit: %+v", pv)
		}
		if want := max(1900-pv.CreditBalance, 0); pv.NextRenewalAmount != want || pv.CreditAfterRenewal != max(pv.CreditBalance-1900, 0) {
			t.Fatalf("preview %+v: the renewal should charge %d", pv, want)
		}
		if charged != pv.NextRenewalAmount {
			t.Fatalf("the renewal charged %d, the preview said %d", charged, pv.NextRenewalAmount)
		}
	})
}

func TestBillingPreviewMonthlyToAnnualAndBack(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_elite_monthly", "elite", cardOK)
		e.Clock.Advance(8 * day)
		body := map[string]string{"newPriceId": "price_elite_annual", "newTier": "elite"}
		u.Do("POST", "/api/update-subscription", body).Want(200)
		e.Clock.Advance(day)
		// Back to monthly a day later: most of the year is credit, which covers
		// several renewals; the first one charges nothing.
		pv, charged := changeAndRenew(t, e, u, "price_elite_monthly", "elite")
		if pv.CreditBalance < 30000 || pv.NextRenewalAmount != 0 || pv.CreditAfterRenewal != pv.CreditBalance-3900 {
			t.Fatalf("preview %+v", pv)
		}
		if charged != 0 {
			t.Fatalf("the renewal charged %d, the preview said 0", charged)
		}
	})
}
