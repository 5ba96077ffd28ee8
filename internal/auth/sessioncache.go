package auth

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"
)

// docs/sessions.md: a signed-in request may use a session lookup cached in
// the instance for at most 2 s (less with SESSION_CACHE_MS); logout, password
// change or reset, account deletion and tier changes evict it at once on
// every instance.
const sessionCacheTTL = 2 * time.Second

// SessionEvictions is the bus channel of session evictions.
const SessionEvictions = "session_evictions"

// SessionBus carries session evictions to every instance (internal/events).
type SessionBus interface {
	Publish(ctx context.Context, channel, payload string) error
}

// SessionCache keeps session lookups for its ttl (2 s). Its Deliver and
// Listening make it the bus's subscriber of SessionEvictions.
type SessionCache struct {
	bus   SessionBus
	clock func() time.Time // real time: the 2 s are wall-clock seconds, whatever the app's clock
	ttl   time.Duration

	mu        sync.Mutex
	cur, prev map[string]cachedSession // by token hash; cur becomes prev every TTL
	swapped   time.Time
	evictions uint64 // counts evictions: a lookup that began before one is not stored
	listening bool   // evictions from other instances arrive: caching is safe
}

type cachedSession struct {
	row sessionRow
	at  time.Time
}

// CacheSessions turns the session lookup cache on; bus carries evictions to
// every instance. Subscribe the returned cache to the bus's SessionEvictions.
func (s *Service) CacheSessions(bus SessionBus) *SessionCache {
	s.cache = &SessionCache{bus: bus, clock: time.Now, ttl: sessionCacheTTL, cur: map[string]cachedSession{}, prev: map[string]cachedSession{}}
	return s.cache
}

// For keeps lookups for ttl instead, when that is shorter than the 2 s.
func (c *SessionCache) For(ttl time.Duration) *SessionCache {
	if ttl > 0 && ttl < sessionCacheTTL {
		c.ttl = ttl
	}
	return c
}

// get returns a cached lookup younger than the TTL and the eviction count
// to hand to put after a database lookup.
func (c *SessionCache) get(hash string) (sessionRow, bool, uint64) {
	if c == nil {
		return sessionRow{}, false, 0
	}
	now := c.clock()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.listening {
		return sessionRow{}, false, c.evictions
	}
	e, ok := c.cur[hash]
	if !ok {
		e, ok = c.prev[hash]
	}
	if !ok || now.Sub(e.at) >= c.ttl || now.Before(e.at) {
		return sessionRow{}, false, c.evictions
	}
	return e.row, true, c.evictions
}

// put stores a lookup made after get returned evictions, unless an
// eviction came in between (the row may predate the change it announced).
func (c *SessionCache) put(hash string, row sessionRow, evictions uint64) {
	if c == nil {
		return
	}
	now := c.clock()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.listening || c.evictions != evictions {
		return
	}
	if now.Sub(c.swapped) >= c.ttl {
		// Everything in prev is older than the TTL: drop it, so the cache
		// holds at most two TTLs of sessions.
		c.prev, c.cur, c.swapped = c.cur, make(map[string]cachedSession, len(c.cur)), now
	}
	c.cur[hash] = cachedSession{row: row, at: now}
}

// Deliver applies an eviction published by any instance: "t:<token hash>"
// or "u:<user id>".
func (c *SessionCache) Deliver(payload string) {
	kind, key, _ := strings.Cut(payload, ":")
	c.mu.Lock()
	defer c.mu.Unlock()
	c.evictions++
	switch kind {
	case "t":
		delete(c.cur, key)
		delete(c.prev, key)
	case "u":
		id, err := strconv.ParseInt(key, 10, 64)
		if err != nil {
			c.clear()
			return
		}
		for _, m := range []map[string]cachedSession{c.cur, c.prev} {
			for h, e := range m {
				if e.row.identity.UserID == id {
					delete(m, h)
				}
			}
		}
	default:
		c.clear()
	}
}

// Listening turns caching off while evictions may be missed, and drops
// everything when they arrive again (some may have been missed).
func (c *SessionCache) Listening(ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.listening = ok
	c.evictions++
	c.clear()
}

func (c *SessionCache) clear() {
	clear(c.cur)
	clear(c.prev)
}

// evictToken and evictUser end cached lookups on every instance after a
// change to sessions or users is committed. A failed publish is logged: the
// other instances then see the change within the TTL.
func (s *Service) evictToken(ctx context.Context, token string) {
	s.evict(ctx, "t:"+hashToken(token))
}

func (s *Service) evictUser(ctx context.Context, userID int64) {
	s.evict(ctx, "u:"+strconv.FormatInt(userID, 10))
}

func (s *Service) evict(ctx context.Context, payload string) {
	if s.cache == nil {
		return
	}
	// Publish evicts on this instance at once, even when it fails to reach the others.
	if err := s.cache.bus.Publish(ctx, SessionEvictions, payload); err != nil {
		s.log().Warn("session eviction not published: other instances see the change within 2 s", "err", err)
	}
}

// EvictionListener hears of every session eviction on any instance: the
// live streams end with their session (docs/security.md#live-streams).
type EvictionListener interface {
	// SessionEvicted names one session (its token hash) or every session
	// of a user (userID); either may have ended.
	SessionEvicted(tokenHash string, userID int64)
	// AllSessionsEvicted: any session may have ended (evictions may have
	// been missed while the bus was away).
	AllSessionsEvicted()
}

// EvictionRelay passes the bus's SessionEvictions on to an EvictionListener;
// subscribe it beside the SessionCache.
type EvictionRelay struct{ L EvictionListener }

// Deliver passes on one eviction ("t:<token hash>" or "u:<user id>").
func (r EvictionRelay) Deliver(payload string) {
	kind, key, _ := strings.Cut(payload, ":")
	switch kind {
	case "t":
		r.L.SessionEvicted(key, 0)
		return
	case "u":
		if id, err := strconv.ParseInt(key, 10, 64); err == nil {
			r.L.SessionEvicted("", id)
			return
		}
	}
	r.L.AllSessionsEvicted()
}

// Listening passes on a bus that listens again: evictions may have been missed.
func (r EvictionRelay) Listening(ok bool) {
	if ok {
		r.L.AllSessionsEvicted()
	}
}
