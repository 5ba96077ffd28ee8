package auth

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"

	"hyrox/internal/apperr"
)

// errHashBusy answers a password check or hash that waited too long for a
// free slot (docs/security.md: password hashing is capped).
var errHashBusy = &apperr.Error{Code: apperr.CodeUnavailable,
	Message: "The server is busy checking passwords. Please try again in a moment.",
	Extra:   map[string]any{"retryAfter": 1}}

// hashGate caps how many argon2id runs (19 MiB each) go at once, so a burst
// of logins cannot take the memory of the machine: at most cap(slots) run,
// the others wait up to wait and then get errHashBusy. Waiting costs no
// hashing memory.
type hashGate struct {
	slots   chan struct{}
	wait    time.Duration
	running atomic.Int64
	peak    atomic.Int64 // most runs seen at once (tests read it)
}

// newHashGate allows one hash per CPU: more would only queue on the cores
// while holding their memory.
func newHashGate() *hashGate {
	return &hashGate{slots: make(chan struct{}, runtime.GOMAXPROCS(0)), wait: 10 * time.Second}
}

// do runs fn in a slot, or returns errHashBusy (or the context's error).
func (g *hashGate) do(ctx context.Context, fn func()) error {
	timer := time.NewTimer(g.wait)
	defer timer.Stop()
	select {
	case g.slots <- struct{}{}:
	case <-timer.C:
		return errHashBusy
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-g.slots }()
	n := g.running.Add(1)
	defer g.running.Add(-1)
	for p := g.peak.Load(); n > p && !g.peak.CompareAndSwap(p, n); p = g.peak.Load() {
	}
	fn()
	return nil
}

// hash is HashPassword through the gate.
func (s *Service) hash(ctx context.Context, password string) (hash string, err error) {
	if gerr := s.hashes.do(ctx, func() { hash, err = HashPassword(password) }); gerr != nil {
		return "", gerr
	}
	return hash, err
}

// check is CheckPassword through the gate.
func (s *Service) check(ctx context.Context, encoded, password string) (ok bool, err error) {
	if gerr := s.hashes.do(ctx, func() { ok, err = CheckPassword(encoded, password) }); gerr != nil {
		return false, gerr
	}
	return ok, err
}
