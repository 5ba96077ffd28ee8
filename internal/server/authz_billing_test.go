package server_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"

	"hyrox/internal/server/servertest"
)

func init() {
	// The sandbox's printable invoice is HTML; check it as a plain string.
	openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.PlainBodyDecoder)
	cardPath := func(suffix string) func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
		return func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			card := addCard(t, owner, cardOK)
			return "/api/payment-methods/" + strconv.FormatInt(card.ID, 10) + suffix, nil
		}
	}
	subscribed := func(body any) func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
		return func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			subscribe(t, owner, "price_pro_monthly", "pro", cardOK)
			return "", body
		}
	}
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/tiers", Public: true},
		authzCase{Method: "GET", Path: "/api/config", Public: true},
		authzCase{Method: "POST", Path: "/api/stripe/webhook", Public: true},
		authzCase{Method: "GET", Path: "/api/subscription-status"},
		authzCase{Method: "POST", Path: "/api/create-subscription",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/create-subscription", map[string]string{"priceId": "price_pro_monthly", "tier": "pro"}
			}},
		authzCase{Method: "POST", Path: "/api/update-subscription",
			Setup: withPath("/api/update-subscription", subscribed(map[string]string{"newPriceId": "price_elite_monthly", "newTier": "elite"}))},
		authzCase{Method: "POST", Path: "/api/cancel-subscription", Setup: withPath("/api/cancel-subscription", subscribed(nil))},
		authzCase{Method: "POST", Path: "/api/preview-subscription-change",
			Setup: withPath("/api/preview-subscription-change", subscribed(map[string]string{"newPriceId": "price_elite_monthly", "newTier": "elite"}))},
		authzCase{Method: "POST", Path: "/api/resume-subscription",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				subscribe(t, owner, "price_pro_monthly", "pro", cardOK)
				owner.Do("POST", "/api/cancel-subscription", nil).Want(200)
				return "/api/resume-subscription", nil
			}},
		authzCase{Method: "POST", Path: "/api/retry-payment",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				subscribe(t, owner, "price_pro_monthly", "pro", cardFailsPay)
				e.Clock.Advance(8 * 24 * time.Hour) // the first charge fails: past due
				var si struct{ ClientSecret string }
				owner.Do("POST", "/api/setup-intent", nil).Want(200).JSON(&si)
				var conf struct{ PaymentMethodID string }
				owner.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": si.ClientSecret, "card": testCard(cardOK)}).Want(200).JSON(&conf)
				return "/api/retry-payment", map[string]string{"paymentMethodId": conf.PaymentMethodID}
			}},
		authzCase{Method: "GET", Path: "/api/payment-methods"},
		authzCase{Method: "POST", Path: "/api/payment-methods",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				var si struct{ ClientSecret string }
				owner.Do("POST", "/api/setup-intent", nil).Want(200).JSON(&si)
				var conf struct{ PaymentMethodID string }
				owner.Do("POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": si.ClientSecret, "card": testCard(cardOK)}).Want(200).JSON(&conf)
				return "/api/payment-methods", map[string]string{"stripePaymentMethodId": conf.PaymentMethodID, "type": "card"}
			}},
		authzCase{Method: "DELETE", Path: "/api/payment-methods/{id}", Owned: true, Setup: cardPath("")},
		authzCase{Method: "PUT", Path: "/api/payment-methods/{id}/default", Owned: true, Setup: cardPath("/default")},
		authzCase{Method: "POST", Path: "/api/setup-intent"},
		authzCase{Method: "GET", Path: "/api/billing-history"},
		// A locked page's preview reads only the caller's own data.
		authzCase{Method: "GET", Path: "/api/upgrade-preview",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/upgrade-preview?feature=analytics", nil
			}},
		// Billing details are the caller's own: no id in the path to reach another's.
		authzCase{Method: "GET", Path: "/api/billing-details"},
		authzCase{Method: "PUT", Path: "/api/billing-details",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/billing-details", map[string]string{"name": "A", "addressLine1": "B", "city": "C", "country": "DE"}
			}},
		// Another user's invoice PDF is a 404.
		authzCase{Method: "GET", Path: "/api/billing-history/{id}/pdf", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				subscribe(t, owner, "price_pro_monthly", "pro", cardOK)
				items := history(t, owner)
				if len(items) == 0 {
					t.Fatal("no invoice to print")
				}
				return "/api/billing-history/" + strconv.FormatInt(items[0].ID, 10) + "/pdf", nil
			}},
		authzCase{Method: "POST", Path: "/api/sandbox/confirm-setup", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				var si struct{ ClientSecret string }
				owner.Do("POST", "/api/setup-intent", nil).Want(200).JSON(&si)
				return "/api/sandbox/confirm-setup", map[string]any{"clientSecret": si.ClientSecret, "card": testCard(cardOK)}
			}},
		authzCase{Method: "POST", Path: "/api/sandbox/confirm-payment", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				// A second subscription has no trial, so its first invoice needs a payment.
				subscribe(t, owner, "price_pro_monthly", "pro", cardOK)
				owner.Do("POST", "/api/cancel-subscription", nil).Want(200)
				e.Clock.Advance(8 * 24 * time.Hour)
				var cr createResult
				owner.Do("POST", "/api/create-subscription", map[string]string{"priceId": "price_pro_monthly", "tier": "pro"}).Want(200).JSON(&cr)
				if cr.Type != "payment" {
					t.Fatalf("second subscription: type %q, want payment", cr.Type)
				}
				return "/api/sandbox/confirm-payment", map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(cardOK)}
			}},
		authzCase{Method: "GET", Path: "/api/sandbox/invoices/{id}", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				subscribe(t, owner, "price_pro_monthly", "pro", cardOK)
				items := history(t, owner)
				if len(items) == 0 || items[0].InvoiceURL == nil || !strings.HasPrefix(*items[0].InvoiceURL, "/api/sandbox/invoices/") {
					t.Fatalf("no invoice link in %+v", items)
				}
				return *items[0].InvoiceURL, nil
			}},
	)
}

func withPath(path string, f func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any)) func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
	return func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
		_, body := f(t, e, owner)
		return path, body
	}
}
