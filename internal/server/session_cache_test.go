package server_test

import (
	"context"
	"net/http"
	"os"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

// within polls check for at most d: an eviction travels by NOTIFY, so it
// takes a few milliseconds, far less than the cache's 2 s.
func within(t *testing.T, d time.Duration, what string, check func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !check() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, d)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func status401(c *servertest.Client) func() bool {
	return func() bool {
		return c.Do("GET", "/api/user", nil).Want(http.StatusOK, http.StatusUnauthorized).Status == http.StatusUnauthorized
	}
}

// Two instances on one PostgreSQL database: each caches session lookups for
// up to 2 s, and a logout, a tier change or a password change on one reaches
// the other at once (LISTEN/NOTIFY), not after the 2 s.
func TestSessionCacheIsEvictedOnEveryInstance(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL: set TEST_DATABASE_URL")
	}
	url := dbtest.PostgresURL(t)
	a, b := servertest.Start(t, url), servertest.Start(t, url)
	const soon = 500 * time.Millisecond

	// B caches: a session deleted behind the app's back still works there.
	ana := a.NewUser()
	anaOnB := ana.SameSessionOn(b)
	other := b.NewUser()
	other.Do("GET", "/api/user", nil).Want(http.StatusOK)
	if _, err := b.App.DB.Exec(context.Background(), `DELETE FROM sessions WHERE user_id = ?`, other.User.ID); err != nil {
		t.Fatal(err)
	}
	other.Do("GET", "/api/user", nil).Want(http.StatusOK)

	// A tier change made on A (billing, through auth) opens the pro pages on B
	// at once: the tier gate reads the tier of the cached lookup.
	foodOnB := func() int {
		return anaOnB.Do("GET", "/api/food-entries?date=2026-03-02", nil).Want(http.StatusOK, http.StatusForbidden).Status
	}
	var cr createResult
	ana.Do("POST", "/api/create-subscription", map[string]string{"priceId": "price_pro_monthly", "tier": "pro"}).Want(200).JSON(&cr)
	if got := foodOnB(); got != http.StatusForbidden { // B caches the basic tier now
		t.Fatalf("basic athlete's food entries on B: %d", got)
	}
	ana.Do("POST", "/api/sandbox/confirm-"+cr.Type, map[string]any{"clientSecret": cr.ClientSecret, "card": testCard(cardOK),
		"authenticated": true}).Want(200)
	within(t, soon, "the pro tier on B", func() bool { return foodOnB() == http.StatusOK })

	// A password change on A ends ana's other sessions, on B too.
	second := b.Client()
	second.Do("POST", "/api/login", map[string]string{"username": ana.User.Username, "password": "secret123"}).Want(http.StatusOK)
	second.Do("GET", "/api/user", nil).Want(http.StatusOK)
	ana.Do("POST", "/api/user/password", map[string]string{"currentPassword": "secret123", "newPassword": "secret456"}).Want(http.StatusOK, http.StatusNoContent)
	within(t, soon, "the other session ended on B", status401(second))

	// A logout on A ends the session on B.
	anaOnB.Do("GET", "/api/user", nil).Want(http.StatusOK)
	ana.Do("POST", "/api/logout", nil).Want(http.StatusNoContent)
	within(t, soon, "the session ended on B", status401(anaOnB))
}

// One instance: a logout ends the session for the very next request, cache or not.
func TestLogoutEndsACachedSessionAtOnce(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		copied := c.SameSessionOn(e)
		copied.Do("GET", "/api/user", nil).Want(http.StatusOK) // cached now
		c.Do("POST", "/api/logout", nil).Want(http.StatusNoContent)
		copied.Do("GET", "/api/user", nil).Want(http.StatusUnauthorized)
	})
}
