package coaching

import (
	"encoding/json"
	"sync"
)

// Hub is one instance's live readers, by user. It is an events.Subscriber:
// a notice names users; each of their readers is woken (a non-blocking send
// on a one-slot channel, so a slow reader never holds the bus up and many
// notices while it writes become one look at the database).
type Hub struct {
	mu      sync.Mutex
	readers map[int64]map[chan struct{}]struct{}
}

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{readers: map[int64]map[chan struct{}]struct{}{}} }

// Join registers a reader for userID; call the returned leave when done.
func (h *Hub) Join(userID int64) (wake <-chan struct{}, leave func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.readers[userID] == nil {
		h.readers[userID] = map[chan struct{}]struct{}{}
	}
	h.readers[userID][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.readers[userID], ch)
		if len(h.readers[userID]) == 0 {
			delete(h.readers, userID)
		}
		h.mu.Unlock()
	}
}

// Readers is the number of live readers on this instance.
func (h *Hub) Readers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, rs := range h.readers {
		n += len(rs)
	}
	return n
}

func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default: // already woken: it will read everything new anyway
	}
}

// Deliver wakes the readers of the users a notice names.
func (h *Hub) Deliver(payload string) {
	var n notice
	if json.Unmarshal([]byte(payload), &n) != nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range n.Users {
		for ch := range h.readers[u] {
			wake(ch)
		}
	}
}

// Listening wakes every reader when the bus listens again: notices may have
// been missed while it was away, and each reader looks for what is new.
func (h *Hub) Listening(ok bool) {
	if !ok {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, rs := range h.readers {
		for ch := range rs {
			wake(ch)
		}
	}
}
