package nutrition

import (
	"hyrox/internal/httpx"
)

// Water (docs/nutrition-diary.md#water): the rows are in Routes.

func (h *HTTP) getWater(c *httpx.Call) (WaterDay, error) {
	date, loc, err := h.queryDay(c)
	if err != nil {
		return WaterDay{}, err
	}
	return h.svc.WaterDay(c.Context(), c.Me.UserID, date, loc)
}

func (h *HTTP) addWater(c *httpx.Call, in NewWater) (WaterDay, error) {
	return h.svc.AddWater(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) deleteWater(c *httpx.Call) error {
	return h.svc.DeleteWater(c.Context(), c.Me.UserID, c.ID)
}
