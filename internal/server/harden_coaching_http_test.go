package server_test

import (
	"fmt"
	"strings"
	"testing"

	"hyrox/internal/server/servertest"
)

// Low: an answered question takes no second answer (409) and the asker gets
// exactly one e-mail.
func TestHardenAnsweredQuestionRefusesASecondAnswer(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		coach, coach2, asker := newCoach(t, e), newCoach(t, e), e.NewUser()
		var q question
		asker.Do("POST", "/api/coaching/questions", map[string]string{"body": "Sled push technique?"}).Want(201).JSON(&q)
		path := fmt.Sprintf("/api/coaching/questions/%d/answers", q.ID)
		coach.Do("POST", path, map[string]string{"body": "Low hips, short steps."}).Want(201)
		for _, c := range []*servertest.Client{coach, coach2} {
			res := c.Do("POST", path, map[string]string{"body": "Another answer."}).Want(409)
			if res.Message() != "This question has already been answered." {
				t.Fatalf("second answer: %q", res.Message())
			}
		}
		var mine []question
		asker.Do("GET", "/api/coaching/questions", nil).Want(200).JSON(&mine)
		if len(mine) != 1 || len(mine[0].Answers) != 1 || mine[0].Answers[0].Body != "Low hips, short steps." {
			t.Fatalf("answers: %+v", mine)
		}
		if n := strings.Count(e.Logs(), "A coach answered your question"); n != 1 {
			t.Fatalf("%d answer e-mails, want 1", n)
		}
	})
}

// Low: an asker has at most 3 open questions, and the queue takes every
// asker's first open question before anyone's second, so a few pro accounts
// cannot push a new question out of the coaches' view.
func TestHardenAskACoachCapsOpenQuestionsAndKeepsTheQueueFair(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		coach := newCoach(t, e)
		pros := []*servertest.Client{e.NewUserWithTier("pro"), e.NewUserWithTier("pro"), e.NewUserWithTier("pro")}
		refused := 0
		for i := range 5 { // under the rate limit of 10 a minute
			for j, p := range pros {
				res := p.Do("POST", "/api/coaching/questions", map[string]string{"body": fmt.Sprintf("Pro %d question %d", j, i)})
				switch res.Status {
				case 201:
				case 409:
					refused++
					if res.Message() != "You have 3 questions waiting for a coach. You can ask another once one is answered." {
						t.Fatalf("cap message: %q", res.Message())
					}
				default:
					t.Fatalf("ask: %d %s", res.Status, res.Body)
				}
			}
		}
		if refused != 3*2 {
			t.Fatalf("%d questions refused, want %d", refused, 3*2)
		}
		basic := e.NewUserWithTier("basic")
		basic.Do("POST", "/api/coaching/questions", map[string]string{"body": "A new question"}).Want(201)
		qs := queue(t, coach)
		var order []string
		for _, q := range qs {
			order = append(order, q.Body)
		}
		// Round one (every asker's oldest, priority first), then round two...
		want := "Pro 0 question 0|Pro 1 question 0|Pro 2 question 0|A new question|" +
			"Pro 0 question 1|Pro 1 question 1|Pro 2 question 1|Pro 0 question 2|Pro 1 question 2|Pro 2 question 2"
		if got := strings.Join(order, "|"); got != want {
			t.Fatalf("queue\n %s\nwant\n %s", got, want)
		}
		// An answer frees a place.
		coach.Do("POST", fmt.Sprintf("/api/coaching/questions/%d/answers", qs[0].ID), map[string]string{"body": "Answered."}).Want(201)
		pros[0].Do("POST", "/api/coaching/questions", map[string]string{"body": "Pro 0 again"}).Want(201)
		pros[0].Do("POST", "/api/coaching/questions", map[string]string{"body": "Pro 0 once more"}).Want(409)
	})
}

// Info: messages and questions made only of invisible characters are
// refused, as community posts are (one shared rule).
func TestHardenCoachingRefusesInvisibleText(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		thread, _ := coachedThread(t, e, athlete)
		for _, body := range []string{"\u200b\u200b", "\u2800", "\u3164 \u200d", "\u0301\u0301"} {
			if msg := athlete.Do("POST", fmt.Sprintf("/api/coaching/threads/%d/messages", thread), map[string]string{"body": body}).Want(400).FieldError("body"); msg != "Write a message before sending." {
				t.Errorf("message %q: %q", body, msg)
			}
			if msg := athlete.Do("POST", "/api/coaching/questions", map[string]string{"body": body}).Want(400).FieldError("body"); msg != "Write your question first." {
				t.Errorf("question %q: %q", body, msg)
			}
			athlete.Do("POST", "/api/community/posts", map[string]string{"content": body}).Want(400)
		}
		var mine []question
		athlete.Do("GET", "/api/coaching/questions", nil).Want(200).JSON(&mine)
		if len(mine) != 0 {
			t.Fatalf("invisible questions were stored: %+v", mine)
		}
	})
}

// Info: 'Local' (the server's own zone) is refused by the profile as by
// booking, with one message.
func TestHardenCoachTimeZoneLocalIsRefused(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		coach := newCoach(t, e)
		want := "'Local' is not a time zone name: enter your zone, such as Europe/London."
		res := coach.Do("PUT", "/api/coaching/profile", map[string]any{"name": "Sam", "timeZone": "Local"}).Want(400)
		if got := res.FieldError("timeZone"); got != want {
			t.Fatalf("profile: %q", got)
		}
		athlete := e.NewUser()
		_, own := coachedThread(t, e, athlete)
		res = athlete.Do("POST", "/api/coaching/sessions", map[string]any{"coachId": own.User.ID, "start": "2026-03-10T10:00:00Z", "minutes": 30, "timeZone": "Local"}).Want(400)
		if got := res.FieldError("timeZone"); got != want {
			t.Fatalf("booking: %q", got)
		}
	})
}
