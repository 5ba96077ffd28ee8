package server_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

const webhookSecret = "whsec_test_secret"

func stripeEnv(t *testing.T, databaseURL string) *servertest.Env {
	return servertest.Start(t, databaseURL, "PAYMENT_PROVIDER", "stripe", "STRIPE_SECRET_KEY", "sk_test_123",
		"STRIPE_PUBLISHABLE_KEY", "pk_test_123", "STRIPE_WEBHOOK_SECRET", webhookSecret,
		"STRIPE_API_BASE", "http://127.0.0.1:9", // never called by these tests
		"STRIPE_PRICE_PRO_MONTHLY", "price_pro_monthly", "STRIPE_PRICE_ELITE_MONTHLY", "price_elite_monthly")
}

// stripeCustomer starts the app on the Stripe provider (SQLite or PostgreSQL)
// with a user who is the Stripe customer customerID.
func stripeCustomer(t *testing.T, dbName, customerID string) (*servertest.Env, *hook, *servertest.Client) {
	url := dbtest.SQLiteURL(t)
	if dbName == "postgres" {
		url = dbtest.PostgresURL(t)
	}
	e := stripeEnv(t, url)
	u := e.NewUser()
	if _, err := e.App.DB.Exec(context.Background(), `INSERT INTO billing_customers (user_id, provider, customer_id, created_at)
		VALUES (?, 'stripe', ?, ?)`, u.User.ID, customerID, time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	return e, &hook{t: t, e: e}, u
}

type hook struct {
	t *testing.T
	e *servertest.Env
}

func subscriptionEvent(id, typ string, created time.Time, sub, customer, price, status string, periodEnd time.Time) string {
	return fmt.Sprintf(`{"id":%q,"object":"event","api_version":"2026-03-25.dahlia","created":%d,"type":%q,
	"data":{"object":{"id":%q,"object":"subscription","customer":%q,"status":%q,"cancel_at_period_end":false,
	"items":{"object":"list","data":[{"id":"si_1","object":"subscription_item","current_period_end":%d,
	"price":{"id":%q,"object":"price"}}]}}}}`, id, created.Unix(), typ, sub, customer, status, periodEnd.Unix(), price)
}

// post sends a payload signed at ts (tampered after signing when tamper is set).
func (h *hook) post(payload string, ts time.Time, tamper bool) (int, string) {
	h.t.Helper()
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(payload), Secret: webhookSecret, Timestamp: ts})
	body := signed.Payload
	if tamper {
		body = bytes.Replace(body, []byte("price_pro_monthly"), []byte("price_elite_monthly"), 1)
	}
	req, _ := http.NewRequest("POST", h.e.Server.URL+"/api/stripe/webhook", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", signed.Header)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if err := servertest.CheckContract("POST", "/api/stripe/webhook", body, res.StatusCode, res.Header, out); err != nil {
		h.t.Errorf("webhook answer breaks the contract: %v", err)
	}
	return res.StatusCode, string(out)
}

func TestBillingStripeWebhook(t *testing.T) {
	for _, dbName := range []string{"sqlite", "postgres"} {
		t.Run(dbName, func(t *testing.T) {
			e, h, u := stripeCustomer(t, dbName, "cus_hook")
			var cfg struct{ Provider, PublishableKey string }
			u.Do("GET", "/api/config", nil).Want(200).JSON(&cfg)
			if cfg.Provider != "stripe" || cfg.PublishableKey != "pk_test_123" {
				t.Fatalf("config %+v", cfg)
			}
			now := time.Now()
			base := time.Unix(1_800_000_000, 0)
			end := base.AddDate(0, 1, 0)

			// Valid: created -> pro.
			created := subscriptionEvent("evt_1", "customer.subscription.created", base, "sub_hook", "cus_hook", "price_pro_monthly", "active", end)
			if code, body := h.post(created, now, false); code != 200 {
				t.Fatalf("valid: %d %s", code, body)
			}
			if st := status(t, u); st.SubscriptionTier != "pro" || *st.SubscriptionStatus != "active" || *st.StripeSubscriptionID != "sub_hook" {
				t.Fatalf("after created: %+v", st)
			}
			// Tampered: rejected, nothing changes.
			upgrade := subscriptionEvent("evt_2", "customer.subscription.updated", base.Add(20*time.Second), "sub_hook", "cus_hook", "price_pro_monthly", "active", end)
			if code, _ := h.post(upgrade, now, true); code != 400 {
				t.Fatalf("tampered: %d", code)
			}
			// Stale signature: rejected.
			if code, _ := h.post(upgrade, now.Add(-10*time.Minute), false); code != 400 {
				t.Fatalf("stale: %d", code)
			}
			if userTier(t, u) != "pro" {
				t.Fatal("a rejected event changed the tier")
			}
			// Newer event: elite.
			elite := subscriptionEvent("evt_3", "customer.subscription.updated", base.Add(20*time.Second), "sub_hook", "cus_hook", "price_elite_monthly", "active", end)
			if code, _ := h.post(elite, now, false); code != 200 || userTier(t, u) != "elite" {
				t.Fatalf("elite: %d", code)
			}
			// Out of order: an older past_due/pro state arrives late and is ignored.
			older := subscriptionEvent("evt_4", "customer.subscription.updated", base.Add(10*time.Second), "sub_hook", "cus_hook", "price_pro_monthly", "past_due", end)
			if code, _ := h.post(older, now, false); code != 200 {
				t.Fatalf("older: %d", code)
			}
			if st := status(t, u); st.SubscriptionTier != "elite" || *st.SubscriptionStatus != "active" {
				t.Fatalf("out of order applied: %+v", st)
			}
			// Duplicate: the same event id again is applied once.
			deleted := subscriptionEvent("evt_5", "customer.subscription.deleted", base.Add(30*time.Second), "sub_hook", "cus_hook", "price_elite_monthly", "canceled", end)
			if code, _ := h.post(deleted, now, false); code != 200 || userTier(t, u) != "basic" {
				t.Fatalf("deleted: %d", code)
			}
			// A late duplicate of evt_3 (same id) does not bring elite back.
			if code, _ := h.post(elite, now, false); code != 200 || userTier(t, u) != "basic" {
				t.Fatalf("duplicate: %d tier %s", code, userTier(t, u))
			}
			var n int
			_ = e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM billing_events WHERE event_id = 'evt_3'`).Scan(&n)
			if n != 1 {
				t.Fatalf("evt_3 recorded %d times", n)
			}
			// An invoice: its subscription is under parent.subscription_details.
			invoice := fmt.Sprintf(`{"id":"evt_6","object":"event","api_version":"2026-03-25.dahlia","created":%d,"type":"invoice.paid",
				"data":{"object":{"id":"in_hook_12345678","object":"invoice","customer":"cus_hook","currency":"usd","total":3900,"amount_paid":3900,
				"status":"paid","created":%d,"hosted_invoice_url":"https://invoice.stripe.com/i/test","status_transitions":{"paid_at":%d},
				"parent":{"type":"subscription_details","subscription_details":{"subscription":"sub_hook"}},
				"lines":{"object":"list","data":[{"id":"il_1","object":"line_item","description":"1 × Elite (at $39.00 / month)","amount":3900}]}}}}`,
				base.Unix()+40, base.Unix()+40, base.Unix()+41)
			if code, body := h.post(invoice, now, false); code != 200 {
				t.Fatalf("invoice: %d %s", code, body)
			}
			inv := history(t, u)
			if len(inv) != 1 || inv[0].Amount != 3900 || inv[0].Status != "paid" || inv[0].SubscriptionTier != "elite" ||
				inv[0].InvoiceURL == nil || !strings.HasPrefix(*inv[0].InvoiceURL, "https://") {
				t.Fatalf("invoice: %+v", inv)
			}
			// Unknown types are acknowledged and ignored; other API versions are refused.
			unknown := fmt.Sprintf(`{"id":"evt_7","object":"event","api_version":"2026-03-25.dahlia","created":%d,"type":"charge.refunded","data":{"object":{"id":"ch_1","object":"charge"}}}`, base.Unix())
			if code, _ := h.post(unknown, now, false); code != 200 {
				t.Fatalf("unknown: %d", code)
			}
			oldVersion := strings.Replace(subscriptionEvent("evt_8", "customer.subscription.updated", base.Add(time.Hour), "sub_hook", "cus_hook", "price_pro_monthly", "active", end),
				"2026-03-25.dahlia", "2020-08-27", 1)
			if code, _ := h.post(oldVersion, now, false); code != 400 || userTier(t, u) != "basic" {
				t.Fatalf("old api version: %d", code)
			}
			// Another customer's events do not touch this user.
			foreign := subscriptionEvent("evt_9", "customer.subscription.created", base.Add(time.Hour), "sub_other", "cus_unknown", "price_elite_monthly", "active", end)
			if code, _ := h.post(foreign, now, false); code != 200 || userTier(t, u) != "basic" {
				t.Fatalf("foreign: %d", code)
			}
		})
	}
}

// trialEvent is a subscription event with a trial end and, while its card is
// not saved yet, a pending setup intent.
func trialEvent(id, typ string, created time.Time, status, pendingSetupIntent string, trialEnd time.Time) string {
	pending := "null"
	if pendingSetupIntent != "" {
		pending = fmt.Sprintf("%q", pendingSetupIntent)
	}
	return fmt.Sprintf(`{"id":%q,"object":"event","api_version":"2026-03-25.dahlia","created":%d,"type":%q,
	"data":{"object":{"id":"sub_trial","object":"subscription","customer":"cus_trial","status":%q,"cancel_at_period_end":false,
	"trial_end":%d,"pending_setup_intent":%s,
	"items":{"object":"list","data":[{"id":"si_1","object":"subscription_item","current_period_end":%d,
	"price":{"id":"price_pro_monthly","object":"price"}}]}}}}`, id, created.Unix(), typ, status, trialEnd.Unix(), pending, trialEnd.Unix())
}

func invoiceEvent(id, typ string, created time.Time, invoice, status string, amount int) string {
	return fmt.Sprintf(`{"id":%q,"object":"event","api_version":"2026-03-25.dahlia","created":%d,"type":%q,
	"data":{"object":{"id":%q,"object":"invoice","customer":"cus_trial","currency":"usd","total":%d,"amount_paid":%d,
	"status":%q,"created":%d,"invoice_pdf":"https://pay.stripe.com/invoice/test/pdf",
	"parent":{"type":"subscription_details","subscription_details":{"subscription":"sub_trial"}},
	"lines":{"object":"list","data":[{"id":"il_1","object":"line_item","description":"Pro","amount":%d}]}}}}`,
		id, created.Unix(), typ, invoice, amount, amount, status, created.Unix(), amount)
}

// docs/billing-rules.md on Stripe: a trial starts when its card is saved; a
// trial whose first charge fails ends the tier at once; a paid subscription
// keeps it while past due; a voided invoice leaves the history.
func TestBillingStripeWebhookTrialAndPastDue(t *testing.T) {
	for _, dbName := range []string{"sqlite", "postgres"} {
		t.Run(dbName, func(t *testing.T) { stripeTrialAndPastDue(t, dbName) })
	}
}

func stripeTrialAndPastDue(t *testing.T, dbName string) {
	_, h, u := stripeCustomer(t, dbName, "cus_trial")
	now := time.Now()
	base := time.Unix(1_800_000_000, 0)
	trialEnd := base.AddDate(0, 0, 7)
	send := func(payload string) {
		t.Helper()
		if code, body := h.post(payload, now, false); code != 200 {
			t.Fatalf("%d %s", code, body)
		}
	}

	// Stripe says trialing at once, but no card is saved yet: not started.
	send(trialEvent("evt_t1", "customer.subscription.created", base, "trialing", "seti_1", trialEnd))
	if st := status(t, u); st.SubscriptionTier != "basic" || *st.SubscriptionStatus != "incomplete" {
		t.Fatalf("checkout in progress: %+v", st)
	}
	send(invoiceEvent("evt_t2", "invoice.finalized", base.Add(time.Second), "in_trial_0", "open", 1900))
	send(invoiceEvent("evt_t3", "invoice.voided", base.Add(2*time.Second), "in_trial_0", "void", 1900))
	if items := history(t, u); len(items) != 0 {
		t.Fatalf("a voided invoice is listed: %+v", items)
	}

	// The card is saved: the trial starts.
	send(trialEvent("evt_t4", "customer.subscription.updated", base.Add(time.Minute), "trialing", "", trialEnd))
	if st := status(t, u); st.SubscriptionTier != "pro" || *st.SubscriptionStatus != "trialing" {
		t.Fatalf("trial: %+v", st)
	}

	// The first charge fails: nothing was ever paid, the tier goes at once.
	send(invoiceEvent("evt_t5", "invoice.payment_failed", trialEnd, "in_trial_1", "open", 1900))
	send(trialEvent("evt_t6", "customer.subscription.updated", trialEnd.Add(time.Second), "past_due", "", trialEnd))
	if st := status(t, u); st.SubscriptionTier != "basic" || *st.SubscriptionStatus != "past_due" || userTier(t, u) != "basic" {
		t.Fatalf("failed first charge: %+v", st)
	}

	// A retry pays: active again. A later renewal fails: the tier stays through the retries.
	send(invoiceEvent("evt_t7", "invoice.paid", trialEnd.Add(time.Hour), "in_trial_1", "paid", 1900))
	send(trialEvent("evt_t8", "customer.subscription.updated", trialEnd.Add(time.Hour+time.Second), "active", "", trialEnd))
	if st := status(t, u); st.SubscriptionTier != "pro" {
		t.Fatalf("after the retry: %+v", st)
	}
	send(trialEvent("evt_t9", "customer.subscription.updated", trialEnd.AddDate(0, 1, 0), "past_due", "", trialEnd))
	if st := status(t, u); st.SubscriptionTier != "pro" || *st.SubscriptionStatus != "past_due" {
		t.Fatalf("paid subscription past due: %+v", st)
	}

	// Stripe's own PDF is the download link.
	var page struct {
		Items []struct {
			PDFURL string `json:"pdfUrl"`
		} `json:"items"`
	}
	u.Do("GET", "/api/billing-history", nil).Want(200).JSON(&page)
	if len(page.Items) != 1 || page.Items[0].PDFURL != "https://pay.stripe.com/invoice/test/pdf" {
		t.Fatalf("history %+v", page.Items)
	}
}
