package live

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/events"
)

// The live outbox (docs/live.md): an area publishes an event for some users
// in the transaction of the change it announces, so an event is never sent
// for a change that rolled back, and never lost for one that committed.
// Events have their own sequence, the stream's event ids; a reconnecting
// browser resumes after the last one it saw.

// Channel is the events channel that wakes, on every instance, the streams
// of the users an event was published for.
const Channel = "live_events"

// Keep is how long an event stays to be resumed from: a browser away for
// longer reloads what it shows instead.
const Keep = 7 * 24 * time.Hour

// wakeNotice is what travels on Channel.
type wakeNotice struct {
	Users []int64 `json:"users"`
}

// Outbox publishes events. A nil *Outbox publishes nothing (areas' unit
// tests that do not test live updates need none).
type Outbox struct {
	bus   *events.Bus
	hub   *Hub
	clock func() time.Time
	// inTx hear of each event in its transaction (notifications queue their
	// pushes there: internal/notify).
	inTx []func(context.Context, *db.Tx, Published) error
}

// Published is an event as its transaction committed it.
type Published struct {
	Name  string
	Data  []byte
	Users []int64
}

// InTx adds fn to what hears of every published event, in the event's
// transaction: what fn writes commits, or rolls back, with the change.
func (o *Outbox) InTx(fn func(context.Context, *db.Tx, Published) error) { o.inTx = append(o.inTx, fn) }

// NewOutbox returns the outbox that wakes streams through bus (every
// instance), or straight through hub when bus is nil (one process).
func NewOutbox(bus *events.Bus, hub *Hub, clock func() time.Time) *Outbox {
	return &Outbox{bus: bus, hub: hub, clock: clock}
}

// Publish records the event name with data (JSON-encoded) for each of users
// in tx; their streams are woken once tx commits. Each user's events older
// than Keep go in the same step.
func (o *Outbox) Publish(ctx context.Context, tx *db.Tx, name string, data any, users ...int64) error {
	if o == nil || len(users) == 0 {
		return nil
	}
	payload, err := json.Marshal(data)
	if err != nil {
		return err
	}
	users = slices.Compact(slices.Sorted(slices.Values(users)))
	now := o.clock().UTC()
	for _, u := range users {
		if _, err := tx.Exec(ctx, `INSERT INTO live_events (user_id, name, data, created_at) VALUES (?, ?, ?, ?)`,
			u, name, string(payload), now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM live_events WHERE user_id = ? AND created_at < ?`, u, now.Add(-Keep)); err != nil {
			return err
		}
	}
	for _, fn := range o.inTx {
		if err := fn(ctx, tx, Published{Name: name, Data: payload, Users: users}); err != nil {
			return err
		}
	}
	tx.AfterCommit(func() { o.wake(users) })
	return nil
}

// wake tells every instance's streams of users to read. A lost wake-up
// costs only latency: streams read again when the bus reconnects.
func (o *Outbox) wake(users []int64) {
	if o.bus == nil {
		if o.hub != nil {
			o.hub.Wake(users...)
		}
		return
	}
	payload, _ := json.Marshal(wakeNotice{Users: users})
	_ = o.bus.Publish(context.Background(), Channel, string(payload))
}

// Relay passes the wake-ups of Channel to this instance's hub; subscribe
// it to Channel on the bus.
type Relay struct{ Hub *Hub }

// Deliver wakes the streams of the users a notice names.
func (r Relay) Deliver(payload string) {
	var n wakeNotice
	if json.Unmarshal([]byte(payload), &n) == nil {
		r.Hub.Wake(n.Users...)
	}
}

// Listening wakes every stream when the bus listens again: wake-ups may
// have been missed while it was away.
func (r Relay) Listening(ok bool) {
	if ok {
		r.Hub.WakeAll()
	}
}

// Store reads the outbox: the Source of every stream.
type Store struct{ db *db.DB }

// NewStore returns the outbox's reader on d.
func NewStore(d *db.DB) Store { return Store{db: d} }

// Latest is the newest event id of userID (0 when none).
func (s Store) Latest(ctx context.Context, userID int64) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM live_events WHERE user_id = ?`, userID).Scan(&id)
	return id, err
}

// After is up to limit events of userID after id, oldest first.
func (s Store) After(ctx context.Context, userID, after int64, limit int) ([]Event, error) {
	rows, err := s.db.Query(ctx, `SELECT id, name, data FROM live_events WHERE user_id = ? AND id > ? ORDER BY id LIMIT ?`,
		userID, after, limit)
	return db.Collect(rows, err, func(row db.Scanner) (e Event, err error) {
		var data string
		err = row.Scan(&e.ID, &e.Name, &data)
		e.Data = []byte(data)
		return e, err
	})
}
