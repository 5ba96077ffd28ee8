package live_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/live"
)

// The outbox on both databases (docs/live.md): an event is published with
// the transaction of its change (never for one that rolled back), once per
// user named, in order, and events older than live.Keep go.
func TestOutbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ana := dbtest.NewUser(t, d, "ana", "basic")
		ben := dbtest.NewUser(t, d, "ben", "basic")
		now := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
		outbox := live.NewOutbox(nil, nil, func() time.Time { return now })
		store := live.NewStore(d)

		rollback := errors.New("rolled back")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := outbox.Publish(ctx, tx, "booking", map[string]int{"sessionId": 1}, ana, ben); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatal(err)
		}
		if n, _ := store.Latest(ctx, ana); n != 0 {
			t.Fatalf("a rolled-back change published event %d", n)
		}

		for _, data := range []string{"first", "second"} {
			if err := d.InTx(ctx, func(tx *db.Tx) error {
				return outbox.Publish(ctx, tx, "message", map[string]string{"body": data}, ana, ben, ana)
			}); err != nil {
				t.Fatal(err)
			}
		}
		evs, err := store.After(ctx, ana, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 2 || string(evs[0].Data) != `{"body":"first"}` || string(evs[1].Data) != `{"body":"second"}` ||
			evs[0].Name != "message" || evs[0].ID >= evs[1].ID {
			t.Fatalf("ana's events: %+v", evs)
		}
		if rest, _ := store.After(ctx, ana, evs[0].ID, 10); len(rest) != 1 || rest[0].ID != evs[1].ID {
			t.Fatalf("after the first: %+v", rest)
		}
		if latest, _ := store.Latest(ctx, ben); latest <= evs[0].ID {
			t.Fatalf("ben's latest %d", latest)
		}

		// A week and a day later, the next event takes the old ones with it.
		now = now.Add(live.Keep + 24*time.Hour)
		if err := d.InTx(ctx, func(tx *db.Tx) error { return outbox.Publish(ctx, tx, "answer", map[string]int{"questionId": 7}, ana) }); err != nil {
			t.Fatal(err)
		}
		if evs, _ := store.After(ctx, ana, 0, 10); len(evs) != 1 || evs[0].Name != "answer" {
			t.Fatalf("after a week: %+v", evs)
		}
	})
}
