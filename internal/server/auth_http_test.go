package server_test

import (
	"net/http"
	"strings"
	"testing"

	"hyrox/internal/server/servertest"
)

func TestRegisterLoginLogout(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.Client()
		c.Do("GET", "/api/user", nil).Want(http.StatusUnauthorized)

		res := c.Do("POST", "/api/register", map[string]string{"username": "Ana_R", "email": "Ana@Example.com", "password": "secret1"}).Want(http.StatusCreated)
		var u servertest.User
		res.JSON(&u)
		if u.Username != "Ana_R" || u.Email != "ana@example.com" || u.SubscriptionTier != "basic" {
			t.Fatalf("registered user: %+v", u)
		}
		c.Do("GET", "/api/user", nil).Want(http.StatusOK)

		dup := e.Client().Do("POST", "/api/register", map[string]string{"username": "ana_r", "email": "other@example.com", "password": "secret1"}).Want(http.StatusConflict)
		if dup.FieldError("username") == "" {
			t.Errorf("duplicate username should name the field: %s", dup.Body)
		}
		e.Client().Do("POST", "/api/register", map[string]string{"username": "other", "email": "ANA@example.com", "password": "secret1"}).Want(http.StatusConflict)

		c.Do("POST", "/api/logout", nil).Want(http.StatusNoContent)
		c.Do("GET", "/api/user", nil).Want(http.StatusUnauthorized)

		for _, login := range []string{"ana_r", "ANA@example.com"} {
			c2 := e.Client()
			c2.Do("POST", "/api/login", map[string]string{"username": login, "password": "secret1"}).Want(http.StatusOK)
			c2.Do("GET", "/api/user", nil).Want(http.StatusOK)
		}
		bad := e.Client().Do("POST", "/api/login", map[string]string{"username": "ana_r", "password": "wrong-pass"}).Want(http.StatusUnauthorized)
		if bad.Message() != "Invalid username or password" {
			t.Errorf("message %q", bad.Message())
		}
	})
}

func TestRegisterValidationUsesSpecMessages(t *testing.T) {
	e := servertest.New(t)
	cases := []struct {
		body  string
		field string
		msg   string
	}{
		{`{"username":"ab","email":"a@b.co","password":"secret1"}`, "username", "Username must be at least 3 characters"},
		{`{"username":"abc","email":"nope","password":"secret1"}`, "email", "Please enter a valid email address"},
		{`{"username":"abc","email":"a@b.co","password":"12345"}`, "password", "Password must be at least 6 characters"},
		{`{"username":"a b c","email":"a@b.co","password":"secret1"}`, "username", "Username may only use letters, digits and _ . -"},
	}
	for _, tc := range cases {
		res := e.Client().Do("POST", "/api/register", tc.body).Want(http.StatusBadRequest)
		if got := res.FieldError(tc.field); got != tc.msg {
			t.Errorf("%s: field %s = %q, want %q", tc.body, tc.field, got, tc.msg)
		}
	}
	login := e.Client().Do("POST", "/api/login", `{"username":"","password":""}`).Want(http.StatusBadRequest)
	if login.FieldError("username") != "Username is required" || login.FieldError("password") != "Password is required" {
		t.Errorf("login messages: %s", login.Body)
	}
	for _, body := range []string{`not json`, `{"username": 5}`, ``, `{} {}`} {
		e.Client().Do("POST", "/api/register", body).Want(http.StatusBadRequest)
	}
	big := `{"username":"` + strings.Repeat("a", 2<<20) + `"}`
	e.Client().Do("POST", "/api/register", big).Want(http.StatusRequestEntityTooLarge, http.StatusBadRequest)
}

func TestUnknownAPIPathIsJSON404AndOtherPathsServeTheApp(t *testing.T) {
	e := servertest.New(t)
	res, err := http.Get(e.Server.URL + "/api/does-not-exist")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 404 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("unknown api path: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	page, err := http.Get(e.Server.URL + "/some/client/route")
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != 200 || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") || page.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("client route: %d %v", page.StatusCode, page.Header)
	}
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Request-Id"} {
		if page.Header.Get(h) == "" {
			t.Errorf("missing header %s", h)
		}
	}
	if !strings.Contains(page.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Error("CSP must forbid framing")
	}
}

func TestCrossOriginWritesAreRefused(t *testing.T) {
	e := servertest.New(t)
	req, _ := http.NewRequest("POST", e.Server.URL+"/api/login", strings.NewReader(`{"username":"a","password":"b"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site POST: %d, want 403", res.StatusCode)
	}
}

func TestHealth(t *testing.T) {
	e := servertest.New(t)
	e.Client().Do("GET", "/healthz", nil).Want(200)
	e.Client().Do("GET", "/readyz", nil).Want(200)
}

// A script, style sheet or font carries nosniff but not the document headers
// (docs/security.md#headers); anything that can be a document keeps them all.
func TestSubresourcesCarryOnlyNosniff(t *testing.T) {
	e := servertest.New(t)
	get := func(path string) http.Header {
		t.Helper()
		res, err := http.Get(e.Server.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Header
	}
	documentOnly := []string{"Content-Security-Policy", "Referrer-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy", "Permissions-Policy"}
	for _, path := range []string{"/assets/page-abc.js", "/assets/index-abc.css", "/assets/inter-abc.woff2"} {
		h := get(path)
		if h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff: %v", path, h)
		}
		for _, name := range documentOnly {
			if h.Get(name) != "" {
				t.Errorf("%s carries %s", path, name)
			}
		}
	}
	for _, path := range []string{"/assets/art-abc.svg", "/api/user", "/calendar", "/assets/x.js/"} {
		h := get(path)
		for _, name := range append(documentOnly, "X-Content-Type-Options") {
			if h.Get(name) == "" {
				t.Errorf("%s lacks %s", path, name)
			}
		}
	}
}
