package notify

import (
	"net/http"
	"time"

	"hyrox/internal/httpx"
)

// HTTP serves the notification settings and push subscriptions of the
// signed-in user (any tier).
type HTTP struct {
	svc    *Service
	writes *httpx.RateLimiter
}

// NewHTTP returns the handlers.
func NewHTTP(svc *Service) *HTTP {
	return &HTTP{svc: svc, writes: httpx.NewRateLimiter(time.Second, 10, "You are changing notifications very fast. Please wait a moment.")}
}

// Routes are the notification rows of the route table (ARCHITECTURE.md#routes).
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/notifications", Endpoint: httpx.Read(h.settings)},
		{Pattern: "PUT /api/notifications", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.save)},
		{Pattern: "POST /api/push/subscriptions", Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.subscribe)},
		{Pattern: "DELETE /api/push/subscriptions", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.unsubscribe)},
	}
}

func (h *HTTP) settings(c *httpx.Call) (Settings, error) {
	return h.svc.Settings(c.Context(), c.Me.UserID)
}

func (h *HTTP) save(c *httpx.Call, in SettingsInput) (Settings, error) {
	return h.svc.SaveSettings(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) subscribe(c *httpx.Call, in SubscriptionInput) (Settings, error) {
	return h.svc.Subscribe(c.Context(), c.Me.UserID, in)
}

// endpointInput names the push subscription to remove.
type endpointInput struct {
	Endpoint string `json:"endpoint"`
}

func (h *HTTP) unsubscribe(c *httpx.Call, in endpointInput) (Settings, error) {
	return h.svc.Unsubscribe(c.Context(), c.Me.UserID, in.Endpoint)
}
