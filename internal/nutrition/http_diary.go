package nutrition

import (
	"net/http"
	"strconv"

	"hyrox/internal/httpx"
)

// The diary's depth, history and plans (docs/nutrition-foods.md); every route
// is pro-gated and works on the session's own data only.

// writer checks the tier and the write rate of the session's user.
func (h *HTTP) writer(r *http.Request) (httpx.Identity, error) {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return id, err
	}
	return id, h.writes.Allow("user:" + strconv.FormatInt(id.UserID, 10))
}

func (h *HTTP) updateEntry(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	entryID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in EntryUpdate
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	e, err := h.svc.UpdateEntry(r.Context(), id.UserID, entryID, in)
	return httpx.Reply(w, http.StatusOK, e, err)
}

func (h *HTTP) restoreEntry(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	entryID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	e, err := h.svc.RestoreEntry(r.Context(), id.UserID, entryID)
	return httpx.Reply(w, http.StatusOK, e, err)
}

func (h *HTTP) copyEntries(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in CopyRequest
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.svc.Copy(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusCreated, res, err)
}

func (h *HTTP) getFood(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	foodID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	f, err := h.svc.Food(r.Context(), id.UserID, foodID)
	return httpx.Reply(w, http.StatusOK, f, err)
}

func (h *HTTP) myFoods(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	out, err := h.svc.MyFoods(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) setFavourite(w http.ResponseWriter, r *http.Request, on bool) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	foodID, err := httpx.PathID(r, "foodId")
	if err != nil {
		return err
	}
	if err := h.svc.SetFavourite(r.Context(), id.UserID, foodID, on); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *HTTP) putFavourite(w http.ResponseWriter, r *http.Request) error {
	return h.setFavourite(w, r, true)
}

func (h *HTTP) deleteFavourite(w http.ResponseWriter, r *http.Request) error {
	return h.setFavourite(w, r, false)
}

func (h *HTTP) createCustomFood(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in NewCustomFood
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	f, err := h.svc.CreateCustomFood(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusCreated, f, err)
}

func (h *HTTP) getCustomFood(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	foodID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	f, err := h.svc.CustomFood(r.Context(), id.UserID, foodID)
	return httpx.Reply(w, http.StatusOK, f, err)
}

func (h *HTTP) updateCustomFood(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	foodID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var in NewCustomFood
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	f, err := h.svc.UpdateCustomFood(r.Context(), id.UserID, foodID, in)
	return httpx.Reply(w, http.StatusOK, f, err)
}

func (h *HTTP) deleteCustomFood(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	foodID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.DeleteCustomFood(r.Context(), id.UserID, foodID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *HTTP) history(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	date, loc, err := h.queryDay(r)
	if err != nil {
		return err
	}
	out, err := h.svc.History(r.Context(), id.UserID, date, loc)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) plan(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	date, loc, err := h.queryDay(r)
	if err != nil {
		return err
	}
	swaps, err := ParseSwaps(r.URL.Query().Get("swaps"))
	if err != nil {
		return err
	}
	out, err := h.svc.Plan(r.Context(), id.UserID, date, loc, swaps)
	return httpx.Reply(w, http.StatusOK, out, err)
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

func (h *HTTP) logPlanMeal(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in PlanMealRequest
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	date, err := ResolveDate(in.Date, in.TZ, h.svc.now())
	if err != nil {
		return err
	}
	swaps, err := checkSwaps(in.Swaps)
	if err != nil {
		return err
	}
	loc, err := ParseZone(in.TZ)
	if err != nil {
		return err
	}
	entries, err := h.svc.LogPlanMeal(r.Context(), id.UserID, date, loc, in.MealType, swaps)
	return httpx.Reply(w, http.StatusCreated, PlanMealLogged{Entries: entries}, err)
}
