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

func (h *HTTP) listExercises(w http.ResponseWriter, r *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, h.svc.Exercises())
	return nil
}

func (h *HTTP) getExercise(w http.ResponseWriter, r *http.Request) error {
	e, err := h.svc.Exercise(r.Context(), r.PathValue("slug"))
	return httpx.Reply(w, http.StatusOK, e, err)
}

func (h *HTTP) listPrograms(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	var athleteID int64
	if v := r.URL.Query().Get("athlete"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return apperr.Invalid(map[string]string{"athlete": "athlete must be a user id"}, "athlete")
		}
		athleteID = n
	}
	ps, err := h.svc.Programs(r.Context(), me.UserID, me.Tier, athleteID)
	return httpx.Reply(w, http.StatusOK, ps, err)
}

func (h *HTTP) createProgram(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + itoa(me.UserID)); err != nil {
		return err
	}
	var in ProgramInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.CreateProgram(r.Context(), me.UserID, me.Tier, in)
	return httpx.Reply(w, http.StatusCreated, p, err)
}

func (h *HTTP) getProgram(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	p, err := h.svc.Program(r.Context(), me.UserID, me.Tier, id)
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) updateProgram(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + itoa(me.UserID)); err != nil {
		return err
	}
	var in ProgramInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.UpdateProgram(r.Context(), me.UserID, me.Tier, id, in)
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) deleteProgram(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.DeleteProgram(r.Context(), me.UserID, me.Tier, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *HTTP) startProgram(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + itoa(me.UserID)); err != nil {
		return err
	}
	var in StartInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.svc.Start(r.Context(), me.UserID, me.Tier, id, in)
	return httpx.Reply(w, http.StatusCreated, res, err)
}

func (h *HTTP) calendar(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	c, err := h.svc.Calendar(r.Context(), me.UserID, q.Get("from"), q.Get("to"))
	return httpx.Reply(w, http.StatusOK, c, err)
}

func (h *HTTP) getSession(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	c, err := h.svc.CalendarSession(r.Context(), me.UserID, id)
	return httpx.Reply(w, http.StatusOK, c, err)
}

func (h *HTTP) patchSession(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + itoa(me.UserID)); err != nil {
		return err
	}
	var in SessionPatch
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := h.svc.PatchSession(r.Context(), me.UserID, id, in)
	return httpx.Reply(w, http.StatusOK, c, err)
}

func (h *HTTP) feedStatus(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	f, err := h.svc.FeedStatus(r.Context(), me.UserID)
	return httpx.Reply(w, http.StatusOK, f, err)
}

func (h *HTTP) createFeed(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + itoa(me.UserID)); err != nil {
		return err
	}
	f, err := h.svc.CreateFeed(r.Context(), me.UserID, h.publicURL)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, f)
	return nil
}

func (h *HTTP) revokeFeed(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := h.svc.RevokeFeed(r.Context(), me.UserID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
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
