package server_test

import (
	"regexp"
	"strings"
	"testing"

	"hyrox/internal/server/servertest"
)

// tierInService are operations whose tier the service checks, because the
// row alone cannot say it: a coach's programs reach their athletes whatever
// the athlete's tier (docs/coaching.md#programs-for-athletes).
var tierInService = map[string]bool{
	"GET /api/training-plans/{id}":  true, // each plan names its own tier
	"GET /api/programs":             true,
	"POST /api/programs":            true,
	"GET /api/programs/{id}":        true,
	"PUT /api/programs/{id}":        true,
	"DELETE /api/programs/{id}":     true,
	"POST /api/programs/{id}/start": true,
}

// placeholders are a path's {names}: the contract spells one path one way
// (/api/workout-logs/{id}) where two routes name it apart ({userId} to read, {id} to change).
var placeholders = regexp.MustCompile(`\{[^}]*\}`)

// The route table and the authorization matrix say the same of every
// operation (ARCHITECTURE.md#routes): public or not, and the tier.
func TestRouteTableAgreesWithTheMatrix(t *testing.T) {
	e := servertest.New(t)
	for _, rt := range e.App.Routes() {
		method, path, _ := strings.Cut(rt.Pattern, " ")
		var c *authzCase
		for i := range matrix {
			if matrix[i].Method == method && placeholders.ReplaceAllString(matrix[i].Path, "{}") == placeholders.ReplaceAllString(path, "{}") {
				c = &matrix[i]
			}
		}
		if c == nil {
			t.Errorf("%s is in the route table but not in the authorization matrix (nor api/openapi.yaml)", rt.Pattern)
			continue
		}
		if c.Public != rt.Public {
			t.Errorf("%s: the route says public=%v, the matrix %v", rt.Pattern, rt.Public, c.Public)
		}
		if c.MinTier != rt.Tier && !(rt.Tier == "" && tierInService[rt.Pattern]) {
			t.Errorf("%s: the route needs tier %q, the matrix %q", rt.Pattern, rt.Tier, c.MinTier)
		}
	}
}
