package auth

import (
	"fmt"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/httpx"
)

// HTTP serves the account endpoints and resolves sessions.
type HTTP struct {
	svc          *Service
	secureCookie bool
	limits       limits
}

// limits are the rate limits of docs/product.md#accounts-and-sessions: per client address and per
// account (login name, e-mail or user id).
type limits struct {
	loginIP, loginAccount       *httpx.RateLimiter
	registerIP, registerAccount *httpx.RateLimiter
	resetIP, resetAccount       *httpx.RateLimiter
	confirmIP                   *httpx.RateLimiter
	passwordIP, passwordAccount *httpx.RateLimiter
	profileIP, profileAccount   *httpx.RateLimiter
}

func newLimits() limits {
	const (
		login    = "Too many login attempts. Please wait a minute and try again."
		register = "Too many sign-ups from this address. Please try again later."
		reset    = "Too many password reset requests. Please wait a few minutes and try again."
		password = "Too many password attempts. Please wait a minute and try again."
		profile  = "Too many profile changes. Please wait a minute and try again."
	)
	return limits{
		loginIP:         httpx.NewRateLimiter(6*time.Second, 20, login),
		loginAccount:    httpx.NewRateLimiter(30*time.Second, 10, login),
		registerIP:      httpx.NewRateLimiter(time.Minute, 10, register),
		registerAccount: httpx.NewRateLimiter(time.Minute, 5, register),
		resetIP:         httpx.NewRateLimiter(time.Minute, 10, reset),
		resetAccount:    httpx.NewRateLimiter(5*time.Minute, 3, reset),
		confirmIP:       httpx.NewRateLimiter(6*time.Second, 10, reset),
		passwordIP:      httpx.NewRateLimiter(6*time.Second, 20, password),
		passwordAccount: httpx.NewRateLimiter(30*time.Second, 5, password),
		profileIP:       httpx.NewRateLimiter(6*time.Second, 20, profile),
		profileAccount:  httpx.NewRateLimiter(30*time.Second, 10, profile),
	}
}

func (l limits) all() []*httpx.RateLimiter {
	return []*httpx.RateLimiter{l.loginIP, l.loginAccount, l.registerIP, l.registerAccount, l.resetIP,
		l.resetAccount, l.confirmIP, l.passwordIP, l.passwordAccount, l.profileIP, l.profileAccount}
}

// NewHTTP builds the auth handlers with rate limits on.
func NewHTTP(svc *Service, secureCookie bool) *HTTP {
	return &HTTP{svc: svc, secureCookie: secureCookie, limits: newLimits()}
}

// EnableRateLimits turns the login, registration, reset and password limits
// on or off (RATE_LIMITS; off in tests that register many users).
func (h *HTTP) EnableRateLimits(on bool) {
	for _, l := range h.limits.all() {
		l.Enable(on)
	}
}

// AddExporter adds an area's data to GET /api/user/export under name.
func (h *HTTP) AddExporter(name string, e DataExporter) { h.svc.AddExporter(name, e) }

// AddAccountCloser adds a hook that DELETE /api/user runs before deleting.
func (h *HTTP) AddAccountCloser(c AccountCloser) { h.svc.AddAccountCloser(c) }

// AddUsernameListener registers an area that keeps copies of usernames.
func (h *HTTP) AddUsernameListener(l UsernameListener) { h.svc.AddUsernameListener(l) }

// AddRoleListener registers an area that keeps copies of roles.
func (h *HTTP) AddRoleListener(l RoleListener) { h.svc.AddRoleListener(l) }

// Register adds the auth routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/user", httpx.Handler(h.getUser))
	mux.Handle("PATCH /api/user", httpx.Handler(h.updateProfile))
	mux.Handle("DELETE /api/user", httpx.Handler(h.deleteAccount))
	mux.Handle("POST /api/user/password", httpx.Handler(h.changePassword))
	mux.Handle("GET /api/user/export", httpx.Handler(h.export))
	mux.Handle("POST /api/register", httpx.Handler(h.register))
	mux.Handle("POST /api/login", httpx.Handler(h.login))
	mux.Handle("POST /api/logout", httpx.Handler(h.logout))
	mux.Handle("POST /api/password-reset-request", httpx.Handler(h.resetRequest))
	mux.Handle("POST /api/password-reset-confirm", httpx.Handler(h.resetConfirm))
}

// Authenticate puts the session's identity on the request context for API
// calls; requests without a valid session pass through anonymous.
func (h *HTTP) Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(SessionCookie)
		if err != nil || c.Value == "" {
			if cookieValue(r, SignedInCookie) != "" {
				h.clearHint(w) // the session cookie is gone: so is the hint
			}
			next.ServeHTTP(w, r)
			return
		}
		id, sess, ok, extended, err := h.svc.Identify(r.Context(), c.Value)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if !ok {
			h.clearCookie(w)
			next.ServeHTTP(w, r)
			return
		}
		if extended {
			h.setCookie(w, c.Value)
		} else if cookieValue(r, SignedInCookie) == "" {
			h.setHint(w) // a session from before the hint existed
		}
		next.ServeHTTP(w, r.WithContext(httpx.WithSession(httpx.WithIdentity(r.Context(), id), sess)))
	})
}

// SignedInHint keeps the signed-in hint in step with the session cookie on
// the app's pages (no database lookup): a browser holding a session cookie
// without the hint gets it, and a hint without a session cookie is cleared.
// A session cookie the server no longer knows loses both on the next API call
// (Authenticate).
// Files (a path whose last segment has a dot: scripts, styles, images) are
// left alone, so a cacheable asset never carries a Set-Cookie.
func (h *HTTP) SignedInHint(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(path.Base(r.URL.Path), ".") {
			next.ServeHTTP(w, r)
			return
		}
		session, hint := sessionToken(r) != "", cookieValue(r, SignedInCookie) != ""
		if session && !hint {
			h.setHint(w)
		} else if hint && !session {
			h.clearHint(w)
		}
		next.ServeHTTP(w, r)
	})
}

// MaySignIn is true when a request carries a session cookie or the signed-in
// hint (no database lookup): the visitor may be signed in. The server sends
// such a visitor the app shell, never a page prerendered signed out
// (docs/product.md#prerendered-pages).
func MaySignIn(r *http.Request) bool {
	return sessionToken(r) != "" || cookieValue(r, SignedInCookie) != ""
}

func (h *HTTP) setCookie(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true,
		Secure: h.secureCookie, SameSite: http.SameSiteLaxMode, MaxAge: int(SessionTTL / time.Second)})
	h.setHint(w)
}

func (h *HTTP) setHint(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SignedInCookie, Value: "1", Path: "/", HttpOnly: false,
		Secure: h.secureCookie, SameSite: http.SameSiteLaxMode, MaxAge: int(SessionTTL / time.Second)})
}

func (h *HTTP) clearHint(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SignedInCookie, Value: "", Path: "/", HttpOnly: false,
		Secure: h.secureCookie, SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// setDeviceCookie remembers that this browser signed in to u; only the login
// endpoint reads it.
func (h *HTTP) setDeviceCookie(w http.ResponseWriter, u User) {
	http.SetCookie(w, &http.Cookie{Name: DeviceCookie, Value: DeviceToken(u), Path: "/api/login", HttpOnly: true,
		Secure: h.secureCookie, SameSite: http.SameSiteStrictMode, MaxAge: int(DeviceTTL / time.Second)})
}

func (h *HTTP) clearCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true,
		Secure: h.secureCookie, SameSite: http.SameSiteLaxMode, MaxAge: -1})
	h.clearHint(w)
}

func sessionToken(r *http.Request) string { return cookieValue(r, SessionCookie) }

func cookieValue(r *http.Request, name string) string {
	if c, err := r.Cookie(name); err == nil {
		return c.Value
	}
	return ""
}

func ipKey(r *http.Request) string { return httpx.ClientKey(r) }

func (h *HTTP) getUser(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	u, err := h.svc.User(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, u, err)
}

func (h *HTTP) register(w http.ResponseWriter, r *http.Request) error {
	if err := h.limits.registerIP.Allow(ipKey(r)); err != nil {
		return err
	}
	var in RegisterInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	// Valid (so bounded) input only names a rate-limit key.
	if err := in.Validate(); err != nil {
		return err
	}
	if err := h.limits.registerAccount.Allow("email:" + in.Email); err != nil {
		return err
	}
	u, err := h.svc.Register(r.Context(), in)
	if err != nil {
		return err
	}
	return h.startSession(w, r, u, http.StatusCreated)
}

func (h *HTTP) login(w http.ResponseWriter, r *http.Request) error {
	if err := h.limits.loginIP.Allow(ipKey(r)); err != nil {
		return err
	}
	var in LoginInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	// Bounded input only names a rate-limit key.
	if err := in.Validate(); err != nil {
		return err
	}
	key, knownDevice := h.svc.AccountKey(r.Context(), in.Username, cookieValue(r, DeviceCookie))
	if !knownDevice {
		if err := h.limits.loginAccount.Allow(key); err != nil {
			return err
		}
	}
	u, err := h.svc.Login(r.Context(), in)
	if err != nil {
		return err
	}
	return h.startSession(w, r, u, http.StatusOK)
}

// startSession always issues a fresh session id (no fixation), ends the
// session the browser held before and marks the browser as a known device.
func (h *HTTP) startSession(w http.ResponseWriter, r *http.Request, u User, status int) error {
	if old := sessionToken(r); old != "" {
		if err := h.svc.EndSession(r.Context(), old); err != nil {
			return err
		}
	}
	token, err := h.svc.StartSession(r.Context(), u.ID)
	if err != nil {
		return err
	}
	h.setCookie(w, token)
	h.setDeviceCookie(w, u)
	httpx.WriteJSON(w, status, u)
	return nil
}

func (h *HTTP) logout(w http.ResponseWriter, r *http.Request) error {
	if token := sessionToken(r); token != "" {
		if err := h.svc.EndSession(r.Context(), token); err != nil {
			return err
		}
	}
	h.clearCookie(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// resetRequestAnswer is the same for every address (no enumeration).
var resetRequestAnswer = map[string]string{
	"message": "If an account uses that email address, we have sent it a link to reset the password.",
}

func (h *HTTP) resetRequest(w http.ResponseWriter, r *http.Request) error {
	if err := h.limits.resetIP.Allow(ipKey(r)); err != nil {
		return err
	}
	var in ResetRequestInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	if err := h.limits.resetAccount.Allow("email:" + in.Email); err != nil {
		return err
	}
	if err := h.svc.RequestReset(r.Context(), in); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, resetRequestAnswer)
	return nil
}

func (h *HTTP) resetConfirm(w http.ResponseWriter, r *http.Request) error {
	if err := h.limits.confirmIP.Allow(ipKey(r)); err != nil {
		return err
	}
	var in ResetConfirmInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.svc.ConfirmReset(r.Context(), in); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": "Password reset successful. Please log in with your new password."})
	return nil
}

func (h *HTTP) updateProfile(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := errorsFirst(h.limits.profileIP.Allow(ipKey(r)),
		h.limits.profileAccount.Allow("user:"+strconv.FormatInt(id.UserID, 10))); err != nil {
		return err
	}
	var in ProfileInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	u, err := h.svc.UpdateProfile(r.Context(), id.UserID, in)
	return httpx.Reply(w, http.StatusOK, u, err)
}

// passwordLimit limits requests that check the account's password.
func (h *HTTP) passwordLimit(r *http.Request, userID int64) error {
	return errorsFirst(h.limits.passwordIP.Allow(ipKey(r)), h.limits.passwordAccount.Allow("user:"+strconv.FormatInt(userID, 10)))
}

func errorsFirst(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func (h *HTTP) changePassword(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	var in PasswordChangeInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.passwordLimit(r, id.UserID); err != nil {
		return err
	}
	if err := h.svc.ChangePassword(r.Context(), id.UserID, sessionToken(r), in); err != nil {
		return err
	}
	// The new password forgot every known device; this browser stays one.
	if u, err := h.svc.User(r.Context(), id.UserID); err == nil {
		h.setDeviceCookie(w, u)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": "Password changed. Your other sessions were signed out."})
	return nil
}

func (h *HTTP) export(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	data, err := h.svc.ExportUserData(r.Context(), id.UserID)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("hyrox-export-%s-%s.json", data.Account.Username, data.ExportedAt.Format("2006-01-02"))
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	httpx.WriteJSON(w, http.StatusOK, data)
	return nil
}

func (h *HTTP) deleteAccount(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	var in DeleteAccountInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.passwordLimit(r, id.UserID); err != nil {
		return err
	}
	if err := h.svc.DeleteAccount(r.Context(), id.UserID, in); err != nil {
		return err
	}
	h.clearCookie(w)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
