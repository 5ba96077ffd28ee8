package server_test

import (
	"testing"

	"hyrox/internal/server/servertest"
)

// Notifications in the authorization matrix: every route is the signed-in
// user's own (settings and browsers of nobody else exist to name).
func init() {
	addToMatrix(
		authzCase{Method: "GET", Path: "/api/notifications"},
		authzCase{Method: "PUT", Path: "/api/notifications",
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/notifications", map[string]any{"kinds": map[string]bool{"session_reminders": true}}
			}},
		// No push host is allowed in the matrix's server: the owner's attempt is a 400.
		authzCase{Method: "POST", Path: "/api/push/subscriptions", OwnerStatus: []int{400},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/push/subscriptions", map[string]any{"endpoint": "https://example.com/push/1", "keys": map[string]string{"p256dh": "x", "auth": "y"}}
			}},
		authzCase{Method: "DELETE", Path: "/api/push/subscriptions", OwnerStatus: []int{404},
			Setup: func(t *testing.T, e *servertest.Env, owner *servertest.Client) (string, any) {
				return "/api/push/subscriptions", map[string]string{"endpoint": "https://fcm.googleapis.com/fcm/send/none"}
			}},
	)
}
