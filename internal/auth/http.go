package auth

import (
	"net/http"
	"time"

	"hyrox/internal/httpx"
)

// HTTP serves the account endpoints and resolves sessions.
type HTTP struct {
	svc          *Service
	secureCookie bool
}

func NewHTTP(svc *Service, secureCookie bool) *HTTP {
	return &HTTP{svc: svc, secureCookie: secureCookie}
}

// Register adds the auth routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/user", httpx.Handler(h.getUser))
	mux.Handle("POST /api/register", httpx.Handler(h.register))
	mux.Handle("POST /api/login", httpx.Handler(h.login))
	mux.Handle("POST /api/logout", httpx.Handler(h.logout))
}

// Authenticate puts the session's identity on the request context for API
// calls; requests without a valid session pass through anonymous.
func (h *HTTP) Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(SessionCookie)
		if err != nil || c.Value == "" {
			next.ServeHTTP(w, r)
			return
		}
		id, ok, err := h.svc.Identify(r.Context(), c.Value)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if !ok {
			h.clearCookie(w)
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r.WithContext(httpx.WithIdentity(r.Context(), id)))
	})
}

func (h *HTTP) setCookie(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true,
		Secure: h.secureCookie, SameSite: http.SameSiteLaxMode, MaxAge: int(SessionTTL / time.Second)})
}

func (h *HTTP) clearCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true,
		Secure: h.secureCookie, SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

func (h *HTTP) getUser(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	u, err := h.svc.User(r.Context(), id.UserID)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, u)
	return nil
}

func (h *HTTP) register(w http.ResponseWriter, r *http.Request) error {
	var in RegisterInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	u, err := h.svc.Register(r.Context(), in)
	if err != nil {
		return err
	}
	return h.startSession(w, r, u, http.StatusCreated)
}

func (h *HTTP) login(w http.ResponseWriter, r *http.Request) error {
	var in LoginInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	u, err := h.svc.Login(r.Context(), in)
	if err != nil {
		return err
	}
	return h.startSession(w, r, u, http.StatusOK)
}

// startSession always issues a fresh session id (no fixation) and ends the
// session the browser held before.
func (h *HTTP) startSession(w http.ResponseWriter, r *http.Request, u User, status int) error {
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		if err := h.svc.store.DeleteSession(r.Context(), c.Value); err != nil {
			return err
		}
	}
	token, err := h.svc.StartSession(r.Context(), u.ID)
	if err != nil {
		return err
	}
	h.setCookie(w, token)
	httpx.WriteJSON(w, status, u)
	return nil
}

func (h *HTTP) logout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		if err := h.svc.store.DeleteSession(r.Context(), c.Value); err != nil {
			return err
		}
	}
	h.clearCookie(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
