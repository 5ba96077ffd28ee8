package stripe

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"hyrox/internal/billing"
)

// FuzzWebhook feeds signed and unsigned payloads to the webhook: it must
// never panic, and only a 200 may reach apply.
func FuzzWebhook(f *testing.F) {
	f.Add([]byte(`{"id":"evt_1","object":"event","api_version":"2026-03-25.dahlia","created":1,"type":"customer.subscription.updated","data":{"object":{"id":"sub_1","customer":"cus_1","status":"active","items":{"data":[{"id":"si","current_period_end":2,"price":{"id":"price_pro_monthly"}}]}}}}`), true)
	f.Add([]byte(`{"id":"evt_2","object":"event","api_version":"2026-03-25.dahlia","created":1,"type":"invoice.paid","data":{"object":{"id":"in_1","customer":"cus_1","parent":{"subscription_details":{"subscription":"sub_1"}},"lines":{"data":[{}]}}}}`), true)
	f.Add([]byte(`{"id":"evt_3","object":"event","api_version":"2026-03-25.dahlia","type":"payment_method.attached","data":{"object":{"id":"pm_1","card":{"brand":"visa"}}}}`), true)
	f.Add([]byte(`{"data":null}`), false)
	f.Add([]byte(`not json`), true)
	f.Fuzz(func(t *testing.T, payload []byte, sign bool) {
		header := "t=1,v1=00"
		if sign {
			header = webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: "whsec_fuzz", Timestamp: time.Now()}).Header
		}
		w := httptest.NewRecorder()
		applied := false
		err := HandlePayload(context.Background(), w, payload, header, "whsec_fuzz", func(ctx context.Context, ev billing.Event) error {
			applied = true
			if ev.ID == "" && ev.Subscription == nil && ev.Invoice == nil && ev.PaymentMethod == nil {
				t.Errorf("empty event applied: %+v", ev)
			}
			return nil
		})
		if !sign && (applied || err == nil) {
			t.Fatalf("an unsigned payload was accepted")
		}
	})
}
