//go:build crash

package main

// Process-level resilience tests, run by `make crash-test` (part of `make test`):
//
//	go test -tags crash -run 'TestCrash|TestGracefulShutdownUnderLoad' ./cmd/hyrox/
//
// They build the real binary and run it as a child process, on a fresh SQLite
// file and, when TEST_DATABASE_URL is set, on PostgreSQL in a fresh schema.
//
// Why SQLite survives SIGKILL with synchronous(NORMAL): in WAL mode a commit
// appends the transaction's pages to the -wal file with write(2) before
// COMMIT returns. Once write(2) has returned the bytes live in the kernel's
// page cache, which belongs to the kernel, not to the process, so killing the
// process loses nothing: the next open replays the WAL. NORMAL only skips the
// fsync at each commit, so a power loss or kernel crash may drop the last few
// commits (never corrupting the file); FULL would pay an fsync per write for
// that case, which this app does not need (see internal/db/db.go).

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
)

// eachDatabaseURL runs fn with a fresh SQLite URL, and a fresh PostgreSQL
// schema when TEST_DATABASE_URL is set.
func eachDatabaseURL(t *testing.T, fn func(t *testing.T, url string)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, dbtest.SQLiteURL(t)) })
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, dbtest.PostgresURL(t)) })
	}
}

// acked holds every write the server acknowledged with 201, per kind.
type acked struct {
	mu    sync.Mutex
	logs  map[int64]bool
	foods map[int64]string // id -> date
	posts map[int64]bool
}

type crashWorker struct {
	c     *apiClient
	acked acked
}

func newCrashWorker(c *apiClient) *crashWorker {
	return &crashWorker{c: c, acked: acked{logs: map[int64]bool{}, foods: map[int64]string{}, posts: map[int64]bool{}}}
}

type loadStats struct {
	ok, refused, rateLimited, serverErrors atomic.Int64
	lastServerError                        atomic.Value
	// behindProxy: 502, 503 and 504 are the load balancer saying an instance
	// died under the request (not acknowledged, like a refused connection).
	behindProxy bool
}

func (s *loadStats) count(status int, err error, what string) {
	switch {
	case err != nil, s.behindProxy && status >= 502 && status <= 504:
		s.refused.Add(1)
	case status >= 500:
		s.serverErrors.Add(1)
		s.lastServerError.Store(fmt.Sprintf("%s: %d", what, status))
	case status == http.StatusTooManyRequests:
		s.rateLimited.Add(1)
	default:
		s.ok.Add(1)
	}
}

// register signs up and makes the user pro (food logging needs it).
func registerPro(t *testing.T, bin, dbURL, base, name string) *apiClient {
	t.Helper()
	return signUpPro(t, newAPIClient(), bin, dbURL, base, name)
}

// signUpPro registers c as name and makes the user pro.
func signUpPro(t *testing.T, c *apiClient, bin, dbURL, base, name string) *apiClient {
	t.Helper()
	c.username = name
	var u struct {
		ID int64 `json:"id"`
	}
	st, err := c.do(base, "POST", "/api/register", map[string]any{
		"username": name, "email": name + "@example.com", "password": "crash-test-pw"}, &u)
	if err != nil || st != 201 {
		t.Fatalf("register %s: %d %v", name, st, err)
	}
	c.userID = u.ID
	runCLI(t, bin, dbURL, "users", "set-tier", name, "pro")
	return c
}

func foodDate(n int) string { return fmt.Sprintf("2026-01-%02d", n%28+1) }

// write does one acknowledged-or-not write of each kind in turn.
func (w *crashWorker) write(base string, n int, stats *loadStats) {
	var got struct {
		ID int64 `json:"id"`
	}
	switch n % 3 {
	case 0:
		st, err := w.c.do(base, "POST", "/api/workout-logs", map[string]any{
			"workoutId": 1, "workoutName": "Crash test", "duration": 30 + n%60, "rating": 1 + n%5,
			"notes": "n=" + strconv.Itoa(n)}, &got)
		stats.count(st, err, "workout log")
		if err == nil && st == 201 {
			w.acked.mu.Lock()
			w.acked.logs[got.ID] = true
			w.acked.mu.Unlock()
		}
	case 1:
		date := foodDate(n)
		st, err := w.c.do(base, "POST", "/api/food-entries", map[string]any{
			"foodName": "Oats " + strconv.Itoa(n), "calories": 300, "protein": 10, "carbs": 50, "fat": 5,
			"quantity": "1 bowl", "mealType": "breakfast", "date": date}, &got)
		stats.count(st, err, "food entry")
		if err == nil && st == 201 {
			w.acked.mu.Lock()
			w.acked.foods[got.ID] = date
			w.acked.mu.Unlock()
		}
	case 2:
		st, err := w.c.do(base, "POST", "/api/community/posts", map[string]any{
			"content": "Crash test post " + strconv.Itoa(n)}, &got)
		stats.count(st, err, "post")
		if err == nil && st == 201 {
			w.acked.mu.Lock()
			w.acked.posts[got.ID] = true
			w.acked.mu.Unlock()
		}
	}
}

// startWriting sets every worker writing (keepWriting) to the address base
// returns, calling afterWrite with the worker after each write when it is set;
// stop ends the writing and waits for the workers.
func startWriting(ws []*crashWorker, base func() string, stats *loadStats, afterWrite func(*crashWorker)) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, w := range ws {
		var after func()
		if afterWrite != nil {
			after = func() { afterWrite(w) }
		}
		wg.Go(func() { w.keepWriting(done, base, stats, after) })
	}
	return func() { close(done); wg.Wait() }
}

// keepWriting writes until stop is closed, to the address base returns;
// afterWrite (when not nil) runs after each write, e.g. a read.
func (w *crashWorker) keepWriting(stop <-chan struct{}, base func() string, stats *loadStats, afterWrite func()) {
	for n := 0; ; n++ {
		select {
		case <-stop:
			return
		default:
		}
		before := stats.refused.Load()
		w.write(base(), n, stats)
		if afterWrite != nil {
			afterWrite()
		}
		if stats.refused.Load() != before {
			time.Sleep(5 * time.Millisecond) // server down: retry soon
		}
	}
}

func TestCrashKill9KeepsEveryAcknowledgedWrite(t *testing.T) {
	bin := hyroxBinary(t)
	eachDatabaseURL(t, func(t *testing.T, dbURL string) {
		const workers, kills = 6, 10
		p := startProc(t, bin, dbURL)
		base := "http://" + p.addr
		ws := make([]*crashWorker, workers)
		for i := range ws {
			ws[i] = newCrashWorker(registerPro(t, bin, dbURL, base, fmt.Sprintf("crash%d_%d", i, rand.IntN(1e6))))
		}
		var cur atomic.Value
		cur.Store(base)
		var stats loadStats
		stop := startWriting(ws, func() string { return cur.Load().(string) }, &stats, nil)
		for k := 0; k < kills; k++ {
			// Let the load run for a while, then pull the plug mid-request.
			time.Sleep(time.Duration(300+rand.IntN(500)) * time.Millisecond)
			_ = p.stop(t, syscall.SIGKILL)
			p = startProc(t, bin, dbURL)
			cur.Store("http://" + p.addr)
		}
		time.Sleep(300 * time.Millisecond)
		stop()
		base = "http://" + p.addr
		defer p.stop(t, syscall.SIGTERM)

		if n := stats.serverErrors.Load(); n > 0 {
			t.Errorf("%d writes answered 5xx (last %v)", n, stats.lastServerError.Load())
		}
		total := 0
		for _, w := range ws {
			total += len(w.acked.logs) + len(w.acked.foods) + len(w.acked.posts)
			checkAcked(t, w, base)
		}
		t.Logf("%d kills; %d acknowledged writes (%d ok answers, %d failed in flight, %d rate-limited), all present",
			kills, total, stats.ok.Load(), stats.refused.Load(), stats.rateLimited.Load())
		if total < kills*3 {
			t.Errorf("only %d acknowledged writes: the load did not run", total)
		}
	})
}

// checkAcked reads everything back through the API (the session cookie
// survives restarts: sessions live in the database).
func checkAcked(t *testing.T, w *crashWorker, base string) {
	t.Helper()
	c := w.c
	// Workout logs: page through GET /api/workout-logs/{userId}.
	seen := map[int64]bool{}
	cursor := ""
	for {
		var page struct {
			Items []struct {
				ID int64 `json:"id"`
			} `json:"items"`
			NextCursor string `json:"nextCursor"`
		}
		st, err := c.do(base, "GET", fmt.Sprintf("/api/workout-logs/%d?limit=100&cursor=%s", c.userID, cursor), nil, &page)
		if err != nil || st != 200 {
			t.Fatalf("%s: list logs: %d %v", c.username, st, err)
		}
		for _, it := range page.Items {
			seen[it.ID] = true
		}
		if page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	for id := range w.acked.logs {
		if !seen[id] {
			t.Errorf("%s: acknowledged workout log %d is gone", c.username, id)
		}
	}
	// Food entries: one GET per date used.
	byDate := map[string]map[int64]bool{}
	for id, date := range w.acked.foods {
		if byDate[date] == nil {
			var day struct {
				Meals []struct {
					Entries []struct {
						ID int64 `json:"id"`
					} `json:"entries"`
				} `json:"meals"`
			}
			st, err := c.do(base, "GET", "/api/food-entries?date="+date, nil, &day)
			if err != nil || st != 200 {
				t.Fatalf("%s: food day %s: %d %v", c.username, date, st, err)
			}
			byDate[date] = map[int64]bool{}
			for _, m := range day.Meals {
				for _, e := range m.Entries {
					byDate[date][e.ID] = true
				}
			}
		}
		if !byDate[date][id] {
			t.Errorf("%s: acknowledged food entry %d (%s) is gone", c.username, id, date)
		}
	}
	// Posts: each by its permalink.
	for id := range w.acked.posts {
		st, err := c.do(base, "GET", fmt.Sprintf("/api/community/posts/%d", id), nil, nil)
		if err != nil || st != 200 {
			t.Errorf("%s: acknowledged post %d: %d %v", c.username, id, st, err)
		}
	}
}

// TestGracefulShutdownUnderLoad sends SIGTERM while clients read and write:
// requests in flight finish, nothing answers 5xx, and the process exits 0.
func TestGracefulShutdownUnderLoad(t *testing.T) {
	bin := hyroxBinary(t)
	eachDatabaseURL(t, func(t *testing.T, dbURL string) {
		p := startProc(t, bin, dbURL)
		base := "http://" + p.addr
		const workers = 8
		var stats loadStats
		var completed atomic.Int64
		var wg sync.WaitGroup
		stop := make(chan struct{})
		for i := 0; i < workers; i++ {
			w := newCrashWorker(registerPro(t, bin, dbURL, base, fmt.Sprintf("term%d_%d", i, rand.IntN(1e6))))
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := 0; ; n++ {
					select {
					case <-stop:
						return
					default:
					}
					if n%2 == 0 {
						w.write(base, n/2, &stats)
					} else {
						st, err := w.c.do(base, "GET", "/api/community/posts?limit=20", nil, nil)
						stats.count(st, err, "feed")
					}
					if stats.refused.Load() > 0 {
						return // the listener is closed: the server is on its way out
					}
					completed.Add(1)
				}
			}()
		}
		time.Sleep(700 * time.Millisecond)
		err := p.stop(t, syscall.SIGTERM)
		close(stop)
		wg.Wait()
		if err != nil {
			t.Errorf("serve exited with %v after SIGTERM:\n%s", err, p.logs.String())
		}
		if n := stats.serverErrors.Load(); n > 0 {
			t.Errorf("%d requests answered 5xx during shutdown (last %v)", n, stats.lastServerError.Load())
		}
		if completed.Load() < workers {
			t.Errorf("only %d requests completed: the load did not run", completed.Load())
		}
		t.Logf("%d requests answered before and during shutdown; %d refused after the listener closed",
			completed.Load(), stats.refused.Load())
	})
}
