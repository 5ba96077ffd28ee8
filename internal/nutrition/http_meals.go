package nutrition

import (
	"net/http"

	"hyrox/internal/httpx"
)

// Saved meals and recipes (docs/nutrition-diary.md#saved-meals-and-recipes):
// pro, the session's own meals only (another athlete's is a 404).
func (h *HTTP) mealRoutes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/nutrition/saved-meals", Tier: RequiredTier, Endpoint: httpx.Read(h.listSavedMeals)},
		{Pattern: "POST /api/nutrition/saved-meals", Tier: RequiredTier, Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.createSavedMeal)},
		{Pattern: "PATCH /api/nutrition/saved-meals/{id}", Tier: RequiredTier, Limit: h.writes, NotFound: errMealNotFound, Endpoint: httpx.Write(http.StatusOK, h.renameSavedMeal)},
		{Pattern: "DELETE /api/nutrition/saved-meals/{id}", Tier: RequiredTier, NotFound: errMealNotFound, Endpoint: httpx.Do(h.deleteSavedMeal)},
		{Pattern: "POST /api/nutrition/saved-meals/{id}/log", Tier: RequiredTier, Limit: h.writes, NotFound: errMealNotFound, Endpoint: httpx.Write(http.StatusCreated, h.logSavedMeal)},
	}
}

func (h *HTTP) listSavedMeals(c *httpx.Call) ([]SavedMeal, error) {
	return h.svc.SavedMeals(c.Context(), c.Me.UserID)
}

func (h *HTTP) createSavedMeal(c *httpx.Call, in NewSavedMeal) (SavedMeal, error) {
	return h.svc.CreateSavedMeal(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) renameSavedMeal(c *httpx.Call, in SavedMealRename) (SavedMeal, error) {
	return h.svc.RenameSavedMeal(c.Context(), c.Me.UserID, c.ID, in)
}

func (h *HTTP) deleteSavedMeal(c *httpx.Call) error {
	return h.svc.DeleteSavedMeal(c.Context(), c.Me.UserID, c.ID)
}

func (h *HTTP) logSavedMeal(c *httpx.Call, in LogSavedMeal) (SavedMealLogged, error) {
	return h.svc.LogSavedMeal(c.Context(), c.Me.UserID, c.ID, in)
}
