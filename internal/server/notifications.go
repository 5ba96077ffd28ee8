package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"time"

	"hyrox/internal/live"
	"hyrox/internal/notify"
)

// pushOnEvents turns the live events users are told of into push
// notifications for those of them who opted in (docs/notifications.md#kinds):
// the author of a change is not told of it. Each runs after its transaction
// committed, on the instance that published it, at most pushWorkers at a
// time; one that finds every worker busy is dropped and logged (the event
// still reached the open pages).
func pushOnEvents(outbox *live.Outbox, svc *notify.Service, logger *slog.Logger) {
	const pushWorkers = 16
	slots := make(chan struct{}, pushWorkers)
	outbox.AfterCommit(func(ev live.Published) {
		kind, msg, author, ok := notificationOf(ev)
		if !ok {
			return
		}
		select {
		case slots <- struct{}{}:
		default:
			logger.Warn("notify: push dropped, every worker busy", "event", ev.Name)
			return
		}
		go func() {
			defer func() { <-slots }()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			for _, u := range ev.Users {
				if u == author {
					continue
				}
				if _, err := svc.Notify(ctx, u, kind, msg); err != nil {
					logger.Warn("notify: push failed", "event", ev.Name, "user", u, "err", err)
				}
			}
		}()
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
