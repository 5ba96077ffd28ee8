package server_test

import (
	"testing"

	"hyrox/internal/imports/fittest"
	"hyrox/internal/server/servertest"
)

func init() {
	addToMatrix(
		// Any tier imports; each athlete into their own logs (another user
		// importing the same file is tested in imports_http_test.go).
		authzCase{Method: "POST", Path: "/api/imports", Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
			return "/api/imports", servertest.Multipart{{Name: "run.fit", Data: fittest.Run(e.Clock.Now().Add(-26*60*60*1e9), 2, 300)}}
		}},
	)
}
