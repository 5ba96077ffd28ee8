package httpx

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"hyrox/internal/apperr"

	"golang.org/x/time/rate"
)

// RateLimiter limits how often one key (client address, account) may act.
// Limits are per instance: behind N instances a client gets at most N times
// the limit, which is fine for abuse protection.
type RateLimiter struct {
	every   time.Duration
	burst   int
	mu      sync.Mutex
	buckets map[string]*bucket
	message string
	off     bool
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
	return &RateLimiter{every: every, burst: burst, buckets: map[string]*bucket{}, message: message}
}

// Enable turns the limiter on or off (off allows everything: tests that
// register many users from one address) and returns l.
func (l *RateLimiter) Enable(on bool) *RateLimiter {
	l.mu.Lock()
	l.off = !on
	l.mu.Unlock()
	return l
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
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) > 100_000 {
			l.sweep(now)
		}
		b = &bucket{lim: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.buckets[key] = b
	}
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

// sweep drops buckets idle long enough to be full again.
func (l *RateLimiter) sweep(now time.Time) {
	idle := l.every * time.Duration(l.burst)
	for k, b := range l.buckets {
		if now.Sub(b.seen) > idle {
			delete(l.buckets, k)
		}
	}
}

// Limit wraps h so each client address may call it at the limiter's rate.
func (l *RateLimiter) Limit(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := l.Allow("ip:" + ClientIP(r)); err != nil {
			WriteError(w, r, err)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// retryAfterHeader sets Retry-After for 429 answers built by Allow.
func retryAfterHeader(w http.ResponseWriter, e *apperr.Error) {
	if e.Code != apperr.CodeTooManyRequests {
		return
	}
	if secs, ok := e.Extra["retryAfter"].(int); ok {
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
}
