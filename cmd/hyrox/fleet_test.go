//go:build crash

package main

// The fleet test, run by `make fleet-test` (part of `make test` when
// TEST_DATABASE_URL is set and HAProxy is installed):
//
//	go test -tags crash -v -run TestFleet ./cmd/hyrox/
//
// Three `hyrox serve` processes on one fresh PostgreSQL schema behind
// Debian's HAProxy (round-robin, started by the test on 127.0.0.1). Clients,
// each from its own loopback address, sign in, write and read through the
// proxy while instances are SIGKILLed and restarted one at a time.

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"hyrox/internal/auth"
	"hyrox/internal/db/dbtest"
)

const fleetSize = 3

func TestFleet(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("fleet test skipped: TEST_DATABASE_URL is not set (instances share a PostgreSQL database)")
	}
	haproxy := haproxyPath()
	if haproxy == "" {
		t.Skip("fleet test skipped: HAProxy is not installed (apt-get install haproxy)")
	}
	bin := hyroxBinary(t)
	dbURL := dbtest.PostgresURL(t)
	runCLI(t, bin, dbURL, "migrate")

	ports := freePorts(t, fleetSize)
	procs := make([]*proc, fleetSize)
	start := func(i int) {
		procs[i] = startProc(t, bin, dbURL, fmt.Sprintf("PORT=%d", ports[i]), "TRUSTED_PROXIES=127.0.0.1/32", "RATE_LIMITS=on")
	}
	for i := range procs {
		start(i)
	}
	t.Cleanup(func() {
		for _, p := range procs {
			p.stop(t, syscall.SIGTERM)
		}
	})
	base := "http://" + startHAProxy(t, haproxy, ports)
	direct := func(i int) string { return "http://" + procs[i].addr }

	t.Run("sessions work on every instance and logout on one ends them on all", func(t *testing.T) {
		c := newAPIClientFrom("127.0.0.60")
		if st, err := c.do(base, "POST", "/api/register", map[string]any{
			"username": "fleet_session", "email": "fleet_session@example.com", "password": "fleet-test-pw"}, nil); err != nil || st != 201 {
			t.Fatalf("register through the proxy: %d %v", st, err)
		}
		cookie := sessionCookie(t, c, base)
		// Every instance (and the proxy, round-robin) knows the session, so
		// each has looked it up (and may have cached it) before the logout.
		for range 2 {
			for i := range procs {
				if st := getUser(direct(i), cookie); st != 200 {
					t.Fatalf("instance %d: GET /api/user with a fresh session: %d", i, st)
				}
			}
		}
		for range fleetSize {
			if st, err := c.do(base, "GET", "/api/user", nil, nil); err != nil || st != 200 {
				t.Fatalf("through the proxy: %d %v", st, err)
			}
		}
		if st, err := c.do(direct(0), "POST", "/api/logout", nil, nil); err != nil || st != 204 {
			t.Fatalf("logout on instance 0: %d %v", st, err)
		}
		// On the other instances, with the cookie the browser had, as soon as
		// the eviction's NOTIFY has arrived (milliseconds), long before the
		// 2 s a cached lookup could otherwise last (docs/sessions.md).
		for i := 1; i < fleetSize; i++ {
			deadline := time.Now().Add(500 * time.Millisecond)
			st := getUser(direct(i), cookie)
			for st != 401 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
				st = getUser(direct(i), cookie)
			}
			if st != 401 {
				t.Errorf("instance %d still accepts a session ended on instance 0 after 500 ms: %d", i, st)
			}
		}
	})

	t.Run("rate limits are per client behind the proxy", func(t *testing.T) {
		reset := func(c *apiClient, email string, header ...string) int {
			req, _ := http.NewRequest("POST", base+"/api/password-reset-request", strings.NewReader(`{"email":"`+email+`"}`))
			req.Header.Set("Content-Type", "application/json")
			if len(header) > 0 {
				req.Header.Set("X-Forwarded-For", header[0])
			}
			res, err := c.http.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		}
		noisy, quiet := newAPIClientFrom("127.0.0.50"), newAPIClientFrom("127.0.0.51")
		// Every instance has its own buckets: the noisy client is limited
		// once a row of answers (one per instance, round-robin) is all 429.
		sent, inARow := 0, 0
		for ; sent < 200 && inARow < 2*fleetSize; sent++ {
			if reset(noisy, fmt.Sprintf("nobody%d@example.com", sent)) == 429 {
				inARow++
			} else {
				inARow = 0
			}
		}
		if inARow < 2*fleetSize {
			t.Fatalf("%d password-reset requests from one client were never all limited", sent)
		}
		for range fleetSize {
			if st := reset(noisy, "nobody-else@example.com", "198.51.100.7"); st != 429 {
				t.Errorf("a limited client escaped by sending its own X-Forwarded-For: %d", st)
			}
		}
		for i := range fleetSize {
			if st := reset(quiet, fmt.Sprintf("quiet%d@example.com", i)); st != 200 {
				t.Errorf("another client behind the same proxy was limited too: %d", st)
			}
		}
		// The request logs name the client, not the proxy.
		logged := false
		for _, p := range procs {
			logged = logged || strings.Contains(p.logs.String(), "client=127.0.0.51")
		}
		if !logged {
			t.Error("no request log line names the client 127.0.0.51")
		}
		if !t.Failed() {
			t.Logf("one client limited after %d requests; another client behind the same proxy unaffected", sent)
		}
	})

	t.Run("nothing acknowledged is lost while instances are killed", func(t *testing.T) {
		const workers, kills = 6, 4
		ws := make([]*crashWorker, workers)
		for i := range ws {
			c := newAPIClientFrom(fmt.Sprintf("127.0.0.%d", 10+i))
			ws[i] = newCrashWorker(signUpPro(t, c, bin, dbURL, base, fmt.Sprintf("fleet%d_%d", i, rand.IntN(1e6))))
		}
		stats := &loadStats{behindProxy: true}
		var reads, lostSessions atomic.Int64
		stop := startWriting(ws, func() string { return base }, stats, func(w *crashWorker) {
			// A read on whichever instance the proxy picks next: the
			// session must be known there too.
			st, err := w.c.do(base, "GET", "/api/user", nil, nil)
			stats.count(st, err, "read")
			reads.Add(1)
			if st == 401 {
				lostSessions.Add(1)
			}
		})
		for k := range kills {
			time.Sleep(time.Duration(1200+rand.IntN(800)) * time.Millisecond)
			victim := k % fleetSize
			_ = procs[victim].stop(t, syscall.SIGKILL)
			time.Sleep(300 * time.Millisecond) // the others carry the load meanwhile
			start(victim)
		}
		time.Sleep(time.Second)
		stop()

		if n := stats.serverErrors.Load(); n > 0 {
			t.Errorf("%d requests answered 5xx by the app (last %v)", n, stats.lastServerError.Load())
		}
		if n := lostSessions.Load(); n > 0 {
			t.Errorf("%d reads answered 401: a session was not known on some instance", n)
		}
		total := 0
		for _, w := range ws {
			total += len(w.acked.logs) + len(w.acked.foods) + len(w.acked.posts)
			checkAcked(t, w, base)
		}
		if total < kills*workers {
			t.Errorf("only %d acknowledged writes: the load did not run", total)
		}
		t.Logf("%d instances, %d SIGKILLs; %d requests (%d reads); %d acknowledged writes, all found; "+
			"%d failed in flight (proxy 502/503 or refused), %d rate-limited",
			fleetSize, kills, stats.ok.Load()+stats.refused.Load()+stats.rateLimited.Load()+stats.serverErrors.Load(),
			reads.Load(), total, stats.refused.Load(), stats.rateLimited.Load())
	})

	t.Run("a sandbox renewal runs once, not once per instance", func(t *testing.T) {
		c := newAPIClientFrom("127.0.0.70")
		if st, err := c.do(base, "POST", "/api/register", map[string]any{
			"username": "fleet_renewal", "email": "fleet_renewal@example.com", "password": "fleet-test-pw"}, nil); err != nil || st != 201 {
			t.Fatalf("register: %d %v", st, err)
		}
		var sub struct {
			ClientSecret string `json:"clientSecret"`
			Type         string `json:"type"`
		}
		if st, err := c.do(base, "POST", "/api/create-subscription", map[string]any{"priceId": "price_pro_monthly", "tier": "pro"}, &sub); err != nil || st != 200 || sub.Type != "setup" {
			t.Fatalf("create subscription: %d %v %+v", st, err, sub)
		}
		if st, err := c.do(base, "POST", "/api/sandbox/confirm-setup", map[string]any{"clientSecret": sub.ClientSecret,
			"card": map[string]any{"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2035, "cvc": "123"}}, nil); err != nil || st != 200 {
			t.Fatalf("confirm the card: %d %v", st, err)
		}
		// Move the sandbox clock past the trial the way `hyrox sandbox advance`
		// does, without its sweep: the renewal is left to the instances, each
		// of which runs due work when a status or the history is read.
		pg, err := sql.Open("pgx", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer pg.Close()
		if _, err := pg.Exec(`INSERT INTO sandbox_clock (id, offset_seconds) VALUES (1, $1)
			ON CONFLICT (id) DO UPDATE SET offset_seconds = sandbox_clock.offset_seconds + $1`, int64(8*24*time.Hour/time.Second)); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i := range fleetSize {
			for _, path := range []string{"/api/subscription-status", "/api/billing-history", "/api/subscription-status"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if st, err := c.do(direct(i), "GET", path, nil, nil); err != nil || st != 200 {
						t.Errorf("instance %d: GET %s: %d %v", i, path, st, err)
					}
				}()
			}
		}
		wg.Wait()
		var history struct {
			Items []struct {
				Amount      int    `json:"amount"`
				Description string `json:"description"`
			} `json:"items"`
		}
		if st, err := c.do(base, "GET", "/api/billing-history", nil, &history); err != nil || st != 200 {
			t.Fatalf("billing history: %d %v", st, err)
		}
		charges := 0
		for _, it := range history.Items {
			if it.Amount > 0 {
				charges++
			}
		}
		if charges != 1 {
			t.Fatalf("%d charges after one renewal fell due on %d instances at once: %+v", charges, fleetSize, history.Items)
		}
	})
}

// haproxyPath finds Debian's HAProxy ("" when it is not installed).
func haproxyPath() string {
	if p, err := exec.LookPath("haproxy"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/sbin/haproxy"); err == nil {
		return "/usr/sbin/haproxy"
	}
	return ""
}

// freePorts reserves n ports on 127.0.0.1 and releases them for the
// instances, which keep theirs across restarts (the proxy's config names them).
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// startHAProxy runs HAProxy round-robin over the instances' ports and
// returns its address once it answers through a healthy instance.
// X-Forwarded-For carries each client's address (TRUSTED_PROXIES).
func startHAProxy(t *testing.T, haproxy string, ports []int) string {
	t.Helper()
	lbPort := freePorts(t, 1)[0]
	var servers strings.Builder
	for i, p := range ports {
		fmt.Fprintf(&servers, "  server s%d 127.0.0.1:%d\n", i, p)
	}
	cfg := fmt.Sprintf(`global
  maxconn 1024

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  # A refused connection (an instance just killed) is tried on another one.
  retries 2
  option redispatch
  option forwardfor

frontend app
  bind 127.0.0.1:%d
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  default-server check inter 250ms fall 1 rise 1
%s`, lbPort, servers.String())
	path := filepath.Join(t.TempDir(), "haproxy.cfg")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	cmd := exec.Command(haproxy, "-db", "-f", path)
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	addr := fmt.Sprintf("127.0.0.1:%d", lbPort)
	deadline := time.Now().Add(10 * time.Second)
	for ok := 0; ok < len(ports); {
		select {
		case err := <-done:
			t.Fatalf("haproxy exited: %v\n%s", err, logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("haproxy not answering in 10 s:\n%s", logs.String())
		}
		res, err := http.Get("http://" + addr + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				ok++
				continue
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return addr
}

func sessionCookie(t *testing.T, c *apiClient, base string) *http.Cookie {
	t.Helper()
	req, _ := http.NewRequest("GET", base, nil)
	for _, ck := range c.http.Jar.Cookies(req.URL) {
		if ck.Name == auth.SessionCookie {
			return ck
		}
	}
	t.Fatal("no session cookie after sign-up")
	return nil
}

// getUser asks an instance who the cookie belongs to, as a browser with that
// cookie would; it returns the status (0 when the request failed).
func getUser(base string, cookie *http.Cookie) int {
	req, _ := http.NewRequest("GET", base+"/api/user", nil)
	req.AddCookie(cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}
