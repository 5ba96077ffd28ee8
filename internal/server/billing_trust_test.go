package server_test

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"

	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

// The rules of docs/billing-rules.md, through the HTTP API on the sandbox.

func init() {
	openapi3filter.RegisterBodyDecoder("application/pdf", openapi3filter.FileBodyDecoder)
}

type previewResult struct {
	AmountDueToday    int       `json:"amountDueToday"`
	NextRenewalAmount int       `json:"nextRenewalAmount"`
	NextRenewalAt     time.Time `json:"nextRenewalAt"`
	EndsTrial         bool      `json:"endsTrial"`
}

func create(t *testing.T, u *servertest.Client) createResult {
	t.Helper()
	var cr createResult
	u.Do("POST", "/api/create-subscription", map[string]string{"priceId": "price_pro_monthly", "tier": "pro"}).Want(200).JSON(&cr)
	return cr
}

func TestBillingTrialIsUsedOnlyWhenItStarts(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		if st := status(t, u); !st.TrialAvailable {
			t.Fatalf("a new account has its trial: %+v", st)
		}
		// Open the card form, close it, open it again: still the trial. The
		// checkout states when the first charge falls.
		if cr := create(t, u); cr.Type != "setup" || cr.TrialEndsAt == nil || !cr.TrialEndsAt.Equal(e.Clock.Now().AddDate(0, 0, 7)) {
			t.Fatalf("first checkout: %+v (now %s)", cr, e.Clock.Now())
		}
		e.Clock.Advance(time.Hour)
		cr := create(t, u)
		if cr.Type != "setup" {
			t.Fatalf("reopened checkout lost the trial: %+v", cr)
		}
		// A declined card does not use it either.
		u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(cardDeclined)}).Want(400)
		for range 2 { // the abandoned checkouts would have expired by now
			e.Clock.Advance(15 * day)
			status(t, u) // keeps the session alive (30-day rolling expiry)
		}
		if st := status(t, u); !st.TrialAvailable {
			t.Fatalf("an unfinished checkout used the trial: %+v", st)
		}
		cr = create(t, u)
		if cr.Type != "setup" {
			t.Fatalf("checkout after a declined card lost the trial: %+v", cr)
		}
		u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(cardOK)}).Want(200)
		if st := status(t, u); *st.SubscriptionStatus != "trialing" || st.SubscriptionTier != "pro" {
			t.Fatalf("trial: %+v", st)
		}
		// Once started, the trial is used: the next subscription pays at once.
		if st := status(t, u); st.TrialAvailable {
			t.Fatalf("the started trial is still offered: %+v", st)
		}
		u.Do("POST", "/api/cancel-subscription", nil).Want(200)
		e.Clock.Advance(8 * day)
		if cr := create(t, u); cr.Type != "payment" {
			t.Fatalf("second trial offered: %+v", cr)
		}
	})
}

func TestBillingAbandonedAndDeclinedCheckoutsLeaveNoInvoice(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardOK) // uses the trial
		u.Do("POST", "/api/cancel-subscription", nil).Want(200)
		e.Clock.Advance(8 * day)
		before := len(history(t, u))

		first := create(t, u) // abandoned: the form is closed
		if first.Type != "payment" {
			t.Fatalf("%+v", first)
		}
		second := create(t, u) // reopened, then declined
		u.Do("POST", "/api/sandbox/confirm-payment", map[string]any{"clientSecret": second.ClientSecret, "card": testCard(cardDeclined)}).Want(400)
		for _, inv := range history(t, u)[:len(history(t, u))-before] {
			t.Errorf("an unfinished checkout is in the history: %+v", inv)
		}
		// The abandoned checkout's invoice is void at the provider, as Stripe does.
		var status string
		if err := e.App.DB.QueryRow(context.Background(), `SELECT status FROM sandbox_invoices WHERE subscription_id = ?`,
			first.SubscriptionID).Scan(&status); err != nil || status != "void" {
			t.Fatalf("abandoned invoice: %q %v", status, err)
		}
		u.Do("POST", "/api/sandbox/confirm-payment", map[string]any{"clientSecret": second.ClientSecret, "card": testCard(cardOK)}).Want(200)
		items := history(t, u)
		if len(items) != before+1 || items[0].Status != "paid" || items[0].Amount != 1900 {
			t.Fatalf("after paying: %+v", items)
		}
	})
}

func TestBillingPreviewConfirmCancelResume(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardOK)
		e.Clock.Advance(8 * day) // trial over, the first month paid
		st := status(t, u)
		invoices := len(history(t, u))

		var pv previewResult
		u.Do("POST", "/api/preview-subscription-change", map[string]string{"newPriceId": "price_elite_monthly", "newTier": "elite"}).Want(200).JSON(&pv)
		if pv.AmountDueToday <= 0 || pv.AmountDueToday >= 2000 || pv.NextRenewalAmount != 3900 || pv.EndsTrial ||
			pv.NextRenewalAt.Format(time.RFC3339) != *st.SubscriptionExpiresAt {
			t.Fatalf("preview %+v (period end %s)", pv, *st.SubscriptionExpiresAt)
		}
		// A preview changes nothing.
		if got := status(t, u); got.SubscriptionTier != "pro" || len(history(t, u)) != invoices {
			t.Fatalf("preview changed the subscription: %+v", got)
		}
		// An annual switch starts a new cycle: a year from now.
		u.Do("POST", "/api/preview-subscription-change", map[string]string{"newPriceId": "price_pro_annual", "newTier": "pro"}).Want(200).JSON(&pv)
		if pv.NextRenewalAmount != 17100 || pv.NextRenewalAt.Before(e.Clock.Now().AddDate(0, 11, 0)) {
			t.Fatalf("annual preview %+v", pv)
		}
		u.Do("POST", "/api/preview-subscription-change", map[string]string{"newPriceId": "price_pro_monthly", "newTier": "pro"}).Want(409)
		if msg := u.Do("POST", "/api/preview-subscription-change", map[string]string{"newPriceId": "price_pro_monthly", "newTier": "elite"}).Want(400).FieldError("newPriceId"); msg == "" {
			t.Error("a price of another tier was previewed")
		}

		u.Do("POST", "/api/resume-subscription", nil).Want(409) // nothing to resume
		u.Do("POST", "/api/cancel-subscription", nil).Want(200)
		if st := status(t, u); !st.CancelAtPeriodEnd {
			t.Fatalf("cancel: %+v", st)
		}
		var resumed statusResult
		u.Do("POST", "/api/resume-subscription", nil).Want(200).JSON(&resumed)
		if resumed.CancelAtPeriodEnd || *resumed.SubscriptionStatus != "active" || resumed.SubscriptionTier != "pro" {
			t.Fatalf("resume: %+v", resumed)
		}
		e.Clock.Advance(20 * day)
		status(t, u)
		e.Clock.Advance(20 * day) // renews instead of ending
		if st := status(t, u); *st.SubscriptionStatus != "active" || st.SubscriptionTier != "pro" {
			t.Fatalf("after the period end: %+v", st)
		}
		// Past the end, a canceled subscription cannot be resumed.
		u.Do("POST", "/api/cancel-subscription", nil).Want(200)
		e.Clock.Advance(20 * day)
		status(t, u)
		e.Clock.Advance(20 * day)
		u.Do("POST", "/api/resume-subscription", nil).Want(409)
	})
}

func TestBillingTrialChangeIsChargedAndFailedTrialEndsTheTier(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardFailsPay) // attaches, then every charge fails
		var pv previewResult
		u.Do("POST", "/api/preview-subscription-change", map[string]string{"newPriceId": "price_elite_monthly", "newTier": "elite"}).Want(200).JSON(&pv)
		if !pv.EndsTrial || pv.AmountDueToday != 3900 {
			t.Fatalf("a change during the trial must end it and charge: %+v", pv)
		}
		// No free Elite during the trial: the charge fails, nothing changes.
		if msg := u.Do("POST", "/api/update-subscription", map[string]string{"newPriceId": "price_elite_monthly", "newTier": "elite"}).Want(400).FieldError("card"); msg != "Your card was declined." {
			t.Fatalf("declined change: %q", msg)
		}
		if st := status(t, u); st.SubscriptionTier != "pro" || *st.SubscriptionStatus != "trialing" || userTier(t, u) != "pro" {
			t.Fatalf("after the declined change: %+v", st)
		}
		// The first charge after the trial fails: nothing was ever paid, so the tier goes at once.
		e.Clock.Advance(7*day + time.Minute)
		if st := status(t, u); *st.SubscriptionStatus != "past_due" || st.SubscriptionTier != "basic" || userTier(t, u) != "basic" {
			t.Fatalf("failed first charge: %+v", st)
		}
		// A plan change waits for the card to be fixed.
		u.Do("POST", "/api/update-subscription", map[string]string{"newPriceId": "price_elite_monthly", "newTier": "elite"}).Want(409)
	})
}

func TestBillingUpdateCardRetriesTheOpenInvoice(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardFailsPay)
		e.Clock.Advance(7*day + time.Minute)
		u.Do("POST", "/api/retry-payment", map[string]string{"paymentMethodId": ""}).Want(400)

		confirm := func(number string) string {
			var si struct{ ClientSecret string }
			u.Do("POST", "/api/setup-intent", nil).Want(200).JSON(&si)
			var conf struct{ PaymentMethodID string }
			u.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": si.ClientSecret, "card": testCard(number)}).Want(200).JSON(&conf)
			return conf.PaymentMethodID
		}
		// Another failing card: declined, still past due.
		u.Do("POST", "/api/retry-payment", map[string]string{"paymentMethodId": confirm(cardFailsPay)}).Want(400)
		if st := status(t, u); *st.SubscriptionStatus != "past_due" {
			t.Fatalf("%+v", st)
		}
		var st statusResult
		u.Do("POST", "/api/retry-payment", map[string]string{"paymentMethodId": confirm(cardOK)}).Want(200).JSON(&st)
		if *st.SubscriptionStatus != "active" || st.SubscriptionTier != "pro" || userTier(t, u) != "pro" {
			t.Fatalf("after the retry: %+v", st)
		}
		if inv := history(t, u); inv[0].Status != "paid" || inv[0].Amount != 1900 {
			t.Fatalf("retried invoice: %+v", inv[0])
		}
		var cards []cardResult
		u.Do("GET", "/api/payment-methods", nil).Want(200).JSON(&cards)
		if cards[0].Last4 != "4242" || cards[0].IsDefault != 1 {
			t.Fatalf("the new card is not the default: %+v", cards)
		}
		u.Do("POST", "/api/retry-payment", map[string]string{"paymentMethodId": confirm(cardOK)}).Want(409) // nothing failed
	})
}

func TestBillingGrantIsNotUndoneByAStatusRead(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardOK)
		u.Do("POST", "/api/cancel-subscription", nil).Want(200)
		e.Clock.Advance(8 * day) // an old, ended subscription
		if st := status(t, u); st.SubscriptionTier != "basic" {
			t.Fatalf("%+v", st)
		}
		ctx := context.Background()
		if _, tier, err := server.GrantTier(ctx, e.App.Config, e.App.DB, e.App.Clock, u.User.Username, "elite"); err != nil || tier != "elite" {
			t.Fatalf("grant: %q %v", tier, err)
		}
		var st struct {
			statusResult
			GrantedTier *string `json:"grantedTier"`
		}
		u.Do("GET", "/api/subscription-status", nil).Want(200).JSON(&st)
		if st.SubscriptionTier != "elite" || st.GrantedTier == nil || *st.GrantedTier != "elite" || userTier(t, u) != "elite" {
			t.Fatalf("grant undone: %+v", st)
		}
		// Removing the grant gives back what the subscription gives.
		if _, tier, err := server.GrantTier(ctx, e.App.Config, e.App.DB, e.App.Clock, u.User.Username, "basic"); err != nil || tier != "basic" {
			t.Fatalf("ungrant: %q %v", tier, err)
		}
		if _, _, err := server.GrantTier(ctx, e.App.Config, e.App.DB, e.App.Clock, u.User.Username, "gold"); err == nil {
			t.Fatal("an unknown tier was granted")
		}
	})
}

func TestBillingInvoicePDF(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUser()
		subscribe(t, u, "price_pro_monthly", "pro", cardOK)
		e.Clock.Advance(8 * day)
		var page struct {
			Items []struct {
				invoiceResult
				PDFURL string `json:"pdfUrl"`
			} `json:"items"`
		}
		u.Do("GET", "/api/billing-history", nil).Want(200).JSON(&page)
		inv := page.Items[0]
		if inv.Status != "paid" || inv.PDFURL != "/api/billing-history/"+itoa(inv.ID)+"/pdf" {
			t.Fatalf("invoice %+v", inv)
		}
		res := u.Do("GET", inv.PDFURL, nil).Want(200)
		if ct := res.Header.Get("Content-Type"); ct != "application/pdf" {
			t.Fatalf("content type %q", ct)
		}
		if !bytes.HasPrefix(res.Body, []byte("%PDF-")) || len(res.Body) >= 100*1024 {
			t.Fatalf("not a small PDF: %d bytes, starts %q", len(res.Body), res.Body[:min(8, len(res.Body))])
		}
		// Another user's invoice is not found, nor is a made-up one.
		e.NewUser().Do("GET", inv.PDFURL, nil).Want(404)
		u.Do("GET", "/api/billing-history/x/pdf", nil).Want(400, 404)

		text := pdfText(t, res.Body)
		number := strings.ToUpper(inv.StripeInvoiceID[len(inv.StripeInvoiceID)-8:])
		for _, want := range []string{"HYROX Training Hub", u.User.Username, u.User.Email, "Invoice #" + number, inv.StripeInvoiceID,
			"Pro plan (monthly), after the free trial", "Total", "$19.00", "Paid", "Period", "Visa ending in 4242", "Test mode"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, text)
			}
		}
	})
}

// pdfText extracts the text with poppler's pdftotext, which also proves a
// PDF reader opens the file.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext is not installed (apt-get install poppler-utils); the PDF's text is not checked")
	}
	cmd := exec.Command(bin, "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("pdftotext: %v %s", err, errOut.String())
	}
	return out.String()
}

// A tier billing knows nothing about (no grant, no subscription: set in the
// database by an older release or the scale seed) is left alone by a status read.
func TestBillingStatusLeavesAnUnknownTierAlone(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		u := e.NewUserWithTier("pro")
		create(t, u) // an unfinished checkout says nothing about the tier either
		if st := status(t, u); st.SubscriptionTier != "pro" || userTier(t, u) != "pro" {
			t.Fatalf("%+v", st)
		}
	})
}
