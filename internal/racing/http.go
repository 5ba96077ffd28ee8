package racing

import (
	"net/http"
	"time"

	"hyrox/internal/httpx"
	"hyrox/internal/keyset"
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

// Routes are the racing rows of the route table (ARCHITECTURE.md#routes).
// Saving a result (new or replaced) shares one rate limit.
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/race-results", Limit: h.posts, Endpoint: httpx.Write(http.StatusCreated, h.create)},
		{Pattern: "GET /api/race-results", CoachView: true, Endpoint: httpx.Read(h.list)},
		{Pattern: "GET /api/race-results/{id}", Endpoint: httpx.Read(h.get)},
		{Pattern: "PUT /api/race-results/{id}", Limit: h.posts, Endpoint: httpx.Write(http.StatusOK, h.update)},
		{Pattern: "DELETE /api/race-results/{id}", Endpoint: httpx.Do(h.delete)},
		{Pattern: "GET /api/leaderboard", Public: true, Endpoint: httpx.Read(h.leaderboard)},
		{Pattern: "GET /api/leaderboard/me", Endpoint: httpx.Read(h.myEntry)},
		{Pattern: "GET /api/leaderboard/default", Public: true, Endpoint: httpx.Read(h.defaultBoard)},
		{Pattern: "GET /api/analytics", Tier: tier.Pro, CoachView: true, Endpoint: httpx.Read(h.analytics)},
		{Pattern: "GET /api/race-goal", Tier: tier.Pro, Endpoint: httpx.Read(h.goal)},
		{Pattern: "PUT /api/race-goal", Tier: tier.Pro, Endpoint: httpx.Write(http.StatusOK, h.setGoal)},
		{Pattern: "POST /api/race-strategy", Tier: tier.Elite, Endpoint: httpx.Write(http.StatusOK, h.strategy)},
		{Pattern: "POST /api/analytics/road-prediction", Tier: tier.Pro, Endpoint: httpx.Write(http.StatusOK, h.roadPrediction)},
	}
}

func (h *HTTP) create(c *httpx.Call, in ResultInput) (Result, error) {
	return h.svc.Create(c.Context(), c.Me, in)
}

func (h *HTTP) list(c *httpx.Call) (keyset.Page[Result], error) {
	limit, err := httpx.PageLimit(c.R, 20, 100)
	if err != nil {
		return keyset.Page[Result]{}, err
	}
	return h.svc.List(c.Context(), c.Me.UserID, c.Query("cursor"), limit)
}

func (h *HTTP) get(c *httpx.Call) (Result, error) {
	return h.svc.Get(c.Context(), c.Me.UserID, c.ID)
}

// update replaces one of my results with the body (the create rules).
func (h *HTTP) update(c *httpx.Call, in ResultInput) (Result, error) {
	return h.svc.Update(c.Context(), c.Me.UserID, c.ID, in)
}

func (h *HTTP) delete(c *httpx.Call) error {
	return h.svc.Delete(c.Context(), c.Me.UserID, c.ID)
}

// leaderboard is public: the home page shows the weekly block to visitors.
// userId is only given to signed-in callers (to highlight their own row).
func (h *HTTP) leaderboard(c *httpx.Call) ([]Entry, error) {
	b, err := h.board(c)
	if err != nil {
		return nil, err
	}
	limit, err := httpx.PageLimit(c.R, 10, 100)
	if err != nil {
		return nil, err
	}
	entries, err := h.svc.Leaderboard(c.Context(), b, limit)
	if err != nil {
		return nil, err
	}
	if !c.SignedIn {
		for i := range entries {
			entries[i].UserID = 0
		}
	}
	return entries, nil
}

// board is the board a call names: its period, division and kind, the
// division defaulting to the caller's own (DefaultDivision) and the kind to races.
func (h *HTTP) board(c *httpx.Call) (Board, error) {
	division := c.Query("division")
	if division == "" {
		var err error
		if division, err = h.defaultDivision(c); err != nil {
			return Board{}, err
		}
	}
	return h.svc.BoardFor(c.Query("period"), division, c.Query("kind"))
}

// defaultDivision is the caller's own division (a visitor's user id is 0).
func (h *HTTP) defaultDivision(c *httpx.Call) (string, error) {
	return h.svc.DefaultDivision(c.Context(), c.Me.UserID)
}

// DefaultBoard is the board the leaderboard opens on (GET /api/leaderboard/default).
type DefaultBoard struct {
	Period   string `json:"period"`
	Division string `json:"division"`
	Kind     string `json:"kind"`
}

// defaultBoard says which board a bare GET /api/leaderboard shows the caller
// (public, like the board), so the page can show its filters set to it.
func (h *HTTP) defaultBoard(c *httpx.Call) (DefaultBoard, error) {
	d, err := h.defaultDivision(c)
	return DefaultBoard{Period: "week", Division: d, Kind: KindRace}, err
}

// MyEntryAnswer wraps my entry (null when I have none on the board).
type MyEntryAnswer struct {
	Entry *Entry `json:"entry"`
	// RankCapped: there are at least RankCountCap entries ahead (show "5000+").
	RankCapped bool `json:"rankCapped"`
}

func (h *HTTP) myEntry(c *httpx.Call) (MyEntryAnswer, error) {
	b, err := h.board(c)
	if err != nil {
		return MyEntryAnswer{}, err
	}
	e, capped, err := h.svc.MyEntry(c.Context(), b, c.Me.UserID)
	return MyEntryAnswer{Entry: e, RankCapped: capped}, err
}

func (h *HTTP) analytics(c *httpx.Call) (Analytics, error) {
	return h.svc.Analytics(c.Context(), c.Me.UserID)
}

// goal and setGoal read and write the one goal time (pro, as the analytics
// page that sets it; docs/analytics.md#the-goal-time).
func (h *HTTP) goal(c *httpx.Call) (GoalAnswer, error) {
	g, err := h.svc.Goal(c.Context(), c.Me.UserID)
	return GoalAnswerOf(g), err
}

func (h *HTTP) setGoal(c *httpx.Call, in GoalInput) (GoalAnswer, error) {
	return h.svc.SetGoal(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) strategy(c *httpx.Call, in StrategyInput) (Strategy, error) {
	return h.svc.Strategy(c.Context(), c.Me.UserID, in)
}

// roadPrediction turns a road 5K or 10K into a predicted finish (pro, as the
// rest of the analytics). It reads no stored data.
func (h *HTTP) roadPrediction(_ *httpx.Call, in RoadInput) (RoadPrediction, error) {
	return RoadPredict(in)
}
