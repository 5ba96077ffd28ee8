package server_test

import (
	"net/http"
	"testing"

	"hyrox/internal/server/servertest"
)

// docs/product.md#navigation: the signed-in hint cookie travels with the
// session cookie, is readable by the page (not HttpOnly) and goes with it.
func TestSignedInHintFollowsTheSession(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.Client()
		if c.Cookie("hyrox_signed_in") != "" {
			t.Fatal("a new visitor has no hint")
		}
		res := c.Do("POST", "/api/register", map[string]string{"username": "hint_fan", "email": "hint@example.com", "password": "secret123"}).Want(201)
		hint := cookieNamed(res.Header, "hyrox_signed_in")
		if hint == nil || hint.Value != "1" || hint.HttpOnly || hint.Path != "/" || hint.MaxAge != 30*24*3600 || hint.SameSite != http.SameSiteLaxMode {
			t.Fatalf("register sets a readable hint beside the session cookie: %+v", hint)
		}
		if s := cookieNamed(res.Header, "hyrox_session"); s == nil || !s.HttpOnly {
			t.Fatalf("the session cookie stays HttpOnly: %+v", s)
		}
		c.Do("GET", "/api/user", nil).Want(200)

		// Logout clears both.
		res = c.Do("POST", "/api/logout", nil).Want(204)
		if h := cookieNamed(res.Header, "hyrox_signed_in"); h == nil || h.MaxAge >= 0 {
			t.Fatalf("logout clears the hint: %+v", h)
		}
		if c.Cookie("hyrox_signed_in") != "" || c.Cookie("hyrox_session") != "" {
			t.Fatal("after logout the browser holds neither cookie")
		}
		// GET /api/user keeps its 401 for visitors (SPEC).
		c.Do("GET", "/api/user", nil).Want(401)

		// Login sets it again.
		res = c.Do("POST", "/api/login", map[string]string{"username": "hint_fan", "password": "secret123"}).Want(200)
		if h := cookieNamed(res.Header, "hyrox_signed_in"); h == nil || h.Value != "1" {
			t.Fatalf("login sets the hint: %+v", h)
		}

		// A session the server ended elsewhere (here: a stale token) loses the hint on the next API call.
		stale := e.Client()
		stale.SetCookie("hyrox_session", "no-such-session")
		stale.SetCookie("hyrox_signed_in", "1")
		stale.Do("GET", "/api/user", nil).Want(401)
		if stale.Cookie("hyrox_signed_in") != "" || stale.Cookie("hyrox_session") != "" {
			t.Fatal("an unknown session clears the session cookie and the hint")
		}

		// A hint without a session cookie (the session cookie expired) is cleared by any API call.
		orphan := e.Client()
		orphan.SetCookie("hyrox_signed_in", "1")
		orphan.Do("GET", "/api/tiers", nil).Want(200)
		if orphan.Cookie("hyrox_signed_in") != "" {
			t.Fatal("a hint without a session is cleared")
		}

		// A session from before the hint existed gets it on its next API call.
		old := e.NewUser()
		old.SetCookie("hyrox_signed_in", "")
		res = old.Do("GET", "/api/user", nil).Want(200)
		if h := cookieNamed(res.Header, "hyrox_signed_in"); h == nil || h.Value != "1" {
			t.Fatalf("a valid session without the hint gets it: %+v", h)
		}
	})
}

// The app's pages keep the hint in step without a database lookup.
func TestSignedInHintOnPages(t *testing.T) {
	e := servertest.New(t)
	getPath := func(path string, cookies ...*http.Cookie) *http.Response {
		req, _ := http.NewRequest("GET", e.Server.URL+path, nil)
		for _, c := range cookies {
			req.AddCookie(c)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	get := func(cookies ...*http.Cookie) *http.Response { return getPath("/community", cookies...) }
	if h := cookieNamed(get().Header, "hyrox_signed_in"); h != nil {
		t.Fatalf("a visitor's page sets no hint: %+v", h)
	}
	res := get(&http.Cookie{Name: "hyrox_session", Value: "some-session"})
	if h := cookieNamed(res.Header, "hyrox_signed_in"); h == nil || h.Value != "1" || h.HttpOnly {
		t.Fatalf("a page seen with a session cookie and no hint sets it: %+v", h)
	}
	res = get(&http.Cookie{Name: "hyrox_signed_in", Value: "1"})
	if h := cookieNamed(res.Header, "hyrox_signed_in"); h == nil || h.MaxAge >= 0 {
		t.Fatalf("a hint without a session cookie is cleared: %+v", h)
	}
	res = get(&http.Cookie{Name: "hyrox_session", Value: "s"}, &http.Cookie{Name: "hyrox_signed_in", Value: "1"})
	if h := cookieNamed(res.Header, "hyrox_signed_in"); h != nil {
		t.Fatalf("both present: nothing to change: %+v", h)
	}
	// Files never carry a Set-Cookie (they may be cached).
	for _, file := range []string{"/favicon.svg", "/assets/no-such.js"} {
		if res := getPath(file, &http.Cookie{Name: "hyrox_session", Value: "s"}); res.Header.Get("Set-Cookie") != "" {
			t.Errorf("%s set a cookie: %q", file, res.Header.Get("Set-Cookie"))
		}
	}
}

func cookieNamed(h http.Header, name string) *http.Cookie {
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}
