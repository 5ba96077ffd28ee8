package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// The evening reminder (docs/notifications.md#session-reminders): a user who
// opted in is told at 18:00 in their own zone of the next day's planned
// sessions, by e-mail when no browser of theirs takes push, once; a user who
// did not opt in is told nothing.
func TestSessionRemindersInTheEvening(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		ctx := context.Background()
		ana, ben := e.NewUser(), e.NewUser()
		e.Clock.Set(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)) // 07:00 in New York
		plan := planByTier(t, e, "basic")
		for _, u := range []*servertest.Client{ana, ben} {
			u.Do("POST", fmt.Sprintf("/api/programs/%d/start", plan.ID), map[string]any{"startDate": "2026-03-03"}).Want(201)
		}
		var cal struct {
			Sessions []struct {
				Date  string `json:"date"`
				Title string `json:"title"`
				Kind  string `json:"kind"`
			} `json:"sessions"`
		}
		ana.Do("GET", "/api/calendar?from=2026-03-03&to=2026-03-16", nil).Want(200).JSON(&cal)
		var first, date string
		for _, s := range cal.Sessions {
			if s.Kind != "rest" {
				first, date = s.Title, s.Date
				break
			}
		}
		if first == "" {
			t.Fatalf("the plan has nothing to do: %+v", cal)
		}
		// The evening before that day, 07:00 and then 18:05 in New York.
		dayBefore, _ := time.Parse(time.DateOnly, date)
		dayBefore = dayBefore.AddDate(0, 0, -1)
		ana.Do("PUT", "/api/notifications", map[string]any{"kinds": map[string]bool{"session_reminders": true},
			"timeZone": "America/New_York"}).Want(200)
		ana.Do("PUT", "/api/notifications", map[string]any{"timeZone": "Mars/Olympus"}).Want(400).FieldError("timeZone")

		remind := func() int {
			t.Helper()
			n, err := e.App.SendCalendarReminders(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		e.Clock.Set(dayBefore.Add(12 * time.Hour)) // 07:00 in New York
		if n := remind(); n != 0 {
			t.Fatalf("a reminder at 07:00: %d", n)
		}
		e.Clock.Set(dayBefore.Add(23*time.Hour + 5*time.Minute)) // 18:05 in New York
		if n := remind(); n != 1 {
			t.Fatalf("reminders at 18:05: %d, want 1 (ben did not opt in)", n)
		}
		var line string
		for _, l := range strings.Split(e.Logs(), "\n") {
			if strings.Contains(l, "to="+ana.User.Email) && strings.Contains(l, "Tomorrow: ") {
				line = l
			}
		}
		if !strings.Contains(line, "Tomorrow: "+first) || !strings.Contains(line, "/calendar") {
			t.Fatalf("the reminder e-mail: %q, want Tomorrow: %s", line, first)
		}
		if strings.Contains(e.Logs(), "to="+ben.User.Email+" subject=\"Tomorrow") {
			t.Fatal("ben was reminded without opting in")
		}
		e.Clock.Advance(30 * time.Minute)
		if n := remind(); n != 0 {
			t.Fatalf("the reminder went twice: %d", n)
		}
	})
}
