package httpx

import (
	"hash/maphash"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"hyrox/internal/apperr"

	"golang.org/x/time/rate"
)

// DefaultMaxBuckets bounds how many keys one limiter remembers.
const DefaultMaxBuckets = 10_000

// RateLimiter limits how often one key (client address, account) may act.
// Limits are per instance: behind N instances a client gets at most N times
// the limit, which is fine for abuse protection.
//
// Its memory is bounded whatever clients send (docs/security.md): keys are
// stored as 64-bit hashes, so a long key costs no more than a short one, and
// at most maxBuckets of them are kept. Buckets idle long enough to be full
// again are swept (forgetting them changes nothing). While the table is full
// of active buckets, new keys share one overflow bucket: a flood of unique
// keys can slow newcomers down until buckets go idle, but it can neither grow
// memory nor reset a limit already running.
type RateLimiter struct {
	every      time.Duration
	burst      int
	maxBuckets int
	message    string

	mu        sync.Mutex
	seed      maphash.Seed
	buckets   map[uint64]*bucket
	overflow  *bucket
	lastSweep time.Time
	off       bool
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// NewRateLimiter allows burst actions at once, then one per every.
func NewRateLimiter(every time.Duration, burst int, message string) *RateLimiter {
	if message == "" {
		message = "Too many attempts. Please wait a moment and try again."
	}
	return &RateLimiter{every: every, burst: burst, maxBuckets: DefaultMaxBuckets, message: message,
		seed: maphash.MakeSeed(), buckets: map[uint64]*bucket{}}
}

// WithMaxBuckets sets how many keys the limiter remembers (tests use small
// tables) and returns l.
func (l *RateLimiter) WithMaxBuckets(n int) *RateLimiter {
	l.mu.Lock()
	l.maxBuckets = n
	l.mu.Unlock()
	return l
}

// Enable turns the limiter on or off (off allows everything: tests that
// register many users from one address) and returns l.
func (l *RateLimiter) Enable(on bool) *RateLimiter {
	l.mu.Lock()
	l.off = !on
	l.mu.Unlock()
	return l
}

// Len is how many keys the limiter remembers now.
func (l *RateLimiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// Allow spends one token of key, or returns a 429 error that says how long to
// wait. A nil or disabled limiter allows everything.
func (l *RateLimiter) Allow(key string) error {
	if l == nil {
		return nil
	}
	now := time.Now()
	l.mu.Lock()
	if l.off {
		l.mu.Unlock()
		return nil
	}
	b := l.bucketFor(maphash.String(l.seed, key), now)
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	delay := r.DelayFrom(now)
	if delay > 0 {
		r.CancelAt(now)
	}
	l.mu.Unlock()
	if delay <= 0 {
		return nil
	}
	secs := int(math.Ceil(delay.Seconds()))
	return &apperr.Error{Code: apperr.CodeTooManyRequests, Message: l.message, Extra: map[string]any{"retryAfter": secs}}
}

// bucketFor finds or makes the bucket of a key hash; l.mu is held.
func (l *RateLimiter) bucketFor(h uint64, now time.Time) *bucket {
	if b, ok := l.buckets[h]; ok {
		return b
	}
	if len(l.buckets) >= l.maxBuckets {
		l.sweep(now)
	}
	if len(l.buckets) >= l.maxBuckets {
		if l.overflow == nil {
			l.overflow = l.newBucket()
		}
		return l.overflow
	}
	b := l.newBucket()
	l.buckets[h] = b
	return b
}

func (l *RateLimiter) newBucket() *bucket {
	return &bucket{lim: rate.NewLimiter(rate.Every(l.every), l.burst)}
}

// sweep drops buckets idle long enough to be full again. It walks the whole
// table, so it runs at most once a second however many new keys arrive.
func (l *RateLimiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < time.Second {
		return
	}
	l.lastSweep = now
	idle := l.every * time.Duration(l.burst)
	for k, b := range l.buckets {
		if now.Sub(b.seen) > idle {
			delete(l.buckets, k)
		}
	}
}

// AllowAll spends one token of every key, stopping at the first that is
// exhausted (for limits per client address and per account at once).
func (l *RateLimiter) AllowAll(keys ...string) error {
	for _, k := range keys {
		if err := l.Allow(k); err != nil {
			return err
		}
	}
	return nil
}

// Limit wraps h so each client address may call it at the limiter's rate.
func (l *RateLimiter) Limit(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := l.Allow(ClientKey(r)); err != nil {
			WriteError(w, r, err)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// retryAfterHeader sets Retry-After for answers that say when to come back
// (429 from Allow, 503 when busy).
func retryAfterHeader(w http.ResponseWriter, e *apperr.Error) {
	if secs, ok := e.Extra["retryAfter"].(int); ok {
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
}
