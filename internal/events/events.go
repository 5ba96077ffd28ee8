// Package events carries small messages to every instance of the app: in
// process on SQLite (one instance), and between instances by PostgreSQL
// LISTEN/NOTIFY on a dedicated connection that reconnects by itself.
// Session evictions use it (docs/sessions.md).
package events

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgxlisten"

	"hyrox/internal/db"
)

// Subscriber receives the messages of one channel.
type Subscriber interface {
	// Deliver is a message published on any instance, this one included
	// (on PostgreSQL it may come twice: at once here, then by NOTIFY).
	Deliver(payload string)
	// Listening tells whether messages from other instances arrive: false
	// when the listening connection is lost (messages may be missed from
	// then on), true once it listens again.
	Listening(ok bool)
}

// Bus publishes and delivers messages. The zero value is not usable: see New.
type Bus struct {
	db     *db.DB // PostgreSQL: where NOTIFY goes; nil in process
	url    string
	logger *slog.Logger

	mu   sync.Mutex
	subs map[string][]Subscriber
}

// New returns the bus for d: LISTEN/NOTIFY on PostgreSQL (url is its
// DATABASE_URL; Run listens), in process on SQLite.
func New(d *db.DB, url string, logger *slog.Logger) *Bus {
	b := &Bus{url: url, logger: logger, subs: map[string][]Subscriber{}}
	if d.Dialect == db.Postgres {
		b.db = d
	}
	return b
}

// Subscribe registers s for channel; call it before Run.
func (b *Bus) Subscribe(channel string, s Subscriber) {
	b.mu.Lock()
	b.subs[channel] = append(b.subs[channel], s)
	b.mu.Unlock()
	if b.db == nil {
		s.Listening(true) // one process: nothing can be missed
	}
}

// Publish delivers payload to this instance's subscribers at once and, on
// PostgreSQL, to every instance's by NOTIFY.
func (b *Bus) Publish(ctx context.Context, channel, payload string) error {
	b.deliver(channel, payload)
	if b.db == nil {
		return nil
	}
	_, err := b.db.Exec(ctx, `SELECT pg_notify(?, ?)`, channel, payload)
	return err
}

func (b *Bus) deliver(channel, payload string) {
	for _, s := range b.subscribers(channel) {
		s.Deliver(payload)
	}
}

func (b *Bus) subscribers(channel string) []Subscriber {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Subscriber(nil), b.subs[channel]...)
}

func (b *Bus) listening(ok bool) {
	b.mu.Lock()
	var all []Subscriber
	for _, subs := range b.subs {
		all = append(all, subs...)
	}
	b.mu.Unlock()
	for _, s := range all {
		s.Listening(ok)
	}
}

// ReconnectDelay is the wait before the listener connects again.
const ReconnectDelay = time.Second

// Run listens for other instances' messages until ctx ends (PostgreSQL;
// in process it returns at once).
func (b *Bus) Run(ctx context.Context) {
	if b.db == nil {
		return
	}
	l := &pgxlisten.Listener{
		Connect: func(ctx context.Context) (*pgx.Conn, error) { return pgx.Connect(ctx, b.url) },
		LogError: func(ctx context.Context, err error) {
			b.listening(false)
			if ctx.Err() == nil {
				b.logger.Warn("events: listening connection lost, reconnecting", "err", err)
			}
		},
		ReconnectDelay: ReconnectDelay,
	}
	b.mu.Lock()
	for channel := range b.subs {
		l.Handle(channel, handler{b})
	}
	b.mu.Unlock()
	if err := l.Listen(ctx); err != nil && !errors.Is(err, context.Canceled) {
		b.logger.Error("events: listener stopped", "err", err)
	}
}

// handler dispatches NOTIFY messages; its HandleBacklog runs each time the
// listener has (re)connected and listens.
type handler struct{ b *Bus }

func (h handler) HandleNotification(_ context.Context, n *pgconn.Notification, _ *pgx.Conn) error {
	h.b.deliver(n.Channel, n.Payload)
	return nil
}

func (h handler) HandleBacklog(_ context.Context, channel string, _ *pgx.Conn) error {
	for _, s := range h.b.subscribers(channel) {
		s.Listening(true)
	}
	return nil
}
