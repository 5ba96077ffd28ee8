package nutrition

import (
	"hyrox/internal/httpx"
)

// The diary's depth, history and plans (docs/nutrition-foods.md).

func (h *HTTP) updateEntry(c *httpx.Call, in EntryUpdate) (FoodEntry, error) {
	return h.svc.UpdateEntry(c.Context(), c.Me.UserID, c.ID, in)
}

func (h *HTTP) restoreEntry(c *httpx.Call) (FoodEntry, error) {
	return h.svc.RestoreEntry(c.Context(), c.Me.UserID, c.ID)
}

func (h *HTTP) copyEntries(c *httpx.Call, in CopyRequest) (CopyResult, error) {
	return h.svc.Copy(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) getFood(c *httpx.Call) (Food, error) {
	return h.svc.Food(c.Context(), c.Me.UserID, c.ID)
}

func (h *HTTP) myFoods(c *httpx.Call) (MyFoods, error) {
	return h.svc.MyFoods(c.Context(), c.Me.UserID)
}

func (h *HTTP) putFavourite(c *httpx.Call) error {
	return h.svc.SetFavourite(c.Context(), c.Me.UserID, c.ID, true)
}

func (h *HTTP) deleteFavourite(c *httpx.Call) error {
	return h.svc.SetFavourite(c.Context(), c.Me.UserID, c.ID, false)
}

func (h *HTTP) createCustomFood(c *httpx.Call, in NewCustomFood) (Food, error) {
	return h.svc.CreateCustomFood(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) getCustomFood(c *httpx.Call) (Food, error) {
	return h.svc.CustomFood(c.Context(), c.Me.UserID, c.ID)
}

func (h *HTTP) updateCustomFood(c *httpx.Call, in NewCustomFood) (Food, error) {
	return h.svc.UpdateCustomFood(c.Context(), c.Me.UserID, c.ID, in)
}

func (h *HTTP) deleteCustomFood(c *httpx.Call) error {
	return h.svc.DeleteCustomFood(c.Context(), c.Me.UserID, c.ID)
}

func (h *HTTP) history(c *httpx.Call) (History, error) {
	date, loc, err := h.queryDay(c)
	if err != nil {
		return History{}, err
	}
	return h.svc.History(c.Context(), c.Me.UserID, date, loc)
}

func (h *HTTP) plan(c *httpx.Call) (DayPlan, error) {
	date, loc, err := h.queryDay(c)
	if err != nil {
		return DayPlan{}, err
	}
	swaps, err := ParseSwaps(c.Query("swaps"))
	if err != nil {
		return DayPlan{}, err
	}
	return h.svc.Plan(c.Context(), c.Me.UserID, date, loc, swaps)
}

// PlanMealRequest is the body of POST /api/nutrition/plan/meals.
type PlanMealRequest struct {
	Date     string `json:"date"`
	TZ       string `json:"tz,omitempty"`
	MealType string `json:"mealType"`
	Swaps    []int  `json:"swaps,omitempty"`
}

// PlanMealLogged is its answer: the entries written.
type PlanMealLogged struct {
	Entries []FoodEntry `json:"entries"`
}

func (h *HTTP) logPlanMeal(c *httpx.Call, in PlanMealRequest) (PlanMealLogged, error) {
	date, err := ResolveDate(in.Date, in.TZ, h.svc.now())
	if err != nil {
		return PlanMealLogged{}, err
	}
	swaps, err := checkSwaps(in.Swaps)
	if err != nil {
		return PlanMealLogged{}, err
	}
	loc, err := ParseZone(in.TZ)
	if err != nil {
		return PlanMealLogged{}, err
	}
	entries, err := h.svc.LogPlanMeal(c.Context(), c.Me.UserID, date, loc, in.MealType, swaps)
	return PlanMealLogged{Entries: entries}, err
}
