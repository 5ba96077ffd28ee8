package server_test

import (
	"strings"
	"testing"
	"time"

	"hyrox/internal/imports"

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

// ownedImportedActivity imports a lapped HYROX file as the owner.
func ownedImportedActivity(t *testing.T, e *servertest.Env, owner *servertest.Client) int64 {
	id, _, _ := importLapped(t, owner, e.Clock.Now().Add(-30*time.Hour), fittest.HyroxLaps())
	return id
}

func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/imports/activities/{id}/hyrox", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return hyroxPath(ownedImportedActivity(t, e, owner)), nil
			}},
		authzCase{Method: "POST", Path: "/api/imports/activities/{id}/hyrox", Owned: true,
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return hyroxPath(ownedImportedActivity(t, e, owner)), map[string]any{"mapping": imports.Propose(strings.Repeat("RS", 8), imports.RoxzoneSplit)}
			}},
	)
}
