package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"hyrox/internal/auth"
	"hyrox/internal/server/servertest"
)

// workspaceAthlete is the part of GET /api/coach/athletes the tests read.
type workspaceAthlete struct {
	ID             int64   `json:"id"`
	Username       string  `json:"username"`
	ThreadID       int64   `json:"threadId"`
	Unread         int     `json:"unread"`
	MissedSessions int     `json:"missedSessions"`
	LoadRatio      float64 `json:"loadRatio"`
	LoadSpike      bool    `json:"loadSpike"`
	NewResults     int     `json:"newResults"`
	NeedsAttention bool    `json:"needsAttention"`
}

func myAthletes(t *testing.T, coach *servertest.Client) map[int64]workspaceAthlete {
	t.Helper()
	var list []workspaceAthlete
	coach.Do("GET", "/api/coach/athletes", nil).Want(200).JSON(&list)
	out := map[int64]workspaceAthlete{}
	for _, a := range list {
		out[a.ID] = a
	}
	return out
}

// coachAnother gives athlete (elite) coach as their coach.
func coachAnother(t *testing.T, e *servertest.Env, coach, athlete *servertest.Client) {
	t.Helper()
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE users SET subscription_tier = 'elite' WHERE id = ?`, athlete.User.ID); err != nil {
		t.Fatal(err)
	}
	athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200)
}

func logSession(t *testing.T, c *servertest.Client, at time.Time, minutes, rpe int) int64 {
	t.Helper()
	var l struct{ ID int64 }
	c.Do("POST", "/api/workout-logs", map[string]any{"workoutName": "Engine builder", "completedAt": at,
		"duration": minutes, "rpe": rpe, "rating": 3}).Want(201).JSON(&l)
	return l.ID
}

func planSession(t *testing.T, e *servertest.Env, userID int64, date, kind, status string) {
	t.Helper()
	now := e.Clock.Now()
	if _, err := e.App.DB.Exec(context.Background(), `INSERT INTO calendar_sessions (user_id, date, kind, title, status, original_date, created_at, updated_at)
		VALUES (?, ?, ?, 'Planned run', ?, ?, ?, ?)`, userID, date, kind, status, date, now, now); err != nil {
		t.Fatal(err)
	}
}

// rawDo sends a request outside the contract check (for paths and methods
// the contract does not describe on purpose).
func rawDo(t *testing.T, e *servertest.Env, c *servertest.Client, method, path string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(method, e.Server.URL+path, nil)
	req.AddCookie(&http.Cookie{Name: auth.SessionCookie, Value: c.Cookie(auth.SessionCookie)})
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b), res.Header
}

func TestCoachViewAs(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		_, coach := coachedThread(t, e, athlete)
		logID := logSession(t, athlete, e.Clock.Now().Add(-2*time.Hour), 40, 6)
		base := fmt.Sprintf("/api/coach/athletes/%d", athlete.User.ID)

		// Their coach reads the athlete's data as the athlete sees it.
		var page struct {
			Items []struct{ ID int64 } `json:"items"`
		}
		coach.Do("GET", base+"/workout-logs", nil).Want(200).JSON(&page)
		if len(page.Items) != 1 || page.Items[0].ID != logID {
			t.Fatalf("the coach sees logs %+v, want the athlete's log %d", page.Items, logID)
		}
		var detail struct {
			ID       int64 `json:"id"`
			UserID   int64 `json:"userId"`
			Comments []any `json:"comments"`
		}
		coach.Do("GET", fmt.Sprintf("%s/workout-logs/%d/detail", base, logID), nil).Want(200).JSON(&detail)
		if detail.ID != logID || detail.UserID != athlete.User.ID || detail.Comments == nil {
			t.Fatalf("log detail as the coach: %+v", detail)
		}
		coach.Do("GET", base+"/calendar?from=2026-03-02&to=2026-03-08", nil).Want(200)
		coach.Do("GET", base+"/training-load", nil).Want(200)
		coach.Do("GET", base+"/race-results", nil).Want(200)
		coach.Do("GET", base+"/programs", nil).Want(200) // elite: the athlete's tier, not the coach's
		coach.Do("GET", base+"/nutrition/history", nil).Want(200)

		// The coach's own data is not the athlete's: their own log list is empty.
		coach.Do("GET", fmt.Sprintf("/api/workout-logs/%d", coach.User.ID), nil).Want(200).JSON(&page)
		if len(page.Items) != 0 {
			t.Fatalf("the coach's own logs: %+v", page.Items)
		}

		// Another coach, the athlete themselves and a stranger.
		other := newCoach(t, e)
		if res := other.Do("GET", base+"/workout-logs", nil).Want(404); res.Message() != "This athlete does not exist or is not yours." {
			t.Fatalf("another coach: %q", res.Message())
		}
		athlete.Do("GET", base+"/workout-logs", nil).Want(403)
		e.NewUserWithTier("elite").Do("GET", base+"/workout-logs", nil).Want(403)
		e.Client().Do("GET", base+"/workout-logs", nil).Want(401)
		// Another athlete's log through my athlete's view is theirs alone: 404.
		stranger := e.NewUser()
		strangerLog := logSession(t, stranger, e.Clock.Now().Add(-time.Hour), 30, 5)
		coach.Do("GET", fmt.Sprintf("%s/workout-logs/%d/detail", base, strangerLog), nil).Want(404)

		// Only whitelisted reads, and never a write.
		for _, p := range []string{"/home", "/user", "/user/export", "/coaching/unread", "/calendar/feed", "/workout-logs/x/detail", "/payment-methods", "/"} {
			if status, body, _ := rawDo(t, e, coach, "GET", base+p); status != 404 {
				t.Errorf("GET %s%s: %d %s, want 404", base, p, status, body)
			}
		}
		for _, m := range []string{"POST", "PUT", "PATCH", "DELETE"} {
			status, body, hdr := rawDo(t, e, coach, m, fmt.Sprintf("%s/workout-logs/%d", base, logID))
			if status != 405 || !strings.Contains(hdr.Get("Allow"), "GET") {
				t.Errorf("%s through the view: %d %s (Allow %q), want 405", m, status, body, hdr.Get("Allow"))
			}
		}
		// The log is unchanged.
		athlete.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", logID), nil).Want(200).JSON(&detail)
		if detail.ID != logID {
			t.Fatal("the log changed")
		}

		// The athlete moves to another coach: the first one's view closes,
		// the new one's opens.
		athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": other.User.ID}).Want(200)
		other.Do("GET", base+"/workout-logs", nil).Want(200)
		coach.Do("GET", base+"/workout-logs", nil).Want(404)
		coach.Do("GET", base, nil).Want(404)
	})
}

// The attention list: each signal on its own athlete, in one answer.
func TestCoachWorkspaceAttention(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		coach := newCoach(t, e)
		quiet, chatty, missing, spiking, racer := e.NewUser(), e.NewUser(), e.NewUser(), e.NewUser(), e.NewUser()
		for _, a := range []*servertest.Client{quiet, chatty, missing, spiking, racer} {
			coachAnother(t, e, coach, a)
		}
		now := e.Clock.Now() // 2026-03-02 12:00 UTC

		// Unread: the athlete writes; the coach has not read it.
		var ov struct {
			Threads []struct {
				ID        int64 `json:"id"`
				AthleteID int64 `json:"athleteId"`
			} `json:"threads"`
		}
		chatty.Do("GET", "/api/coaching", nil).Want(200).JSON(&ov)
		chatty.Do("POST", fmt.Sprintf("/api/coaching/threads/%d/messages", ov.Threads[0].ID), map[string]string{"body": "Knee hurts"}).Want(201)

		// Missed: two planned past sessions not done; a skipped one, a rest
		// day, one done, one today and one 8 days ago do not count.
		planSession(t, e, missing.User.ID, "2026-02-27", "training", "planned")
		planSession(t, e, missing.User.ID, "2026-03-01", "training", "planned")
		planSession(t, e, missing.User.ID, "2026-02-28", "training", "skipped")
		planSession(t, e, missing.User.ID, "2026-02-26", "rest", "planned")
		planSession(t, e, missing.User.ID, "2026-03-02", "training", "planned")
		planSession(t, e, missing.User.ID, "2026-02-22", "training", "planned")
		planSession(t, e, quiet.User.ID, "2026-02-27", "training", "planned")
		logSession(t, quiet, now.Add(-72*time.Hour), 30, 5) // the quiet athlete did it, on its day
		var sid int64
		if err := e.App.DB.QueryRow(context.Background(), `SELECT id FROM calendar_sessions WHERE user_id = ?`, quiet.User.ID).Scan(&sid); err != nil {
			t.Fatal(err)
		}
		var l struct{ ID int64 }
		quiet.Do("POST", "/api/workout-logs", map[string]any{"plannedSessionId": sid, "rpe": 5}).Want(201).JSON(&l)

		// Load spike: a light base 2-3 weeks ago, a heavy last week.
		logSession(t, spiking, now.Add(-15*24*time.Hour), 30, 4)
		logSession(t, spiking, now.Add(-2*24*time.Hour), 90, 9)
		logSession(t, spiking, now.Add(-1*24*time.Hour), 90, 9)
		// Without a base, a heavy week is no spike (the quiet athlete's logs
		// are all this week).

		// New results: one before the coach opens the athlete is new, then
		// opening clears it, and a later one is new again.
		e.Clock.Advance(time.Minute)
		racer.Do("POST", "/api/race-results", racingBody("2026-02-28")).Want(201)

		got := myAthletes(t, coach)
		if len(got) != 5 {
			t.Fatalf("%d athletes, want 5", len(got))
		}
		if a := got[quiet.User.ID]; a.NeedsAttention || a.Unread+a.MissedSessions+a.NewResults != 0 || a.LoadSpike {
			t.Errorf("quiet athlete: %+v", a)
		}
		if a := got[chatty.User.ID]; a.Unread != 1 || !a.NeedsAttention || a.ThreadID != ov.Threads[0].ID {
			t.Errorf("chatty athlete: %+v", a)
		}
		if a := got[missing.User.ID]; a.MissedSessions != 2 || !a.NeedsAttention {
			t.Errorf("athlete missing sessions: %+v", a)
		}
		if a := got[spiking.User.ID]; !a.LoadSpike || a.LoadRatio <= 1.5 || !a.NeedsAttention {
			t.Errorf("spiking athlete: %+v", a)
		}
		// The list agrees with the athlete's own training load.
		var tl struct {
			Ratio   float64 `json:"ratio"`
			Warning bool    `json:"warning"`
		}
		spiking.Do("GET", "/api/training-load?today=2026-03-02&tzOffset=0", nil).Want(200).JSON(&tl)
		if !tl.Warning || fmt.Sprintf("%.3f", tl.Ratio) != fmt.Sprintf("%.3f", got[spiking.User.ID].LoadRatio) {
			t.Errorf("training load %+v, workspace ratio %v", tl, got[spiking.User.ID].LoadRatio)
		}
		if a := got[racer.User.ID]; a.NewResults != 1 || !a.NeedsAttention {
			t.Errorf("racer: %+v", a)
		}
		// Those needing attention come first.
		var list []workspaceAthlete
		coach.Do("GET", "/api/coach/athletes", nil).Want(200).JSON(&list)
		if list[len(list)-1].ID != quiet.User.ID {
			t.Errorf("the quiet athlete is not last: %+v", list)
		}

		coach.Do("POST", fmt.Sprintf("/api/coach/athletes/%d/seen", racer.User.ID), nil).Want(204)
		if a := myAthletes(t, coach)[racer.User.ID]; a.NewResults != 0 {
			t.Errorf("after opening: %+v", a)
		}
		e.Clock.Advance(time.Minute)
		racer.Do("POST", "/api/race-results", racingBody("2026-03-01")).Want(201)
		var one workspaceAthlete
		coach.Do("GET", fmt.Sprintf("/api/coach/athletes/%d", racer.User.ID), nil).Want(200).JSON(&one)
		if one.NewResults != 1 {
			t.Errorf("a result after opening: %+v", one)
		}

		// Coaches only; another coach sees none of these athletes.
		quiet.Do("GET", "/api/coach/athletes", nil).Want(403)
		other := newCoach(t, e)
		if n := len(myAthletes(t, other)); n != 0 {
			t.Errorf("another coach sees %d athletes", n)
		}
		other.Do("GET", fmt.Sprintf("/api/coach/athletes/%d", racer.User.ID), nil).Want(404)
		other.Do("POST", fmt.Sprintf("/api/coach/athletes/%d/seen", racer.User.ID), nil).Want(404)
		quiet.Do("POST", fmt.Sprintf("/api/coach/athletes/%d/seen", racer.User.ID), nil).Want(403)
	})
}

// Comments: the current coach writes, the athlete and the coach read,
// nobody else does either; bad input stores nothing.
func TestLogComments(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		threadID, coach := coachedThread(t, e, athlete)
		logID := logSession(t, athlete, e.Clock.Now().Add(-time.Hour), 45, 7)
		path := fmt.Sprintf("/api/workout-logs/%d/comments", logID)

		for _, tc := range []struct {
			body, msg string
		}{
			{"   ", "Write a comment before sending."},
			{strings.Repeat("a", 2001), "A comment can be at most 2000 characters (this one has 2001)."},
		} {
			if res := coach.Do("POST", path, map[string]string{"body": tc.body}).Want(400); res.FieldError("body") != tc.msg {
				t.Errorf("body %.10q: %q", tc.body, res.FieldError("body"))
			}
		}
		var c struct {
			ID       int64  `json:"id"`
			Body     string `json:"body"`
			Username string `json:"username"`
		}
		coach.Do("POST", path, map[string]string{"body": "  Great pacing on the runs.\r\nKeep the sled lower.  "}).Want(201).JSON(&c)
		if c.Body != "Great pacing on the runs.\nKeep the sled lower." || c.Username != coach.User.Username {
			t.Fatalf("comment: %+v", c)
		}
		coach.Do("POST", path, map[string]string{"body": strings.Repeat("é", 2000)}).Want(201)

		// The athlete reads them with the log, oldest first.
		var d struct {
			Comments []struct {
				ID       int64  `json:"id"`
				Body     string `json:"body"`
				Username string `json:"username"`
			} `json:"comments"`
		}
		athlete.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", logID), nil).Want(200).JSON(&d)
		if len(d.Comments) != 2 || d.Comments[0].ID != c.ID {
			t.Fatalf("the athlete's log has comments %+v", d.Comments)
		}
		// ...and hears of it in the coaching thread.
		var msgs struct {
			Messages []struct{ Body string } `json:"messages"`
		}
		athlete.Do("GET", fmt.Sprintf("/api/coaching/threads/%d/messages", threadID), nil).Want(200).JSON(&msgs)
		last := msgs.Messages[len(msgs.Messages)-1].Body
		if !strings.Contains(last, fmt.Sprintf("/workout-logs/%d", logID)) || !strings.Contains(last, "Engine builder") {
			t.Errorf("the thread's last line: %q", last)
		}
		var unread struct{ Unread int }
		athlete.Do("GET", "/api/coaching/unread", nil).Want(200).JSON(&unread)
		if unread.Unread < 2 {
			t.Errorf("unread %d after two comments", unread.Unread)
		}
		// The coach reads them through the view.
		coach.Do("GET", fmt.Sprintf("/api/coach/athletes/%d/workout-logs/%d/detail", athlete.User.ID, logID), nil).Want(200).JSON(&d)
		if len(d.Comments) != 2 {
			t.Fatalf("the coach's view has comments %+v", d.Comments)
		}

		// Nobody else writes: the athlete (403), another coach, a stranger,
		// a missing log (404); nothing is stored.
		athlete.Do("POST", path, map[string]string{"body": "Note to self"}).Want(403)
		other := newCoach(t, e)
		other.Do("POST", path, map[string]string{"body": "Hi"}).Want(404)
		e.NewUserWithTier("elite").Do("POST", path, map[string]string{"body": "Hi"}).Want(404)
		coach.Do("POST", "/api/workout-logs/999999/comments", map[string]string{"body": "Hi"}).Want(404)
		e.Client().Do("POST", path, map[string]string{"body": "Hi"}).Want(401)
		// Another athlete's log of the coach's: no.
		stranger := e.NewUser()
		coach.Do("POST", fmt.Sprintf("/api/workout-logs/%d/comments", logSession(t, stranger, e.Clock.Now(), 20, 3)),
			map[string]string{"body": "Hi"}).Want(404)

		// The coaching ends: no more comments, the old ones stay.
		athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": other.User.ID}).Want(200)
		coach.Do("POST", path, map[string]string{"body": "Still here?"}).Want(404)
		athlete.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", logID), nil).Want(200).JSON(&d)
		if len(d.Comments) != 2 {
			t.Fatalf("after all that, %d comments, want 2", len(d.Comments))
		}
		// The coach's data export holds the comments they wrote.
		var export struct {
			Areas struct {
				Training struct {
					LogComments []struct{ Body string } `json:"logComments"`
				} `json:"training"`
			} `json:"areas"`
		}
		coach.Do("GET", "/api/user/export", nil).Want(200).JSON(&export)
		if got := export.Areas.Training.LogComments; len(got) != 2 || got[0].Body != c.Body {
			t.Errorf("the coach's export: %+v", got)
		}
		// A renamed coach's comments carry the new name.
		renamed := fmt.Sprintf("renamed_%d", coach.User.ID)
		coach.Do("PATCH", "/api/user", map[string]string{"username": renamed}).Want(200)
		athlete.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", logID), nil).Want(200).JSON(&d)
		if d.Comments[0].Username != renamed || d.Comments[1].Username != renamed {
			t.Errorf("after the rename: %+v", d.Comments)
		}
		// Another user still cannot read the log (nor its comments).
		other.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", logID), nil).Want(404)
	})
}
