package server_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/coaching"
	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

// The test clock starts on Monday 2026-03-02 12:00 UTC; Europe/London is on
// UTC until 29 March.

// coachSession is what the API answers for a session.
type coachSession = coaching.Session

type coachSessions struct {
	Sessions []coachSession `json:"sessions"`
	Credits  *struct {
		Month string `json:"month"`
		Used  int    `json:"used"`
		Left  int    `json:"left"`
	} `json:"credits"`
}

var demoWeek = map[string]any{"weekly": []map[string]any{
	{"weekday": 1, "start": "07:00", "end": "09:00"}, {"weekday": 1, "start": "17:00", "end": "20:00"},
	{"weekday": 2, "start": "07:00", "end": "09:00"}, {"weekday": 3, "start": "07:00", "end": "09:00"},
	{"weekday": 3, "start": "17:00", "end": "20:00"}, {"weekday": 4, "start": "17:00", "end": "20:00"},
}, "exceptions": []map[string]any{}}

// sessionCoach makes athlete elite with a new London coach who published
// demoWeek; it returns the coach.
func sessionCoach(t *testing.T, e *servertest.Env, athlete *servertest.Client) *servertest.Client {
	t.Helper()
	_, coach := coachedThread(t, e, athlete)
	coach.Do("PUT", "/api/coaching/profile", map[string]any{"name": "Coach " + coach.User.Username, "timeZone": "Europe/London"}).Want(200)
	coach.Do("PUT", "/api/coaching/availability", demoWeek).Want(200)
	return coach
}

func book(c *servertest.Client, coachID int64, start string, minutes int) *servertest.Response {
	return c.Do("POST", "/api/coaching/sessions", map[string]any{"coachId": coachID, "start": start, "minutes": minutes,
		"timeZone": "America/New_York"})
}

func mySessions(t *testing.T, c *servertest.Client) coachSessions {
	t.Helper()
	var out coachSessions
	c.Do("GET", "/api/coaching/sessions", nil).Want(200).JSON(&out)
	return out
}

func slotsOf(t *testing.T, c *servertest.Client, minutes int) []time.Time {
	t.Helper()
	var out struct{ Slots []time.Time }
	c.Do("GET", fmt.Sprintf("/api/coaching/slots?minutes=%d", minutes), nil).Want(200).JSON(&out)
	return out.Slots
}

func hasSlot(slots []time.Time, s string) bool {
	at, _ := time.Parse(time.RFC3339, s)
	return slices.ContainsFunc(slots, func(t time.Time) bool { return t.Equal(at) })
}

func TestCoachingSessionsBookAndCancel(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		coach := sessionCoach(t, e, athlete)

		var av struct {
			TimeZone string           `json:"timeZone"`
			Weekly   []map[string]any `json:"weekly"`
		}
		coach.Do("GET", "/api/coaching/availability", nil).Want(200).JSON(&av)
		if av.TimeZone != "Europe/London" || len(av.Weekly) != 6 {
			t.Fatalf("availability: %+v", av)
		}

		// Free 60-minute starts today: 17:00 to 19:00 (the window ends at 20:00).
		s60 := slotsOf(t, athlete, 60)
		if len(s60) == 0 || !s60[0].Equal(time.Date(2026, 3, 2, 17, 0, 0, 0, time.UTC)) || hasSlot(s60, "2026-03-02T19:30:00Z") ||
			!hasSlot(s60, "2026-03-02T19:00:00Z") || hasSlot(s60, "2026-03-02T07:00:00Z") {
			t.Fatalf("60-minute slots: %v", s60[:min(6, len(s60))])
		}
		if got := mySessions(t, athlete); got.Credits == nil || got.Credits.Left != 2 || got.Credits.Month != "2026-03" {
			t.Fatalf("credits before: %+v", got.Credits)
		}

		var first coachSession
		book(athlete, coach.User.ID, "2026-03-03T07:00:00Z", 60).Want(201).JSON(&first)
		if first.Minutes != 60 || !first.End.Equal(time.Date(2026, 3, 3, 8, 0, 0, 0, time.UTC)) || first.AthleteTimeZone != "America/New_York" {
			t.Fatalf("booked: %+v", first)
		}
		// It holds 07:00 and 07:30: a 30-minute start at 07:30 and a 60 at 07:30 are gone, 08:00 stays.
		s30 := slotsOf(t, athlete, 30)
		if hasSlot(s30, "2026-03-03T07:00:00Z") || hasSlot(s30, "2026-03-03T07:30:00Z") || !hasSlot(s30, "2026-03-03T08:00:00Z") {
			t.Fatalf("30-minute slots after booking: %v", s30)
		}
		if s60 = slotsOf(t, athlete, 60); hasSlot(s60, "2026-03-03T07:30:00Z") || !hasSlot(s60, "2026-03-03T08:00:00Z") {
			t.Fatalf("60-minute slots after booking: %v", s60)
		}
		// Booked 19 hours ahead: it can no longer be cancelled.
		if got := mySessions(t, athlete); len(got.Sessions) != 1 || got.Sessions[0].CanCancel || got.Sessions[0].CancelNote == "" {
			t.Fatalf("session under 24 h: %+v", got.Sessions)
		}
		res := athlete.Do("POST", fmt.Sprintf("/api/coaching/sessions/%d/cancel", first.ID), nil).Want(400)
		if !strings.Contains(res.Message(), "24 hours") {
			t.Errorf("late cancel: %s", res.Body)
		}

		// The coach sees it.
		if got := mySessions(t, coach); len(got.Sessions) != 1 || got.Sessions[0].ID != first.ID || got.Credits != nil {
			t.Fatalf("coach's sessions: %+v", got)
		}

		var second coachSession
		book(athlete, coach.User.ID, "2026-03-04T17:00:00Z", 30).Want(201).JSON(&second)
		if got := mySessions(t, athlete); got.Credits.Left != 0 || got.Credits.Used != 2 {
			t.Fatalf("credits after two: %+v", got.Credits)
		}
		// A third in March: 400, nothing stored.
		res = book(athlete, coach.User.ID, "2026-03-05T17:00:00Z", 30).Want(400)
		if !strings.Contains(res.FieldError("start"), "March 2026") {
			t.Errorf("third: %s", res.Body)
		}
		if got := mySessions(t, athlete); len(got.Sessions) != 2 {
			t.Fatalf("after the refused third: %+v", got.Sessions)
		}

		// Cancelling the second (more than 24 h ahead) gives the credit back.
		var cancelled coachSession
		athlete.Do("POST", fmt.Sprintf("/api/coaching/sessions/%d/cancel", second.ID), nil).Want(200).JSON(&cancelled)
		if !cancelled.Cancelled {
			t.Fatalf("cancel: %+v", cancelled)
		}
		athlete.Do("POST", fmt.Sprintf("/api/coaching/sessions/%d/cancel", second.ID), nil).Want(409)
		if got := mySessions(t, athlete); got.Credits.Left != 1 || len(got.Sessions) != 1 {
			t.Fatalf("after cancel: %+v", got)
		}
		if !hasSlot(slotsOf(t, athlete, 30), "2026-03-04T17:00:00Z") {
			t.Error("a cancelled session's time must be free again")
		}
		book(athlete, coach.User.ID, "2026-03-04T17:00:00Z", 30).Want(201)

		// Both got the invitation, then the cancellation, with the .ics attached.
		logs := e.Logs()
		for _, who := range []string{athlete.User.Username, coach.User.Username} {
			if !strings.Contains(logs, "to="+who+"@example.com subject=\"1:1 session booked") ||
				!strings.Contains(logs, "to="+who+"@example.com subject=\"1:1 session cancelled") {
				t.Errorf("e-mails to %s missing:\n%s", who, logs)
			}
		}
		if !strings.Contains(logs, `METHOD:REQUEST`) || !strings.Contains(logs, `METHOD:CANCEL`) ||
			!strings.Contains(logs, fmt.Sprintf("UID:coaching-session-%d@hyrox-training-hub", second.ID)) {
			t.Errorf("ics attachments missing from the log:\n%s", logs)
		}
	})
}

func TestCoachingSessionsBadInput(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		coach := sessionCoach(t, e, athlete)
		other := e.NewUser()
		otherCoach := sessionCoach(t, e, other)

		for _, c := range []struct {
			name, start string
			minutes     int
			field, want string
		}{
			{"past", "2026-03-02T07:00:00Z", 30, "start", "past"},
			{"outside hours", "2026-03-03T12:00:00Z", 30, "start", "not available"},
			{"off the grid", "2026-03-03T07:15:00Z", 30, "start", "not available"},
			{"60 past the window end", "2026-03-03T08:30:00Z", 60, "start", "not available"},
			{"too far ahead", "2026-04-06T07:00:00Z", 30, "start", "28 days"},
			{"45 minutes", "2026-03-03T07:00:00Z", 45, "minutes", "30 or 60"},
			{"not a time", "tomorrow", 30, "start", "RFC 3339"},
		} {
			res := book(athlete, coach.User.ID, c.start, c.minutes).Want(400)
			if !strings.Contains(res.FieldError(c.field), c.want) {
				t.Errorf("%s: %s", c.name, res.Body)
			}
		}
		res := athlete.Do("POST", "/api/coaching/sessions", map[string]any{"coachId": coach.User.ID, "start": "2026-03-03T07:00:00Z",
			"minutes": 30, "timeZone": "Mars/Olympus"}).Want(400)
		if res.FieldError("timeZone") == "" {
			t.Errorf("bad zone: %s", res.Body)
		}
		// Not my coach.
		if res := book(athlete, otherCoach.User.ID, "2026-03-03T07:00:00Z", 30).Want(403); !strings.Contains(res.Message(), "current coach") {
			t.Errorf("not my coach: %s", res.Body)
		}
		// Below elite: the tier answer; a coach cannot book.
		pro := e.NewUserWithTier("pro")
		book(pro, coach.User.ID, "2026-03-03T07:00:00Z", 30).Want(403)
		book(coach, otherCoach.User.ID, "2026-03-03T07:00:00Z", 30).Want(403)
		// An elite athlete without a coach.
		lone := e.NewUserWithTier("elite")
		if res := book(lone, coach.User.ID, "2026-03-03T07:00:00Z", 30).Want(403); !strings.Contains(res.Message(), "Choose a coach") {
			t.Errorf("no coach: %s", res.Body)
		}
		lone.Do("GET", "/api/coaching/slots", nil).Want(403)
		athlete.Do("GET", "/api/coaching/slots?minutes=45", nil).Want(400)
		if got := mySessions(t, athlete); len(got.Sessions) != 0 || got.Credits.Left != 2 {
			t.Fatalf("bad input stored something: %+v", got)
		}

		// The same slot twice: 409 for the second.
		book(athlete, coach.User.ID, "2026-03-03T07:00:00Z", 30).Want(201)
		second := e.NewUser()
		if _, err := e.App.DB.Exec(context.Background(), `UPDATE users SET subscription_tier = 'elite' WHERE id = ?`, second.User.ID); err != nil {
			t.Fatal(err)
		}
		second.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200)
		book(second, coach.User.ID, "2026-03-03T07:00:00Z", 60).Want(409)
		if got := mySessions(t, second); len(got.Sessions) != 0 {
			t.Fatalf("a refused booking was stored: %+v", got.Sessions)
		}

		// Availability: a message per bad window; nothing changes.
		bad := map[string]any{"weekly": []map[string]any{
			{"weekday": 7, "start": "07:00", "end": "09:00"}, {"weekday": 1, "start": "09:00", "end": "08:00"},
			{"weekday": 1, "start": "07:15", "end": "08:00"}, {"weekday": 2, "start": "07:00", "end": "09:00"},
			{"weekday": 2, "start": "08:00", "end": "10:00"},
		}, "exceptions": []map[string]any{{"date": "someday", "kind": "off"}, {"date": "2026-03-10", "kind": "maybe"}}}
		res = coach.Do("PUT", "/api/coaching/availability", bad).Want(400)
		for _, f := range []string{"weekly[0]", "weekly[1]", "weekly[2]", "weekly[4]", "exceptions[0]", "exceptions[1]"} {
			if res.FieldError(f) == "" {
				t.Errorf("no message for %s: %s", f, res.Body)
			}
		}
		var av struct{ Weekly []map[string]any }
		coach.Do("GET", "/api/coaching/availability", nil).Want(200).JSON(&av)
		if len(av.Weekly) != 6 {
			t.Fatalf("refused availability changed it: %+v", av)
		}
		athlete.Do("GET", "/api/coaching/availability", nil).Want(403)
		athlete.Do("PUT", "/api/coaching/availability", demoWeek).Want(403)
	})
}

func TestCoachingSessionsExceptions(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		coach := sessionCoach(t, e, athlete)
		week := map[string]any{"weekly": demoWeek["weekly"], "exceptions": []map[string]any{
			{"date": "2026-03-03", "kind": "off"},
			{"date": "2026-03-07", "kind": "extra", "start": "10:00", "end": "11:00"},
			{"date": "2026-02-01", "kind": "off"}, // over: dropped
		}}
		var av struct{ Exceptions []map[string]any }
		coach.Do("PUT", "/api/coaching/availability", week).Want(200).JSON(&av)
		if len(av.Exceptions) != 2 {
			t.Fatalf("exceptions: %+v", av.Exceptions)
		}
		s := slotsOf(t, athlete, 30)
		if hasSlot(s, "2026-03-03T07:00:00Z") || !hasSlot(s, "2026-03-10T07:00:00Z") || !hasSlot(s, "2026-03-07T10:30:00Z") ||
			hasSlot(s, "2026-03-14T10:00:00Z") {
			t.Fatalf("slots with exceptions: %v", s)
		}
		res := book(athlete, coach.User.ID, "2026-03-03T07:00:00Z", 30).Want(400)
		if !strings.Contains(res.FieldError("start"), "not available") {
			t.Errorf("day off: %s", res.Body)
		}
		book(athlete, coach.User.ID, "2026-03-07T10:00:00Z", 60).Want(201)
	})
}

func TestCoachingSessionsAuthorization(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		coach := sessionCoach(t, e, athlete)
		otherAthlete := e.NewUser()
		otherCoach := sessionCoach(t, e, otherAthlete)
		nobody := e.NewUserWithTier("elite")

		var s coachSession
		book(athlete, coach.User.ID, "2026-03-04T07:00:00Z", 30).Want(201).JSON(&s)
		var o coachSession
		book(otherAthlete, otherCoach.User.ID, "2026-03-04T07:00:00Z", 30).Want(201).JSON(&o)

		cancel := fmt.Sprintf("/api/coaching/sessions/%d/cancel", s.ID)
		link := fmt.Sprintf("/api/coaching/sessions/%d/link", s.ID)
		url := map[string]string{"url": "https://meet.example.com/x"}
		// Another coach, another coach's athlete, a member with no part: 404, nothing changes.
		for _, c := range []*servertest.Client{otherCoach, otherAthlete, nobody} {
			c.Do("POST", cancel, nil).Want(404)
			c.Do("PUT", link, url).Want(404)
			for _, x := range mySessions(t, c).Sessions {
				if x.ID == s.ID {
					t.Errorf("%s sees another's session", c.User.Username)
				}
			}
		}
		// The athlete cannot set the link; the coach can, and the athlete sees it.
		athlete.Do("PUT", link, url).Want(403)
		for _, bad := range []string{"javascript:alert(1)", "ftp://x.example/a", "meet.example.com", "", "https://"} {
			if res := coach.Do("PUT", link, map[string]string{"url": bad}).Want(400); res.FieldError("url") == "" {
				t.Errorf("link %q: %s", bad, res.Body)
			}
		}
		var linked coachSession
		coach.Do("PUT", link, url).Want(200).JSON(&linked)
		if got := mySessions(t, athlete); len(got.Sessions) != 1 || got.Sessions[0].MeetingLink != url["url"] {
			t.Fatalf("athlete's view of the link: %+v", got.Sessions)
		}
		// The data export carries the session for both sides and for nobody else.
		exported := func(c *servertest.Client) []coachSession {
			var out struct {
				Areas struct {
					Coaching struct {
						Sessions []coachSession `json:"sessions"`
					} `json:"coaching"`
				} `json:"areas"`
			}
			c.Do("GET", "/api/user/export", nil).Want(200).JSON(&out)
			return out.Areas.Coaching.Sessions
		}
		for _, c := range []*servertest.Client{athlete, coach} {
			if got := exported(c); len(got) != 1 || got[0].ID != s.ID || got[0].MeetingLink != url["url"] {
				t.Errorf("%s's export: %+v", c.User.Username, got)
			}
		}
		if got := exported(otherCoach); len(got) != 1 || got[0].ID != o.ID {
			t.Errorf("other coach's export: %+v", got)
		}
		// The other session is untouched; the coach cancels their own athlete's session.
		if got := mySessions(t, otherAthlete); len(got.Sessions) != 1 || got.Sessions[0].Cancelled || got.Sessions[0].MeetingLink != "" {
			t.Fatalf("other session changed: %+v", got.Sessions)
		}
		coach.Do("POST", cancel, nil).Want(200)
		if got := mySessions(t, athlete); len(got.Sessions) != 0 || got.Credits.Left != 2 {
			t.Fatalf("after the coach cancelled: %+v", got)
		}
		coach.Do("PUT", link, url).Want(409)
		// Coaches do not book, so they have no slots.
		coach.Do("GET", "/api/coaching/slots", nil).Want(403)
	})
}

// twoInstances starts two apps on one database (as two servers behind a
// load balancer would be).
func twoInstances(t *testing.T, url string) (*servertest.Env, *servertest.Env) {
	return servertest.Start(t, url), servertest.Start(t, url)
}

// Two athletes book the same slot at the same moment through two instances
// on one PostgreSQL database: exactly one booking.
func TestCoachingSessionsRaceTwoInstances(t *testing.T) {
	servertest.EachDatabase(t, func(t *testing.T, dbURL string) {
		e1, e2 := twoInstances(t, dbURL)
		a1 := e1.NewUser()
		coach := sessionCoach(t, e1, a1)
		a2on1 := e1.NewUser()
		if _, err := e1.App.DB.Exec(context.Background(), `UPDATE users SET subscription_tier = 'elite' WHERE id = ?`, a2on1.User.ID); err != nil {
			t.Fatal(err)
		}
		a2on1.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200)
		a2 := a2on1.SameSessionOn(e2)
		for _, start := range []string{"2026-03-04T07:00:00Z", "2026-03-04T17:30:00Z"} {
			var wg sync.WaitGroup
			statuses := make([]int, 2)
			gate := make(chan struct{})
			for i, c := range []*servertest.Client{a1, a2} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-gate
					statuses[i] = book(c, coach.User.ID, start, 30).Status
				}()
			}
			close(gate)
			wg.Wait()
			slices.Sort(statuses)
			if statuses[0] != http.StatusCreated || statuses[1] != http.StatusConflict {
				t.Fatalf("%s: statuses %v, want one 201 and one 409", start, statuses)
			}
			var n int
			if err := e1.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM coach_sessions WHERE coach_id = ? AND start_at = ?
				AND cancelled_at IS NULL`, coach.User.ID, mustTime(start)).Scan(&n); err != nil || n != 1 {
				t.Fatalf("%s: %d sessions (%v)", start, n, err)
			}
		}
	})
}

func mustTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// The day before, one reminder goes to each side, once, even with two
// instances running the loop at the same moment.
func TestCoachingSessionsReminderOnce(t *testing.T) {
	servertest.EachDatabase(t, func(t *testing.T, dbURL string) {
		e1, e2 := twoInstances(t, dbURL)
		athlete := e1.NewUser()
		coach := sessionCoach(t, e1, athlete)
		book(athlete, coach.User.ID, "2026-03-04T07:00:00Z", 30).Want(201)
		run := func() int {
			counts := onEveryInstanceAtOnce(t, (*server.App).SendSessionReminders, e1, e2)
			return counts[0] + counts[1]
		}
		if n := run(); n != 0 {
			t.Fatalf("43 hours ahead: %d reminders", n)
		}
		e1.Clock.Advance(20 * time.Hour)
		e2.Clock.Advance(20 * time.Hour)
		if n := run(); n != 1 {
			t.Fatalf("23 hours ahead: %d reminders, want 1", n)
		}
		if n := run(); n != 0 {
			t.Fatalf("again: %d reminders, want 0", n)
		}
		logs := e1.Logs() + e2.Logs()
		if c := strings.Count(logs, `subject="Reminder: 1:1 session`); c != 2 {
			t.Fatalf("%d reminder e-mails, want 2 (athlete and coach):\n%s", c, logs)
		}
	})
}

// onEveryInstanceAtOnce runs a claiming job (reminders, cancellations) on
// each instance at the same moment and returns how many each claimed.
func onEveryInstanceAtOnce(t *testing.T, job func(*server.App, context.Context) (int, error), instances ...*servertest.Env) []int {
	t.Helper()
	var wg sync.WaitGroup
	counts := make([]int, len(instances))
	for i, e := range instances {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := job(e.App, context.Background())
			if err != nil {
				t.Error(err)
			}
			counts[i] = n
		}()
	}
	wg.Wait()
	return counts
}
