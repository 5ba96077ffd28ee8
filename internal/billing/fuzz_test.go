package billing

import (
	"bytes"
	"testing"

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

func FuzzUpdateSubscriptionBody(f *testing.F) {
	svc := fuzzService(f)
	f.Add([]byte(`{"newPriceId":"price_elite_monthly","newTier":"elite"}`))
	f.Add([]byte(`{"newPriceId":"","newTier":"basic"}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var in UpdateSubscriptionInput
		if httpx.DecodeJSONBytes(bytes.NewReader(body), &in) != nil {
			return
		}
		_, _ = svc.checkPrice(in.NewPriceID, in.NewTier, "newPriceId", "newTier")
	})
}

func FuzzAddPaymentMethodBody(f *testing.F) {
	f.Add([]byte(`{"stripePaymentMethodId":"pm_123","type":"card"}`))
	f.Add([]byte(`{"stripePaymentMethodId":"","type":"sepa"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var in AddPaymentMethodInput
		if httpx.DecodeJSONBytes(bytes.NewReader(body), &in) != nil {
			return
		}
		_ = CheckAddPaymentMethod(in)
	})
}
