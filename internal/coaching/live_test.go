package coaching

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/httpx"
)

func TestValidateMessage(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"  hi\r\ncoach \x07", "hi\ncoach", ""},
		{" \n\t ", "", "Write a message before sending."},
		{strings.Repeat("é", 4000), strings.Repeat("é", 4000), ""},
		{strings.Repeat("a", 4001), "", "A message can be at most 4000 characters (this one has 4001)."},
	} {
		got, err := ValidateMessage(MessageInput{Body: c.in})
		if c.err == "" && (err != nil || got != c.want) {
			t.Errorf("%q: %q, %v", c.in, got, err)
		}
		if c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.err)
		}
	}
}

// streamLines reads a stream's lines into a channel.
func streamLines(t *testing.T, url string, id httpx.Identity, lastEventID string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/coaching/events", nil)
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	req.Header.Set("X-Test-User", id.Username)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return lines
}

func waitLine(t *testing.T, lines <-chan string, want string, within time.Duration) string {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("stream ended before %q", want)
			}
			if strings.HasPrefix(l, want) {
				return l
			}
		case <-deadline:
			t.Fatalf("no %q within %s", want, within)
		}
	}
}

// The stream: heartbeats on an idle stream, a new message as an event with
// its id, and a resume from Last-Event-ID.
func TestEventsStream(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		athleteID := dbtest.NewUser(t, d, "ana", "elite")
		coachID := dbtest.NewUser(t, d, "cole", "basic")
		if _, err := d.Exec(ctx, `UPDATE users SET role = 'coach' WHERE id = ?`, coachID); err != nil {
			t.Fatal(err)
		}
		svc := NewService(NewStore(d), time.Now)
		if err := svc.EnsureProfile(ctx, coachID, "cole"); err != nil {
			t.Fatal(err)
		}
		ids := map[string]httpx.Identity{
			"ana":  {UserID: athleteID, Username: "ana", Tier: "elite", Role: "athlete"},
			"cole": {UserID: coachID, Username: "cole", Tier: "basic", Role: httpx.RoleCoach},
		}
		h := NewHTTP(svc)
		h.Heartbeat = 50 * time.Millisecond
		mux := http.NewServeMux()
		httpx.Mount(mux, h.Routes())
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if id, ok := ids[r.Header.Get("X-Test-User")]; ok {
				ctx := httpx.WithSession(httpx.WithIdentity(r.Context(), id), httpx.Session{Key: id.Username, Ends: time.Now().Add(time.Hour)})
				r = r.WithContext(ctx)
			}
			mux.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close) // after the streams' own cleanups, which end them

		th, err := svc.Choose(ctx, ids["ana"], ChooseInput{CoachID: coachID})
		if err != nil {
			t.Fatal(err)
		}
		lines := streamLines(t, srv.URL, ids["cole"], "")
		waitLine(t, lines, "retry: 3000", time.Second)
		waitLine(t, lines, ": heartbeat", time.Second)

		m1, err := svc.Send(ctx, ids["ana"], th.ID, MessageInput{Body: "first"})
		if err != nil {
			t.Fatal(err)
		}
		// Events have their own sequence (the live outbox, docs/live.md): the
		// message travels as a "message" event with the message as its data.
		first := strings.TrimPrefix(waitLine(t, lines, "id: ", time.Second), "id: ")
		waitLine(t, lines, "event: message", time.Second)
		waitLine(t, lines, `data: {"id":`+itoa(m1.ID), time.Second)
		m2, _ := svc.Send(ctx, ids["cole"], th.ID, MessageInput{Body: "second"})
		waitLine(t, lines, `data: {"id":`+itoa(m2.ID), time.Second)

		resumed := streamLines(t, srv.URL, ids["cole"], first)
		waitLine(t, resumed, `data: {"id":`+itoa(m2.ID), time.Second)
		if n := svc.Streams().Stats().Streams; n != 2 {
			t.Fatalf("readers: %d", n)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
