package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

type coachingThread struct {
	ID        int64 `json:"id"`
	AthleteID int64 `json:"athleteId"`
	CoachID   int64 `json:"coachId"`
	Active    bool  `json:"active"`
	Unread    int   `json:"unread"`
}

type coachingMessage struct {
	ID       int64  `json:"id"`
	ThreadID int64  `json:"threadId"`
	SenderID int64  `json:"senderId"`
	Body     string `json:"body"`
}

func unread(t *testing.T, c *servertest.Client) int {
	t.Helper()
	var u struct{ Unread int }
	c.Do("GET", "/api/coaching/unread", nil).Want(200).JSON(&u)
	return u.Unread
}

func threadMessages(t *testing.T, c *servertest.Client, threadID int64) []coachingMessage {
	t.Helper()
	var out struct{ Messages []coachingMessage }
	c.Do("GET", fmt.Sprintf("/api/coaching/threads/%d/messages", threadID), nil).Want(200).JSON(&out)
	return out.Messages
}

func TestCoachingChooseAndMessage(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		coach, otherCoach := newCoach(t, e), newCoach(t, e)
		var coaches []struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		}
		e.NewUser().Do("GET", "/api/coaching/coaches", nil).Want(200).JSON(&coaches)
		if len(coaches) != 2 {
			t.Fatalf("coaches: %+v", coaches)
		}

		// Below elite: 403 with the tier message; nothing assigned.
		pro := e.NewUserWithTier("pro")
		res := pro.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(403)
		if res.Message() != "This feature requires an Elite subscription or higher." || !res.Contains(`"requiredTier":"elite"`) {
			t.Fatalf("pro: %s", res.Body)
		}
		var o struct {
			Coach   *struct{ ID int64 } `json:"coach"`
			Threads []coachingThread    `json:"threads"`
		}
		pro.Do("GET", "/api/coaching", nil).Want(200).JSON(&o)
		if o.Coach != nil || len(o.Threads) != 0 {
			t.Fatalf("pro overview: %+v", o)
		}

		// An elite athlete picks a coach; a non-coach or unknown id is a 400.
		athlete := e.NewUserWithTier("elite")
		if msg := athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": pro.User.ID}).Want(400).FieldError("coachId"); msg != "This coach does not exist." {
			t.Fatalf("non-coach: %q", msg)
		}
		var th coachingThread
		athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200).JSON(&th)
		if th.CoachID != coach.User.ID || th.AthleteID != athlete.User.ID || !th.Active {
			t.Fatalf("thread: %+v", th)
		}
		athlete.Do("GET", "/api/coaching", nil).Want(200).JSON(&o)
		if o.Coach == nil || o.Coach.ID != coach.User.ID || len(o.Threads) != 1 {
			t.Fatalf("elite overview: %+v", o)
		}
		// A coach cannot pick a coach.
		coach.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": otherCoach.User.ID}).Want(403)

		// Messages: the athlete writes, the coach sees one unread.
		path := fmt.Sprintf("/api/coaching/threads/%d/messages", th.ID)
		athlete.Do("POST", path, map[string]string{"body": "  Hi coach!\r\nReady to start.  "}).Want(201)
		if n := unread(t, coach); n != 1 {
			t.Fatalf("coach unread: %d", n)
		}
		if n := unread(t, athlete); n != 0 {
			t.Fatalf("athlete unread after own message: %d", n)
		}
		coach.Do("POST", path, map[string]string{"body": "Welcome! First: a 5 km time trial."}).Want(201)
		msgs := threadMessages(t, coach, th.ID)
		if len(msgs) != 2 || msgs[0].Body != "Hi coach!\nReady to start." || msgs[1].SenderID != coach.User.ID {
			t.Fatalf("messages (oldest first): %+v", msgs)
		}
		coach.Do("POST", fmt.Sprintf("/api/coaching/threads/%d/read", th.ID), nil).Want(200)
		if n := unread(t, coach); n != 0 {
			t.Fatalf("coach unread after read: %d", n)
		}
		if n := unread(t, athlete); n != 1 {
			t.Fatalf("athlete unread: %d", n)
		}

		// Bad input changes nothing.
		res = athlete.Do("POST", path, map[string]string{"body": strings.Repeat("x", 5000)}).Want(400)
		if msg := res.FieldError("body"); msg != "A message can be at most 4000 characters (this one has 5000)." {
			t.Fatalf("5000 characters: %q", msg)
		}
		if msg := athlete.Do("POST", path, map[string]string{"body": " \n "}).Want(400).FieldError("body"); msg != "Write a message before sending." {
			t.Fatalf("blank: %q", msg)
		}
		athlete.Do("POST", path, map[string]string{"body": strings.Repeat("y", 4000)}).Want(201)
		if n := len(threadMessages(t, athlete, th.ID)); n != 3 {
			t.Fatalf("after bad input: %d messages, want 3", n)
		}

		// Another coach, another athlete: 404 on read and write, nothing added.
		for _, c := range []*servertest.Client{otherCoach, e.NewUserWithTier("elite")} {
			res := c.Do("GET", path, nil).Want(404)
			if res.Message() != "This conversation does not exist or is not yours." {
				t.Fatalf("stranger: %s", res.Body)
			}
			c.Do("POST", path, map[string]string{"body": "Let me in"}).Want(404)
			c.Do("POST", fmt.Sprintf("/api/coaching/threads/%d/read", th.ID), nil).Want(404)
		}
		if n := len(threadMessages(t, athlete, th.ID)); n != 3 {
			t.Fatalf("after strangers: %d messages", n)
		}

		// A rename reaches the copies on messages (and the coach's profile).
		coach.Do("PATCH", "/api/user", map[string]string{"username": "coach_renamed_" + itoa(coach.User.ID)}).Want(200)
		var named struct {
			Messages []struct{ Username string } `json:"messages"`
		}
		athlete.Do("GET", path, nil).Want(200).JSON(&named)
		if got := named.Messages[1].Username; got != "coach_renamed_"+itoa(coach.User.ID) {
			t.Fatalf("renamed coach's message shows %q", got)
		}

		// Changing coach ends the first coaching: the old thread stays
		// readable and takes no new messages.
		var th2 coachingThread
		athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": otherCoach.User.ID}).Want(200).JSON(&th2)
		if th2.ID == th.ID {
			t.Fatal("a new coach shares the old thread")
		}
		threadMessages(t, coach, th.ID)
		res = coach.Do("POST", path, map[string]string{"body": "Still there?"}).Want(403)
		if !strings.Contains(res.Message(), "stays readable") {
			t.Fatalf("ended thread: %s", res.Body)
		}
	})
}

// Elite ends at the end of the paid period (sandbox clock): so does the
// coaching, and the thread stays readable.
func TestCoachingEndsWhenEliteEnds(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		const day = 24 * time.Hour
		coach := newCoach(t, e)
		athlete := e.NewUser()
		subscribe(t, athlete, "price_elite_monthly", "elite", cardOK)
		if tier := userTier(t, athlete); tier != "elite" {
			t.Fatalf("tier %s", tier)
		}
		var th coachingThread
		athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200).JSON(&th)
		athlete.Do("POST", "/api/cancel-subscription", nil).Want(200)

		e.Clock.Advance(5 * day)
		status(t, athlete)
		var o struct {
			Coach   *struct{ ID int64 } `json:"coach"`
			Threads []coachingThread    `json:"threads"`
		}
		athlete.Do("GET", "/api/coaching", nil).Want(200).JSON(&o)
		if o.Coach == nil || !o.Threads[0].Active {
			t.Fatalf("before the period end the coaching goes on: %+v", o)
		}

		e.Clock.Advance(20 * day) // sessions end after 30 unused days: keep them in use
		status(t, athlete)
		unread(t, coach)
		e.Clock.Advance(20 * day)
		if st := status(t, athlete); st.SubscriptionTier != "basic" {
			t.Fatalf("after the period end: %+v", st)
		}
		athlete.Do("GET", "/api/coaching", nil).Want(200).JSON(&o)
		if o.Coach != nil || len(o.Threads) != 1 || o.Threads[0].Active {
			t.Fatalf("after the period end: %+v", o)
		}
		threadMessages(t, athlete, th.ID)
		threadMessages(t, coach, th.ID)
		athlete.Do("POST", fmt.Sprintf("/api/coaching/threads/%d/messages", th.ID), map[string]string{"body": "Hello?"}).Want(403)
	})
}

// sseEvent is one event of a stream.
type sseEvent struct {
	ID, Event, Data string
}

// openStream connects c's session to GET /api/coaching/events on env and
// sends every event it reads to the returned channel; comment lines go to
// comments (when not nil).
func openStream(t *testing.T, env *servertest.Env, c *servertest.Client, lastEventID string) (<-chan sseEvent, *http.Response) {
	t.Helper()
	return openStreamAt(t, env, c, "/api/coaching/events", lastEventID)
}

// openStreamAt is openStream on the stream at path (/api/live, /api/coaching/events).
func openStreamAt(t *testing.T, env *servertest.Env, c *servertest.Client, path, lastEventID string) (<-chan sseEvent, *http.Response) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", env.Server.URL+path, nil)
	req.AddCookie(&http.Cookie{Name: "hyrox_session", Value: c.Cookie("hyrox_session")})
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); res.Body.Close() })
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	return sseEvents(res), res
}

// sseEvents reads a stream's events into a channel that closes when the
// stream ends.
func sseEvents(res *http.Response) <-chan sseEvent {
	out := make(chan sseEvent, 16)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.Data != "" {
					out <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "id: "):
				ev.ID = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev.Event = line[7:]
			case strings.HasPrefix(line, "data: "):
				ev.Data = line[6:]
			}
		}
	}()
	return out
}

func nextMessage(t *testing.T, events <-chan sseEvent, within time.Duration) coachingMessage {
	t.Helper()
	var m coachingMessage
	if ev := nextEvent(t, events, within); ev.Event != "message" || json.Unmarshal([]byte(ev.Data), &m) != nil {
		t.Fatalf("event: %+v", ev)
	}
	return m
}

// nextEvent is the stream's next event; every event has an id, the
// stream's own sequence (the live outbox, docs/live.md).
func nextEvent(t *testing.T, events <-chan sseEvent, within time.Duration) sseEvent {
	t.Helper()
	select {
	case ev, ok := <-events:
		if !ok {
			t.Fatal("the stream ended")
		}
		if n, err := strconv.ParseInt(ev.ID, 10, 64); err != nil || n <= 0 {
			t.Fatalf("event without an id: %+v", ev)
		}
		return ev
	case <-time.After(within):
		t.Fatalf("no event within %s", within)
	}
	return sseEvent{}
}

func TestCoachingLiveMessages(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		threadID, coach := coachedThread(t, e, athlete)
		path := fmt.Sprintf("/api/coaching/threads/%d/messages", threadID)
		stranger := newCoach(t, e)
		coachEvents, _ := openStream(t, e, coach, "")
		strangerEvents, _ := openStream(t, e, stranger, "")

		var sent, got coachingMessage
		athlete.Do("POST", path, map[string]string{"body": "Live one"}).Want(201).JSON(&sent)
		first := nextEvent(t, coachEvents, time.Second)
		if first.Event != "message" || json.Unmarshal([]byte(first.Data), &got) != nil || got.ID != sent.ID || got.Body != "Live one" {
			t.Fatalf("live: %+v", first)
		}
		athlete.Do("POST", path, map[string]string{"body": "Live two"}).Want(201)
		athlete.Do("POST", path, map[string]string{"body": "Live three"}).Want(201)
		if m := nextMessage(t, coachEvents, time.Second); m.Body != "Live two" {
			t.Fatalf("second: %+v", m)
		}
		if m := nextMessage(t, coachEvents, time.Second); m.Body != "Live three" {
			t.Fatalf("third: %+v", m)
		}
		// A reconnect with Last-Event-ID gets what came after it, in order.
		resumed, _ := openStream(t, e, coach, first.ID)
		if m := nextMessage(t, resumed, time.Second); m.Body != "Live two" {
			t.Fatalf("resumed: %+v", m)
		}
		if m := nextMessage(t, resumed, time.Second); m.Body != "Live three" {
			t.Fatalf("resumed: %+v", m)
		}
		// Nobody else's stream hears of it.
		select {
		case ev := <-strangerEvents:
			t.Fatalf("a stranger got %+v", ev)
		case <-time.After(200 * time.Millisecond):
		}
	})
}

// Two instances on one PostgreSQL database: a message posted on one
// reaches a live reader connected to the other within 1 s.
func TestCoachingLiveAcrossInstances(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL: set TEST_DATABASE_URL")
	}
	url := dbtest.PostgresURL(t)
	a, b := servertest.Start(t, url), servertest.Start(t, url)
	athlete := a.NewUser()
	threadID, coach := coachedThread(t, a, athlete)
	coachOnB := coach.SameSessionOn(b)
	events, _ := openStream(t, b, coachOnB, "")
	// No wait for B's listener: a notice sent before it listens is made up
	// for when it does (every stream looks again), so this holds either way.
	start := time.Now()
	var sent coachingMessage
	athlete.Do("POST", fmt.Sprintf("/api/coaching/threads/%d/messages", threadID), map[string]string{"body": "Across instances"}).Want(201).JSON(&sent)
	got := nextMessage(t, events, time.Second)
	if got.ID != sent.ID {
		t.Fatalf("got %+v", got)
	}
	t.Logf("delivered across instances in %s", time.Since(start))
}

// A coach edits their own profile; bad input changes nothing; athletes
// have no profile to edit.
func TestCoachProfile(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		coach, athlete := newCoach(t, e), e.NewUserWithTier("elite")
		good := map[string]any{"name": " Sam Rivera ", "bio": "Ex-rower.", "photo": "race-format",
			"specialities": []string{"Rowing", " Rowing ", "Sled pull"}, "timeZone": "America/New_York"}
		var c struct {
			Name         string   `json:"name"`
			Photo        string   `json:"photo"`
			Specialities []string `json:"specialities"`
			TimeZone     string   `json:"timeZone"`
		}
		coach.Do("PUT", "/api/coaching/profile", good).Want(200).JSON(&c)
		if c.Name != "Sam Rivera" || c.Photo != "race-format" || len(c.Specialities) != 2 || c.TimeZone != "America/New_York" {
			t.Fatalf("saved: %+v", c)
		}
		res := coach.Do("PUT", "/api/coaching/profile", map[string]any{"name": "", "photo": "selfie.png", "timeZone": "Mars/Olympus",
			"specialities": []string{strings.Repeat("s", 41)}}).Want(400)
		for field, want := range map[string]string{"name": "Enter the name athletes see.", "photo": "Choose one of the photos offered.",
			"timeZone": "Enter a time zone such as Europe/London.", "specialities": "A speciality can be at most 40 characters."} {
			if got := res.FieldError(field); got != want {
				t.Errorf("%s: %q, want %q", field, got, want)
			}
		}
		coach.Do("GET", "/api/coaching/profile", nil).Want(200).JSON(&c)
		if c.Name != "Sam Rivera" {
			t.Fatalf("bad input changed the profile: %+v", c)
		}
		var listed []struct{ Name string }
		athlete.Do("GET", "/api/coaching/coaches", nil).Want(200).JSON(&listed)
		if len(listed) != 1 || listed[0].Name != "Sam Rivera" {
			t.Fatalf("coaches: %+v", listed)
		}
		athlete.Do("PUT", "/api/coaching/profile", good).Want(403)
		athlete.Do("GET", "/api/coaching/profile", nil).Want(403)
	})
}

// A coach made an athlete again (hyrox users set-role) coaches nobody: the
// thread stays readable, takes no new messages, and the profile is hidden.
func TestCoachMadeAthleteAgain(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUserWithTier("elite")
		threadID, coach := coachedThread(t, e, athlete)
		path := fmt.Sprintf("/api/coaching/threads/%d/messages", threadID)
		athlete.Do("POST", path, map[string]string{"body": "Before"}).Want(201)
		if _, err := server.SetRole(context.Background(), e.App.Config, e.App.DB, e.Clock.Now, coach.User.Username, "athlete"); err != nil {
			t.Fatal(err)
		}
		var o struct {
			Coach   *struct{ ID int64 } `json:"coach"`
			Threads []coachingThread    `json:"threads"`
		}
		athlete.Do("GET", "/api/coaching", nil).Want(200).JSON(&o)
		if o.Coach != nil || len(o.Threads) != 1 || o.Threads[0].Active {
			t.Fatalf("after set-role athlete: %+v", o)
		}
		if n := len(threadMessages(t, athlete, threadID)); n != 1 {
			t.Fatalf("thread: %d messages", n)
		}
		athlete.Do("POST", path, map[string]string{"body": "After"}).Want(403)
		var coaches []struct{ ID int64 }
		athlete.Do("GET", "/api/coaching/coaches", nil).Want(200).JSON(&coaches)
		if len(coaches) != 0 {
			t.Fatalf("a former coach is listed: %+v", coaches)
		}
		athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(400)
	})
}
