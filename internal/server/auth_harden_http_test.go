package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

// Ten wrong passwords from anywhere fill the account's bucket, but the owner
// still signs in from a browser that signed in before; a new browser, or one
// that signed in to another account, waits like everyone else.
func TestAuthLockoutSparesTheOwnersKnownDevice(t *testing.T) {
	e := servertest.Start(t, dbtest.SQLiteURL(t), "RATE_LIMITS", "on")
	owner := e.NewUser() // registering signs this browser in
	owner.Do("POST", "/api/logout", nil).Want(204)
	for range 10 {
		e.Client().Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "wrong-pass"}).Want(401)
	}
	e.Client().Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret123"}).Want(429)
	stranger := e.NewUser() // known device of another account
	stranger.Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret123"}).Want(429)

	owner.Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret123"}).Want(200)
	owner.Do("GET", "/api/user", nil).Want(200)
	// The e-mail names the same account and the same device exemption.
	owner.Do("POST", "/api/login", map[string]string{"username": owner.User.Email, "password": "secret123"}).Want(200)
}

// The device cookie only opens the account it was issued for and cannot be
// made up.
func TestAuthDeviceCookieIsBoundToItsAccount(t *testing.T) {
	e := servertest.Start(t, dbtest.SQLiteURL(t), "RATE_LIMITS", "on")
	owner := e.NewUser()
	for range 10 {
		e.Client().Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "wrong-pass"}).Want(401)
	}
	forged := e.Client()
	forged.SetCookie("hyrox_device", strings.Replace(owner.Cookie("hyrox_device"), ".", ".x", 1))
	forged.Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret123"}).Want(429)
	copied := e.Client()
	copied.SetCookie("hyrox_device", owner.Cookie("hyrox_device"))
	copied.Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret123"}).Want(200)
}

// Changing the e-mail needs the current password and ends the reset links
// sent to the old address.
func TestAuthEmailChangeNeedsThePasswordAndEndsResetLinks(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		c.Do("POST", "/api/password-reset-request", map[string]string{"email": c.User.Email}).Want(200)
		token := resetTokenFromLog(t, e, c.User.Email, 0)

		missing := c.Do("PATCH", "/api/user", map[string]string{"email": "new@example.com"}).Want(400)
		if missing.FieldError("currentPassword") != "Enter your current password to change your email" {
			t.Errorf("no password: %s", missing.Body)
		}
		wrong := c.Do("PATCH", "/api/user", map[string]string{"email": "new@example.com", "currentPassword": "nope123"}).Want(400)
		if wrong.FieldError("currentPassword") != "Current password is incorrect" {
			t.Errorf("wrong password: %s", wrong.Body)
		}
		var u servertest.User
		c.Do("GET", "/api/user", nil).Want(200).JSON(&u)
		if u.Email != c.User.Email {
			t.Fatalf("a refused change must change nothing: %+v", u)
		}
		// The same e-mail (any case) and a username need no password.
		c.Do("PATCH", "/api/user", map[string]string{"email": strings.ToUpper(c.User.Email), "username": "renamed_" + u.Username[:5]}).Want(200)

		c.Do("PATCH", "/api/user", map[string]string{"email": "new@example.com", "currentPassword": "secret123"}).Want(200).JSON(&u)
		if u.Email != "new@example.com" {
			t.Fatalf("e-mail not changed: %+v", u)
		}
		res := e.Client().Do("POST", "/api/password-reset-confirm", map[string]string{"token": token, "newPassword": "stolen123"}).Want(400)
		if res.FieldError("token") == "" {
			t.Errorf("the old reset link must be dead: %s", res.Body)
		}
	})
}

func TestAuthProfileChangesAreRateLimited(t *testing.T) {
	e := servertest.Start(t, dbtest.SQLiteURL(t), "RATE_LIMITS", "on")
	c := e.NewUser()
	var last *servertest.Response
	for range 12 {
		last = c.Do("PATCH", "/api/user", map[string]string{"email": "guess@example.com", "currentPassword": "guess123"})
		if last.Status == http.StatusTooManyRequests {
			break
		}
		last.Want(400)
	}
	last.Want(429)
	if last.Header.Get("Retry-After") == "" || !strings.Contains(last.Message(), "Too many profile changes") {
		t.Fatalf("429 needs Retry-After and a readable message: %v %s", last.Header, last.Body)
	}
}

// In production without SMTP a reset link would only reach the log: the
// request says e-mail is not configured instead, for every address.
func TestAuthProductionResetWithoutSMTPSaysEmailIsOff(t *testing.T) {
	e := servertest.Start(t, dbtest.SQLiteURL(t), "APP_ENV", "production", "RATE_LIMITS", "off")
	c := e.NewUser()
	for _, email := range []string{c.User.Email, "nobody@example.com"} {
		res := e.Client().Do("POST", "/api/password-reset-request", map[string]string{"email": email}).Want(503)
		if res.Message() != "Password reset by email is not available: this server has no email configured. Please contact support." {
			t.Errorf("message: %s", res.Body)
		}
	}
	if strings.Contains(e.Logs(), "password-reset?token=") {
		t.Fatal("a reset link reached the production log")
	}
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM password_resets`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("no reset token may be stored: %d %v", n, err)
	}
}

// However often it is used, a session ends SessionMaxAge (90 days) after sign-in.
func TestAuthSessionHasAnAbsoluteLifetime(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		for range 8 { // used every 11 days: the rolling expiry alone would never end it
			e.Clock.Advance(11 * 24 * time.Hour)
			c.Do("GET", "/api/user", nil).Want(200)
		}
		e.Clock.Advance(2*24*time.Hour + time.Minute) // 90 days and a minute after sign-in
		c.Do("GET", "/api/user", nil).Want(401)
	})
}

// A password change forgets the devices the account knew, except the
// browser that made the change.
func TestAuthPasswordChangeForgetsOtherDevices(t *testing.T) {
	e := servertest.Start(t, dbtest.SQLiteURL(t), "RATE_LIMITS", "on")
	owner := e.NewUser()
	laptop := e.Client()
	laptop.Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret123"}).Want(200)
	owner.Do("POST", "/api/user/password", map[string]string{"currentPassword": "secret123", "newPassword": "secret456"}).Want(200)
	for i := 0; i < 12 && e.Client().Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "wrong-pass"}).Status == 401; i++ {
	}
	laptop.Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret456"}).Want(429)
	owner.Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret456"}).Want(200)
}
