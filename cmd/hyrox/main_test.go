package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func testEnv(dbPath string) func(string) string {
	vars := map[string]string{"HOST": "127.0.0.1", "PORT": "0", "DATABASE_URL": "sqlite:" + dbPath, "APP_ENV": "test"}
	return func(k string) string { return vars[k] }
}

var listenRE = regexp.MustCompile(`addr=http://(127\.0\.0\.1:\d+)`)

// startServe runs `hyrox serve` in-process on a free port and returns its address.
func startServe(t *testing.T, ctx context.Context, getenv func(string) string) (addr string, done chan error, logs *syncBuffer) {
	t.Helper()
	logs = &syncBuffer{}
	done = make(chan error, 1)
	start := time.Now()
	go func() { done <- run(ctx, []string{"serve"}, getenv, io.Discard, logs) }()
	for time.Since(start) < 10*time.Second {
		if m := listenRE.FindStringSubmatch(logs.String()); m != nil {
			return m[1], done, logs
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s", err, logs.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
	t.Fatalf("serve did not start:\n%s", logs.String())
	return
}

func TestServeStartsFastAndShutsDownGracefully(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "app.db")
	// Migrate first so the measured start is a normal restart.
	if err := run(context.Background(), []string{"migrate"}, testEnv(dbPath), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	began := time.Now()
	addr, done, logs := startServe(t, ctx, testEnv(dbPath))
	for {
		res, err := http.Get("http://" + addr + "/readyz")
		if err == nil && res.StatusCode == 200 {
			res.Body.Close()
			break
		}
		if time.Since(began) > 5*time.Second {
			t.Fatal("not ready in 5 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if took := time.Since(began); took > time.Second {
		t.Errorf("startup to ready took %v, want under 1 s", took)
	}

	// A request in flight when shutdown starts must still be answered.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"username":"nobody","password":"whatever1"}`
	fmt.Fprintf(conn, "POST /api/login HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(body), body[:10])
	time.Sleep(100 * time.Millisecond) // the server is now reading the body
	cancel()                           // what SIGTERM does
	time.Sleep(100 * time.Millisecond)
	fmt.Fprint(conn, body[10:])
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("in-flight request lost during shutdown: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized {
		t.Errorf("in-flight request answered %d, want 401", res.StatusCode)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(logs.String(), "shutting down") {
		t.Error("shutdown was not logged")
	}
	// New connections are refused after shutdown.
	if _, err := http.Get("http://" + addr + "/healthz"); err == nil {
		t.Error("server still answers after shutdown")
	}
}

func TestCommands(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "app.db")
	var out bytes.Buffer
	if err := run(context.Background(), []string{"--help"}, testEnv(dbPath), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"serve", "migrate", "seed", "version", "DATABASE_URL", "PORT", "APP_ENV"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--help lacks %s", want)
		}
	}
	for range 2 {
		if err := run(context.Background(), []string{"migrate"}, testEnv(dbPath), io.Discard, io.Discard); err != nil {
			t.Fatalf("migrate must be idempotent: %v", err)
		}
		if err := run(context.Background(), []string{"seed"}, testEnv(dbPath), io.Discard, io.Discard); err != nil {
			t.Fatalf("seed must be idempotent: %v", err)
		}
	}
	out.Reset()
	if err := run(context.Background(), []string{"version"}, testEnv(dbPath), &out, io.Discard); err != nil || !strings.HasPrefix(out.String(), "hyrox ") {
		t.Fatalf("version: %q %v", out.String(), err)
	}
	bad := func(k string) string {
		if k == "PORT" {
			return "not-a-port"
		}
		return testEnv(dbPath)(k)
	}
	if err := run(context.Background(), []string{"serve"}, bad, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "PORT") {
		t.Fatalf("invalid configuration must stop the start with a clear message, got %v", err)
	}
	if err := run(context.Background(), []string{"frobnicate"}, testEnv(dbPath), io.Discard, io.Discard); err == nil {
		t.Fatal("unknown command must fail")
	}

	// set-role (docs/coaching.md): the seeded demo_pro becomes a coach and back.
	out.Reset()
	if err := run(context.Background(), []string{"users", "set-role", "demo_pro", "coach"}, testEnv(dbPath), &out, io.Discard); err != nil ||
		out.String() != "demo_pro is now a coach\n" {
		t.Fatalf("set-role coach: %q %v", out.String(), err)
	}
	if err := run(context.Background(), []string{"users", "set-role", "demo_pro", "athlete"}, testEnv(dbPath), io.Discard, io.Discard); err != nil {
		t.Fatalf("set-role athlete: %v", err)
	}
	if err := run(context.Background(), []string{"users", "set-role", "demo_pro", "admin"}, testEnv(dbPath), io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), `unknown role "admin"`) {
		t.Fatalf("unknown role: %v", err)
	}
	if err := run(context.Background(), []string{"users", "set-role", "nobody_here", "coach"}, testEnv(dbPath), io.Discard, io.Discard); err == nil ||
		!strings.Contains(err.Error(), `no account "nobody_here"`) {
		t.Fatalf("unknown account: %v", err)
	}
}
