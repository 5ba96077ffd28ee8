package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// Header is the request header that names a write.
const Header = "Idempotency-Key"

// ReplayedHeader marks an answer that was stored, not made again.
const ReplayedHeader = "Idempotent-Replayed"

// MaxKeyLength is the longest key taken (a UUID is 36 characters).
const MaxKeyLength = 100

// MaxBody is the largest request body a keyed write may carry (the API's own
// body limit).
const MaxBody = 1 << 20

// Messages the app shows (docs/offline.md#idempotency-keys).
const (
	MsgReused  = "This Idempotency-Key was already used for a different request. Send a new key for a new change."
	MsgRunning = "A request with this Idempotency-Key is still being carried out. Try again in a moment."
	MsgBadKey  = "The Idempotency-Key header must be 1 to 100 visible characters (letters, digits, - or _)."
	MsgTooBig  = "A request with an Idempotency-Key may carry at most 1 MiB."
)

// Middleware answers keyed writes of a signed-in user once: it runs after
// authentication, so the key belongs to the session's user and a key of one
// user never answers another. Requests without the header, reads and
// anonymous requests pass through unchanged.
func Middleware(store *Store, clock func() time.Time, logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get(Header)
			if key == "" || !isWrite(r.Method) {
				next.ServeHTTP(w, r)
				return
			}
			id, ok := httpx.IdentityFrom(r.Context())
			if !ok || id.CoachViewer != 0 {
				next.ServeHTTP(w, r) // the handler answers 401 / the read-only view refuses writes
				return
			}
			if !validKey(key) {
				httpx.WriteError(w, r, apperr.Errorf(apperr.CodeInvalid, MsgBadKey))
				return
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
			if err != nil {
				httpx.WriteError(w, r, apperr.Errorf(apperr.CodeInvalid, "The request body could not be read."))
				return
			}
			if len(body) > MaxBody {
				httpx.WriteError(w, r, apperr.Errorf(apperr.CodeTooLarge, MsgTooBig))
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			fp := fingerprint(r, body)
			ctx := r.Context()
			rec, claimed, err := store.Claim(ctx, id.UserID, key, fp, clock())
			if err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			if !claimed {
				switch {
				case rec.Fingerprint != fp:
					httpx.WriteJSON(w, http.StatusUnprocessableEntity, map[string]string{"message": MsgReused})
				case rec.Status == 0:
					w.Header().Set("Retry-After", "1")
					httpx.WriteError(w, r, apperr.Errorf(apperr.CodeConflict, MsgRunning))
				default:
					replay(w, rec)
				}
				return
			}
			rw := &recorder{ResponseWriter: w}
			// The answer is kept even when the client has gone: its retry reads it.
			ctx = context.WithoutCancel(ctx)
			completed := false
			defer func() {
				if completed {
					return
				}
				// A panic or an answer not worth keeping: the key is free for a retry.
				if err := store.Release(ctx, id.UserID, key); err != nil {
					logger.Error("idempotency: release key", "err", err, "user", id.UserID)
				}
			}()
			next.ServeHTTP(rw, r)
			if keep(rw.status()) {
				if err := store.Complete(ctx, id.UserID, key, rw.status(), rw.Header().Get("Content-Type"), rw.body.Bytes()); err != nil {
					logger.Error("idempotency: store answer", "err", err, "user", id.UserID)
					return
				}
				completed = true
			}
		})
	}
}

func isWrite(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

func validKey(key string) bool {
	if len(key) == 0 || len(key) > MaxKeyLength {
		return false
	}
	for _, c := range []byte(key) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
		if !ok {
			return false
		}
	}
	return true
}

// fingerprint is what makes two requests "the same": method, path, query and body.
func fingerprint(r *http.Request, body []byte) string {
	h := sha256.New()
	io.WriteString(h, r.Method+" "+r.URL.RequestURI()+"\n")
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// keep reports whether an answer is stored for replay: every answer but a
// server error and those that may change on their own (no session yet, a
// rate limit); those leave the key free so a retry runs again.
func keep(status int) bool {
	switch {
	case status >= 500:
		return false
	case status == http.StatusUnauthorized, status == http.StatusTooManyRequests, status == http.StatusRequestTimeout:
		return false
	}
	return true
}

func replay(w http.ResponseWriter, rec Record) {
	h := w.Header()
	if rec.ContentType != "" {
		h.Set("Content-Type", rec.ContentType)
	}
	h.Set(ReplayedHeader, "true")
	h.Set("Content-Length", strconv.Itoa(len(rec.Body)))
	w.WriteHeader(rec.Status)
	if len(rec.Body) > 0 {
		w.Write(rec.Body)
	}
}

// recorder passes the answer through and keeps a copy.
type recorder struct {
	http.ResponseWriter
	code int
	body bytes.Buffer
}

func (rw *recorder) WriteHeader(code int) {
	if rw.code == 0 {
		rw.code = code
	}
	rw.ResponseWriter.WriteHeader(code)
}

func (rw *recorder) Write(b []byte) (int, error) {
	if rw.code == 0 {
		rw.code = http.StatusOK
	}
	rw.body.Write(b)
	return rw.ResponseWriter.Write(b)
}

func (rw *recorder) status() int {
	if rw.code == 0 {
		return http.StatusOK
	}
	return rw.code
}

func (rw *recorder) Unwrap() http.ResponseWriter { return rw.ResponseWriter }
