package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"strings"
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

// Low: a NUL byte in a JSON string, a query parameter or the path is refused
// with 400 in one place, before any handler (PostgreSQL answered 500).
func TestHardenNULBytesAreRefusedWith400(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		anon := e.Client()
		for _, body := range []string{
			`{"username":"a\u0000b","password":"wrong-pass"}`,
			`{"username":"ab\\\u0000","password":"x"}`,        // an escaped backslash, then a NUL
			`{"u\u0000":"x","username":"abc","password":"x"}`, // in a key too
		} {
			r := anon.Do("POST", "/api/login", body).Want(400)
			if r.Message() != "Text must not contain NUL characters." {
				t.Errorf("login %s: %q", body, r.Message())
			}
		}
		// An escaped backslash followed by u0000 is text, not a NUL.
		anon.Do("POST", "/api/login", `{"username":"ab\\u0000","password":"wrong-pass"}`).Want(400, 401)
		anon.Do("POST", "/api/newsletter/unsubscribe?token=%00abc", nil).Want(400)

		elite := e.NewUserWithTier("elite")
		uid := fmt.Sprint(elite.User.ID)
		elite.Do("GET", "/api/workout-logs/"+uid+"?cursor=%00", nil).Want(400)
		elite.Do("GET", "/api/nutrition/foods?q=chick%00", nil).Want(400)
		elite.Do("GET", "/api/programs?athlete=1%00", nil).Want(400)
		elite.Do("POST", "/api/programs", `{"name":"Block\u0000","weeks":[{"sessions":[]}]}`).Want(400)
		// Nothing was created.
		var list []json.RawMessage
		elite.Do("GET", "/api/programs", nil).Want(200).JSON(&list)
		if len(list) != 0 {
			t.Fatalf("%d programs after refused creations", len(list))
		}
		// The path too (a handler reading a path value never sees it).
		if rec := serveFrom(e, "GET", "/api/blog/articles/a%00b", "192.0.2.1", nil); rec.Code != 400 {
			t.Fatalf("NUL in the path: %d", rec.Code)
		}
	})
}

// Low: the feed's secret token never reaches the request log.
func TestHardenFeedTokenIsNotLogged(t *testing.T) {
	e := servertest.New(t)
	elite := e.NewUserWithTier("elite")
	var feed struct {
		URL string `json:"url"`
	}
	elite.Do("POST", "/api/calendar/feed", nil).Want(201).JSON(&feed)
	path := feed.URL[strings.Index(feed.URL, "/calendar/feed/"):]
	token := strings.TrimSuffix(strings.TrimPrefix(path, "/calendar/feed/"), ".ics")
	e.Client().Do("GET", path, nil).Want(200)
	e.Client().Do("GET", "/calendar/feed/"+token+"x.ics", nil).Want(404)
	logs := e.Logs()
	if strings.Contains(logs, token) {
		t.Fatalf("the feed token is in the log:\n%s", logs)
	}
	if !strings.Contains(logs, "path=/calendar/feed/REDACTED") {
		t.Fatalf("the feed requests are not logged with a redacted path:\n%s", logs)
	}
}

// Low: the newsletter answers a confirmed subscriber's address exactly as a
// new one (status and body), so an answer tells nothing about who subscribed;
// only the address's inbox learns it is subscribed already.
func TestHardenNewsletterAnswersConfirmedAndNewAddressesAlike(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		c.Do("POST", "/api/newsletter", map[string]string{"email": "known@example.com"})
		token := lastLinkToken(t, e, "/newsletter/confirm?token=")
		e.Client().Do("POST", "/api/newsletter/confirm", map[string]string{"token": token}).Want(200)

		prober := e.NewUser()
		known := prober.Do("POST", "/api/newsletter", map[string]string{"email": "known@example.com"})
		fresh := prober.Do("POST", "/api/newsletter", map[string]string{"email": "fresh@example.com"})
		if known.Status != fresh.Status || strings.ReplaceAll(string(known.Body), "known@", "fresh@") != string(fresh.Body) {
			t.Fatalf("answers differ:\n %d %s\n %d %s", known.Status, known.Body, fresh.Status, fresh.Body)
		}
		if !strings.Contains(e.Logs(), "You are already subscribed") {
			t.Fatal("the confirmed address was not told by e-mail")
		}
	})
}
