package stripe

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	stripego "github.com/stripe/stripe-go/v85"

	"hyrox/internal/billing"
)

// stripeMock is the address of the stripe-mock the tests started.
var (
	mockOnce sync.Once
	mockAddr string
	mockErr  error
)

// startStripeMock runs stripe-mock, the Go tool dependency in go.mod, on a
// free port for the whole test binary. It never skips: without stripe-mock the
// provider is untested, so a missing one fails the test.
func startStripeMock(t *testing.T) string {
	mockOnce.Do(func() { mockAddr, mockErr = runStripeMock() })
	if mockErr != nil {
		t.Fatalf("stripe-mock (go tool stripe-mock): %v", mockErr)
	}
	return mockAddr
}

func runStripeMock() (string, error) {
	// go tool -n builds the tool (cached) and prints its path, so the test can
	// run and stop the binary itself rather than a go command wrapping it.
	out, err := exec.Command("go", "tool", "-n", "stripe-mock").Output()
	if err != nil {
		return "", fmt.Errorf("building it: %w", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(strings.TrimSpace(string(out)), "-http-addr", addr)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("starting it: %w", err)
	}
	stopMock = func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }
	for range 100 {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			return "http://" + addr, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", fmt.Errorf("it did not listen on %s within 10 s", addr)
}

var stopMock = func() {}

func TestMain(m *testing.M) {
	code := m.Run()
	stopMock()
	os.Exit(code)
}

// recorded is one request the provider sent.
type recorded struct {
	Method, Path, Idempotency, Version string
	Form                               url.Values
}

type recorder struct {
	mu   sync.Mutex
	reqs []recorded
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	form, _ := url.ParseQuery(string(body))
	if req.Method == http.MethodGet {
		form = req.URL.Query()
	}
	r.mu.Lock()
	r.reqs = append(r.reqs, recorded{Method: req.Method, Path: req.URL.Path, Idempotency: req.Header.Get("Idempotency-Key"),
		Version: req.Header.Get("Stripe-Version"), Form: form})
	r.mu.Unlock()
	return http.DefaultTransport.RoundTrip(req)
}

func (r *recorder) last(t *testing.T) recorded {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) == 0 {
		t.Fatal("no request sent")
	}
	return r.reqs[len(r.reqs)-1]
}

func newTestProvider(t *testing.T) (*Provider, *recorder) {
	base := startStripeMock(t)
	rec := &recorder{}
	p := New(Options{SecretKey: "sk_test_123", PublishableKey: "pk_test_123", APIBase: base,
		HTTPClient: &http.Client{Transport: rec, Timeout: 10 * time.Second}}, time.Now)
	return p, rec
}

func want(t *testing.T, r recorded, method, path string, form map[string]string) {
	t.Helper()
	if r.Method != method || r.Path != path {
		t.Fatalf("sent %s %s, want %s %s", r.Method, r.Path, method, path)
	}
	if r.Version != "2026-03-25.dahlia" {
		t.Errorf("Stripe-Version %q", r.Version)
	}
	for k, v := range form {
		if got := r.Form[k]; len(got) == 0 || !containsString(got, v) {
			t.Errorf("%s %s: %s = %v, want %q (form %v)", method, path, k, got, v, r.Form)
		}
	}
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func TestStripeProviderAgainstStripeMock(t *testing.T) {
	p, rec := newTestProvider(t)
	ctx := context.Background()

	cus, err := p.CreateCustomer(ctx, 42, "athlete@example.com", "athlete", "customer-42")
	if err != nil || cus == "" {
		t.Fatalf("customer: %q %v", cus, err)
	}
	r := rec.last(t)
	want(t, r, "POST", "/v1/customers", map[string]string{"email": "athlete@example.com", "metadata[user_id]": "42"})
	if r.Idempotency != "customer-42" {
		t.Errorf("idempotency key %q", r.Idempotency)
	}

	price := billing.Price{ID: "price_pro_monthly", Tier: "pro", Interval: "month", AmountCents: 1900}
	ns, err := p.CreateSubscription(ctx, cus, price, 7, "create-subscription-42-a")
	r = rec.last(t)
	want(t, r, "POST", "/v1/subscriptions", map[string]string{
		"customer": cus, "items[0][price]": "price_pro_monthly", "payment_behavior": "default_incomplete",
		"trial_period_days": "7", "expand[0]": "latest_invoice.confirmation_secret", "expand[1]": "pending_setup_intent",
		"payment_settings[save_default_payment_method]": "on_subscription"})
	if r.Idempotency != "create-subscription-42-a" {
		t.Errorf("idempotency key %q", r.Idempotency)
	}
	// stripe-mock answers a fixture: whichever secret it carries must be used.
	if err != nil && !strings.Contains(err.Error(), "no client secret") {
		t.Fatalf("create subscription: %v", err)
	}
	if err == nil && (ns.ClientSecret == "" || (ns.Type != "setup" && ns.Type != "payment")) {
		t.Fatalf("create subscription: %+v", ns)
	}

	_, _, err = p.UpdateSubscription(ctx, "sub_123", billing.Price{ID: "price_elite_monthly", Tier: "elite"}, "update-42-b")
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	r = rec.last(t)
	want(t, r, "POST", "/v1/subscriptions/sub_123", map[string]string{"items[0][price]": "price_elite_monthly",
		"proration_behavior": "always_invoice", "payment_behavior": "pending_if_incomplete", "cancel_at_period_end": "false"})
	if r.Form.Get("items[0][id]") == "" || r.Idempotency != "update-42-b" {
		t.Errorf("update item id %q idempotency %q", r.Form.Get("items[0][id]"), r.Idempotency)
	}

	if _, err := p.CancelSubscription(ctx, "sub_123", true); err != nil {
		t.Fatalf("cancel at period end: %v", err)
	}
	want(t, rec.last(t), "POST", "/v1/subscriptions/sub_123", map[string]string{"cancel_at_period_end": "true"})
	if _, err := p.CancelSubscription(ctx, "sub_123", false); err != nil {
		t.Fatalf("cancel now: %v", err)
	}
	want(t, rec.last(t), "DELETE", "/v1/subscriptions/sub_123", nil)

	secret, err := p.CreateSetupIntent(ctx, cus, "setup-intent-42-c")
	if err != nil || secret == "" {
		t.Fatalf("setup intent: %q %v", secret, err)
	}
	want(t, rec.last(t), "POST", "/v1/setup_intents", map[string]string{"customer": cus, "usage": "off_session", "payment_method_types[0]": "card"})

	// stripe-mock's fixture card belongs to some other customer: refused.
	if _, err := p.PaymentMethod(ctx, cus, "pm_123"); err == nil {
		t.Error("a card of another customer was accepted")
	}
	want(t, rec.last(t), "GET", "/v1/payment_methods/pm_123", nil)

	if err := p.SetDefaultPaymentMethod(ctx, cus, "pm_123"); err != nil {
		t.Fatalf("set default: %v", err)
	}
	want(t, rec.last(t), "POST", "/v1/customers/"+cus, map[string]string{"invoice_settings[default_payment_method]": "pm_123"})

	if err := p.DetachPaymentMethod(ctx, "pm_123"); err != nil {
		t.Fatalf("detach: %v", err)
	}
	want(t, rec.last(t), "POST", "/v1/payment_methods/pm_123/detach", nil)

}

func TestStripeProviderPreviewResumeVoidRetry(t *testing.T) {
	p, rec := newTestProvider(t)
	ctx := context.Background()
	elite := billing.Price{ID: "price_elite_monthly", Tier: "elite", Interval: "month", AmountCents: 3900}

	pv, err := p.PreviewChange(ctx, "sub_123", elite)
	if err != nil {
		t.Fatalf("preview: %v", err)
	}
	r := rec.last(t)
	want(t, r, "POST", "/v1/invoices/create_preview", map[string]string{"subscription": "sub_123",
		"subscription_details[items][0][price]": "price_elite_monthly", "subscription_details[proration_behavior]": "always_invoice"})
	if r.Form.Get("subscription_details[items][0][id]") == "" {
		t.Errorf("preview names no subscription item: %v", r.Form)
	}
	// The provider gives the price and the credit; the service works out the renewal.
	if pv.NextRenewalPrice != 3900 || pv.CreditBalance < 0 || pv.NextRenewalAt.IsZero() || pv.AmountDueToday < 0 || pv.Currency == "" {
		t.Errorf("preview %+v", pv)
	}

	if _, err := p.ResumeSubscription(ctx, "sub_123"); err != nil {
		t.Fatalf("resume: %v", err)
	}
	want(t, rec.last(t), "POST", "/v1/subscriptions/sub_123", map[string]string{"cancel_at_period_end": "false"})

	if err := p.VoidInvoice(ctx, "in_123"); err != nil {
		t.Fatalf("void: %v", err)
	}
	want(t, rec.last(t), "POST", "/v1/invoices/in_123/void", nil)

	if _, err := p.RetryPayment(ctx, "sub_123", "pm_123"); err != nil {
		t.Fatalf("retry: %v", err)
	}
	rec.mu.Lock()
	pay := rec.reqs[len(rec.reqs)-2]
	rec.mu.Unlock()
	if pay.Method != "POST" || !strings.HasPrefix(pay.Path, "/v1/invoices/") || !strings.HasSuffix(pay.Path, "/pay") ||
		pay.Form.Get("payment_method") != "pm_123" {
		t.Errorf("retry sent %s %s %v, want the latest invoice paid with pm_123", pay.Method, pay.Path, pay.Form)
	}
}

func TestStripeProviderCardErrorsAreReadable(t *testing.T) {
	err := providerError(fmt.Errorf("wrapped: %w", &stripeCardError))
	if err == nil || !strings.Contains(err.Error(), "Your card was declined.") {
		t.Fatalf("card error: %v", err)
	}
}

// The credit balance is Stripe's customer balance (negative is credit).
func TestStripeProviderCreditBalance(t *testing.T) {
	p, rec := newTestProvider(t)
	credit, err := p.CreditBalance(context.Background(), "cus_123")
	if err != nil || credit < 0 {
		t.Fatalf("credit %d %v", credit, err)
	}
	want(t, rec.last(t), "GET", "/v1/customers/cus_123", nil)
}

// An invoice's tax line comes from Stripe's own total_taxes, and the credit
// it used is its total less what was due; both read from a stripe-mock
// invoice with Stripe's fields set as a taxed invoice paid partly by credit has them.
func TestStripeInvoiceTaxAndCreditApplied(t *testing.T) {
	p, _ := newTestProvider(t)
	inv, err := p.c.V1Invoices.Retrieve(context.Background(), "in_123", nil)
	if err != nil {
		t.Fatalf("stripe-mock invoice: %v", err)
	}
	plain := InvoiceState(inv, billing.EventInvoiceFinalized)
	if plain.TaxCents != 0 || plain.CreditApplied < 0 {
		t.Fatalf("an untaxed fixture: %+v", plain)
	}
	inv.Total, inv.AmountDue, inv.TotalExcludingTax = 1900, 1400, 1583
	inv.TotalTaxes = []*stripego.InvoiceTotalTax{{Amount: 200, TaxableAmount: 1000}, {Amount: 117, TaxableAmount: 583}}
	got := InvoiceState(inv, billing.EventInvoiceFinalized)
	if got.TaxCents != 317 || got.CreditApplied != 500 || got.TaxRate != "" {
		t.Fatalf("tax %d credit %d rate %q, want 317, 500 and no single rate", got.TaxCents, got.CreditApplied, got.TaxRate)
	}
	inv.TotalTaxes = nil // older objects: only the totals say it
	if got := InvoiceState(inv, billing.EventInvoiceFinalized); got.TaxCents != 317 {
		t.Fatalf("tax from the totals %d, want 317", got.TaxCents)
	}
}
