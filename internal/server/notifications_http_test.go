package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/notify/pushtest"
	"hyrox/internal/server/servertest"
)

type notificationSettings struct {
	Kinds []struct {
		Kind    string `json:"kind"`
		Enabled bool   `json:"enabled"`
		Always  bool   `json:"always"`
	} `json:"kinds"`
	PublicKey string `json:"publicKey"`
	Devices   int    `json:"devices"`
}

func (s notificationSettings) enabled(kind string) bool {
	for _, k := range s.Kinds {
		if k.Kind == kind {
			return k.Enabled
		}
	}
	return false
}

// withPush runs fn on both databases with a local push service the server
// may send to (PUSH_HOSTS).
func withPush(t *testing.T, fn func(t *testing.T, e *servertest.Env, push *pushtest.Service)) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			url := dbtest.SQLiteURL(t)
			if name == "postgres" {
				url = dbtest.PostgresURL(t)
			}
			e := servertest.Start(t, url, "PUSH_HOSTS", "127.0.0.1")
			if err := e.App.StartJobsUnscheduled(context.Background()); err != nil { // pushes go out as jobs
				t.Fatal(err)
			}
			fn(t, e, pushtest.New(t))
		})
	}
}

// Push notifications (docs/notifications.md): a browser subscribes, the
// athlete opts into coach messages, and their coach's message arrives
// encrypted for that browser alone and signed with the server's key; the
// sender is not told of their own message; a kind left off sends nothing; a
// subscription the push service says is gone is removed.
func TestPushNotifications(t *testing.T) {
	withPush(t, func(t *testing.T, e *servertest.Env, push *pushtest.Service) {
		athlete := e.NewUser()
		threadID, coach := coachedThread(t, e, athlete)

		var s notificationSettings
		athlete.Do("GET", "/api/notifications", nil).Want(200).JSON(&s)
		if s.PublicKey == "" || s.Devices != 0 || s.enabled("coach_messages") || !s.enabled("trial_ending") {
			t.Fatalf("first settings: %+v", s)
		}
		browser := push.Subscribe()
		athlete.Do("POST", "/api/push/subscriptions", browser).Want(201).JSON(&s)
		coachBrowser := push.Subscribe()
		coach.Do("POST", "/api/push/subscriptions", coachBrowser).Want(201)
		coach.Do("PUT", "/api/notifications", map[string]any{"kinds": map[string]bool{"coach_messages": true}}).Want(200)

		// Off by default: the coach's message sends nothing yet.
		path := fmt.Sprintf("/api/coaching/threads/%d/messages", threadID)
		coach.Do("POST", path, map[string]string{"body": "Before opting in"}).Want(201)
		if p, err := push.Next(300 * time.Millisecond); err == nil {
			t.Fatalf("a push before opting in: %s", p.Payload)
		}

		athlete.Do("PUT", "/api/notifications", map[string]any{"kinds": map[string]bool{"coach_messages": true}}).Want(200).JSON(&s)
		if !s.enabled("coach_messages") || s.Devices != 1 {
			t.Fatalf("after opting in: %+v", s)
		}
		coach.Do("POST", path, map[string]string{"body": "Tempo run moved to Thursday."}).Want(201)
		p, err := push.Next(3 * time.Second)
		if err != nil {
			t.Fatal(err)
		}
		var m struct{ Title, Body, URL, Tag string }
		if err := json.Unmarshal(p.Payload, &m); err != nil {
			t.Fatalf("payload %q: %v", p.Payload, err)
		}
		if p.Endpoint != browser.Endpoint || p.VAPIDKey != s.PublicKey || !strings.HasPrefix(m.Title, "New message from ") ||
			m.Body != "Tempo run moved to Thursday." || m.URL != "/coaching" {
			t.Fatalf("push %+v, message %+v", p, m)
		}
		if p2, err := push.Next(300 * time.Millisecond); err == nil {
			t.Fatalf("the sender was told of their own message: %+v", p2)
		}

		// The browser unsubscribed at the push service: the next push removes it.
		push.Gone(browser.Endpoint)
		coach.Do("POST", path, map[string]string{"body": "Still there?"}).Want(201)
		deadline := time.Now().Add(3 * time.Second)
		for {
			athlete.Do("GET", "/api/notifications", nil).Want(200).JSON(&s)
			if s.Devices == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the gone subscription was kept")
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}

// A push service that fails does not lose the notification: the push is a
// job queued with the message's transaction, tried again with the queue's
// backoff until the service takes it (docs/notifications.md#when-they-are-sent).
func TestPushIsRetriedWhileThePushServiceFails(t *testing.T) {
	withPush(t, func(t *testing.T, e *servertest.Env, push *pushtest.Service) {
		athlete := e.NewUser()
		threadID, coach := coachedThread(t, e, athlete)
		browser := push.Subscribe()
		athlete.Do("POST", "/api/push/subscriptions", browser).Want(201)
		athlete.Do("PUT", "/api/notifications", map[string]any{"kinds": map[string]bool{"coach_messages": true}}).Want(200)

		push.Fail(browser.Endpoint, 1)
		coach.Do("POST", fmt.Sprintf("/api/coaching/threads/%d/messages", threadID), map[string]string{"body": "Sleds on Friday."}).Want(201)
		p, err := push.Next(15 * time.Second)
		if err != nil {
			t.Fatalf("the push was not tried again after the push service failed: %v", err)
		}
		var m struct{ Body string }
		if err := json.Unmarshal(p.Payload, &m); err != nil || m.Body != "Sleds on Friday." {
			t.Fatalf("payload %q (%v)", p.Payload, err)
		}
		var s notificationSettings
		athlete.Do("GET", "/api/notifications", nil).Want(200).JSON(&s)
		if s.Devices != 1 {
			t.Fatalf("a failing push service removed the browser: %+v", s)
		}
	})
}

// Bad input changes nothing: an endpoint that is not a push service (the
// server must not POST wherever a user says), broken keys, an unknown kind,
// and removing a subscription that is not the caller's.
func TestPushBadInput(t *testing.T) {
	withPush(t, func(t *testing.T, e *servertest.Env, push *pushtest.Service) {
		ana, ben := e.NewUser(), e.NewUser()
		good := push.Subscribe()
		bad := good
		bad.Endpoint = "https://169.254.169.254/latest/meta-data"
		if msg := ana.Do("POST", "/api/push/subscriptions", bad).Want(400).FieldError("endpoint"); msg != "This browser's push service is not one we send to." {
			t.Fatalf("endpoint: %q", msg)
		}
		bad = good
		bad.Keys.P256dh = "bm90IGEga2V5"
		ana.Do("POST", "/api/push/subscriptions", bad).Want(400).FieldError("keys")
		if msg := ana.Do("PUT", "/api/notifications", map[string]any{"kinds": map[string]bool{"everything": true}}).Want(400).FieldError("kinds"); !strings.Contains(msg, "everything") {
			t.Fatalf("kind: %q", msg)
		}
		var s notificationSettings
		ana.Do("GET", "/api/notifications", nil).Want(200).JSON(&s)
		if s.Devices != 0 || s.enabled("coach_messages") {
			t.Fatalf("bad input changed something: %+v", s)
		}
		ana.Do("POST", "/api/push/subscriptions", good).Want(201)
		ben.Do("DELETE", "/api/push/subscriptions", map[string]string{"endpoint": good.Endpoint}).Want(404)
		ana.Do("GET", "/api/notifications", nil).Want(200).JSON(&s)
		if s.Devices != 1 {
			t.Fatalf("another user removed ana's browser: %+v", s)
		}
		ana.Do("DELETE", "/api/push/subscriptions", map[string]string{"endpoint": good.Endpoint}).Want(200).JSON(&s)
		if s.Devices != 0 {
			t.Fatalf("after removing: %+v", s)
		}
	})
}
