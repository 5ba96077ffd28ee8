package events_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/events"
)

// recorder is a subscriber that keeps what it got.
type recorder struct {
	mu        sync.Mutex
	got       []string
	listening []bool
}

func (r *recorder) Deliver(p string) { r.mu.Lock(); r.got = append(r.got, p); r.mu.Unlock() }
func (r *recorder) Listening(ok bool) {
	r.mu.Lock()
	r.listening = append(r.listening, ok)
	r.mu.Unlock()
}

func (r *recorder) has(p string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, g := range r.got {
		if g == p {
			return true
		}
	}
	return false
}

func (r *recorder) lastListening() (ok, known bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.listening) == 0 {
		return false, false
	}
	return r.listening[len(r.listening)-1], true
}

func eventually(t *testing.T, what string, check func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !check() {
		if time.Now().After(deadline) {
			t.Fatal(what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestInProcessDeliversAtOnce(t *testing.T) {
	d := dbtest.OpenSQLite(t)
	bus := events.New(d, "", slog.Default())
	var r recorder
	bus.Subscribe("ch", &r)
	if ok, _ := r.lastListening(); !ok {
		t.Fatal("an in-process subscriber listens from the start")
	}
	if err := bus.Publish(context.Background(), "ch", "hello"); err != nil {
		t.Fatal(err)
	}
	if !r.has("hello") {
		t.Fatal("not delivered")
	}
	bus.Run(context.Background()) // returns at once in process
}

// Two buses on one PostgreSQL database are two instances: a message
// published on one reaches the other, also after the listening connection
// was cut (it reconnects, and says it missed messages meanwhile).
func TestPostgresReachesTheOtherInstanceAndReconnects(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL: set TEST_DATABASE_URL")
	}
	url := dbtest.PostgresURL(t)
	app := fmt.Sprintf("hyrox_events_test_%d", time.Now().UnixNano())
	listenURL := url + "&application_name=" + app
	d, err := db.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()

	channel := "test_" + app
	receiver, sender := events.New(d, listenURL, slog.Default()), events.New(d, url, slog.Default())
	var r recorder
	receiver.Subscribe(channel, &r)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { receiver.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	eventually(t, "the receiver never listened", func() bool { ok, _ := r.lastListening(); return ok })
	if err := sender.Publish(context.Background(), channel, "one"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the other instance did not get the message", func() bool { return r.has("one") })

	if _, err := d.Exec(context.Background(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?`, app); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the lost connection was not reported", func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, l := range r.listening {
			if !l {
				return true
			}
		}
		return false
	})
	eventually(t, "the receiver did not listen again", func() bool { ok, _ := r.lastListening(); return ok })
	if err := sender.Publish(context.Background(), channel, "two"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "no message after the reconnection", func() bool { return r.has("two") })
}
