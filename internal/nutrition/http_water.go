package nutrition

import (
	"net/http"

	"hyrox/internal/httpx"
)

// registerWater adds the water routes (pro, the session's own data only).
func (h *HTTP) registerWater(mux *http.ServeMux) {
	mux.Handle("GET /api/nutrition/water", httpx.Handler(h.getWater))
	mux.Handle("POST /api/nutrition/water", httpx.Handler(h.addWater))
	mux.Handle("DELETE /api/nutrition/water/{id}", httpx.Handler(h.deleteWater))
}

func (h *HTTP) getWater(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	date, loc, err := h.queryDay(r)
	if err != nil {
		return err
	}
	d, err := h.svc.WaterDay(r.Context(), id.UserID, date, loc)
	return httpx.Reply(w, http.StatusOK, d, err)
}

func (h *HTTP) addWater(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in NewWater
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	d, err := h.svc.AddWater(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusCreated, d, err)
}

func (h *HTTP) deleteWater(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, RequiredTier)
	if err != nil {
		return err
	}
	waterID, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.DeleteWater(r.Context(), id.UserID, waterID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
