package server_test

import (
	"testing"

	"hyrox/internal/server/servertest"
)

// The blog's place in the authorization matrix. Reading is public (the RSS
// feed publishes the same titles and links, and shared links must open); the
// newsletter needs a session because the address belongs to the account.
func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/blog/articles", Public: true},
		authzCase{Method: "GET", Path: "/api/blog/articles/{id}", Public: true},
		authzCase{Method: "GET", Path: "/blog/rss.xml", Public: true},
		authzCase{Method: "GET", Path: "/blog/images/{file}", Public: true},
		authzCase{Method: "POST", Path: "/api/newsletter/confirm", Public: true},
		authzCase{Method: "POST", Path: "/api/newsletter/unsubscribe", Public: true},
		authzCase{Method: "POST", Path: "/api/newsletter", OwnerStatus: []int{200, 201},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/newsletter", map[string]string{"email": owner.User.Email}
			}},
	)
}
