package billing

import (
	"bytes"
	"context"
	"testing"

	"hyrox/internal/apperr"
	"hyrox/internal/config"
	"hyrox/internal/httpx"
)

func fuzzService(t testing.TB) *Service {
	cfg, err := config.Load(func(k string) string { return map[string]string{"APP_ENV": "test"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	return &Service{catalogue: NewCatalogue(cfg)}
}

func FuzzCreateSubscriptionBody(f *testing.F) {
	svc := fuzzService(f)
	f.Add([]byte(`{"priceId":"price_pro_monthly","tier":"pro"}`))
	f.Add([]byte(`{"priceId":"price_elite_annual","tier":"ELITE "}`))
	f.Add([]byte(`{"priceId":1}`))
	f.Add([]byte(`{"tier":"basic"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var in CreateSubscriptionInput
		if httpx.DecodeJSONBytes(bytes.NewReader(body), &in) != nil {
			return
		}
		p, err := svc.checkPrice(in.PriceID, in.Tier, "priceId", "tier")
		if err == nil && p.Tier != "basic" && p.ID != in.PriceID {
			t.Fatalf("accepted %+v as %+v", in, p)
		}
	})
}

// untouched is a provider that no rejected body may reach: every call
// panics (its embedded interface is nil), and so does the fuzz service's
// nil store, so "a rejected body changes nothing" is checked by reaching neither.
type untouched struct{ Provider }

// rejected checks that a body the handler refuses answers 400: a decode error
// or a validation error, never an internal one.
func rejected(t *testing.T, err error) {
	t.Helper()
	if code := apperr.As(err).Code; code != apperr.CodeInvalid && code != apperr.CodeTooLarge {
		t.Fatalf("a rejected body must answer 400, got %v: %v", code, err)
	}
}

func FuzzUpdateSubscriptionBody(f *testing.F) {
	svc := fuzzService(f)
	svc.provider = untouched{}
	f.Add([]byte(`{"newPriceId":"price_elite_monthly","newTier":"elite"}`))
	f.Add([]byte(`{"newPriceId":"","newTier":"basic"}`))
	f.Add([]byte(`{"newPriceId":"price_pro_monthly","newTier":"elite"}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var in UpdateSubscriptionInput
		if err := httpx.DecodeJSONBytes(bytes.NewReader(body), &in); err != nil {
			rejected(t, err)
			return
		}
		if _, err := svc.checkPrice(in.NewPriceID, in.NewTier, "newPriceId", "newTier"); err != nil {
			// The whole operation refuses it before any provider call or write.
			_, err := svc.UpdateSubscription(context.Background(), 1, "pro", in)
			rejected(t, err)
			_, err = svc.PreviewChange(context.Background(), 1, in)
			rejected(t, err)
		}
	})
}

func FuzzAddPaymentMethodBody(f *testing.F) {
	svc := fuzzService(f)
	svc.provider = untouched{}
	f.Add([]byte(`{"stripePaymentMethodId":"pm_123","type":"card"}`))
	f.Add([]byte(`{"stripePaymentMethodId":"","type":"sepa"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var in AddPaymentMethodInput
		if err := httpx.DecodeJSONBytes(bytes.NewReader(body), &in); err != nil {
			rejected(t, err)
			return
		}
		if CheckAddPaymentMethod(in) != nil {
			_, err := svc.AddPaymentMethod(context.Background(), 1, in)
			rejected(t, err)
		}
	})
}
