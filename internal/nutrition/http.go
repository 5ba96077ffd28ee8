package nutrition

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
	"hyrox/internal/tier"
)

// RequiredTier gates every nutrition route (docs/product.md#gates).
const RequiredTier = tier.Pro

// HTTP serves the nutrition endpoints.
type HTTP struct {
	svc    *Service
	writes *httpx.RateLimiter
}

func NewHTTP(svc *Service) *HTTP {
	return &HTTP{svc: svc,
		writes: httpx.NewRateLimiter(time.Second, 60, "You are logging food too quickly. Please wait a moment.")}
}

// Register adds the nutrition routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/nutrition/{userId}", httpx.Handler(h.getProfile))
	mux.Handle("PUT /api/nutrition/{userId}", httpx.Handler(h.putProfile))
	mux.Handle("POST /api/nutrition/suggest", httpx.Handler(h.suggest))
	mux.Handle("GET /api/nutrition/foods", httpx.Handler(h.searchFoods))
	mux.Handle("POST /api/food-entries", httpx.Handler(h.addEntry))
	mux.Handle("GET /api/food-entries", httpx.Handler(h.listDay))
	mux.Handle("DELETE /api/food-entries/{id}", httpx.Handler(h.deleteEntry))
	mux.Handle("PATCH /api/food-entries/{id}", httpx.Handler(h.updateEntry))
	mux.Handle("POST /api/food-entries/{id}/restore", httpx.Handler(h.restoreEntry))
	mux.Handle("POST /api/food-entries/copy", httpx.Handler(h.copyEntries))
	mux.Handle("GET /api/nutrition/foods/{id}", httpx.Handler(h.getFood))
	mux.Handle("GET /api/nutrition/my-foods", httpx.Handler(h.myFoods))
	mux.Handle("PUT /api/nutrition/favourites/{foodId}", httpx.Handler(h.putFavourite))
	mux.Handle("DELETE /api/nutrition/favourites/{foodId}", httpx.Handler(h.deleteFavourite))
	mux.Handle("POST /api/nutrition/custom-foods", httpx.Handler(h.createCustomFood))
	mux.Handle("GET /api/nutrition/custom-foods/{id}", httpx.Handler(h.getCustomFood))
	mux.Handle("PUT /api/nutrition/custom-foods/{id}", httpx.Handler(h.updateCustomFood))
	mux.Handle("DELETE /api/nutrition/custom-foods/{id}", httpx.Handler(h.deleteCustomFood))
	mux.Handle("GET /api/nutrition/history", httpx.Handler(h.history))
	mux.Handle("GET /api/nutrition/plan", httpx.Handler(h.plan))
	mux.Handle("POST /api/nutrition/plan/meals", httpx.Handler(h.logPlanMeal))
	h.registerWater(mux)
	httpx.Mount(mux, h.mealRoutes())
	mux.Handle("GET /api/nutrition/barcodes/{code}", httpx.Handler(h.lookupBarcode))
	mux.Handle("PUT /api/nutrition/barcodes/{code}", httpx.Handler(h.correctBarcode))
}

// self checks the tier, then that {userId} is the session's user.
func self(r *http.Request) (httpx.Identity, error) {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return id, err
	}
	return id, httpx.RequireSelf(r, id)
}

// queryDate reads ?date= or ?tz= (see ResolveDate).
func (h *HTTP) queryDate(r *http.Request) (string, error) {
	q := r.URL.Query()
	return ResolveDate(q.Get("date"), q.Get("tz"), h.svc.now())
}

// queryDay reads the local day (?date=, ?tz=) and its zone (?tz=, default
// UTC): the zone places logged sessions on local days.
func (h *HTTP) queryDay(r *http.Request) (string, *time.Location, error) {
	date, err := h.queryDate(r)
	if err != nil {
		return "", nil, err
	}
	loc, err := ParseZone(r.URL.Query().Get("tz"))
	return date, loc, err
}

func (h *HTTP) getProfile(w http.ResponseWriter, r *http.Request) error {
	id, err := self(r)
	if err != nil {
		return err
	}
	date, loc, err := h.queryDay(r)
	if err != nil {
		return err
	}
	p, err := h.svc.ProfileIn(r.Context(), id.UserID, date, loc)
	if apperr.As(err).Code == apperr.CodeNotFound {
		// No profile yet is an expected state, not an error: 200 with null
		// (docs/product.md#nutrition), so the page shows its empty state and
		// the browser logs no failed request.
		httpx.WriteJSON(w, http.StatusOK, json.RawMessage("null"))
		return nil
	}
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) putProfile(w http.ResponseWriter, r *http.Request) error {
	id, err := self(r)
	if err != nil {
		return err
	}
	date, loc, err := h.queryDay(r)
	if err != nil {
		return err
	}
	var in Targets
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.SaveTargets(r.Context(), id.UserID, in, date, loc)
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) suggest(w http.ResponseWriter, r *http.Request) error {
	if _, err := httpx.RequireTier(r, RequiredTier); err != nil {
		return err
	}
	var in SuggestInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	s, err := h.svc.SuggestTargets(in)
	return httpx.Reply(w, http.StatusOK, s, err)
}

func (h *HTTP) addEntry(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + strconv.FormatInt(id.UserID, 10)); err != nil {
		return err
	}
	var in NewFoodEntry
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	e, err := h.svc.AddEntry(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusCreated, e, err)
}

func (h *HTTP) listDay(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	date, err := h.queryDate(r)
	if err != nil {
		return err
	}
	day, err := h.svc.Day(r.Context(), id.UserID, date)
	return httpx.Reply(w, http.StatusOK, day, err)
}

func (h *HTTP) deleteEntry(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	entryID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.DeleteEntry(r.Context(), id.UserID, entryID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *HTTP) searchFoods(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	limit := 0 // the default
	if raw := q.Get("limit"); raw != "" {
		if limit, err = strconv.Atoi(raw); err != nil || limit == 0 {
			limit = -1 // out of range: the service says so
		}
	}
	list, err := h.svc.SearchFoods(r.Context(), id.UserID, q.Get("q"), limit)
	return httpx.Reply(w, http.StatusOK, list, err)
}

func (h *HTTP) lookupBarcode(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	p, err := h.svc.LookupBarcode(r.Context(), id.UserID, r.PathValue("code"))
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) correctBarcode(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + strconv.FormatInt(id.UserID, 10)); err != nil {
		return err
	}
	var in ProductCorrection
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	p, err := h.svc.CorrectBarcode(r.Context(), id.UserID, r.PathValue("code"), in)
	return httpx.Reply(w, http.StatusOK, p, err)
}
