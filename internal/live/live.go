// Package live holds one instance's live streams to signed-in users
// (docs/security.md#live-streams). Streams are a bounded resource: a cap per
// user and one per instance, refused at once with 429 or 503 and
// Retry-After. Streams are grouped per user: a wake-up makes one read of the
// user's new events, shared by every stream of that user, and each stream
// ends with the session that opened it (logout, a password change,
// eviction on any instance, the session's end).
//
// Today coaching's messages are the only kind of event; the hub is per user
// so that later kinds can join the same stream.
package live

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"hyrox/internal/apperr"
)

// Event is one event of a user's stream; its id orders the stream and is
// what a reconnecting browser sends back as Last-Event-ID.
type Event struct {
	ID   int64
	Name string // the SSE event name, e.g. "message"
	Data []byte // JSON, one line
}

// Source is where a user's events come from.
type Source interface {
	// Latest is the newest event id of userID (0 when none): where a stream
	// without Last-Event-ID starts.
	Latest(ctx context.Context, userID int64) (int64, error)
	// After is up to limit events of userID after id, oldest first.
	After(ctx context.Context, userID, after int64, limit int) ([]Event, error)
}

// Sessions tells which sessions still stand (auth implements it).
type Sessions interface {
	// StandingSessions returns those of keys that still name a valid session.
	StandingSessions(ctx context.Context, keys []string) (map[string]bool, error)
}

// Session is the session a stream belongs to: Key names it (the token's
// hash) and Ends is when it ends at the latest.
type Session struct {
	Key  string
	Ends time.Time
}

// Limits bound the streams of one instance.
type Limits struct {
	PerUser int // streams one user may hold at once
	Total   int // streams the instance holds at once
}

// DefaultPerUser is a user's cap: a few tabs and a phone.
const DefaultPerUser = 4

// DefaultTotal is an instance's cap (LIVE_STREAMS): about 40 KB of memory
// and one file descriptor per stream.
const DefaultTotal = 2000

// RetryAfter is what a refused stream is told to wait, in seconds.
const RetryAfter = 30

// MaxAge is the longest a stream lives: then it ends and the browser
// reconnects, signing in again on the way, so even an eviction that never
// arrived cannot keep a stream alive longer than this.
const MaxAge = time.Hour

// pageSize is how many events one read takes; outSize how many a stream
// may have queued before it counts as too slow and ends (its browser
// reconnects and resumes from Last-Event-ID).
const (
	pageSize = 100
	outSize  = 2 * pageSize
)

// Hub is one instance's streams. The zero value is not usable: see NewHub.
type Hub struct {
	src      Source
	sessions Sessions
	limits   Limits
	clock    func() time.Time
	logger   *slog.Logger

	mu    sync.Mutex
	users map[int64]*user
	total int
	shut  bool
	// Session checks waiting for the checker goroutine (checking).
	pendingKeys  map[string]bool
	pendingUsers map[int64]bool
	pendingAll   bool
	checking     bool
	// Evictions of the last evictionMemory, by session key and by user: a
	// stream that joins just after one (its request identified the session
	// before it) is checked too.
	recentKeys  map[string]time.Time
	recentUsers map[int64]time.Time
	recentAll   time.Time

	reads    atomic.Int64 // the source reads made
	refusals atomic.Int64 // streams refused at a cap
}

// user is one user's streams and the goroutine that reads for them all.
type user struct {
	id      int64
	streams map[*Stream]struct{}
	wake    chan struct{} // one slot: many notices while reading become one more read
	gone    chan struct{} // closed when the last stream leaves
}

// Stream is one open stream.
type Stream struct {
	hub     *Hub
	user    *user
	session Session
	// Ends is when the stream must end: its session's end or MaxAge.
	Ends time.Time
	// Events are the new events to write; Done closes when the stream must end.
	Events chan Event
	Done   chan struct{}
	last   int64 // the newest event queued; hub.mu
	ended  bool  // hub.mu
}

// NewHub returns an empty hub reading from src; sessions checks the
// sessions of streams when evictions arrive; clock is the app's clock.
func NewHub(src Source, sessions Sessions, limits Limits, clock func() time.Time, logger *slog.Logger) *Hub {
	if logger == nil {
		logger = slog.Default()
	}
	return &Hub{src: src, sessions: sessions, limits: limits, clock: clock, logger: logger,
		users: map[int64]*user{}, pendingKeys: map[string]bool{}, pendingUsers: map[int64]bool{},
		recentKeys: map[string]time.Time{}, recentUsers: map[int64]time.Time{}}
}

// evictionMemory is how long an eviction is remembered for streams that
// join after it: far longer than a request takes from its session lookup
// to joining.
const evictionMemory = 5 * time.Second

var errShuttingDown = &apperr.Error{Code: apperr.CodeUnavailable,
	Message: "The server is restarting. Live updates resume in a moment.", Extra: map[string]any{"retryAfter": 3}}

func (h *Hub) errUserFull() error {
	return &apperr.Error{Code: apperr.CodeTooManyRequests,
		Message: "You already have " + strconv.Itoa(h.limits.PerUser) +
			" live connections open: close another tab of the app, or try again in a minute.",
		Extra: map[string]any{"retryAfter": RetryAfter}}
}

var errBusy = &apperr.Error{Code: apperr.CodeUnavailable,
	Message: "Live updates are busy on this server right now. New messages still show when you reload; try again in a minute.",
	Extra:   map[string]any{"retryAfter": RetryAfter}}

// Join opens a stream for userID in session, starting after the event id
// last (the newest event when last < 0). It refuses at once, before any
// database read, when the user or the instance is at its cap. Call Leave
// when the stream is done.
func (h *Hub) Join(ctx context.Context, userID int64, session Session, last int64) (*Stream, error) {
	s := &Stream{hub: h, session: session, Events: make(chan Event, outSize), Done: make(chan struct{})}
	s.Ends = h.clock().Add(MaxAge)
	if session.Ends.Before(s.Ends) {
		s.Ends = session.Ends
	}
	h.mu.Lock()
	u := h.users[userID]
	switch {
	case h.shut:
		h.mu.Unlock()
		return nil, errShuttingDown
	case u != nil && len(u.streams) >= h.limits.PerUser:
		h.mu.Unlock()
		h.refusals.Add(1)
		return nil, h.errUserFull()
	case h.total >= h.limits.Total:
		h.mu.Unlock()
		h.refusals.Add(1)
		return nil, errBusy
	}
	if u == nil {
		u = &user{id: userID, streams: map[*Stream]struct{}{}, wake: make(chan struct{}, 1), gone: make(chan struct{})}
		h.users[userID] = u
		go h.read(u)
	}
	s.user, s.last = u, last
	u.streams[s] = struct{}{}
	h.total++
	if h.evictedRecently(userID, session.Key) {
		h.pendingKeys[session.Key] = true
		h.startCheck()
	}
	h.mu.Unlock()

	if last < 0 {
		latest, err := h.src.Latest(ctx, userID)
		h.reads.Add(1)
		if err != nil {
			s.Leave()
			return nil, err
		}
		h.mu.Lock()
		s.last = latest
		h.mu.Unlock()
	}
	// One read catches up from last and covers a notice that came before
	// this stream was counted.
	wake(u.wake)
	return s, nil
}

// Leave closes the stream's place; safe to call more than once.
func (s *Stream) Leave() {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	s.end()
	u := s.user
	if _, ok := u.streams[s]; !ok {
		return
	}
	delete(u.streams, s)
	h.total--
	if len(u.streams) == 0 {
		delete(h.users, u.id)
		close(u.gone)
	}
}

// end tells the stream's writer to stop; hub.mu is held.
func (s *Stream) end() {
	if !s.ended {
		s.ended = true
		close(s.Done)
	}
}

func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default: // already woken: the next read sees everything new anyway
	}
}

// read is a user's reader: one read per wake-up, from the oldest place any
// of the user's streams is at, handed to every stream.
func (h *Hub) read(u *user) {
	for {
		select {
		case <-u.gone:
			return
		case <-u.wake:
		}
		for h.readOnce(u) == pageSize {
		}
	}
}

// readOnce reads one page for u's streams and returns its length.
func (h *Hub) readOnce(u *user) int {
	h.mu.Lock()
	from, found := int64(-1), false
	for s := range u.streams {
		if s.last >= 0 && !s.ended && (!found || s.last < from) {
			from, found = s.last, true
		}
	}
	h.mu.Unlock()
	if !found {
		return 0 // no stream knows its starting place yet (Join is reading it)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	evs, err := h.src.After(ctx, u.id, from, pageSize)
	cancel()
	h.reads.Add(1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if err != nil {
		// The browsers reconnect and read again; better than a stream that
		// silently misses messages.
		h.logger.Warn("live: reading new events failed; ending the user's streams", "err", err)
		for s := range u.streams {
			s.end()
		}
		return 0
	}
	for s := range u.streams {
		if s.ended || s.last < 0 {
			continue
		}
		for _, e := range evs {
			if e.ID <= s.last {
				continue
			}
			select {
			case s.Events <- e:
				s.last = e.ID
			default: // the browser does not keep up: it resumes from Last-Event-ID
				s.end()
			}
			if s.ended {
				break
			}
		}
	}
	return len(evs)
}

// Wake makes the streams of users look for new events: one read per user.
func (h *Hub) Wake(users ...int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, id := range users {
		if u := h.users[id]; u != nil {
			wake(u.wake)
		}
	}
}

// WakeAll makes every stream look for new events (after notices may have
// been missed).
func (h *Hub) WakeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range h.users {
		wake(u.wake)
	}
}

// SessionEvicted checks again the sessions that an eviction names: one
// session by its key, or every session of a user; the streams of sessions
// that no longer stand end. The check runs in the background, so the bus
// is never held up.
func (h *Hub) SessionEvicted(key string, userID int64) {
	now := time.Now()
	h.mu.Lock()
	h.forgetOldEvictions(now)
	if key != "" {
		h.pendingKeys[key] = true
		h.recentKeys[key] = now
	}
	if userID != 0 {
		h.pendingUsers[userID] = true
		h.recentUsers[userID] = now
	}
	h.startCheck()
	h.mu.Unlock()
}

// AllSessionsEvicted checks every stream's session again (evictions may
// have been missed while the bus was away).
func (h *Hub) AllSessionsEvicted() {
	h.mu.Lock()
	h.pendingAll = true
	h.recentAll = time.Now()
	h.startCheck()
	h.mu.Unlock()
}

// evictedRecently reports an eviction of the session or its user within
// evictionMemory; hub.mu is held.
func (h *Hub) evictedRecently(userID int64, key string) bool {
	since := time.Now().Add(-evictionMemory)
	return h.recentAll.After(since) || h.recentKeys[key].After(since) || h.recentUsers[userID].After(since)
}

// forgetOldEvictions drops the remembered evictions older than
// evictionMemory once 1000 are remembered, so memory stays bounded; hub.mu
// is held.
func (h *Hub) forgetOldEvictions(now time.Time) {
	if len(h.recentKeys)+len(h.recentUsers) < 1000 {
		return
	}
	since := now.Add(-evictionMemory)
	for k, t := range h.recentKeys {
		if t.Before(since) {
			delete(h.recentKeys, k)
		}
	}
	for u, t := range h.recentUsers {
		if t.Before(since) {
			delete(h.recentUsers, u)
		}
	}
}

// startCheck starts the checker unless it runs; hub.mu is held.
func (h *Hub) startCheck() {
	if h.sessions == nil {
		return // nothing to check with (tests of one area): streams end at MaxAge
	}
	if !h.checking {
		h.checking = true
		go h.check()
	}
}

// check checks the pending sessions, in batches, until none are left.
func (h *Hub) check() {
	for {
		h.mu.Lock()
		keys := map[string]bool{}
		for _, u := range h.users {
			for s := range u.streams {
				if h.pendingAll || h.pendingUsers[u.id] || h.pendingKeys[s.session.Key] {
					keys[s.session.Key] = true
				}
			}
		}
		h.pendingAll = false
		clear(h.pendingUsers)
		clear(h.pendingKeys)
		if len(keys) == 0 {
			h.checking = false
			h.mu.Unlock()
			return
		}
		h.mu.Unlock()

		list := make([]string, 0, len(keys))
		for k := range keys {
			list = append(list, k)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		standing, err := h.sessions.StandingSessions(ctx, list)
		cancel()
		if err != nil {
			// Unsure whether they stand: end them; the browsers reconnect,
			// and signing in again decides.
			h.logger.Warn("live: checking sessions failed; ending their streams", "err", err)
			standing = nil
		}
		h.mu.Lock()
		for _, u := range h.users {
			for s := range u.streams {
				if keys[s.session.Key] && !standing[s.session.Key] {
					s.end()
				}
			}
		}
		h.mu.Unlock()
	}
}

// Shutdown ends every stream and refuses new ones (the server is stopping;
// browsers reconnect to another instance).
func (h *Hub) Shutdown() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.shut = true
	for _, u := range h.users {
		for s := range u.streams {
			s.end()
		}
	}
}

// Stats is what the hub has done so far.
type Stats struct {
	Streams  int   // open now
	Users    int   // users with an open stream
	Reads    int64 // reads of the source
	Refusals int64 // streams refused at a cap
}

// Stats reports the hub's figures.
func (h *Hub) Stats() Stats {
	h.mu.Lock()
	st := Stats{Streams: h.total, Users: len(h.users)}
	h.mu.Unlock()
	st.Reads, st.Refusals = h.reads.Load(), h.refusals.Load()
	return st
}
