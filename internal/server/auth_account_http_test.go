package server_test

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/mail/mailtest"
	"hyrox/internal/server/servertest"
)

var tokenInLog = regexp.MustCompile(`password-reset\?token=([A-Za-z0-9_%-]+)`)

// resetTokenFromLog waits for the log sender's e-mail to the address.
func resetTokenFromLog(t *testing.T, e *servertest.Env, email string, skip int) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		logs := e.Logs()
		var found []string
		for _, line := range strings.Split(logs, "\n") {
			if strings.Contains(line, "to="+email) {
				if m := tokenInLog.FindStringSubmatch(line); m != nil {
					found = append(found, m[1])
				}
			}
		}
		if len(found) > skip {
			return found[skip]
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no reset e-mail to %s in the log:\n%s", email, e.Logs())
	return ""
}

func userCount(t *testing.T, e *servertest.Env) int {
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAuthPasswordResetWithTokenFromTheLog(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		other := e.Client()
		other.Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(200)

		known := c.Do("POST", "/api/password-reset-request", map[string]string{"email": strings.ToUpper(c.User.Email)}).Want(200)
		unknown := e.Client().Do("POST", "/api/password-reset-request", map[string]string{"email": "nobody@example.com"}).Want(200)
		if string(known.Body) != string(unknown.Body) {
			t.Fatalf("the answer must not tell whether the account exists: %s vs %s", known.Body, unknown.Body)
		}
		bad := e.Client().Do("POST", "/api/password-reset-request", map[string]string{"email": "not-an-address"}).Want(400)
		if bad.FieldError("email") != "Please enter a valid email address" {
			t.Errorf("bad e-mail: %s", bad.Body)
		}
		token := resetTokenFromLog(t, e, c.User.Email, 0)
		if strings.Contains(e.Logs(), "nobody@example.com") && strings.Contains(e.Logs(), "to=nobody@example.com") {
			t.Error("no e-mail goes to an address without an account")
		}

		anon := e.Client()
		res := anon.Do("POST", "/api/password-reset-confirm", map[string]string{"token": "", "newPassword": "123"}).Want(400)
		if res.FieldError("token") != "Reset token is required" || res.FieldError("newPassword") != "Password must be at least 6 characters" {
			t.Errorf("messages: %s", res.Body)
		}
		anon.Do("POST", "/api/password-reset-confirm", map[string]string{"token": "wrong-token", "newPassword": "newsecret1"}).Want(400)
		// Bad input changed nothing: the old password still works.
		e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(200)

		anon.Do("POST", "/api/password-reset-confirm", map[string]string{"token": token, "newPassword": "newsecret1"}).Want(200)
		// A reset ends every session of the user.
		c.Do("GET", "/api/user", nil).Want(401)
		other.Do("GET", "/api/user", nil).Want(401)
		// Single use.
		again := anon.Do("POST", "/api/password-reset-confirm", map[string]string{"token": token, "newPassword": "another1"}).Want(400)
		if !strings.Contains(again.Message(), "invalid or has expired") {
			t.Errorf("used token: %s", again.Body)
		}
		e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(401)
		e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Email, "password": "newsecret1"}).Want(200)

		// Tokens last 60 minutes.
		c.Do("POST", "/api/password-reset-request", map[string]string{"email": c.User.Email}).Want(200)
		late := resetTokenFromLog(t, e, c.User.Email, 1)
		e.Clock.Advance(61 * time.Minute)
		anon.Do("POST", "/api/password-reset-confirm", map[string]string{"token": late, "newPassword": "toolate1"}).Want(400)

		// Only the newest link works.
		c.Do("POST", "/api/password-reset-request", map[string]string{"email": c.User.Email}).Want(200)
		first := resetTokenFromLog(t, e, c.User.Email, 2)
		c.Do("POST", "/api/password-reset-request", map[string]string{"email": c.User.Email}).Want(200)
		second := resetTokenFromLog(t, e, c.User.Email, 3)
		anon.Do("POST", "/api/password-reset-confirm", map[string]string{"token": first, "newPassword": "first11"}).Want(400)
		anon.Do("POST", "/api/password-reset-confirm", map[string]string{"token": second, "newPassword": "second1"}).Want(200)
	})
}

func TestAuthPasswordResetByEmailOverSMTP(t *testing.T) {
	smtpd := mailtest.Start(t, mailtest.Options{})
	e := servertest.Start(t, dbtest.SQLiteURL(t), "SMTP_HOST", smtpd.Host, "SMTP_PORT", strconv.Itoa(smtpd.Port),
		"SMTP_FROM", "HYROX <no-reply@hyrox.test>", "PUBLIC_URL", "https://hyrox.example.com")
	c := e.NewUser()
	c.Do("POST", "/api/password-reset-request", map[string]string{"email": c.User.Email}).Want(200)
	msg := smtpd.Wait(t, 10*time.Second)
	if len(msg.To) != 1 || msg.To[0] != c.User.Email || msg.From != "no-reply@hyrox.test" {
		t.Fatalf("envelope %+v", msg)
	}
	m := regexp.MustCompile(`https://hyrox\.example\.com/password-reset\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(msg.Body())
	if m == nil {
		t.Fatalf("no reset link in the e-mail:\n%s", msg.Body())
	}
	if strings.Contains(e.Logs(), m[1]) {
		t.Error("with SMTP configured the token must not reach the log")
	}
	e.Client().Do("POST", "/api/password-reset-confirm", map[string]string{"token": m[1], "newPassword": "fromemail1"}).Want(200)
	c.Do("GET", "/api/user", nil).Want(401)
	e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "fromemail1"}).Want(200)
}

func TestAuthProfileUpdate(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		taken := e.NewUser()

		var u servertest.User
		c.Do("PATCH", "/api/user", map[string]string{"username": "  New.Name-1 "}).Want(200).JSON(&u)
		if u.Username != "New.Name-1" || u.Email != c.User.Email {
			t.Fatalf("after rename: %+v", u)
		}
		c.Do("PATCH", "/api/user", map[string]string{"email": "Fresh@Example.com", "currentPassword": "secret123"}).Want(200).JSON(&u)
		if u.Email != "fresh@example.com" || u.Username != "New.Name-1" {
			t.Fatalf("after e-mail change: %+v", u)
		}
		// Changing only the case of one's own username is fine.
		c.Do("PATCH", "/api/user", map[string]string{"username": "new.name-1"}).Want(200)

		dupName := c.Do("PATCH", "/api/user", map[string]string{"username": strings.ToUpper(taken.User.Username)}).Want(409)
		if dupName.FieldError("username") != "That username is already taken." {
			t.Errorf("duplicate username: %s", dupName.Body)
		}
		dupEmail := c.Do("PATCH", "/api/user", map[string]string{"email": taken.User.Email, "currentPassword": "secret123"}).Want(409)
		if dupEmail.FieldError("email") != "An account with that email already exists." {
			t.Errorf("duplicate e-mail: %s", dupEmail.Body)
		}
		for _, tc := range []struct{ body, field, msg string }{
			{`{"username":"ab"}`, "username", "Username must be at least 3 characters"},
			{`{"email":"nope"}`, "email", "Please enter a valid email address"},
			{`{"username":"ok_name","email":"bad"}`, "email", "Please enter a valid email address"},
			{`{}`, "username", "Send a new username, email or units."},
			{`{"units":"stones"}`, "units", "Units must be metric or imperial"},
			{`{"units":"imperial","username":"x"}`, "username", "Username must be at least 3 characters"},
		} {
			res := c.Do("PATCH", "/api/user", tc.body).Want(400)
			if res.FieldError(tc.field) != tc.msg {
				t.Errorf("%s: %s", tc.body, res.Body)
			}
		}
		c.Do("GET", "/api/user", nil).Want(200).JSON(&u)
		if u.Username != "new.name-1" || u.Email != "fresh@example.com" || u.Units != "metric" {
			t.Fatalf("bad input must change nothing: %+v", u)
		}
		e.Client().Do("POST", "/api/login", map[string]string{"username": "NEW.NAME-1", "password": "secret123"}).Want(200)

		// Units alone need no password and are kept (docs/product.md#units).
		c.Do("PATCH", "/api/user", map[string]string{"units": "imperial"}).Want(200).JSON(&u)
		if u.Units != "imperial" || u.Username != "new.name-1" {
			t.Fatalf("after units: %+v", u)
		}
		c.Do("GET", "/api/user", nil).Want(200).JSON(&u)
		if u.Units != "imperial" {
			t.Fatalf("units not stored: %+v", u)
		}
	})
}

func TestAuthChangePasswordEndsOtherSessions(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		other := e.Client()
		other.Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(200)

		wrong := c.Do("POST", "/api/user/password", map[string]string{"currentPassword": "not-it", "newPassword": "secret456"}).Want(400)
		if wrong.FieldError("currentPassword") != "Current password is incorrect" {
			t.Errorf("wrong current: %s", wrong.Body)
		}
		short := c.Do("POST", "/api/user/password", map[string]string{"currentPassword": "secret123", "newPassword": "12345"}).Want(400)
		if short.FieldError("newPassword") != "Password must be at least 6 characters" {
			t.Errorf("short: %s", short.Body)
		}
		other.Do("GET", "/api/user", nil).Want(200)

		c.Do("POST", "/api/user/password", map[string]string{"currentPassword": "secret123", "newPassword": "secret456"}).Want(200)
		c.Do("GET", "/api/user", nil).Want(200)
		other.Do("GET", "/api/user", nil).Want(401)
		e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(401)
		e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret456"}).Want(200)
	})
}

func TestAuthExportAndDeleteAccount(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		keep := e.NewUser()

		res := c.Do("GET", "/api/user/export", nil).Want(200)
		var exp struct {
			Account  servertest.User `json:"account"`
			Sessions []struct {
				CreatedAt string `json:"createdAt"`
			} `json:"sessions"`
			Areas map[string]any `json:"areas"`
		}
		res.JSON(&exp)
		if exp.Account.ID != c.User.ID || len(exp.Sessions) != 1 || exp.Areas == nil {
			t.Fatalf("export: %s", res.Body)
		}
		if _, ok := exp.Areas["nutrition"]; !ok {
			t.Errorf("the export holds every wired area's data (nutrition): %s", res.Body)
		}
		if !strings.HasPrefix(res.Header.Get("Content-Disposition"), `attachment; filename="hyrox-export-`) {
			t.Errorf("Content-Disposition %q", res.Header.Get("Content-Disposition"))
		}
		if res.Contains("password") || res.Contains("token") {
			t.Errorf("the export must not hold secrets: %s", res.Body)
		}

		before := userCount(t, e)
		wrong := c.Do("DELETE", "/api/user", map[string]string{"password": "not-mine"}).Want(400)
		if wrong.FieldError("password") != "Password is incorrect" {
			t.Errorf("wrong password: %s", wrong.Body)
		}
		empty := c.Do("DELETE", "/api/user", `{}`).Want(400)
		if empty.FieldError("password") != "Password is required" {
			t.Errorf("no password: %s", empty.Body)
		}
		if userCount(t, e) != before {
			t.Fatal("bad input must delete nothing")
		}

		del := c.Do("DELETE", "/api/user", map[string]string{"password": "secret123"}).Want(204)
		if !strings.Contains(del.Header.Get("Set-Cookie"), "Max-Age=0") {
			t.Errorf("the cookie must be cleared: %q", del.Header.Get("Set-Cookie"))
		}
		if userCount(t, e) != before-1 {
			t.Fatal("the user row must be gone")
		}
		var sessions int
		_ = e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM sessions WHERE user_id = ?`, c.User.ID).Scan(&sessions)
		if sessions != 0 {
			t.Fatalf("sessions left: %d", sessions)
		}
		c.Do("GET", "/api/user", nil).Want(401)
		e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(401)
		keep.Do("GET", "/api/user", nil).Want(200)
		// The name is free again.
		e.Client().Do("POST", "/api/register", map[string]string{"username": c.User.Username, "email": c.User.Email, "password": "secret123"}).Want(201)
	})
}

func TestAuthSessionRollingExpiry(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		e.Clock.Advance(29 * 24 * time.Hour)
		res := c.Do("GET", "/api/user", nil).Want(200)
		if !strings.Contains(res.Header.Get("Set-Cookie"), "Max-Age=2592000") {
			t.Errorf("a used session renews its cookie: %q", res.Header.Get("Set-Cookie"))
		}
		e.Clock.Advance(29 * 24 * time.Hour) // 58 days after login, 29 after last use
		c.Do("GET", "/api/user", nil).Want(200)
		e.Clock.Advance(30*24*time.Hour + time.Minute) // unused for over 30 days
		c.Do("GET", "/api/user", nil).Want(401)

		// Logout ends only this session, and a new login gets a new id.
		a, b := e.NewUser(), e.Client()
		b.Do("POST", "/api/login", map[string]string{"username": a.User.Username, "password": "secret123"}).Want(200)
		a.Do("POST", "/api/logout", nil).Want(204)
		a.Do("GET", "/api/user", nil).Want(401)
		b.Do("GET", "/api/user", nil).Want(200)
	})
}

func TestAuthSessionCookieFlags(t *testing.T) {
	e := servertest.Start(t, dbtest.SQLiteURL(t), "PUBLIC_URL", "https://hyrox.example.com")
	res := e.Client().Do("POST", "/api/register", map[string]string{"username": "cookie_fan", "email": "c@example.com", "password": "secret123"}).Want(201)
	ck := res.Header.Get("Set-Cookie")
	for _, want := range []string{"hyrox_session=", "HttpOnly", "SameSite=Lax", "Secure", "Path=/"} {
		if !strings.Contains(ck, want) {
			t.Errorf("cookie %q lacks %s", ck, want)
		}
	}
}

func TestAuthRateLimits(t *testing.T) {
	e := servertest.Start(t, dbtest.SQLiteURL(t), "RATE_LIMITS", "on")
	c := e.NewUser()
	var last *servertest.Response
	for i := 0; i < 12; i++ {
		last = e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "wrong-pass"})
		if last.Status == http.StatusTooManyRequests {
			break
		}
		last.Want(401)
	}
	last.Want(429)
	if last.Header.Get("Retry-After") == "" || !strings.Contains(last.Message(), "Too many login attempts") {
		t.Fatalf("429 needs Retry-After and a readable message: %v %s", last.Header, last.Body)
	}
	// The account is protected even with the right password; another account is not affected.
	e.Client().Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(429)
	// The e-mail names the same account: it shares the limit.
	e.Client().Do("POST", "/api/login", map[string]string{"username": strings.ToUpper(c.User.Email), "password": "secret123"}).Want(429)
	e.NewUser().Do("GET", "/api/user", nil).Want(200)

	for i := 0; i < 4; i++ {
		last = e.Client().Do("POST", "/api/password-reset-request", map[string]string{"email": c.User.Email})
		if last.Status == 429 {
			break
		}
		last.Want(200)
	}
	last.Want(429)

	// Registrations per address: the first user above took one.
	for i := 0; i < 12; i++ {
		name := "flood" + strconv.Itoa(i)
		last = e.Client().Do("POST", "/api/register", map[string]string{"username": name, "email": name + "@example.com", "password": "secret123"})
		if last.Status == 429 {
			break
		}
		last.Want(201)
	}
	last.Want(429)
	if last.Header.Get("Retry-After") == "" {
		t.Error("registration 429 lacks Retry-After")
	}
}
