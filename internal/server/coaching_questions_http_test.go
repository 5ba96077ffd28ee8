package server_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/mail/mailtest"
	"hyrox/internal/server/servertest"
)

type question struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Tier     string `json:"tier"`
	Priority bool   `json:"priority"`
	Body     string `json:"body"`
	Answered bool   `json:"answered"`
	Answers  []struct {
		Username string `json:"username"`
		Body     string `json:"body"`
	} `json:"answers"`
}

func queue(t *testing.T, coach *servertest.Client) []question {
	t.Helper()
	var qs []question
	coach.Do("GET", "/api/coaching/questions/queue", nil).Want(200).JSON(&qs)
	return qs
}

// Ask a Coach (docs/coaching.md#ask-a-coach): pro and elite questions come
// first, then the oldest; a coach's answer is marked and e-mails the asker.
func TestAskACoach(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		coach := newCoach(t, e)
		basic, pro, elite, basic2 := e.NewUserWithTier("basic"), e.NewUserWithTier("pro"), e.NewUserWithTier("elite"), e.NewUserWithTier("basic")
		ask := func(c *servertest.Client, body string) question {
			var q question
			c.Do("POST", "/api/coaching/questions", map[string]string{"body": body}).Want(201).JSON(&q)
			e.Clock.Advance(time.Minute)
			return q
		}
		first := ask(basic, "Basic asks first")
		ask(pro, "Pro asks second")
		ask(elite, "Elite asks third")
		ask(basic2, "Basic asks last")
		if first.Priority || first.Tier != "basic" {
			t.Fatalf("basic question: %+v", first)
		}
		var order []string
		for _, q := range queue(t, coach) {
			order = append(order, q.Body)
		}
		if want := "Pro asks second|Elite asks third|Basic asks first|Basic asks last"; strings.Join(order, "|") != want {
			t.Fatalf("queue %v, want %s", order, want)
		}

		// Athletes have no queue and cannot answer.
		for _, c := range []*servertest.Client{basic, elite} {
			if res := c.Do("GET", "/api/coaching/questions/queue", nil).Want(403); res.Message() != "Only coaches can do this." {
				t.Fatalf("athlete queue: %s", res.Body)
			}
			c.Do("POST", fmt.Sprintf("/api/coaching/questions/%d/answers", first.ID), map[string]string{"body": "I know!"}).Want(403)
		}
		// Bad input changes nothing.
		if msg := basic.Do("POST", "/api/coaching/questions", map[string]string{"body": strings.Repeat("q", 2001)}).Want(400).FieldError("body"); msg != "A question can be at most 2000 characters (this one has 2001)." {
			t.Fatalf("long question: %q", msg)
		}
		if msg := coach.Do("POST", fmt.Sprintf("/api/coaching/questions/%d/answers", first.ID), map[string]string{"body": "  "}).Want(400).FieldError("body"); msg != "Write your answer first." {
			t.Fatalf("blank answer: %q", msg)
		}
		coach.Do("POST", "/api/coaching/questions/999999/answers", map[string]string{"body": "Hello"}).Want(404)
		if n := len(queue(t, coach)); n != 4 {
			t.Fatalf("queue after bad input: %d", n)
		}

		// The coach answers: marked, off the queue, the asker sees it and is told.
		coach.Do("POST", fmt.Sprintf("/api/coaching/questions/%d/answers", first.ID), map[string]string{"body": "Short steps, low hips."}).Want(201)
		if n := len(queue(t, coach)); n != 3 {
			t.Fatalf("queue after answer: %d", n)
		}
		var mine []question
		basic.Do("GET", "/api/coaching/questions", nil).Want(200).JSON(&mine)
		if len(mine) != 1 || !mine[0].Answered || len(mine[0].Answers) != 1 || mine[0].Answers[0].Username != coach.User.Username {
			t.Fatalf("my questions: %+v", mine)
		}
		var others []question
		pro.Do("GET", "/api/coaching/questions", nil).Want(200).JSON(&others)
		if len(others) != 1 || others[0].Body != "Pro asks second" || others[0].Answered {
			t.Fatalf("pro sees only their own: %+v", others)
		}
		if logs := e.Logs(); !strings.Contains(logs, "A coach answered your question") || !strings.Contains(logs, basic.User.Email) {
			t.Fatalf("no answer e-mail in the log:\n%s", logs)
		}
	})
}

func TestAskACoachAnswerEmailOverSMTP(t *testing.T) {
	smtpd := mailtest.Start(t, mailtest.Options{})
	e := servertest.Start(t, dbtest.SQLiteURL(t), "SMTP_HOST", smtpd.Host, "SMTP_PORT", strconv.Itoa(smtpd.Port),
		"SMTP_FROM", "HYROX <no-reply@hyrox.test>", "PUBLIC_URL", "https://hyrox.example.com")
	coach, asker := newCoach(t, e), e.NewUser()
	var q question
	asker.Do("POST", "/api/coaching/questions", map[string]string{"body": "Wall balls?"}).Want(201).JSON(&q)
	coach.Do("POST", fmt.Sprintf("/api/coaching/questions/%d/answers", q.ID), map[string]string{"body": "Break them 15-10-10."}).Want(201)
	msg := smtpd.Wait(t, 10*time.Second)
	if len(msg.To) != 1 || msg.To[0] != asker.User.Email || msg.Header("Subject") != "A coach answered your question" {
		t.Fatalf("e-mail %+v", msg)
	}
	if body := msg.Body(); !strings.Contains(body, "Break them 15-10-10.") || !strings.Contains(body, "Wall balls?") {
		t.Fatalf("body:\n%s", body)
	}
}
