package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"

	"hyrox/internal/server/servertest"
)

// The contract check decodes answers by media type; the calendar feed is
// checked as opaque text here (its iCalendar validity: internal/training).
func init() {
	openapi3filter.RegisterBodyDecoder("text/calendar", openapi3filter.FileBodyDecoder)
}

// The programs, calendar and feed flow over HTTP: every answer is checked
// against api/openapi.yaml by the client.
func TestProgramsCalendarAndFeedOverHTTP(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		trainingContent(t, e)
		elite := e.NewUserWithTier("elite")
		other := e.NewUserWithTier("elite")

		// Bad input: per-field messages, nothing created.
		bad := programBody()
		weeks := bad["weeks"].([]any)
		week := weeks[0].(map[string]any)
		ses := week["sessions"].([]any)
		first := map[string]any{"day": 9, "title": "Sleds", "exercises": []any{map[string]any{"exercise": "Sled Push", "loadKg": -5}}}
		bad["weeks"] = []any{map[string]any{"sessions": append([]any{first}, ses[1:]...)}}
		res := elite.Do("POST", "/api/programs", bad).Want(http.StatusBadRequest)
		if res.FieldError("weeks[0].sessions[0].day") != "Day must be 1 (Monday) to 7 (Sunday)" ||
			res.FieldError("weeks[0].sessions[0].exercises[0].loadKg") != "Load cannot be negative" {
			t.Fatalf("bad program: %s", res.Body)
		}
		long := programBody()
		many := make([]any, 60)
		for i := range many {
			many[i] = map[string]any{"focus": "x"}
		}
		long["weeks"] = many
		if r := elite.Do("POST", "/api/programs", long).Want(http.StatusBadRequest); r.FieldError("weeks") != "A program can have at most 52 weeks" {
			t.Fatalf("60 weeks: %s", r.Body)
		}
		var list []map[string]any
		elite.Do("GET", "/api/programs", nil).Want(http.StatusOK).JSON(&list)
		if len(list) != 0 {
			t.Fatalf("bad input created %d programs", len(list))
		}

		// The server's Monday (its clock), so the sessions fall in the feed's window.
		monday := e.Clock.Now().UTC().AddDate(0, 0, -((int(e.Clock.Now().UTC().Weekday()) + 6) % 7)).Format(time.DateOnly)
		path := ownProgram(t, e, elite)
		other.Do("GET", path, nil).Want(http.StatusNotFound)
		other.Do("POST", path+"/start", map[string]any{"startDate": monday}).Want(http.StatusNotFound)
		var started struct {
			Sessions int `json:"sessions"`
		}
		elite.Do("POST", path+"/start", map[string]any{"startDate": monday}).Want(http.StatusCreated).JSON(&started)
		if started.Sessions != 4 {
			t.Fatalf("started %d sessions", started.Sessions)
		}
		var cal struct {
			Sessions []struct {
				ID     int64  `json:"id"`
				Date   string `json:"date"`
				Status string `json:"status"`
			} `json:"sessions"`
		}
		elite.Do("GET", "/api/calendar?from="+monday+"&to="+monday, nil).Want(http.StatusOK).JSON(&cal)
		if len(cal.Sessions) != 1 || cal.Sessions[0].Status != "planned" {
			t.Fatalf("calendar: %+v", cal)
		}
		sp := fmt.Sprintf("/api/calendar/sessions/%d", cal.Sessions[0].ID)
		other.Do("GET", sp, nil).Want(http.StatusNotFound)
		other.Do("PATCH", sp, map[string]any{"status": "skipped"}).Want(http.StatusNotFound)
		elite.Do("PATCH", sp, map[string]any{"date": "soon"}).Want(http.StatusBadRequest)
		elite.Do("GET", "/api/calendar?from=2026-01-01&to=2025-01-01", nil).Want(http.StatusBadRequest)
		elite.Do("PATCH", sp, map[string]any{"status": "skipped"}).Want(http.StatusOK)

		// The feed: created once with its URL, served without a session as text/calendar.
		var feed struct {
			Active bool   `json:"active"`
			URL    string `json:"url"`
		}
		elite.Do("POST", "/api/calendar/feed", nil).Want(http.StatusCreated).JSON(&feed)
		i := strings.Index(feed.URL, "/calendar/feed/")
		if !feed.Active || i < 0 || !strings.HasSuffix(feed.URL, ".ics") {
			t.Fatalf("feed %+v", feed)
		}
		feedPath := feed.URL[i:]
		var status struct {
			Active bool   `json:"active"`
			URL    string `json:"url"`
		}
		elite.Do("GET", "/api/calendar/feed", nil).Want(http.StatusOK).JSON(&status)
		if !status.Active || status.URL != "" {
			t.Fatalf("status shows the URL again: %+v", status)
		}
		ics := e.Client().Do("GET", feedPath, nil).Want(http.StatusOK)
		if !strings.HasPrefix(ics.Header.Get("Content-Type"), "text/calendar") || !strings.HasPrefix(string(ics.Body), "BEGIN:VCALENDAR\r\n") ||
			!strings.Contains(string(ics.Body), "SUMMARY:Sleds (skipped)\r\n") || !strings.Contains(string(ics.Body), "STATUS:CANCELLED\r\n") {
			t.Fatalf("feed: %s %s", ics.Header.Get("Content-Type"), ics.Body)
		}
		e.Client().Do("GET", "/calendar/feed/not-a-token.ics", nil).Want(http.StatusNotFound)
		e.Client().Do("GET", strings.TrimSuffix(feedPath, ".ics"), nil).Want(http.StatusNotFound)
		elite.Do("DELETE", "/api/calendar/feed", nil).Want(http.StatusNoContent)
		e.Client().Do("GET", feedPath, nil).Want(http.StatusNotFound)
	})
}
