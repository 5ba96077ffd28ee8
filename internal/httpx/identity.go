package httpx

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/apperr"
)

// Tier ranks (docs/product.md#gates): a missing or unknown tier ranks 0 and is denied.
var tierRanks = map[string]int{"basic": 1, "pro": 2, "elite": 3}

// TierRank returns the rank of a tier name, case-insensitive; unknown is 0.
func TierRank(tier string) int { return tierRanks[strings.ToLower(tier)] }

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

type identityKey struct{}

// WithIdentity returns ctx carrying id.
func WithIdentity(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, identityKey{}, id)
}

// IdentityFrom returns the request's identity, if it has a session.
func IdentityFrom(ctx context.Context) (Identity, bool) {
	id, ok := ctx.Value(identityKey{}).(Identity)
	return id, ok
}

// RequireUser returns the signed-in identity or a 401 error.
func RequireUser(r *http.Request) (Identity, error) {
	id, ok := IdentityFrom(r.Context())
	if !ok {
		return Identity{}, apperr.ErrUnauthorized
	}
	return id, nil
}

// RequireTier returns the signed-in identity when its tier ranks at least
// tier, else 401 (no session) or 403 with requiredTier (docs/product.md#gates).
func RequireTier(r *http.Request, tier string) (Identity, error) {
	id, err := RequireUser(r)
	if err != nil {
		return id, err
	}
	if TierRank(id.Tier) < TierRank(tier) {
		return id, TierError(tier)
	}
	return id, nil
}

// TierError is the 403 answer for a tier that is too low.
func TierError(tier string) *apperr.Error {
	return &apperr.Error{Code: apperr.CodeForbidden,
		Message: "This feature requires " + TierWithArticle(tier) + " subscription or higher.",
		Extra:   map[string]any{"requiredTier": tier}}
}

// TierWithArticle names a tier as the catalogue does, with its article:
// "a Pro", "an Elite" (docs/product.md#gates).
func TierWithArticle(tier string) string {
	if tier == "" {
		return "a"
	}
	name := strings.ToUpper(tier[:1]) + tier[1:]
	if strings.ContainsAny(name[:1], "AEIOU") {
		return "an " + name
	}
	return "a " + name
}

// RequireSelf checks that the {userId} path value names the signed-in user
// (docs/product.md#accounts-and-sessions: such paths stay for compatibility, and answer 403 otherwise).
func RequireSelf(r *http.Request, id Identity) error {
	raw := r.PathValue("userId")
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return apperr.Errorf(apperr.CodeInvalid, "The user id must be a number.")
	}
	if n != id.UserID {
		return apperr.ErrForbidden
	}
	return nil
}

// PathID parses a numeric path value such as {id}; a bad one is a 404.
func PathID(r *http.Request, name string) (int64, error) {
	n, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || n <= 0 {
		return 0, apperr.ErrNotFound
	}
	return n, nil
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
