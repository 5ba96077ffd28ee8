package server_test

import (
	"fmt"
	"testing"

	"hyrox/internal/server/servertest"
)

func init() {
	addToMatrix(
		authzCase{Method: "POST", Path: "/api/password-reset-request", Public: true},
		authzCase{Method: "POST", Path: "/api/password-reset-confirm", Public: true},
		// /api/user and its sub-paths always act on the session's own account:
		// there is no id another user could name.
		authzCase{Method: "PATCH", Path: "/api/user",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/user", map[string]string{"email": fmt.Sprintf("renamed%d@example.com", owner.User.ID), "currentPassword": "secret123"}
			}},
		authzCase{Method: "POST", Path: "/api/user/password",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/user/password", map[string]string{"currentPassword": "secret123", "newPassword": "secret456"}
			}},
		authzCase{Method: "GET", Path: "/api/user/export"},
		authzCase{Method: "DELETE", Path: "/api/user",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/user", map[string]string{"password": "secret123"}
			}},
	)
}
