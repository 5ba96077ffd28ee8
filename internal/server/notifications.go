package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"hyrox/internal/auth"
	"hyrox/internal/billing"
	"hyrox/internal/db"
	"hyrox/internal/live"
	"hyrox/internal/mail"
	"hyrox/internal/notify"
	"hyrox/internal/training"
)

// pushOnEvents turns the live events users are told of into push
// notifications for those of them who opted in (docs/notifications.md#kinds):
// the author of a change is not told of it. Each push is a job queued in the
// event's transaction, sent by any instance and retried while a push
// service fails.
func pushOnEvents(outbox *live.Outbox, svc *notify.Service) {
	outbox.InTx(func(ctx context.Context, tx *db.Tx, ev live.Published) error {
		kind, msg, author, ok := notificationOf(ev)
		if !ok {
			return nil
		}
		for _, u := range ev.Users {
			if u == author {
				continue
			}
			if err := svc.QueueTx(ctx, tx, u, kind, msg); err != nil {
				return err
			}
		}
		return nil
	})
}

// notificationOf is what a live event says as a notification, and who
// caused it; ok is false for events that are not notified.
func notificationOf(ev live.Published) (kind notify.Kind, m notify.Message, author int64, ok bool) {
	var d struct {
		ThreadID   int64  `json:"threadId"`
		SenderID   int64  `json:"senderId"`
		Username   string `json:"username"`
		Body       string `json:"body"`
		QuestionID int64  `json:"questionId"`
		SessionID  int64  `json:"sessionId"`
		Change     string `json:"change"`
		By         int64  `json:"by"`
	}
	if json.Unmarshal(ev.Data, &d) != nil {
		return "", m, 0, false
	}
	switch ev.Name {
	case "message":
		return notify.CoachMessages, notify.Message{Title: "New message from " + d.Username, Body: shorten(d.Body, 140),
			URL: "/coaching", Tag: "thread-" + strconv.FormatInt(d.ThreadID, 10)}, d.SenderID, true
	case "answer":
		return notify.CoachMessages, notify.Message{Title: "A coach answered your question",
			Body: "Read the answer in the community.", URL: "/community#ask-a-coach", Tag: "question-" + strconv.FormatInt(d.QuestionID, 10)}, 0, true
	case "booking":
		title := "1:1 session booked"
		if d.Change == "cancelled" {
			title = "1:1 session cancelled"
		}
		return notify.BookingChanges, notify.Message{Title: title, Body: "See your sessions in Coaching.", URL: "/coaching",
			Tag: "session-" + strconv.FormatInt(d.SessionID, 10)}, d.By, true
	case "program":
		return notify.CoachMessages, notify.Message{Title: "Your coach wrote you a program", Body: "Find it under Programs.",
			URL: "/programs"}, 0, true
	}
	return "", m, 0, false
}

// shorten cuts s to n characters with an ellipsis.
func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// trialReminderSender e-mails the trial reminder (always: card networks
// expect the athlete to be told before a trial becomes a charge) and pushes
// it to the athlete's browsers too (docs/notifications.md#the-trial-reminder).
func trialReminderSender(mailer mail.Sender, svc *notify.Service, publicURL string) func(context.Context, billing.TrialReminder) error {
	return func(ctx context.Context, r billing.TrialReminder) error {
		date := r.ChargeOn.Format("Mon 2 Jan 2006")
		plan := strings.ToUpper(r.Tier[:1]) + r.Tier[1:]
		if mailer != nil {
			err := mailer.Send(ctx, mail.Message{To: r.Email, Subject: "Your free trial ends on " + date,
				Body: fmt.Sprintf("Hi %s,\n\nYour free trial of %s ends on %s. %s will be charged on %s unless you cancel before, "+
					"then %s every %s.\n\nTo cancel, one click: %s/subscription#cancel\n\nKeep training,\nHYROX Training Hub\n",
					r.Username, plan, date, r.Amount(), date, r.Amount(), r.Interval, publicURL)})
			if err != nil {
				return err
			}
		}
		_, err := svc.Notify(ctx, r.UserID, notify.TrialEnding, notify.Message{Title: "Your free trial ends on " + date,
			Body: r.Amount() + " will be charged on " + date + " unless you cancel before.", URL: "/subscription#cancel", Tag: "trial"})
		return err
	}
}

// plannedSessions names athletes' sessions of a day that are still to do
// (docs/notifications.md#session-reminders).
func plannedSessions(svc *training.Service) notify.SessionsOn { return svc.PlannedTitles }

// emailFallback e-mails a notification no browser took (push where
// granted, e-mail otherwise: docs/notifications.md#kinds).
func emailFallback(mailer mail.Sender, users *auth.Service, publicURL string) notify.Fallback {
	return func(ctx context.Context, userID int64, m notify.Message) error {
		if mailer == nil {
			return nil
		}
		email, username, err := users.BillingContact(ctx, userID)
		if err != nil {
			return err
		}
		return mailer.Send(ctx, mail.Message{To: email, Subject: m.Title,
			Body: "Hi " + username + ",\n\n" + m.Body + "\n\nOpen it: " + publicURL + m.URL +
				"\n\nYou get this e-mail because you switched these reminders on. Change that in your profile: " + publicURL + "/profile#notifications\n"})
	}
}
