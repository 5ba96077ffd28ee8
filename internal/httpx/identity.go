package httpx

import (
	"context"

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

// TierError is the 403 answer for a tier that is too low.
func TierError(required string) *apperr.Error { return tier.Error(required) }

// TierWithArticle names a tier with its article (tier.WithArticle).
func TierWithArticle(t string) string { return tier.WithArticle(t) }

// Session is the request's session (identity.Session).
type Session = identity.Session

// WithSession returns ctx carrying the request's session.
func WithSession(ctx context.Context, s Session) context.Context { return identity.WithSession(ctx, s) }

// SessionFrom returns the request's session, if it has one.
func SessionFrom(ctx context.Context) (Session, bool) { return identity.SessionFrom(ctx) }
