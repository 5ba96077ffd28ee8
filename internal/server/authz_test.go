package server_test

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"hyrox/api"
	"hyrox/internal/server/servertest"
)

// authzCase is one API operation in the authorization matrix. Each area adds
// its operations in its own authz_<area>_test.go with addToMatrix in init.
type authzCase struct {
	Method string
	// Path is the operation's path in api/openapi.yaml (with {placeholders}).
	Path string
	// Public operations answer without a session; they are only listed.
	Public bool
	// MinTier is the tier the operation needs ("" means any signed-in user).
	MinTier string
	// Setup makes what the owner's request needs and returns the concrete
	// path and body. It runs as the owner; nil means Path and no body.
	Setup func(t *testing.T, e *servertest.Env, owner *servertest.Client) (path string, body any)
	// Owned marks operations on one user's resource: another user must get
	// 403 or 404 and must not change it.
	Owned bool
	// OwnerStatus lists the statuses the owner may get (default 200, 201, 204).
	OwnerStatus []int
}

var matrix []authzCase

func addToMatrix(cases ...authzCase) { matrix = append(matrix, cases...) }

func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/healthz", Public: true},
		authzCase{Method: "GET", Path: "/readyz", Public: true},
		authzCase{Method: "POST", Path: "/api/register", Public: true},
		authzCase{Method: "POST", Path: "/api/login", Public: true},
		authzCase{Method: "POST", Path: "/api/logout", Public: true},
		authzCase{Method: "GET", Path: "/api/user"},
	)
}

// TestEveryOperationIsInTheMatrix keeps the matrix complete: an operation
// added to the contract without a matrix case fails here.
func TestEveryOperationIsInTheMatrix(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			found := slices.ContainsFunc(matrix, func(c authzCase) bool { return c.Method == method && c.Path == path })
			if !found {
				t.Errorf("%s %s is in api/openapi.yaml but not in the authorization matrix", method, path)
			}
		}
	}
}

func TestAuthorizationMatrix(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		for _, c := range matrix {
			if c.Public {
				continue
			}
			t.Run(c.Method+" "+c.Path, func(t *testing.T) {
				tier := c.MinTier
				if tier == "" {
					tier = "basic"
				}
				owner := e.NewUserWithTier(tier)
				path, body := c.Path, any(nil)
				if c.Setup != nil {
					path, body = c.Setup(t, e, owner)
				}

				anon := e.Client().Do(c.Method, path, body)
				if anon.Status != http.StatusUnauthorized {
					t.Errorf("anonymous: status %d, want 401", anon.Status)
				}

				if lower := lowerTier(tier); lower != "" {
					low := e.NewUserWithTier(lower)
					res := low.Do(c.Method, strings.ReplaceAll(path, ownerIDString(owner), ownerIDString(low)), body)
					if res.Status != http.StatusForbidden || !res.Contains(`"requiredTier":"`+tier+`"`) {
						t.Errorf("tier %s: status %d body %s, want 403 with requiredTier %s", lower, res.Status, res.Body, tier)
					}
				}

				if c.Owned {
					other := e.NewUserWithTier("elite")
					res := other.Do(c.Method, path, body)
					if res.Status != http.StatusForbidden && res.Status != http.StatusNotFound {
						t.Errorf("another user: status %d, want 403 or 404; body %s", res.Status, res.Body)
					}
				}

				want := c.OwnerStatus
				if want == nil {
					want = []int{200, 201, 204}
				}
				res := owner.Do(c.Method, path, body)
				if !slices.Contains(want, res.Status) {
					t.Errorf("owner: status %d, want %v; body %s", res.Status, want, res.Body)
				}
			})
		}
	})
}

func lowerTier(tier string) string {
	switch tier {
	case "pro":
		return "basic"
	case "elite":
		return "pro"
	}
	return ""
}

func ownerIDString(c *servertest.Client) string {
	return "/" + strconv.FormatInt(c.User.ID, 10)
}
