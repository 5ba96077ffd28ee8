package nutrition

import (
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
	"hyrox/internal/tier"
)

// RequiredTier gates every nutrition route (docs/product.md#gates).
const RequiredTier = tier.Pro

// HTTP serves the nutrition endpoints: every route is pro-gated and works on
// the session's own data only.
type HTTP struct {
	svc    *Service
	writes *httpx.RateLimiter
}

func NewHTTP(svc *Service) *HTTP {
	return &HTTP{svc: svc,
		writes: httpx.NewRateLimiter(time.Second, 60, "You are logging food too quickly. Please wait a moment.")}
}

// Routes are the nutrition rows of the route table (ARCHITECTURE.md#routes).
func (h *HTTP) Routes() []httpx.Route {
	return append([]httpx.Route{
		{Pattern: "GET /api/nutrition/{userId}", Tier: RequiredTier, CoachView: true, Endpoint: httpx.Read(h.getProfile)},
		{Pattern: "PUT /api/nutrition/{userId}", Tier: RequiredTier, Endpoint: httpx.Write(http.StatusOK, h.putProfile)},
		{Pattern: "POST /api/nutrition/suggest", Tier: RequiredTier, Endpoint: httpx.Write(http.StatusOK, h.suggest)},
		{Pattern: "GET /api/nutrition/foods", Tier: RequiredTier, Endpoint: httpx.Read(h.searchFoods)},

		{Pattern: "POST /api/food-entries", Tier: RequiredTier, Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.addEntry)},
		{Pattern: "GET /api/food-entries", Tier: RequiredTier, CoachView: true, Endpoint: httpx.Read(h.listDay)},
		{Pattern: "DELETE /api/food-entries/{id}", Tier: RequiredTier, NotFound: errEntryNotFound, Endpoint: httpx.Do(h.deleteEntry)},
		{Pattern: "PATCH /api/food-entries/{id}", Tier: RequiredTier, Limit: h.writes, NotFound: errEntryNotFound, Endpoint: httpx.Write(http.StatusOK, h.updateEntry)},
		{Pattern: "POST /api/food-entries/{id}/restore", Tier: RequiredTier, Limit: h.writes, NotFound: errEntryNotFound, Endpoint: httpx.Act(http.StatusOK, h.restoreEntry)},
		{Pattern: "POST /api/food-entries/copy", Tier: RequiredTier, Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.copyEntries)},

		{Pattern: "GET /api/nutrition/foods/{id}", Tier: RequiredTier, NotFound: errNoFood, Endpoint: httpx.Read(h.getFood)},
		{Pattern: "GET /api/nutrition/my-foods", Tier: RequiredTier, Endpoint: httpx.Read(h.myFoods)},
		{Pattern: "PUT /api/nutrition/favourites/{foodId}", Tier: RequiredTier, Limit: h.writes, NotFound: errNoFood, Endpoint: httpx.Do(h.putFavourite)},
		{Pattern: "DELETE /api/nutrition/favourites/{foodId}", Tier: RequiredTier, Limit: h.writes, NotFound: errNoFood, Endpoint: httpx.Do(h.deleteFavourite)},
		{Pattern: "POST /api/nutrition/custom-foods", Tier: RequiredTier, Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.createCustomFood)},
		{Pattern: "GET /api/nutrition/custom-foods/{id}", Tier: RequiredTier, NotFound: errCustomNotFound, Endpoint: httpx.Read(h.getCustomFood)},
		{Pattern: "PUT /api/nutrition/custom-foods/{id}", Tier: RequiredTier, Limit: h.writes, NotFound: errCustomNotFound, Endpoint: httpx.Write(http.StatusOK, h.updateCustomFood)},
		{Pattern: "DELETE /api/nutrition/custom-foods/{id}", Tier: RequiredTier, Limit: h.writes, NotFound: errCustomNotFound, Endpoint: httpx.Do(h.deleteCustomFood)},

		{Pattern: "GET /api/nutrition/history", Tier: RequiredTier, CoachView: true, Endpoint: httpx.Read(h.history)},
		{Pattern: "GET /api/nutrition/plan", Tier: RequiredTier, CoachView: true, Endpoint: httpx.Read(h.plan)},
		{Pattern: "POST /api/nutrition/plan/meals", Tier: RequiredTier, Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.logPlanMeal)},

		{Pattern: "GET /api/nutrition/water", Tier: RequiredTier, Endpoint: httpx.Read(h.getWater)},
		{Pattern: "GET /api/nutrition/micros", Tier: RequiredTier, Endpoint: httpx.Read(h.getMicros)},
		{Pattern: "POST /api/nutrition/water", Tier: RequiredTier, Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.addWater)},
		{Pattern: "DELETE /api/nutrition/water/{id}", Tier: RequiredTier, NotFound: errNoDrink, Endpoint: httpx.Do(h.deleteWater)},

		{Pattern: "GET /api/nutrition/barcodes/{code}", Tier: RequiredTier, Endpoint: httpx.Read(h.lookupBarcode)},
		{Pattern: "PUT /api/nutrition/barcodes/{code}", Tier: RequiredTier, Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.correctBarcode)},
	}, h.mealRoutes()...)
}

// queryDate reads ?date= or ?tz= (see ResolveDate).
func (h *HTTP) queryDate(c *httpx.Call) (string, error) {
	return ResolveDate(c.Query("date"), c.Query("tz"), h.svc.now())
}

// queryDay reads the local day (?date=, ?tz=) and its zone (?tz=, default
// UTC): the zone places logged sessions on local days.
func (h *HTTP) queryDay(c *httpx.Call) (string, *time.Location, error) {
	date, err := h.queryDate(c)
	if err != nil {
		return "", nil, err
	}
	loc, err := ParseZone(c.Query("tz"))
	return date, loc, err
}

// getProfile answers null when there is no profile yet: an expected state,
// not an error (docs/product.md#nutrition), so the page shows its empty state
// and the browser logs no failed request.
func (h *HTTP) getProfile(c *httpx.Call) (*Profile, error) {
	date, loc, err := h.queryDay(c)
	if err != nil {
		return nil, err
	}
	p, err := h.svc.ProfileIn(c.Context(), c.Me.UserID, date, loc)
	if apperr.As(err).Code == apperr.CodeNotFound {
		return nil, nil
	}
	return &p, err
}

func (h *HTTP) putProfile(c *httpx.Call, in ProfileInput) (Profile, error) {
	date, loc, err := h.queryDay(c)
	if err != nil {
		return Profile{}, err
	}
	return h.svc.SaveProfile(c.Context(), c.Me.UserID, in, date, loc)
}

// getMicros is the day's minerals and vitamins against the reference
// intakes (docs/nutrition-foods.md#micronutrients).
func (h *HTTP) getMicros(c *httpx.Call) (MicroDay, error) {
	date, loc, err := h.queryDay(c)
	if err != nil {
		return MicroDay{}, err
	}
	return h.svc.MicroDay(c.Context(), c.Me.UserID, date, loc)
}

func (h *HTTP) suggest(c *httpx.Call, in SuggestInput) (Suggestion, error) {
	return h.svc.SuggestTargets(in)
}

func (h *HTTP) addEntry(c *httpx.Call, in NewFoodEntry) (FoodEntry, error) {
	return h.svc.AddEntry(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) listDay(c *httpx.Call) (Day, error) {
	date, err := h.queryDate(c)
	if err != nil {
		return Day{}, err
	}
	return h.svc.Day(c.Context(), c.Me.UserID, date)
}

func (h *HTTP) deleteEntry(c *httpx.Call) error {
	return h.svc.DeleteEntry(c.Context(), c.Me.UserID, c.ID)
}

func (h *HTTP) searchFoods(c *httpx.Call) (FoodList, error) {
	limit := 0 // the default
	if raw := c.Query("limit"); raw != "" {
		var err error
		if limit, err = strconv.Atoi(raw); err != nil || limit == 0 {
			limit = -1 // out of range: the service says so
		}
	}
	return h.svc.SearchFoods(c.Context(), c.Me.UserID, c.Query("q"), limit)
}

func (h *HTTP) lookupBarcode(c *httpx.Call) (BarcodeProduct, error) {
	return h.svc.LookupBarcode(c.Context(), c.Me.UserID, c.R.PathValue("code"))
}

func (h *HTTP) correctBarcode(c *httpx.Call, in ProductCorrection) (BarcodeProduct, error) {
	return h.svc.CorrectBarcode(c.Context(), c.Me.UserID, c.R.PathValue("code"), in)
}
