package server_test

import (
	"regexp"
	"strings"
	"testing"

	"hyrox/internal/coaching"
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
		var cases []*authzCase
		for i := range matrix {
			if matrix[i].Method == method && sameOperation(path, matrix[i].Path) {
				cases = append(cases, &matrix[i])
			}
		}
		if len(cases) == 0 {
			t.Errorf("%s is in the route table but not in the authorization matrix (nor api/openapi.yaml)", rt.Pattern)
			continue
		}
		for _, c := range cases {
			if c.Public != rt.Public {
				t.Errorf("%s: the route says public=%v, the matrix %v", rt.Pattern, rt.Public, c.Public)
			}
			if c.MinTier != rt.Tier && !(rt.Tier == "" && tierInService[rt.Pattern]) {
				t.Errorf("%s: the route needs tier %q, the matrix %q", rt.Pattern, rt.Tier, c.MinTier)
			}
		}
	}
}

// Every API operation of the contract is served by a row of the route table:
// no route is registered beside the table, where its gates would go unchecked.
func TestEveryAPIOperationIsARoute(t *testing.T) {
	e := servertest.New(t)
	for _, c := range matrix {
		if !strings.HasPrefix(c.Path, "/api/") {
			continue // /healthz, /readyz: the server's own, outside the API
		}
		found := false
		for _, rt := range e.App.Routes() {
			method, path, _ := strings.Cut(rt.Pattern, " ")
			if method == c.Method && sameOperation(path, c.Path) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s %s is in the contract but no row of the route table serves it", c.Method, c.Path)
		}
	}
}

// sameOperation says whether a row's path serves the contract's path. A row
// ending in {rest...} (the coach's view, GET /api/coach/athletes/{athleteId}/{rest...})
// serves every path under it, each of them in the contract and the matrix.
func sameOperation(rowPath, contractPath string) bool {
	contract := placeholders.ReplaceAllString(contractPath, "{}")
	if prefix, ok := strings.CutSuffix(rowPath, "{rest...}"); ok {
		prefix = placeholders.ReplaceAllString(prefix, "{}")
		return len(contract) > len(prefix) && strings.HasPrefix(contract, prefix)
	}
	return placeholders.ReplaceAllString(rowPath, "{}") == contract
}

// viewShape is a path with its placeholders named alike: the athlete's
// ({userId} in a row, {athlete} on the coach's whitelist) and any other.
func viewShape(path string) string {
	return placeholders.ReplaceAllStringFunc(path, func(p string) string {
		if p == "{userId}" || p == "{athlete}" {
			return "{athlete}"
		}
		return "{}"
	})
}

// The coach's view whitelist is the route table's CoachView GET rows
// (ARCHITECTURE.md#routes, docs/coaching.md#reading-an-athletes-data):
// a row marked CoachView that the coach cannot reach, or a whitelisted read
// whose row does not say so, fails here.
func TestCoachViewWhitelistIsTheCoachViewRows(t *testing.T) {
	e := servertest.New(t)
	gets, viewable := map[string]bool{}, map[string]string{}
	for _, rt := range e.App.Routes() {
		method, path, _ := strings.Cut(rt.Pattern, " ")
		if method != "GET" {
			if rt.CoachView {
				t.Errorf("%s is CoachView: the coach's view reads GET routes only", rt.Pattern)
			}
			continue
		}
		gets[viewShape(path)] = true
		if rt.CoachView {
			viewable[viewShape(path)] = rt.Pattern
		}
	}
	whitelisted := map[string]bool{}
	for _, path := range coaching.ViewPaths() {
		shape := viewShape(path)
		whitelisted[shape] = true
		switch {
		case !gets[shape]:
			t.Errorf("%s is on the coach's view whitelist, but no GET row of the route table serves it", path)
		case viewable[shape] == "":
			t.Errorf("%s is on the coach's view whitelist, but its row is not CoachView", path)
		}
	}
	for shape, pattern := range viewable {
		if !whitelisted[shape] {
			t.Errorf("%s is CoachView, but not on the coach's view whitelist (coaching/viewas.go)", pattern)
		}
	}
}
