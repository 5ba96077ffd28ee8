package notify

import (
	"context"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// Only the browsers' push services (and configured extra hosts) are
// reachable: no plain http, no address literals, no lookalike hosts.
func TestAllowedEndpoints(t *testing.T) {
	p := NewPusher(nil, PushConfig{ExtraHosts: []string{"127.0.0.1"}})
	for endpoint, want := range map[string]bool{
		"https://fcm.googleapis.com/fcm/send/abc":             true,
		"https://updates.push.services.mozilla.com/wpush/v2/": true,
		"https://web.push.apple.com/QGx":                      true,
		"https://db5p.notify.windows.com/w/?token=x":          true,
		"http://fcm.googleapis.com/fcm/send/abc":              false,
		"https://fcm.googleapis.com.evil.example/x":           false,
		"https://evilnotify.windows.com/x":                    false,
		"https://169.254.169.254/latest":                      false,
		"https://user:pw@fcm.googleapis.com/x":                false,
		"http://127.0.0.1:8080/push/1":                        true,
		"not a url":                                           false,
	} {
		if got := p.Allowed(endpoint); got != want {
			t.Errorf("Allowed(%q) = %v, want %v", endpoint, got, want)
		}
	}
}

// The VAPID keys are generated once and every instance reads the same pair.
func TestVAPIDKeysOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		a, b := NewPusher(NewStore(d), PushConfig{}), NewPusher(NewStore(d), PushConfig{})
		ka, err := a.PublicKey(ctx)
		if err != nil {
			t.Fatal(err)
		}
		kb, err := b.PublicKey(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ka == "" || ka != kb {
			t.Fatalf("two instances, two keys: %q %q", ka, kb)
		}
		if k, _ := NewPusher(NewStore(d), PushConfig{PublicKey: "configured", PrivateKey: "x"}).PublicKey(ctx); k != "configured" {
			t.Fatalf("configured key ignored: %q", k)
		}
	})
}
