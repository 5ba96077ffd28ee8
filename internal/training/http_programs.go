package training

import (
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// The library is public (it teaches the stations); programs need elite, or
// coaching the athlete for a coach's programs (the service answers the tier
// 403 and the 404s); the calendar and its feed settings need a
// session and only ever read or change the caller's own rows.

func (h *HTTP) listExercises(c *httpx.Call) ([]LibraryExercise, error) {
	return h.svc.Exercises(), nil
}

func (h *HTTP) getExercise(c *httpx.Call) (LibraryExercise, error) {
	return h.svc.Exercise(c.Context(), c.R.PathValue("slug"))
}

func (h *HTTP) listPrograms(c *httpx.Call) ([]Program, error) {
	var athleteID int64
	if v := c.Query("athlete"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return nil, apperr.Invalid(map[string]string{"athlete": "athlete must be a user id"}, "athlete")
		}
		athleteID = n
	}
	return h.svc.Programs(c.Context(), c.Me.UserID, c.Me.Tier, athleteID)
}

func (h *HTTP) createProgram(c *httpx.Call, in ProgramInput) (Program, error) {
	return h.svc.CreateProgram(c.Context(), c.Me.UserID, c.Me.Tier, in)
}

func (h *HTTP) getProgram(c *httpx.Call) (Program, error) {
	return h.svc.Program(c.Context(), c.Me.UserID, c.Me.Tier, c.ID)
}

func (h *HTTP) updateProgram(c *httpx.Call, in ProgramInput) (Program, error) {
	return h.svc.UpdateProgram(c.Context(), c.Me.UserID, c.Me.Tier, c.ID, in)
}

func (h *HTTP) deleteProgram(c *httpx.Call) error {
	return h.svc.DeleteProgram(c.Context(), c.Me.UserID, c.Me.Tier, c.ID)
}

func (h *HTTP) startProgram(c *httpx.Call, in StartInput) (StartResult, error) {
	return h.svc.Start(c.Context(), c.Me.UserID, c.Me.Tier, c.ID, in)
}

func (h *HTTP) calendar(c *httpx.Call) (CalendarRange, error) {
	return h.svc.Calendar(c.Context(), c.Me.UserID, c.Query("from"), c.Query("to"))
}

func (h *HTTP) getSession(c *httpx.Call) (CalendarSession, error) {
	return h.svc.CalendarSession(c.Context(), c.Me.UserID, c.ID)
}

func (h *HTTP) patchSession(c *httpx.Call, in SessionPatch) (CalendarSession, error) {
	return h.svc.PatchSession(c.Context(), c.Me.UserID, c.ID, in)
}

func (h *HTTP) feedStatus(c *httpx.Call) (FeedInfo, error) {
	return h.svc.FeedStatus(c.Context(), c.Me.UserID)
}

func (h *HTTP) createFeed(c *httpx.Call) (FeedInfo, error) {
	return h.svc.CreateFeed(c.Context(), c.Me.UserID, h.publicURL)
}

func (h *HTTP) revokeFeed(c *httpx.Call) error {
	return h.svc.RevokeFeed(c.Context(), c.Me.UserID)
}

// feedWriteTimeout bounds how long one client may take to read its feed
// (the rows are read while it is written).
const feedWriteTimeout = 30 * time.Second

// feed serves GET /calendar/feed/{token}.ics: rate limited per token,
// streamed as the sessions are read (docs/training.md#ics-feed).
func (h *HTTP) feed(w http.ResponseWriter, r *http.Request) error {
	token, ok := strings.CutSuffix(r.PathValue("file"), ".ics")
	if !ok || token == "" || len(token) > 100 {
		return errFeedNotFound
	}
	if err := h.feedFetches.Allow("feed:" + token); err != nil {
		return err
	}
	userID, err := h.svc.FeedOwner(r.Context(), token)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Cache-Control", "private, max-age=300")
	w.Header().Set("X-Robots-Tag", "noindex")
	w.Header().Set("Referrer-Policy", "no-referrer")
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(feedWriteTimeout))
	if err := h.svc.WriteFeed(r.Context(), userID, w); err != nil {
		// Part of the calendar may be sent: cut the connection so the client
		// never keeps a truncated feed as if it were whole.
		slog.WarnContext(r.Context(), "calendar feed cut short", "user", userID, "err", err, "request_id", httpx.RequestID(r.Context()))
		panic(http.ErrAbortHandler)
	}
	return nil
}
