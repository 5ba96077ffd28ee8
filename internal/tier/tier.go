// Package tier is the one home of the subscription tiers and their order
// (docs/product.md#gates). Every other package names a tier through these
// constants and compares tiers through Rank; a test in internal/boundaries
// fails when a tier string literal appears elsewhere (seed data excepted).
package tier

import (
	"strings"

	"hyrox/internal/apperr"
)

// The tiers, lowest first, as stored and as sent on the wire.
const (
	Basic = "basic"
	Pro   = "pro"
	Elite = "elite"
)

// All lists the tiers, lowest first.
var All = [...]string{Basic, Pro, Elite}

// Rank returns the rank of a tier name, case-insensitive: basic 1, pro 2,
// elite 3; a missing or unknown tier ranks 0 and is denied.
func Rank(t string) int {
	switch strings.ToLower(t) {
	case Basic:
		return 1
	case Pro:
		return 2
	case Elite:
		return 3
	}
	return 0
}

// AtLeast reports whether tier t ranks at least min.
func AtLeast(t, min string) bool { return Rank(t) >= Rank(min) }

// Valid reports whether t names a tier (case-sensitively, as stored).
func Valid(t string) bool { return t == Basic || t == Pro || t == Elite }

// WithArticle names a tier as the catalogue does, with its article:
// "a Pro", "an Elite" (docs/product.md#gates).
func WithArticle(t string) string {
	if t == "" {
		return "a"
	}
	name := strings.ToUpper(t[:1]) + t[1:]
	if strings.ContainsAny(name[:1], "AEIOU") {
		return "an " + name
	}
	return "a " + name
}

// Error is the 403 answer for a tier that is too low: it names the required
// tier with its article and carries requiredTier (docs/product.md#gates).
func Error(required string) *apperr.Error {
	return &apperr.Error{Code: apperr.CodeForbidden,
		Message: "This feature requires " + WithArticle(required) + " subscription or higher.",
		Extra:   map[string]any{"requiredTier": required}}
}
