//go:build unix

package coaching

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/httpx"
)

// TestIdleStreamsCost opens many live streams (500, or COACHING_STREAMS) on
// one server and measures what they hold while idle: Go memory in use
// (heap and goroutine stacks, client side included, so an upper bound) and
// the CPU time the process spends over a quiet second. docs/benchmarks/other.md has the
// figures. Skipped with -short.
func TestIdleStreamsCost(t *testing.T) {
	if testing.Short() {
		t.Skip("opens hundreds of connections")
	}
	n := 500
	if v, err := strconv.Atoi(os.Getenv("COACHING_STREAMS")); err == nil && v > 0 {
		n = v
	}
	d := dbtest.OpenSQLite(t)
	svc := NewService(NewStore(d), time.Now)
	h := NewHTTP(svc)
	mux := http.NewServeMux()
	httpx.Mount(mux, h.Routes())
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		uid, _ := strconv.ParseInt(r.Header.Get("X-User"), 10, 64)
		// Coaches: the stream serves only users with something live.
		ctx := httpx.WithIdentity(r.Context(), httpx.Identity{UserID: uid, Username: "u", Tier: "elite", Role: httpx.RoleCoach})
		ctx = httpx.WithSession(ctx, httpx.Session{Key: "s" + r.Header.Get("X-User"), Ends: time.Now().Add(time.Hour)})
		mux.ServeHTTP(w, r.WithContext(ctx))
	}))
	srv.Start()
	t.Cleanup(srv.Close)
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: n}}

	before := memInUse()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	for i := range n {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/coaching/events", nil)
		req.Header.Set("X-User", strconv.Itoa(i+1))
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		br := bufio.NewReader(res.Body)
		if _, err := br.ReadString('\n'); err != nil { // "retry: 3000": the stream is up
			t.Fatal(err)
		}
	}
	if got := svc.Streams().Stats().Streams; got != n {
		t.Fatalf("readers %d, want %d", got, n)
	}
	after := memInUse()
	cpu0 := cpuTime()
	time.Sleep(time.Second)
	cpu := cpuTime() - cpu0
	perStream := float64(after-before) / float64(n)
	t.Logf("%d idle streams: %.1f MB in use (%.1f KB each, server and client side), CPU over 1 s idle: %s",
		n, float64(after-before)/(1<<20), perStream/1024, cpu)
	if after-before > 50<<20 {
		t.Errorf("%d idle streams hold %.1f MB, want under 50 MB", n, float64(after-before)/(1<<20))
	}
}

// memInUse is the Go memory in use after a collection: heap and stacks.
func memInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
