package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"testing"

	"hyrox/internal/server/servertest"
)

// The hardening findings of issue 26 (docs/security.md), each replayed
// through the real handler.

// serveFrom sends one request straight to the app's handler from peer
// address ip (IPv4 or IPv6).
func serveFrom(e *servertest.Env, method, path, ip string, body any) *httptest.ResponseRecorder {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest("GET", path, rd)
	req.Method = method
	req.RemoteAddr = net.JoinHostPort(ip, "40000")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	e.App.Handler().ServeHTTP(rec, req)
	return rec
}

// ipv6In64 is the i-th address of one /64 (a home line's prefix).
func ipv6In64(i int) string {
	return fmt.Sprintf("2001:db8:1:2:%x:%x:%x:%x", i>>24&0xffff, i>>16&0xff, i>>8&0xff, i&0xff+1)
}

// Medium: every address of one IPv6 /64 shares the per-address limits
// (the probe sent 300 failed logins and 40 registrations, none refused).
func TestHardenIPv6ClientsOfOne64ShareTheLoginAndRegistrationLimits(t *testing.T) {
	e := abuseEnv(t)
	refused := 0
	for i := range 300 {
		rec := serveFrom(e, "POST", "/api/login", ipv6In64(i), map[string]string{"username": fmt.Sprintf("nobody%d", i), "password": "wrong-pass"})
		switch rec.Code {
		case 401:
		case 429:
			refused++
		default:
			t.Fatalf("login %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	if refused == 0 {
		t.Fatal("300 failed logins from one /64 were never refused")
	}
	refused = 0
	for i := range 40 {
		rec := serveFrom(e, "POST", "/api/register", ipv6In64(1000+i), map[string]string{
			"username": fmt.Sprintf("v6user%d", i), "email": fmt.Sprintf("v6user%d@example.com", i), "password": "secret123"})
		switch rec.Code {
		case 201:
		case 429:
			refused++
		default:
			t.Fatalf("register %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	if refused == 0 {
		t.Fatal("40 registrations from one /64 were never refused")
	}
	// Another /64 and another IPv4 address each have their own bucket.
	if rec := serveFrom(e, "POST", "/api/login", "2001:db8:1:3::1", map[string]string{"username": "nobody", "password": "wrong-pass"}); rec.Code != 401 {
		t.Fatalf("another /64: %d", rec.Code)
	}
	if rec := serveFrom(e, "POST", "/api/login", "192.0.2.7", map[string]string{"username": "nobody", "password": "wrong-pass"}); rec.Code != 401 {
		t.Fatalf("an IPv4 client: %d", rec.Code)
	}
}
