package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/apperr"

	"github.com/prometheus/client_golang/prometheus"
)

// Middleware wraps a handler.
type Middleware func(http.Handler) http.Handler

// Chain applies middleware so the first one listed runs first.
func Chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

type requestIDKey struct{}

// RequestID returns the request id stored in ctx.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// statusRecorder remembers the status and size written.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

type logPathKey struct{}

// LogPath is the request's path as logs may show it: RequestLog's redacted
// path, or the path itself when that middleware did not run.
func LogPath(r *http.Request) string {
	if p, ok := r.Context().Value(logPathKey{}).(string); ok {
		return p
	}
	return r.URL.Path
}

// redactPath hides what follows a secret prefix (a path whose rest is a
// credential, such as the calendar feed's token: docs/security.md).
func redactPath(path string, secretPrefixes []string) string {
	for _, p := range secretPrefixes {
		if strings.HasPrefix(path, p) && len(path) > len(p) {
			return p + "REDACTED"
		}
	}
	return path
}

// RequestLog gives each request an id (X-Request-Id), recovers panics into a
// 500, logs one structured line per request and records Prometheus metrics.
// A path under one of secretPrefixes is logged as the prefix + "REDACTED".
func RequestLog(logger *slog.Logger, metrics *Metrics, secretPrefixes ...string) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			id := newRequestID()
			w.Header().Set("X-Request-Id", id)
			logPath := redactPath(r.URL.Path, secretPrefixes)
			ctx := context.WithValue(context.WithValue(r.Context(), requestIDKey{}, id), logPathKey{}, logPath)
			r = r.WithContext(ctx)
			rec := &statusRecorder{ResponseWriter: w}
			defer func() {
				if p := recover(); p != nil {
					if p == http.ErrAbortHandler {
						panic(p)
					}
					logger.ErrorContext(ctx, "panic", "request_id", id, "panic", p, "stack", string(debug.Stack()))
					if rec.status == 0 {
						WriteError(rec, r, apperr.Errorf(apperr.CodeInternal, "internal"))
					}
				}
				status := rec.status
				if status == 0 {
					status = http.StatusOK
				}
				elapsed := time.Since(start)
				route := r.Pattern
				if route == "" {
					route = "unmatched"
				}
				method := methodLabel(r.Method) // bounded in logs too
				if metrics != nil {
					metrics.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
					metrics.duration.WithLabelValues(method, route).Observe(elapsed.Seconds())
				}
				logger.LogAttrs(ctx, slog.LevelInfo, "request",
					slog.String("request_id", id), slog.String("method", method),
					slog.String("path", logPath), slog.String("client", ClientIP(r)), slog.Int("status", status),
					slog.Int("bytes", rec.bytes), slog.Duration("duration", elapsed))
			}()
			next.ServeHTTP(rec, r)
		})
	}
}

// methodLabel keeps the method label to a fixed set: the client chooses the
// method, and every distinct label value is a series /metrics keeps for ever.
// (The route label is the matched pattern or "unmatched", the status one the
// server's: both are fixed sets already.)
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "other"
}

// Metrics are the HTTP request counters and latency histograms.
type Metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// NewMetrics registers the HTTP metrics on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total", Help: "HTTP requests by method, route and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "http_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"method", "route"}),
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

// SecurityHeaders sets the headers every answer carries; hsts adds
// Strict-Transport-Security (production over https: docs/security.md).
// An answer for which subresource is true (a script, style sheet or font the
// page loads) carries only nosniff and HSTS: the others govern documents, and
// a signed-in page loads some 40 such files, whose ~600 bytes of document
// headers each were a tenth of what a phone downloads before the page shows
// (docs/security.md#headers).
func SecurityHeaders(csp string, hsts bool, subresource func(*http.Request) bool) Middleware {
	nosniff := fixed("X-Content-Type-Options", "nosniff")
	everyAnswer := []fixedHeader{nosniff}
	if hsts {
		everyAnswer = append(everyAnswer, fixed("Strict-Transport-Security", "max-age=63072000"))
	}
	documents := append(everyAnswer[:len(everyAnswer):len(everyAnswer)],
		fixed("Content-Security-Policy", csp),
		fixed("Referrer-Policy", "strict-origin-when-cross-origin"),
		fixed("X-Frame-Options", "DENY"),
		fixed("Cross-Origin-Opener-Policy", "same-origin"),
		fixed("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
	)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			set := documents
			if subresource != nil && subresource(r) {
				set = everyAnswer
			}
			h := w.Header()
			for _, f := range set {
				h[f.key] = f.value
			}
			next.ServeHTTP(w, r)
		})
	}
}

// fixedHeader is a header whose value is the same on every answer: its key
// canonical and its value built once, so setting it costs no allocation
// (Header.Set canonicalises the key and allocates the value on each call).
// The value has capacity 1: an Add on one answer copies it, never writes
// into the slice the other answers share.
type fixedHeader struct {
	key   string
	value []string
}

func fixed(key, value string) fixedHeader {
	return fixedHeader{key: http.CanonicalHeaderKey(key), value: []string{value}[:1:1]}
}

// CrossOrigin rejects cross-origin unsafe requests (CSRF) with the JSON error shape.
func CrossOrigin() Middleware {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, apperr.Errorf(apperr.CodeForbidden, "Cross-origin requests are not allowed."))
	}))
	return cop.Handler
}

// RefuseNUL answers 400 to a request whose path or query holds a NUL byte
// (%00), before any handler reads it (docs/security.md#nul-bytes). JSON
// bodies are checked by DecodeJSON.
func RefuseNUL() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// In the raw query a literal % always starts an escape, so "%00" is
			// exactly an escaped NUL.
			if strings.IndexByte(r.URL.Path, 0) >= 0 || strings.Contains(r.URL.RawQuery, "%00") {
				WriteError(w, r, ErrNUL)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
