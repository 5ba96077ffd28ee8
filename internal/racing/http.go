package racing

import (
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// HTTP serves the racing endpoints.
type HTTP struct {
	svc   *Service
	posts *httpx.RateLimiter
}

func NewHTTP(svc *Service) *HTTP {
	return &HTTP{svc: svc, posts: httpx.NewRateLimiter(2*time.Second, 20, "Too many results saved at once. Please wait a moment.")}
}

// Register adds the racing routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("POST /api/race-results", httpx.Handler(h.create))
	mux.Handle("GET /api/race-results", httpx.Handler(h.list))
	mux.Handle("GET /api/race-results/{id}", httpx.Handler(h.get))
	mux.Handle("PUT /api/race-results/{id}", httpx.Handler(h.update))
	mux.Handle("DELETE /api/race-results/{id}", httpx.Handler(h.delete))
	mux.Handle("GET /api/leaderboard", httpx.Handler(h.leaderboard))
	mux.Handle("GET /api/leaderboard/me", httpx.Handler(h.myEntry))
	mux.Handle("GET /api/analytics", httpx.Handler(h.analytics))
	mux.Handle("POST /api/race-strategy", httpx.Handler(h.strategy))
	mux.Handle("POST /api/analytics/road-prediction", httpx.Handler(h.roadPrediction))
}

func (h *HTTP) create(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := h.posts.Allow("user:" + strconv.FormatInt(id.UserID, 10)); err != nil {
		return err
	}
	var in ResultInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.svc.Create(r.Context(), id, in)
	return httpx.Reply(w, http.StatusCreated, res, err)
}

func (h *HTTP) list(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	limit, err := httpx.PageLimit(r, 20, 100)
	if err != nil {
		return err
	}
	page, err := h.svc.List(r.Context(), id.UserID, r.URL.Query().Get("cursor"), limit)
	return httpx.Reply(w, http.StatusOK, page, err)
}

func (h *HTTP) get(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	rid, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	res, err := h.svc.Get(r.Context(), id.UserID, rid)
	return httpx.Reply(w, http.StatusOK, res, err)
}

// update replaces one of my results with the body (the create rules); it
// shares the create rate limit.
func (h *HTTP) update(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	rid, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.posts.Allow("user:" + strconv.FormatInt(id.UserID, 10)); err != nil {
		return err
	}
	var in ResultInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.svc.Update(r.Context(), id.UserID, rid, in)
	return httpx.Reply(w, http.StatusOK, res, err)
}

func (h *HTTP) delete(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	rid, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.Delete(r.Context(), id.UserID, rid); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// leaderboard is public: the home page shows the weekly block to visitors.
// userId is only given to signed-in callers (to highlight their own row).
func (h *HTTP) leaderboard(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	b, err := h.svc.BoardFor(q.Get("period"), q.Get("division"))
	if err != nil {
		return err
	}
	limit, err := httpx.PageLimit(r, 10, 100)
	if err != nil {
		return err
	}
	entries, err := h.svc.Leaderboard(r.Context(), b, limit)
	if err != nil {
		return err
	}
	if _, ok := httpx.IdentityFrom(r.Context()); !ok {
		for i := range entries {
			entries[i].UserID = 0
		}
	}
	httpx.WriteJSON(w, http.StatusOK, entries)
	return nil
}

// MyEntryAnswer wraps my entry (null when I have none on the board).
type MyEntryAnswer struct {
	Entry *Entry `json:"entry"`
	// RankCapped: there are at least RankCountCap entries ahead (show "5000+").
	RankCapped bool `json:"rankCapped"`
}

func (h *HTTP) myEntry(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	b, err := h.svc.BoardFor(q.Get("period"), q.Get("division"))
	if err != nil {
		return err
	}
	e, capped, err := h.svc.MyEntry(r.Context(), b, id.UserID)
	return httpx.Reply(w, http.StatusOK, MyEntryAnswer{Entry: e, RankCapped: capped}, err)
}

func (h *HTTP) analytics(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, "pro")
	if err != nil {
		return err
	}
	goal := 0
	if raw := r.URL.Query().Get("goal"); raw != "" {
		g, err := strconv.Atoi(raw)
		if err != nil || g < GoalMin || g > GoalMax {
			return apperr.Invalid(map[string]string{"goal": "Goal time must be between 45:00 and 6:00:00."})
		}
		goal = g
	}
	a, err := h.svc.Analytics(r.Context(), id.UserID, goal)
	return httpx.Reply(w, http.StatusOK, a, err)
}

func (h *HTTP) strategy(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, "elite")
	if err != nil {
		return err
	}
	var in StrategyInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	st, err := h.svc.Strategy(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusOK, st, err)
}

// roadPrediction turns a road 5K or 10K into a predicted finish (pro, as the
// rest of the analytics). It reads no stored data.
func (h *HTTP) roadPrediction(w http.ResponseWriter, r *http.Request) error {
	if _, err := httpx.RequireTier(r, "pro"); err != nil {
		return err
	}
	var in RoadInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := RoadPredict(in)
	return httpx.Reply(w, http.StatusOK, p, err)
}
