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

// Register adds the routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/notifications", httpx.Handler(h.settings))
	mux.Handle("PUT /api/notifications", httpx.Handler(h.save))
	mux.Handle("POST /api/push/subscriptions", httpx.Handler(h.subscribe))
	mux.Handle("DELETE /api/push/subscriptions", httpx.Handler(h.unsubscribe))
}

func (h *HTTP) settings(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	out, err := h.svc.Settings(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, out, err)
}

// writer is the signed-in user of a write, within the write limit.
func (h *HTTP) writer(r *http.Request) (httpx.Identity, error) {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return id, err
	}
	return id, h.writes.Allow("user:" + itoa(id.UserID))
}

func (h *HTTP) save(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in SettingsInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	out, err := h.svc.SaveSettings(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) subscribe(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in SubscriptionInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	out, err := h.svc.Subscribe(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusCreated, out, err)
}

func (h *HTTP) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	id, err := h.writer(r)
	if err != nil {
		return err
	}
	var in struct {
		Endpoint string `json:"endpoint"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	out, err := h.svc.Unsubscribe(r.Context(), id.UserID, in.Endpoint)
	return httpx.Reply(w, http.StatusOK, out, err)
}
