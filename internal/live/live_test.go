package live

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"hyrox/internal/apperr"
)

// fakeSource holds events per user and counts its reads.
type fakeSource struct {
	mu     sync.Mutex
	events map[int64][]Event
	reads  int
}

func (f *fakeSource) add(userID, id int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.events[userID] = append(f.events[userID], Event{ID: id, Name: "message", Data: []byte(fmt.Sprint(id))})
}

func (f *fakeSource) Latest(_ context.Context, userID int64) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if evs := f.events[userID]; len(evs) > 0 {
		return evs[len(evs)-1].ID, nil
	}
	return 0, nil
}

func (f *fakeSource) After(_ context.Context, userID, after int64, limit int) ([]Event, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	var out []Event
	for _, e := range f.events[userID] {
		if e.ID > after && len(out) < limit {
			out = append(out, e)
		}
	}
	return out, nil
}

func (f *fakeSource) readCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reads
}

// fakeSessions says which session keys stand.
type fakeSessions struct {
	mu       sync.Mutex
	standing map[string]bool
	asked    int
}

func (f *fakeSessions) StandingSessions(_ context.Context, keys []string) (map[string]bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked++
	out := map[string]bool{}
	for _, k := range keys {
		if f.standing[k] {
			out[k] = true
		}
	}
	return out, nil
}

func (f *fakeSessions) end(key string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.standing, key)
}

func newTestHub(limits Limits) (*Hub, *fakeSource, *fakeSessions) {
	src := &fakeSource{events: map[int64][]Event{}}
	sess := &fakeSessions{standing: map[string]bool{"a1": true, "a2": true, "a3": true, "b1": true}}
	return NewHub(src, sess, limits, time.Now, nil), src, sess
}

func join(t *testing.T, h *Hub, userID int64, key string, last int64) *Stream {
	t.Helper()
	s, err := h.Join(context.Background(), userID, Session{Key: key, Ends: time.Now().Add(time.Hour)}, last)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Leave)
	return s
}

func next(t *testing.T, s *Stream) Event {
	t.Helper()
	select {
	case e := <-s.Events:
		return e
	case <-s.Done:
		t.Fatal("the stream ended")
	case <-time.After(time.Second):
		t.Fatal("no event within 1 s")
	}
	return Event{}
}

func quiet(t *testing.T, s *Stream) {
	t.Helper()
	select {
	case e := <-s.Events:
		t.Fatalf("unexpected event %d", e.ID)
	case <-time.After(50 * time.Millisecond):
	}
}

// waitReads waits until the source's reads settle and returns their count.
func waitReads(src *fakeSource) int {
	n := src.readCount()
	for {
		time.Sleep(30 * time.Millisecond)
		m := src.readCount()
		if m == n {
			return n
		}
		n = m
	}
}

// One read per wake-up, shared by every stream of the user, however many
// streams it has; other users are not read for.
func TestOneReadPerWakeUpForAllOfAUsersStreams(t *testing.T) {
	h, src, _ := newTestHub(Limits{PerUser: 4, Total: 10})
	streams := []*Stream{join(t, h, 1, "a1", -1), join(t, h, 1, "a2", -1), join(t, h, 1, "a3", -1)}
	other := join(t, h, 2, "b1", -1)
	before := waitReads(src)

	src.add(1, 7)
	h.Wake(1)
	for _, s := range streams {
		if e := next(t, s); e.ID != 7 {
			t.Fatalf("event %d", e.ID)
		}
	}
	quiet(t, other)
	if n := waitReads(src) - before; n != 1 {
		t.Fatalf("%d reads for one wake-up of a user with 3 streams, want 1", n)
	}

	// Many notices while the user's reader is busy become one more read.
	before = waitReads(src)
	src.add(1, 8)
	src.mu.Lock() // the reader's first read waits here
	for range 50 {
		h.Wake(1)
	}
	src.mu.Unlock()
	for _, s := range streams {
		if e := next(t, s); e.ID != 8 {
			t.Fatalf("event %d", e.ID)
		}
	}
	if n := waitReads(src) - before; n > 2 {
		t.Fatalf("%d reads for 50 notices", n)
	}
	h.Wake(99) // nobody's: nothing read
	if n := waitReads(src) - before; n > 2 {
		t.Fatalf("a notice for a user without streams read %d times", n)
	}
}

// A stream resuming from an older id gets what it missed, once; the
// others of the same user get nothing twice.
func TestResumeAmongLiveStreams(t *testing.T) {
	h, src, _ := newTestHub(Limits{PerUser: 4, Total: 10})
	src.add(1, 1)
	src.add(1, 2)
	live := join(t, h, 1, "a1", -1)
	waitReads(src)
	resumed := join(t, h, 1, "a2", 0)
	for _, want := range []int64{1, 2} {
		if e := next(t, resumed); e.ID != want {
			t.Fatalf("resumed got %d, want %d", e.ID, want)
		}
	}
	quiet(t, live)
	src.add(1, 3)
	h.Wake(1)
	if next(t, live).ID != 3 || next(t, resumed).ID != 3 {
		t.Fatal("both streams should get 3")
	}
}

// The caps refuse at once, without a read: 429 past the user's cap, 503
// past the instance's, both with Retry-After; a stream that leaves frees
// its place.
func TestCapsRefuseWithoutReading(t *testing.T) {
	h, src, _ := newTestHub(Limits{PerUser: 2, Total: 3})
	a := join(t, h, 1, "a1", -1)
	join(t, h, 1, "a2", -1)
	_, err := h.Join(context.Background(), 1, Session{Key: "a3", Ends: time.Now().Add(time.Hour)}, -1)
	if e := apperr.As(err); e.Code != apperr.CodeTooManyRequests || e.Extra["retryAfter"] != RetryAfter {
		t.Fatalf("a user's 3rd stream: %v", err)
	}
	join(t, h, 2, "b1", -1)
	reads := waitReads(src)
	_, err = h.Join(context.Background(), 3, Session{Key: "c1", Ends: time.Now().Add(time.Hour)}, -1)
	if e := apperr.As(err); e.Code != apperr.CodeUnavailable || e.Extra["retryAfter"] != RetryAfter {
		t.Fatalf("the instance's 4th stream: %v", err)
	}
	if n := waitReads(src); n != reads {
		t.Fatalf("a refusal read the source (%d reads, then %d)", reads, n)
	}
	a.Leave()
	a.Leave() // twice is harmless
	join(t, h, 1, "a3", -1)
	if st := h.Stats(); st.Streams != 3 || st.Users != 2 || st.Refusals != 2 {
		t.Fatalf("stats: %+v", st)
	}
}

// An eviction checks the sessions it names (one question for all of them)
// and ends the streams of those that no longer stand; the others go on.
func TestEvictionEndsTheStreamsOfEndedSessions(t *testing.T) {
	h, src, sess := newTestHub(Limits{PerUser: 4, Total: 10})
	a1, a2, b1 := join(t, h, 1, "a1", -1), join(t, h, 1, "a2", -1), join(t, h, 2, "b1", -1)

	sess.end("a2") // a password change ends user 1's other session
	h.SessionEvicted("", 1)
	select {
	case <-a2.Done:
	case <-time.After(time.Second):
		t.Fatal("the ended session's stream goes on")
	}
	src.add(1, 5)
	h.Wake(1)
	if next(t, a1).ID != 5 {
		t.Fatal("the standing session's stream stopped")
	}

	sess.end("b1") // a logout
	h.SessionEvicted("b1", 0)
	select {
	case <-b1.Done:
	case <-time.After(time.Second):
		t.Fatal("a logged-out session's stream goes on")
	}

	sess.end("a1") // missed while the bus was away: everything is checked
	h.AllSessionsEvicted()
	select {
	case <-a1.Done:
	case <-time.After(time.Second):
		t.Fatal("a reconnected bus did not check every stream")
	}
}

// A stream whose request looked its session up just before the session
// ended, and joins just after the eviction, is checked too.
func TestAStreamJoiningJustAfterAnEvictionIsChecked(t *testing.T) {
	h, _, sess := newTestHub(Limits{PerUser: 4, Total: 10})
	sess.end("a1")
	h.SessionEvicted("a1", 0) // no stream yet
	late := join(t, h, 1, "a1", -1)
	select {
	case <-late.Done:
	case <-time.After(time.Second):
		t.Fatal("a stream of a session evicted just before it joined goes on")
	}
	sess.end("a2")
	h.SessionEvicted("", 1) // a password change: every session of user 1
	if s := join(t, h, 1, "a2", -1); !waitDone(s) {
		t.Fatal("a stream of a user evicted just before it joined goes on")
	}
	if s := join(t, h, 2, "b1", -1); waitDone(s) { // another user's stream is not touched
		t.Fatal("an unrelated stream ended")
	}
}

func waitDone(s *Stream) bool {
	select {
	case <-s.Done:
		return true
	case <-time.After(300 * time.Millisecond):
		return false
	}
}

// A stream that does not keep up ends (its browser resumes from
// Last-Event-ID) instead of holding the user's reader up.
func TestASlowStreamEnds(t *testing.T) {
	h, src, _ := newTestHub(Limits{PerUser: 4, Total: 10})
	slow, quick := join(t, h, 1, "a1", 0), join(t, h, 1, "a2", 0)
	id := int64(0)
	for round := range 3 { // the slow stream's queue holds two rounds, not three
		for range pageSize {
			id++
			src.add(1, id)
		}
		h.Wake(1)
		for range pageSize {
			next(t, quick)
		}
		if round < 2 {
			select {
			case <-slow.Done:
				t.Fatalf("ended after round %d", round+1)
			default:
			}
		}
	}
	select {
	case <-slow.Done:
	case <-time.After(time.Second):
		t.Fatal("a stream that reads nothing was not ended")
	}
}

// Shutdown ends every stream and refuses new ones.
func TestShutdown(t *testing.T) {
	h, _, _ := newTestHub(Limits{PerUser: 4, Total: 10})
	s := join(t, h, 1, "a1", -1)
	h.Shutdown()
	select {
	case <-s.Done:
	default:
		t.Fatal("a stream outlived Shutdown")
	}
	if _, err := h.Join(context.Background(), 1, Session{Key: "a2", Ends: time.Now().Add(time.Hour)}, -1); !apperr.Is(err, apperr.CodeUnavailable) {
		t.Fatalf("a stream during shutdown: %v", err)
	}
}
