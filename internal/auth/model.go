// Package auth owns users, sessions and passwords: who a request acts as.
package auth

import "time"

// User is an account. PasswordHash never leaves this package's JSON.
type User struct {
	ID               int64  `json:"id"`
	Username         string `json:"username"`
	Email            string `json:"email"`
	SubscriptionTier string `json:"subscriptionTier"`
	// Role is "athlete" or "coach" (docs/coaching.md).
	Role string `json:"role"`
	// Units is how the web app shows loads and distances: "metric" or
	// "imperial" (docs/product.md#units); data is stored metric.
	Units        string    `json:"units"`
	CreatedAt    time.Time `json:"createdAt"`
	PasswordHash string    `json:"-"`
}

// The units settings.
const (
	UnitsMetric   = "metric"
	UnitsImperial = "imperial"
)

// SessionTTL is the rolling session lifetime: a session unused this long ends
// (docs/product.md#accounts-and-sessions).
const SessionTTL = 30 * 24 * time.Hour

// SessionMaxAge is the absolute session lifetime: however often it is used,
// a session ends this long after sign-in (docs/security.md), so a stolen
// cookie does not work for ever.
const SessionMaxAge = 90 * 24 * time.Hour

// SessionCookie is the name of the session cookie.
const SessionCookie = "hyrox_session"

// SignedInCookie is the session cookie's readable companion: "1" while the
// browser holds a session. It is not HttpOnly and carries no secret, so the
// web app can tell a visitor without asking GET /api/user (which answers 401
// then, docs/product.md#navigation). It is set and cleared with the session
// cookie; the session cookie alone decides who is signed in.
const SignedInCookie = "hyrox_signed_in"
