//go:build crash

package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLiveStreamFloodOnTheBinary replays issue 26's probe at a bounded size on
// the real binary (SQLite): one account asks for 2,000 live streams, 50 at a
// time, while /healthz is probed every 20 ms. The account holds its 4,
// every other attempt is refused with 429 and Retry-After, the server's
// open descriptors stay flat, and /healthz answers within 100 ms (median;
// none over 1 s). RELIABILITY.md#live-streams has the figures, before and
// after; -v prints them.
func TestLiveStreamFloodOnTheBinary(t *testing.T) {
	bin := hyroxBinary(t)
	dbURL := "sqlite:" + t.TempDir() + "/flood.db"
	const token = "flood-test-metrics-token"
	p := startProc(t, bin, dbURL, "METRICS_TOKEN="+token)
	t.Cleanup(func() { _ = p.stop(t, 15) })
	base := "http://" + p.addr
	pid := p.cmd.Process.Pid

	coach := newAPIClient()
	if st, err := coach.do(base, "POST", "/api/register", map[string]any{
		"username": "flood_coach", "email": "flood@example.com", "password": "crash-test-pw"}, nil); err != nil || st != 201 {
		t.Fatalf("register: %d %v", st, err)
	}
	runCLI(t, bin, dbURL, "users", "set-role", "flood_coach", "coach")
	if st, err := coach.do(base, "POST", "/api/login", map[string]any{"username": "flood_coach", "password": "crash-test-pw"}, nil); err != nil || st != 200 {
		t.Fatalf("login: %d %v", st, err)
	}
	fdsBefore, heapBefore := procFDs(t, pid), heapInUse(t, base, token)

	const attempts, parallel = 2000, 50
	client := &http.Client{Jar: coach.http.Jar, Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: parallel}}
	var held, refused, other atomic.Int64
	var next atomic.Int64
	var mu sync.Mutex
	var open []io.Closer
	t.Cleanup(func() {
		for _, c := range open {
			c.Close()
		}
	})
	stopProbe := make(chan struct{})
	probes := make(chan []time.Duration, 1)
	go func() { // /healthz every 20 ms, on fresh connections, while the flood runs
		hc := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
		var ds []time.Duration
		for {
			select {
			case <-stopProbe:
				probes <- ds
				return
			case <-time.After(20 * time.Millisecond):
			}
			start := time.Now()
			res, err := hc.Get(base + "/healthz")
			if err != nil {
				ds = append(ds, time.Hour)
				continue
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			ds = append(ds, time.Since(start))
		}
	}()
	start := time.Now()
	var wg sync.WaitGroup
	for range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= attempts && time.Since(start) < time.Minute {
				res, err := client.Get(base + "/api/coaching/events")
				switch {
				case err != nil:
					other.Add(1)
				case res.StatusCode == http.StatusOK:
					held.Add(1)
					mu.Lock()
					open = append(open, res.Body)
					mu.Unlock()
				default:
					if res.StatusCode == http.StatusTooManyRequests && res.Header.Get("Retry-After") != "" {
						refused.Add(1)
					} else {
						other.Add(1)
					}
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	fdsDuring, heapDuring := procFDs(t, pid), heapInUse(t, base, token)
	close(stopProbe)
	ds := <-probes
	if len(ds) == 0 {
		t.Fatal("no /healthz probe ran")
	}
	slices.Sort(ds)
	median, worst := ds[len(ds)/2], ds[len(ds)-1]
	t.Logf("%d attempts from one account in %s: %d held, %d refused (429 + Retry-After), %d other; server open descriptors %d -> %d, heap in use %.1f -> %.1f MiB; /healthz %d probes, median %s, worst %s",
		attempts, elapsed.Round(time.Millisecond), held.Load(), refused.Load(), other.Load(), fdsBefore, fdsDuring,
		heapBefore, heapDuring, len(ds), median.Round(time.Microsecond), worst.Round(time.Microsecond))
	if held.Load() != 4 || refused.Load() != attempts-4 || other.Load() != 0 {
		t.Fatalf("held %d, refused %d, other %d: want 4 held and every other attempt refused with 429 and Retry-After",
			held.Load(), refused.Load(), other.Load())
	}
	if fdsDuring-fdsBefore > parallel+50 { // the 4 streams and the flood's keep-alive connections
		t.Fatalf("the server's open descriptors grew from %d to %d", fdsBefore, fdsDuring)
	}
	if median > 100*time.Millisecond || worst > time.Second {
		t.Fatalf("/healthz median %s, worst %s during the flood", median, worst)
	}
}

// procFDs counts a process's open file descriptors (Linux).
func procFDs(t *testing.T, pid int) int {
	t.Helper()
	entries, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		t.Skip("needs /proc: " + err.Error())
	}
	return len(entries)
}

// heapInUse reads go_memstats_heap_inuse_bytes from /metrics, in MiB.
func heapInUse(t *testing.T, base, token string) float64 {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "go_memstats_heap_inuse_bytes "); ok {
			n, _ := strconv.ParseFloat(v, 64)
			return n / (1 << 20)
		}
	}
	t.Fatal("no go_memstats_heap_inuse_bytes in /metrics")
	return 0
}
