// Package identity is who a request acts as, in the domain rather than in
// the HTTP layer: services take an Identity; internal/httpx only puts it in
// and reads it from a request.
package identity

import (
	"context"
	"time"
)

// Identity is who a request acts as: its session's user.
type Identity struct {
	UserID   int64
	Username string
	Tier     string
	// Role is "athlete" (every account) or "coach" (docs/coaching.md).
	Role string
	// CoachViewer is the coach reading this athlete's data through the
	// read-only view (docs/coaching.md#reading-an-athletes-data); 0 on the
	// athlete's own requests.
	CoachViewer int64
}

// RoleCoach is the role of a coach's account.
const RoleCoach = "coach"

// IsCoach reports whether the identity is a coach's.
func (id Identity) IsCoach() bool { return id.Role == RoleCoach }

type key struct{}

// With returns ctx carrying id.
func With(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, key{}, id)
}

// From returns the context's identity, if it has a session.
func From(ctx context.Context) (Identity, bool) {
	id, ok := ctx.Value(key{}).(Identity)
	return id, ok
}

// Session is the request's session: Key names it (its token's hash, never
// the token) and Ends is when it ends at the latest (its expiry, never past
// the absolute lifetime). Long-lived answers such as the live stream end
// with it (docs/security.md#live-streams).
type Session struct {
	Key  string
	Ends time.Time
}

type sessionKey struct{}

// WithSession returns ctx carrying the request's session.
func WithSession(ctx context.Context, s Session) context.Context {
	return context.WithValue(ctx, sessionKey{}, s)
}

// SessionFrom returns the request's session, if it has one.
func SessionFrom(ctx context.Context) (Session, bool) {
	s, ok := ctx.Value(sessionKey{}).(Session)
	return s, ok
}
