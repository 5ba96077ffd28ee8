package server_test

import (
	"testing"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

func init() {
	addToMatrix(authzCase{Method: "GET", Path: "/api/site", Public: true})
}

// docs/product.md#navigation: GET /api/site gives the configured support
// address and where e-mails go, to visitors and members alike.
func TestSiteInfo(t *testing.T) {
	var info struct{ SupportEmail, EmailDelivery string }
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		e.Client().Do("GET", "/api/site", nil).Want(200).JSON(&info)
		if info.SupportEmail != "support@hyroxtraininghub.com" || info.EmailDelivery != "log" {
			t.Fatalf("defaults: %+v", info)
		}
		e.NewUser().Do("GET", "/api/site", nil).Want(200)
	})
	e := servertest.Start(t, dbtest.SQLiteURL(t), "SUPPORT_EMAIL", "help@example.org", "SMTP_HOST", "smtp.example.org")
	e.Client().Do("GET", "/api/site", nil).Want(200).JSON(&info)
	if info.SupportEmail != "help@example.org" || info.EmailDelivery != "smtp" {
		t.Fatalf("configured: %+v", info)
	}
}
