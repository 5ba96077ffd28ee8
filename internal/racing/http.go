package racing

import (
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/httpx"
	"hyrox/internal/tier"
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
	mux.Handle("GET /api/leaderboard/default", httpx.Handler(h.defaultBoard))
	mux.Handle("GET /api/analytics", httpx.Handler(h.analytics))
	mux.Handle("GET /api/race-goal", httpx.Handler(h.goal))
	mux.Handle("PUT /api/race-goal", httpx.Handler(h.setGoal))
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
	b, err := h.board(r)
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

// board is the board a request names: its period, division and kind, the
// division defaulting to the caller's own (DefaultDivision) and the kind to races.
func (h *HTTP) board(r *http.Request) (Board, error) {
	q := r.URL.Query()
	division := q.Get("division")
	if division == "" {
		var err error
		if division, err = h.defaultDivision(r); err != nil {
			return Board{}, err
		}
	}
	return h.svc.BoardFor(q.Get("period"), division, q.Get("kind"))
}

func (h *HTTP) defaultDivision(r *http.Request) (string, error) {
	id, _ := httpx.IdentityFrom(r.Context())
	return h.svc.DefaultDivision(r.Context(), id.UserID)
}

// DefaultBoard is the board the leaderboard opens on (GET /api/leaderboard/default).
type DefaultBoard struct {
	Period   string `json:"period"`
	Division string `json:"division"`
	Kind     string `json:"kind"`
}

// defaultBoard says which board a bare GET /api/leaderboard shows the caller
// (public, like the board), so the page can show its filters set to it.
func (h *HTTP) defaultBoard(w http.ResponseWriter, r *http.Request) error {
	d, err := h.defaultDivision(r)
	return httpx.Reply(w, http.StatusOK, DefaultBoard{Period: "week", Division: d, Kind: KindRace}, err)
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
	b, err := h.board(r)
	if err != nil {
		return err
	}
	e, capped, err := h.svc.MyEntry(r.Context(), b, id.UserID)
	return httpx.Reply(w, http.StatusOK, MyEntryAnswer{Entry: e, RankCapped: capped}, err)
}

func (h *HTTP) analytics(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, tier.Pro)
	if err != nil {
		return err
	}
	a, err := h.svc.Analytics(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, a, err)
}

// goal and setGoal read and write the one goal time (pro, as the analytics
// page that sets it; docs/analytics.md#the-goal-time).
func (h *HTTP) goal(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, tier.Pro)
	if err != nil {
		return err
	}
	g, err := h.svc.Goal(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, GoalAnswerOf(g), err)
}

func (h *HTTP) setGoal(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, tier.Pro)
	if err != nil {
		return err
	}
	var in GoalInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	g, err := h.svc.SetGoal(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusOK, g, err)
}

func (h *HTTP) strategy(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, tier.Elite)
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
	if _, err := httpx.RequireTier(r, tier.Pro); err != nil {
		return err
	}
	var in RoadInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := RoadPredict(in)
	return httpx.Reply(w, http.StatusOK, p, err)
}
