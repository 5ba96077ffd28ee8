package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hyrox/internal/auth"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/server/servertest"
)

// streamAttempt asks for c's live stream on env. A refusal is read, checked
// against api/openapi.yaml and closed; a stream stays open until the test
// ends or stop is called, and its events (then its end, a closed channel)
// arrive on the returned channel.
type streamAttempt struct {
	Status     int
	RetryAfter string
	Message    string
	Events     <-chan sseEvent
	stop       context.CancelFunc
}

func (a streamAttempt) Stop() { a.stop() }

func tryStream(t *testing.T, env *servertest.Env, c *servertest.Client, client *http.Client) streamAttempt {
	t.Helper()
	if client == nil {
		client = http.DefaultClient
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", env.Server.URL+"/api/coaching/events", nil)
	req.AddCookie(&http.Cookie{Name: "hyrox_session", Value: c.Cookie("hyrox_session")})
	res, err := client.Do(req)
	if err != nil {
		t.Error(err)
		return streamAttempt{stop: cancel}
	}
	a := streamAttempt{Status: res.StatusCode, RetryAfter: res.Header.Get("Retry-After"), stop: cancel}
	if res.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if err := servertest.CheckContract("GET", "/api/coaching/events", nil, res.StatusCode, res.Header, body); err != nil {
			t.Errorf("refusal %d breaks api/openapi.yaml: %v (%s)", res.StatusCode, err, body)
		}
		var e struct{ Message string }
		_ = json.Unmarshal(body, &e)
		a.Message = e.Message
		return a
	}
	t.Cleanup(func() { res.Body.Close() })
	a.Events = sseEvents(res)
	return a
}

// ended waits for a stream to end (its channel closes) within d.
func ended(t *testing.T, events <-chan sseEvent, d time.Duration, what string) {
	t.Helper()
	deadline := time.After(d)
	for {
		select {
		case _, ok := <-events:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatalf("%s: the stream is still open after %s", what, d)
		}
	}
}

// Streams are a bounded resource (docs/security.md#live-streams): a user's
// 5th stream is refused with 429 and Retry-After, a closed one frees its
// place, and a full instance answers 503 with Retry-After.
func TestLiveStreamCaps(t *testing.T) {
	e := servertest.Start(t, dbtest.SQLiteURL(t), "LIVE_STREAMS", "5")
	coach := newCoach(t, e)
	var open []streamAttempt
	for i := range 4 {
		a := tryStream(t, e, coach, nil)
		if a.Status != http.StatusOK {
			t.Fatalf("stream %d: %d %s", i+1, a.Status, a.Message)
		}
		open = append(open, a)
	}
	fifth := tryStream(t, e, coach, nil)
	if fifth.Status != http.StatusTooManyRequests || fifth.RetryAfter == "" ||
		fifth.Message != "You already have 4 live connections open: close another tab of the app, or try again in a minute." {
		t.Fatalf("5th stream of one user: %d Retry-After %q %q", fifth.Status, fifth.RetryAfter, fifth.Message)
	}
	open[0].Stop()
	within(t, 2*time.Second, "a closed stream frees its place", func() bool {
		a := tryStream(t, e, coach, nil)
		if a.Status == http.StatusOK {
			open[0] = a
			return true
		}
		return false
	})

	other := newCoach(t, e)
	if a := tryStream(t, e, other, nil); a.Status != http.StatusOK {
		t.Fatalf("the instance's 5th stream: %d %s", a.Status, a.Message)
	}
	busy := tryStream(t, e, newCoach(t, e), nil)
	if busy.Status != http.StatusServiceUnavailable || busy.RetryAfter == "" ||
		busy.Message != "Live updates are busy on this server right now. New messages still show when you reload; try again in a minute." {
		t.Fatalf("the instance's 6th stream: %d Retry-After %q %q", busy.Status, busy.RetryAfter, busy.Message)
	}
}

// The stream serves only users who have something live: coaches and
// athletes with a coach. Others get a 403 at once, not a held stream.
func TestLiveStreamOnlyForCoachesAndCoachedAthletes(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		const refused = "Live updates are for coaches and for athletes who have a coach."
		for name, c := range map[string]*servertest.Client{
			"basic":           e.NewUser(),
			"elite, no coach": e.NewUserWithTier("elite"),
		} {
			if a := tryStream(t, e, c, nil); a.Status != http.StatusForbidden || a.Message != refused {
				t.Errorf("%s: %d %q", name, a.Status, a.Message)
			}
		}
		athlete := e.NewUser()
		_, coach := coachedThread(t, e, athlete)
		for name, c := range map[string]*servertest.Client{"coached athlete": athlete, "coach": coach} {
			if a := tryStream(t, e, c, nil); a.Status != http.StatusOK {
				t.Errorf("%s: %d %q", name, a.Status, a.Message)
			}
		}
	})
}

// A stream ends with its session: logout, a password change that signs the
// other sessions out, and the absolute session lifetime.
func TestLiveStreamEndsWithItsSession(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		threadID, coach := coachedThread(t, e, athlete)

		// Logout.
		s := tryStream(t, e, coach, nil)
		if s.Status != http.StatusOK {
			t.Fatalf("stream: %d", s.Status)
		}
		coach.Do("POST", "/api/logout", nil).Want(http.StatusNoContent)
		ended(t, s.Events, time.Second, "after logout")

		// A password change ends the athlete's other session's stream; the
		// session that changed it keeps its own.
		other := e.Client()
		other.Do("POST", "/api/login", map[string]string{"username": athlete.User.Username, "password": "secret123"}).Want(http.StatusOK)
		mine, theirs := tryStream(t, e, athlete, nil), tryStream(t, e, other, nil)
		if mine.Status != http.StatusOK || theirs.Status != http.StatusOK {
			t.Fatalf("streams: %d %d", mine.Status, theirs.Status)
		}
		athlete.Do("POST", "/api/user/password", map[string]string{"currentPassword": "secret123", "newPassword": "secret456"}).
			Want(http.StatusOK, http.StatusNoContent)
		ended(t, theirs.Events, time.Second, "the other session after a password change")
		athlete.Do("POST", fmt.Sprintf("/api/coaching/threads/%d/messages", threadID), map[string]string{"body": "Still here"}).Want(201)
		if m := nextMessage(t, mine.Events, time.Second); m.Body != "Still here" {
			t.Fatalf("the changing session's stream: %+v", m)
		}

		// The absolute lifetime: a session 2 s short of it gets a stream
		// that ends with it.
		late := e.Client()
		late.Do("POST", "/api/login", map[string]string{"username": athlete.User.Username, "password": "secret456"}).Want(http.StatusOK)
		if _, err := e.App.DB.Exec(context.Background(), `UPDATE sessions SET created_at = ? WHERE user_id = ?`,
			e.Clock.Now().Add(-auth.SessionMaxAge+2*time.Second), athlete.User.ID); err != nil {
			t.Fatal(err)
		}
		old := tryStream(t, e, late, nil)
		if old.Status != http.StatusOK {
			t.Fatalf("stream: %d", old.Status)
		}
		ended(t, old.Events, 5*time.Second, "at the absolute session lifetime")
	})
}

// Two instances on one PostgreSQL database: a logout or a password change
// on one ends the streams of those sessions on the other at once.
func TestLiveStreamEndsWhenAnotherInstanceEndsItsSession(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL: set TEST_DATABASE_URL")
	}
	url := dbtest.PostgresURL(t)
	a, b := servertest.Start(t, url), servertest.Start(t, url)
	athlete := a.NewUser()
	_, coach := coachedThread(t, a, athlete)

	s := tryStream(t, b, coach.SameSessionOn(b), nil)
	if s.Status != http.StatusOK {
		t.Fatalf("stream on B: %d", s.Status)
	}
	coach.Do("POST", "/api/logout", nil).Want(http.StatusNoContent)
	ended(t, s.Events, time.Second, "on B after a logout on A")

	other := b.Client()
	other.Do("POST", "/api/login", map[string]string{"username": athlete.User.Username, "password": "secret123"}).Want(http.StatusOK)
	theirs := tryStream(t, b, other, nil)
	if theirs.Status != http.StatusOK {
		t.Fatalf("stream on B: %d", theirs.Status)
	}
	athlete.Do("POST", "/api/user/password", map[string]string{"currentPassword": "secret123", "newPassword": "secret456"}).
		Want(http.StatusOK, http.StatusNoContent)
	ended(t, theirs.Events, time.Second, "on B after a password change on A")
}

// One account trying 2,000 streams, 20 at a time, on a real listener: it
// holds no more than its cap, every other attempt is refused at once, the
// open descriptors stay flat, and /healthz keeps answering within 100 ms
// (median; none over 1 s).
func TestLiveStreamFloodKeepsTheServerAnswering(t *testing.T) {
	if testing.Short() {
		t.Skip("a flood of 2,000 requests")
	}
	e := servertest.New(t)
	coach := newCoach(t, e)
	transport := &http.Transport{MaxIdleConnsPerHost: 64}
	t.Cleanup(transport.CloseIdleConnections)
	client := &http.Client{Transport: transport, Timeout: 5 * time.Second}
	fdsBefore := openFiles(t)

	const attempts, parallel = 2000, 20
	var held, refused, other atomic.Int64
	var next atomic.Int64
	var wg sync.WaitGroup
	done := make(chan struct{})
	var probes []time.Duration
	proberDone := make(chan struct{})
	go func() { // /healthz every 20 ms while the flood runs
		defer close(proberDone)
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			start := time.Now()
			res, err := client.Get(e.Server.URL + "/healthz")
			if err != nil {
				probes = append(probes, time.Hour)
				continue
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			probes = append(probes, time.Since(start))
		}
	}()
	start := time.Now()
	for range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= attempts && time.Since(start) < time.Minute {
				a := tryStream(t, e, coach, client)
				switch {
				case a.Status == http.StatusOK:
					held.Add(1)
				case a.Status == http.StatusTooManyRequests && a.RetryAfter != "":
					refused.Add(1)
				default:
					other.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	close(done)
	elapsed := time.Since(start)
	fdsAfter := openFiles(t)
	<-proberDone
	slices.Sort(probes)
	if len(probes) == 0 {
		t.Fatal("no /healthz probe ran")
	}
	median, p90, worst := probes[len(probes)/2], probes[len(probes)*9/10], probes[len(probes)-1]
	t.Logf("%d attempts in %s: %d held, %d refused, %d other; open files %d -> %d; /healthz %d probes, median %s, p90 %s, worst %s",
		attempts, elapsed.Round(time.Millisecond), held.Load(), refused.Load(), other.Load(), fdsBefore, fdsAfter, len(probes), median, p90, worst)
	if held.Load() != 4 || refused.Load() != attempts-4 || other.Load() != 0 {
		t.Fatalf("held %d, refused %d, other %d; want 4 held and every other attempt refused with 429 and Retry-After",
			held.Load(), refused.Load(), other.Load())
	}
	if fdsAfter-fdsBefore > 300 {
		t.Fatalf("open files grew from %d to %d", fdsBefore, fdsAfter)
	}
	// The client and the flood share the test's cores with the server (and
	// CI's other packages), so the goal is on the median, with no probe
	// slower than a second.
	if !raceDetector && (median > 100*time.Millisecond || worst > time.Second) {
		t.Fatalf("/healthz median %s, worst %s during the flood", median, worst)
	}
}

// openFiles counts the process's open file descriptors (Linux).
func openFiles(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("needs /proc/self/fd: " + err.Error())
	}
	return len(entries)
}
