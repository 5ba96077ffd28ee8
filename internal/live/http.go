package live

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// DefaultHeartbeat is how often an idle stream gets a comment line, so
// proxies keep it open and a dead client is noticed.
const DefaultHeartbeat = 25 * time.Second

// StreamHandler serves the signed-in user's stream: every event published
// for them after Last-Event-ID (or from now), until the stream must end.
type StreamHandler struct {
	Hub       *Hub
	Heartbeat time.Duration
	// Allow refuses a user who may not have a stream here (nil: every
	// signed-in user may).
	Allow func(context.Context, httpx.Identity) error
}

var errBadEventID = apperr.Errorf(apperr.CodeInvalid, "Last-Event-ID must be an event id (a whole number).")

// Serve is the endpoint of a Stream row (ARCHITECTURE.md#routes) that
// needs a session: it streams as the request's user, and ends the stream
// with that session; it returns its refusals as errors.
func (s StreamHandler) Serve(w http.ResponseWriter, r *http.Request) error {
	id, signedIn := httpx.IdentityFrom(r.Context())
	sess, hasSession := httpx.SessionFrom(r.Context())
	if !signedIn || !hasSession {
		return apperr.ErrUnauthorized
	}
	last, err := lastEventID(r)
	if err != nil {
		return err
	}
	if s.Allow != nil {
		if err := s.Allow(r.Context(), id); err != nil {
			return err
		}
	}
	stream, err := s.Hub.Join(r.Context(), id.UserID, Session{Key: sess.Key, Ends: sess.Ends}, last)
	if err != nil {
		return err
	}
	beat := s.Heartbeat
	if beat <= 0 {
		beat = DefaultHeartbeat
	}
	s.Hub.Serve(w, r, stream, beat)
	return nil
}

// lastEventID is the Last-Event-ID header (or lastEventId query value, for
// a first connection that resumes), -1 when absent.
func lastEventID(r *http.Request) (int64, error) {
	raw := r.Header.Get("Last-Event-ID")
	if raw == "" {
		raw = r.URL.Query().Get("lastEventId")
	}
	if raw == "" {
		return -1, nil
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < 0 {
		return 0, errBadEventID
	}
	return n, nil
}
