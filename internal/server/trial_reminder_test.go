package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// The trial reminder (docs/notifications.md#the-trial-reminder): once, three
// days before the trial becomes a charge on the sandbox's clock, by e-mail
// with the amount, the date and the way to cancel; never for a trial already
// cancelled (nothing will be charged).
func TestTrialReminderOnceThreeDaysBefore(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		ctx := context.Background()
		u, cancelled := e.NewUser(), e.NewUser()
		subscribe(t, u, "price_elite_monthly", "elite", cardOK)
		subscribe(t, cancelled, "price_pro_monthly", "pro", cardOK)
		cancelled.Do("POST", "/api/cancel-subscription", nil).Want(200)
		remind := func() int {
			t.Helper()
			n, err := e.App.SendTrialReminders(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := remind(); n != 0 {
			t.Fatalf("a reminder on the first day: %d", n)
		}
		e.Clock.Advance(3*day + 23*time.Hour) // the charge is 3 days and an hour away
		status(t, u)
		if n := remind(); n != 0 {
			t.Fatalf("a reminder more than 3 days before: %d", n)
		}
		e.Clock.Advance(2 * time.Hour)
		status(t, u)
		if n := remind(); n != 1 {
			t.Fatalf("reminders 3 days before: %d, want 1 (the cancelled trial gets none)", n)
		}
		chargeOn := e.Clock.Now().Add(3*day - time.Hour).UTC().Format("Mon 2 Jan 2006")
		var line string
		for _, l := range strings.Split(e.Logs(), "\n") {
			if strings.Contains(l, "to="+u.User.Email) && strings.Contains(l, "Your free trial ends on") {
				line = l
			}
		}
		for _, want := range []string{"Your free trial ends on " + chargeOn, "$39.00 will be charged on " + chargeOn + " unless you cancel before",
			"/subscription#cancel"} {
			if !strings.Contains(line, want) {
				t.Fatalf("the reminder e-mail lacks %q:\n%s", want, line)
			}
		}
		if strings.Contains(e.Logs(), "to="+cancelled.User.Email+" subject=\"Your free trial") {
			t.Fatal("a cancelled trial was reminded")
		}
		e.Clock.Advance(time.Hour)
		if n := remind(); n != 0 {
			t.Fatalf("the reminder went again: %d", n)
		}
	})
}
