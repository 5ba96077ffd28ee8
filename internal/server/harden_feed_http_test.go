package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
	"hyrox/internal/training"
)

// bigProgram is a custom program of weeks weeks with perDay sessions on each
// of the first days days of the week, each session with details and exercises (about 1.3 KB an
// event in the feed, as in the probe of issue 26).
func bigProgram(name string, weeks, days, perDay int) map[string]any {
	exercises := make([]any, 5)
	for i := range exercises {
		exercises[i] = map[string]any{"exercise": fmt.Sprintf("Sled Push %d", i), "sets": 4, "reps": 10, "loadKg": 80, "distanceM": 50,
			"targetPace": "steady, strong and controlled", "notes": "Drive through the legs."}
	}
	var ws []any
	for range weeks {
		var ses []any
		for day := 1; day <= days; day++ {
			for range perDay {
				ses = append(ses, map[string]any{"day": day, "kind": "training", "title": "Engine " + name, "minutes": 60, "rpe": 7,
					"details": strings.Repeat("Hold race pace and breathe. ", 20), "exercises": exercises})
			}
		}
		ws = append(ws, map[string]any{"focus": "Build", "sessions": ses})
	}
	return map[string]any{"name": name, "weeks": ws}
}

func createProgram(t *testing.T, c *servertest.Client, body map[string]any) int64 {
	t.Helper()
	var p struct {
		ID int64 `json:"id"`
	}
	c.Do("POST", "/api/programs", body).Want(201).JSON(&p)
	return p.ID
}

func feedPath(t *testing.T, c *servertest.Client) string {
	t.Helper()
	var feed struct {
		URL string `json:"url"`
	}
	c.Do("POST", "/api/calendar/feed", nil).Want(201).JSON(&feed)
	return feed.URL[strings.Index(feed.URL, training.FeedPathPrefix):]
}

// Medium: what one account can put on its calendar is capped (programs
// running at once, sessions a day), and the feed holds a bounded window
// and size, whatever the calendar holds.
func TestHardenCalendarCapsBoundTheFeed(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		elite := e.NewUserWithTier("elite")
		today := e.Clock.Now().UTC().Format(time.DateOnly) // a Monday
		var ids []int64
		for i := range training.MaxRunningPrograms + 1 {
			ids = append(ids, createProgram(t, elite, bigProgram(fmt.Sprintf("Block %d", i), 52, 7, 1)))
		}
		for _, id := range ids[:training.MaxRunningPrograms] {
			elite.Do("POST", fmt.Sprintf("/api/programs/%d/start", id), map[string]any{"startDate": today}).Want(201)
		}
		res := elite.Do("POST", fmt.Sprintf("/api/programs/%d/start", ids[training.MaxRunningPrograms]), map[string]any{"startDate": today}).Want(409)
		if want := fmt.Sprintf("You already follow %d programs with sessions ahead, the most at once. Skip the rest of one, or delete one of your own, first.", training.MaxRunningPrograms); res.Message() != want {
			t.Fatalf("6th program: %q", res.Message())
		}
		// Restarting one that runs is no new program.
		elite.Do("POST", fmt.Sprintf("/api/programs/%d/start", ids[0]), map[string]any{"startDate": today}).Want(201)

		// A day holds at most MaxSessionsPerDay sessions: today has 5 (one per
		// program); one more moves in, the next is refused.
		tomorrow := e.Clock.Now().UTC().AddDate(0, 0, 1).Format(time.DateOnly)
		var cal struct {
			Sessions []struct {
				ID int64 `json:"id"`
			} `json:"sessions"`
		}
		elite.Do("GET", "/api/calendar?from="+tomorrow+"&to="+tomorrow, nil).Want(200).JSON(&cal)
		elite.Do("PATCH", fmt.Sprintf("/api/calendar/sessions/%d", cal.Sessions[0].ID), map[string]any{"date": today}).Want(200)
		res = elite.Do("PATCH", fmt.Sprintf("/api/calendar/sessions/%d", cal.Sessions[1].ID), map[string]any{"date": today}).Want(409)
		if want := fmt.Sprintf("This would put %d sessions on %s: a day holds at most %d. Move or skip some first.", training.MaxSessionsPerDay+1, today, training.MaxSessionsPerDay); res.Message() != want {
			t.Fatalf("move onto a full day: %q", res.Message())
		}

		// A new program cannot crowd a day either.
		other := e.NewUserWithTier("elite")
		crowded := createProgram(t, other, bigProgram("Crowded", 1, 1, training.MaxSessionsPerDay+1))
		res = other.Do("POST", fmt.Sprintf("/api/programs/%d/start", crowded), map[string]any{"startDate": today}).Want(409)
		if want := fmt.Sprintf("This would put %d sessions on %s: a day holds at most %d. Move or skip some first.", training.MaxSessionsPerDay+1, today, training.MaxSessionsPerDay); res.Message() != want {
			t.Fatalf("crowded day: %q", res.Message())
		}

		// The feed: a bounded window and size, streamed whole.
		path := feedPath(t, elite)
		body := string(e.Client().Do("GET", path, nil).Want(200).Body)
		if !strings.HasPrefix(body, "BEGIN:VCALENDAR\r\n") || !strings.HasSuffix(body, "END:VCALENDAR\r\n") {
			t.Fatalf("feed is not a whole calendar: %.200s ... %.200s", body, body[max(0, len(body)-200):])
		}
		if len(body) > training.MaxFeedBytes {
			t.Fatalf("feed of %d bytes, cap %d", len(body), training.MaxFeedBytes)
		}
		last := e.Clock.Now().AddDate(0, 0, training.FeedFutureDays+1).Format("20060102")
		if strings.Contains(body, "DTSTART;VALUE=DATE:"+last) {
			t.Fatal("the feed reaches past its window")
		}
		events := strings.Count(body, "BEGIN:VEVENT")
		t.Logf("feed: %d bytes, %d events", len(body), events)
		if events == 0 || events > training.MaxFeedEvents {
			t.Fatalf("%d events", events)
		}
	})
}

// Medium: the feed URL is rate limited per token (it needs no session).
func TestHardenFeedIsRateLimitedPerToken(t *testing.T) {
	e := servertest.New(t)
	a, b := e.NewUserWithTier("elite"), e.NewUserWithTier("elite")
	pa, pb := feedPath(t, a), feedPath(t, b)
	anon := e.Client()
	got429 := false
	for range 40 {
		res := anon.Do("GET", pa, nil)
		if res.Status == 429 {
			got429 = true
			if res.Header.Get("Retry-After") == "" || res.Message() != "This calendar feed is fetched too often. Your calendar app will get it on its next refresh." {
				t.Fatalf("429: %v %s", res.Header, res.Body)
			}
			break
		}
		res.Want(200)
	}
	if !got429 {
		t.Fatal("40 fetches of one feed in a row were never refused")
	}
	anon.Do("GET", pb, nil).Want(200) // another token has its own limit
}

// Medium: one account authors at most MaxPrograms custom programs.
func TestHardenProgramsPerAccountAreCapped(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		elite := e.NewUserWithTier("elite")
		for i := range training.MaxPrograms - 1 { // straight into the table: the write limit allows one a second
			if _, err := e.App.DB.Exec(context.Background(), `INSERT INTO programs (author_id, athlete_id, name, description, category, weeks, status, created_at, updated_at)
				VALUES (?, ?, ?, '', 'custom', 1, 'draft', ?, ?)`, elite.User.ID, elite.User.ID, fmt.Sprintf("Old %d", i), e.Clock.Now(), e.Clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		last := createProgram(t, elite, bigProgram("The 100th", 1, 1, 1))
		res := elite.Do("POST", "/api/programs", bigProgram("One too many", 1, 1, 1)).Want(409)
		if want := fmt.Sprintf("You have %d programs, the most one account keeps. Delete one you no longer use first.", training.MaxPrograms); res.Message() != want {
			t.Fatalf("101st program: %q", res.Message())
		}
		elite.Do("DELETE", fmt.Sprintf("/api/programs/%d", last), nil).Want(204)
		createProgram(t, elite, bigProgram("After a delete", 1, 1, 1))
	})
}
