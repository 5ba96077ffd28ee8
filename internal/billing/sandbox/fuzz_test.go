package sandbox

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

func FuzzConfirmBody(f *testing.F) {
	f.Add([]byte(`{"clientSecret":"seti_1_secret_2","card":{"number":"4242 4242 4242 4242","expMonth":12,"expYear":2030,"cvc":"123"}}`))
	f.Add([]byte(`{"clientSecret":"x","card":{"number":"3782 822463 10005","expMonth":1,"expYear":30,"cvc":"1234"},"authenticated":true}`))
	f.Add([]byte(`{"card":{"number":"4000000000000002","expMonth":13}}`))
	now := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		var in ConfirmInput
		if httpx.DecodeJSONBytes(bytes.NewReader(body), &in) != nil {
			return
		}
		number, err := CheckConfirm(in, now)
		if err == nil {
			if len(number) < 13 || !luhn(number) {
				t.Fatalf("accepted card number %q", number)
			}
			if e := apperr.As(err); e != nil && strings.Contains(e.Message, number) && number != "" {
				t.Fatal("a message repeats the card number")
			}
		}
	})
}
