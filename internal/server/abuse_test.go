package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

// The abuse tests replay the probe of issue 18 at a bounded size (a few
// thousand requests each, in process) and check that the heap and /metrics
// stay flat. RELIABILITY.md ("Abuse tests") keeps their figures; run them
// with -v to see them again.

const metricsToken = "abuse-test-metrics-token-0123"

func abuseEnv(t *testing.T, env ...string) *servertest.Env {
	return servertest.Start(t, dbtest.SQLiteURL(t), append([]string{"RATE_LIMITS", "on", "METRICS_TOKEN", metricsToken}, env...)...)
}

// serve sends one request straight to the app's handler from address ip.
func serve(e *servertest.Env, method, path, ip string, body any) *httptest.ResponseRecorder {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest("GET", path, rd)
	req.Method = method
	req.RemoteAddr = ip + ":40000"
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	e.App.Handler().ServeHTTP(rec, req)
	return rec
}

func heapMiB() float64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse) / (1 << 20)
}

func metricsBytes(t *testing.T, e *servertest.Env) int {
	req := httptest.NewRequest("GET", "/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+metricsToken)
	rec := httptest.NewRecorder()
	e.App.Handler().ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("/metrics: %d", rec.Code)
	}
	return rec.Body.Len()
}

// flat runs abuse for requests 0..n-1 and fails when the heap grows by more
// than maxHeapMiB or /metrics by more than 512 bytes (counter digits). The
// first tenth warms up: it fills pools and statement caches and creates the
// series every answer of the abuse adds once.
func flat(t *testing.T, e *servertest.Env, n int, maxHeapMiB float64, abuse func(from, to int)) {
	t.Helper()
	abuse(0, n/10)
	metricsBytes(t, e) // the scrape's own series
	heap0, metrics0 := heapMiB(), metricsBytes(t, e)
	start := time.Now()
	abuse(n/10, n)
	heap1, metrics1 := heapMiB(), metricsBytes(t, e)
	t.Logf("%d requests (after %d to warm up) in %s: heap %.1f -> %.1f MiB, /metrics %d -> %d bytes",
		n-n/10, n/10, time.Since(start).Round(time.Millisecond), heap0, heap1, metrics0, metrics1)
	if heap1-heap0 > maxHeapMiB {
		t.Errorf("heap grew by %.1f MiB (limit %.0f)", heap1-heap0, maxHeapMiB)
	}
	if metrics1-metrics0 > 512 {
		t.Errorf("/metrics grew by %d bytes", metrics1-metrics0)
	}
}

func ipFor(i int) string { return fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255) }

// High: unique 16 KiB usernames and e-mails from 1,000 addresses must not
// become rate-limit keys (the probe took the heap from 24 to 215 MiB).
func TestAbuseUniqueHugeLoginNamesKeepTheHeapFlat(t *testing.T) {
	e := abuseEnv(t)
	const n = 2200
	big := strings.Repeat("u", 16<<10)
	flat(t, e, n, 8, func(from, to int) {
		for i := range to - from {
			i += from
			ip := ipFor(i % 1000)
			if i%3 == 2 {
				rec := serve(e, "POST", "/api/register", ip, map[string]string{"username": "someone",
					"email": fmt.Sprintf("%d%s@example.com", i, big), "password": "secret123"})
				if rec.Code != 400 && rec.Code != 429 {
					t.Fatalf("register %d: %d %s", i, rec.Code, rec.Body)
				}
				continue
			}
			rec := serve(e, "POST", "/api/login", ip, map[string]string{"username": fmt.Sprintf("%d%s", i, big), "password": "x"})
			if rec.Code != 401 && rec.Code != 429 {
				t.Fatalf("login %d: %d %s", i, rec.Code, rec.Body)
			}
		}
	})
}

// Medium: made-up methods must not become metric series (the probe grew
// /metrics to 38.5 MB with 1,300 of them).
func TestAbuseRandomMethodsKeepMetricsFlat(t *testing.T) {
	e := abuseEnv(t)
	const n = 3300
	flat(t, e, n, 4, func(from, to int) {
		for i := range to - from {
			i += from
			method := fmt.Sprintf("M%d%s", i, strings.Repeat("X", 2000))
			rec := serve(e, method, "/api/workouts", ipFor(i), nil)
			if rec.Code != 405 && rec.Code != 404 {
				t.Fatalf("method %d: %d", i, rec.Code)
			}
		}
	})
}

// Medium: 32 simultaneous logins run at most one argon2id hash per CPU
// (19 MiB each); the rest wait or get 503 (the probe took 110 MiB to 1.2 GiB).
func TestAbuseSimultaneousLoginsKeepMemoryBounded(t *testing.T) {
	e := abuseEnv(t, "RATE_LIMITS", "off")
	owner := e.NewUser()
	const n = 32
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() { // sample the heap while the logins run
		defer close(sampled)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	heap0 := heapMiB()
	var wg sync.WaitGroup
	var ok, busy atomic.Int64
	start := time.Now()
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := serve(e, "POST", "/api/login", ipFor(i), map[string]string{"username": owner.User.Username, "password": "secret123"})
			switch rec.Code {
			case 200:
				ok.Add(1)
			case 503:
				busy.Add(1)
				if rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "busy checking passwords") {
					t.Errorf("503 without Retry-After or message: %v %s", rec.Header(), rec.Body)
				}
			default:
				t.Errorf("login: %d %s", rec.Code, rec.Body)
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	peakMiB := float64(peak.Load()) / (1 << 20)
	t.Logf("%d simultaneous logins in %s (%d signed in, %d busy): heap %.1f MiB before, peak %.1f MiB (GOMAXPROCS %d)",
		n, time.Since(start).Round(time.Millisecond), ok.Load(), busy.Load(), heap0, peakMiB, runtime.GOMAXPROCS(0))
	// One hash per CPU holds 19 MiB; garbage waits for the collector, so
	// allow three times that and some slack (uncapped, 32 hashes hold 600 MiB).
	if limit := heap0 + float64(runtime.GOMAXPROCS(0))*3*19 + 64; peakMiB > limit {
		t.Fatalf("heap peaked at %.1f MiB, limit %.1f", peakMiB, limit)
	}
	if ok.Load() == 0 {
		t.Fatal("no login got through")
	}
}

// Medium: a flood of wrong passwords from many addresses neither grows the
// heap nor locks the owner out of the browser they signed in with.
func TestAbuseWrongPasswordFloodNeitherGrowsNorLocksOut(t *testing.T) {
	e := abuseEnv(t)
	owner := e.NewUser()
	owner.Do("POST", "/api/logout", nil).Want(204)
	const n = 2200
	flat(t, e, n, 4, func(from, to int) {
		for i := range to - from {
			i += from
			rec := serve(e, "POST", "/api/login", ipFor(i), map[string]string{"username": owner.User.Username, "password": "wrong-pass"})
			if rec.Code != 401 && rec.Code != 429 {
				t.Fatalf("login %d: %d", i, rec.Code)
			}
		}
	})
	owner.Do("POST", "/api/login", map[string]string{"username": owner.User.Username, "password": "secret123"}).Want(200)
}

// Medium: in production without SMTP, a flood of reset requests prints no
// link to the log and keeps the heap flat.
func TestAbuseResetRequestsInProductionLeaveNoLinks(t *testing.T) {
	e := abuseEnv(t, "APP_ENV", "production")
	owner := e.NewUser()
	const n = 2200
	flat(t, e, n, 4, func(from, to int) {
		for i := range to - from {
			i += from
			rec := serve(e, "POST", "/api/password-reset-request", ipFor(i), map[string]string{"email": owner.User.Email})
			if rec.Code != http.StatusServiceUnavailable && rec.Code != 429 {
				t.Fatalf("reset %d: %d", i, rec.Code)
			}
		}
	})
	if strings.Contains(e.Logs(), "password-reset?token=") {
		t.Fatal("a reset link reached the production log")
	}
}
