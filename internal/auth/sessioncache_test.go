package auth

import (
	"context"
	"testing"
	"time"

	"hyrox/internal/httpx"
)

// localBus delivers to one cache, as the in-process bus does.
type localBus struct{ to *SessionCache }

func (b *localBus) Publish(_ context.Context, _, payload string) error {
	b.to.Deliver(payload)
	return nil
}

func newTestCache(now *time.Time) (*Service, *SessionCache) {
	s := &Service{}
	bus := &localBus{}
	c := s.CacheSessions(bus)
	bus.to = c
	c.clock = func() time.Time { return *now }
	c.Listening(true)
	return s, c
}

func TestSessionCacheKeepsALookupForTwoSecondsAtMost(t *testing.T) {
	now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	_, c := newTestCache(&now)
	row := sessionRow{identity: httpx.Identity{UserID: 7, Tier: "pro"}}
	_, ok, ev := c.get("h")
	if ok {
		t.Fatal("hit in an empty cache")
	}
	c.put("h", row, ev)
	now = now.Add(1999 * time.Millisecond)
	if got, ok, _ := c.get("h"); !ok || got.identity != row.identity {
		t.Fatalf("after 1.999 s: %v %+v", ok, got)
	}
	now = now.Add(time.Millisecond)
	if _, ok, _ := c.get("h"); ok {
		t.Fatal("a lookup served after 2 s")
	}
	// Entries older than the TTL leave the maps as new ones come in.
	c.put("other", row, ev)
	now = now.Add(2 * time.Second)
	c.put("third", row, ev)
	if _, ok := c.prev["h"]; ok {
		t.Fatal("an entry 4 s old is still held")
	}
}

// SESSION_CACHE_MS shortens the hold, never lengthens it past 2 s.
func TestSessionCacheForAShorterTime(t *testing.T) {
	now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	_, c := newTestCache(&now)
	c.For(200 * time.Millisecond)
	_, _, ev := c.get("h")
	c.put("h", sessionRow{}, ev)
	now = now.Add(199 * time.Millisecond)
	if _, ok, _ := c.get("h"); !ok {
		t.Fatal("not kept for 199 ms")
	}
	now = now.Add(time.Millisecond)
	if _, ok, _ := c.get("h"); ok {
		t.Fatal("kept past 200 ms")
	}
	if c.For(5*time.Second).ttl != 200*time.Millisecond || c.For(0).ttl != 200*time.Millisecond {
		t.Fatal("a hold of 5 s or 0 was taken")
	}
}

func TestSessionCacheEvictions(t *testing.T) {
	now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	s, c := newTestCache(&now)
	ana := sessionRow{identity: httpx.Identity{UserID: 1}}
	bo := sessionRow{identity: httpx.Identity{UserID: 2}}
	fill := func() {
		for h, r := range map[string]sessionRow{hashToken("ana1"): ana, hashToken("ana2"): ana, hashToken("bo"): bo} {
			_, _, ev := c.get(h)
			c.put(h, r, ev)
		}
	}
	cached := func(token string) bool { _, ok, _ := c.get(hashToken(token)); return ok }

	fill()
	s.evictToken(context.Background(), "ana1")
	if cached("ana1") || !cached("ana2") || !cached("bo") {
		t.Fatal("a token eviction must drop that session only")
	}
	fill()
	s.evictUser(context.Background(), 1)
	if cached("ana1") || cached("ana2") || !cached("bo") {
		t.Fatal("a user eviction must drop every session of that user only")
	}

	// A lookup that began before an eviction is not stored: it may have read
	// the row from before the change.
	_, _, ev := c.get("late")
	s.evictUser(context.Background(), 2)
	c.put("late", bo, ev)
	if _, ok, _ := c.get("late"); ok {
		t.Fatal("a lookup older than an eviction was cached")
	}

	// While evictions may be missed (the listener lost its connection) nothing is cached.
	fill()
	c.Listening(false)
	_, _, ev = c.get("x")
	c.put("x", bo, ev)
	if cached("bo") || cached("x") {
		t.Fatal("cached while not listening")
	}
}
