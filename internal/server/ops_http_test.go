package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"hyrox/internal/config"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

func get(t *testing.T, url, auth string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

func TestMetricsAreNotOpenOnThePublicPort(t *testing.T) {
	e := servertest.New(t)
	if status, body := get(t, e.Server.URL+"/metrics", ""); status != 404 || strings.Contains(body, "http_requests_total") {
		t.Fatalf("/metrics without METRICS_ADDR or METRICS_TOKEN: %d %.200s", status, body)
	}
}

func TestMetricsBehindABearerToken(t *testing.T) {
	const token = "a-long-metrics-token-0123456789"
	e := servertest.Start(t, dbtest.SQLiteURL(t), "METRICS_TOKEN", token)
	for _, auth := range []string{"", "Bearer wrong-token-wrong-token", token} {
		if status, body := get(t, e.Server.URL+"/metrics", auth); status != 401 || strings.Contains(body, "http_requests_total") {
			t.Errorf("auth %q: %d %.200s", auth, status, body)
		}
	}
	if status, body := get(t, e.Server.URL+"/metrics", "Bearer "+token); status != 200 || !strings.Contains(body, "http_requests_total") {
		t.Fatalf("with the token: %d %.200s", status, body)
	}
}

func TestMetricsOnTheirOwnAddress(t *testing.T) {
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"APP_ENV": "test", "HOST": "127.0.0.1", "PORT": "0", "METRICS_ADDR": "127.0.0.1:0",
			"DATABASE_URL": dbtest.SQLiteURL(t)}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	app, err := server.Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { app.Close() })
	if status, _ := get(t, "http://"+app.Addr()+"/healthz", ""); status != 200 {
		t.Fatalf("healthz %d", status)
	}
	if status, _ := get(t, "http://"+app.Addr()+"/metrics", ""); status != 404 {
		t.Fatalf("public /metrics: %d", status)
	}
	if status, body := get(t, "http://"+app.MetricsAddr()+"/metrics", ""); status != 200 || !strings.Contains(body, `http_requests_total{method="GET",route="GET /healthz",status="200"} 1`) {
		t.Fatalf("metrics address: %d %.300s", status, body)
	}
}

func TestHSTSInProductionOverHTTPS(t *testing.T) {
	prod := servertest.Start(t, dbtest.SQLiteURL(t), "APP_ENV", "production", "PUBLIC_URL", "https://hyrox.example.com")
	if h := prod.Client().Do("GET", "/healthz", nil).Want(200).Header.Get("Strict-Transport-Security"); h != "max-age=63072000" {
		t.Errorf("production over https: Strict-Transport-Security %q", h)
	}
	dev := servertest.Start(t, dbtest.SQLiteURL(t), "PUBLIC_URL", "https://hyrox.example.com")
	if h := dev.Client().Do("GET", "/healthz", nil).Want(200).Header.Get("Strict-Transport-Security"); h != "" {
		t.Errorf("development: Strict-Transport-Security %q", h)
	}
}

// A path that exists with another method answers 405 with Allow, in the
// JSON error shape; an unknown path stays 404.
func TestWrongMethodOnAnAPIPathIs405(t *testing.T) {
	e := servertest.New(t)
	for _, tc := range []struct{ method, path, allow string }{
		{"DELETE", "/api/login", "POST"},
		{"GET", "/api/user/password", "POST"},
		{"PUT", "/api/user", "GET, PATCH, DELETE, HEAD"},
	} {
		req, _ := http.NewRequest(tc.method, e.Server.URL+tc.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 405 || res.Header.Get("Allow") != tc.allow || !strings.Contains(string(body), `"message":"This method is not allowed on `+tc.path+`: use `) {
			t.Errorf("%s %s: %d Allow %q %s", tc.method, tc.path, res.StatusCode, res.Header.Get("Allow"), body)
		}
	}
	if status, _ := get(t, e.Server.URL+"/api/no-such-thing", ""); status != 404 {
		t.Errorf("unknown path: %d", status)
	}
}
