package httpx

import (
	"context"
	"net/http"
	"strconv"

	"hyrox/internal/apperr"
	"hyrox/internal/identity"
	"hyrox/internal/tier"
)

// TierRank returns the rank of a tier name (tier.Rank): case-insensitive;
// unknown is 0.
func TierRank(t string) int { return tier.Rank(t) }

// Identity is who a request acts as (identity.Identity).
type Identity = identity.Identity

// RoleCoach is the role of a coach's account.
const RoleCoach = identity.RoleCoach

// WithIdentity returns ctx carrying id.
func WithIdentity(ctx context.Context, id Identity) context.Context { return identity.With(ctx, id) }

// IdentityFrom returns the request's identity, if it has a session.
func IdentityFrom(ctx context.Context) (Identity, bool) { return identity.From(ctx) }

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
func RequireTier(r *http.Request, required string) (Identity, error) {
	id, err := RequireUser(r)
	if err != nil {
		return id, err
	}
	if tier.Rank(id.Tier) < tier.Rank(required) {
		return id, TierError(required)
	}
	return id, nil
}

// TierError is the 403 answer for a tier that is too low.
func TierError(required string) *apperr.Error { return tier.Error(required) }

// TierWithArticle names a tier with its article (tier.WithArticle).
func TierWithArticle(t string) string { return tier.WithArticle(t) }

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

// Session is the request's session (identity.Session).
type Session = identity.Session

// WithSession returns ctx carrying the request's session.
func WithSession(ctx context.Context, s Session) context.Context { return identity.WithSession(ctx, s) }

// SessionFrom returns the request's session, if it has one.
func SessionFrom(ctx context.Context) (Session, bool) { return identity.SessionFrom(ctx) }
