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

// Routes are the account rows of the route table (ARCHITECTURE.md#routes).
// Signing up, in and out and the password reset need no session; their
// limits keyed by client address and by account stay in the handlers.
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/user", Endpoint: httpx.Read(h.getUser)},
		{Pattern: "PATCH /api/user", Endpoint: httpx.Write(http.StatusOK, h.updateProfile)},
		{Pattern: "DELETE /api/user", Endpoint: httpx.Write(http.StatusNoContent, h.deleteAccount)},
		{Pattern: "POST /api/user/password", Endpoint: httpx.Write(http.StatusOK, h.changePassword)},
		{Pattern: "GET /api/user/export", Endpoint: httpx.Stream(h.export)},
		{Pattern: "POST /api/register", Public: true, Endpoint: httpx.Write(http.StatusCreated, h.register)},
		{Pattern: "POST /api/login", Public: true, Endpoint: httpx.Write(http.StatusOK, h.login)},
		{Pattern: "POST /api/logout", Public: true, Endpoint: httpx.Do(h.logout)},
		{Pattern: "POST /api/password-reset-request", Public: true, Endpoint: httpx.Write(http.StatusOK, h.resetRequest)},
		{Pattern: "POST /api/password-reset-confirm", Public: true, Endpoint: httpx.Write(http.StatusOK, h.resetConfirm)},
	}
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

func (h *HTTP) getUser(c *httpx.Call) (User, error) {
	return h.svc.User(c.Context(), c.Me.UserID)
}

func (h *HTTP) register(c *httpx.Call, in RegisterInput) (User, error) {
	if err := h.limits.registerIP.Allow(ipKey(c.R)); err != nil {
		return User{}, err
	}
	// Valid (so bounded) input only names a rate-limit key.
	if err := in.Validate(); err != nil {
		return User{}, err
	}
	if err := h.limits.registerAccount.Allow("email:" + in.Email); err != nil {
		return User{}, err
	}
	u, err := h.svc.Register(c.Context(), in)
	if err != nil {
		return User{}, err
	}
	return u, h.startSession(c, u)
}

func (h *HTTP) login(c *httpx.Call, in LoginInput) (User, error) {
	if err := h.limits.loginIP.Allow(ipKey(c.R)); err != nil {
		return User{}, err
	}
	// Bounded input only names a rate-limit key.
	if err := in.Validate(); err != nil {
		return User{}, err
	}
	key, knownDevice := h.svc.AccountKey(c.Context(), in.Username, cookieValue(c.R, DeviceCookie))
	if !knownDevice {
		if err := h.limits.loginAccount.Allow(key); err != nil {
			return User{}, err
		}
	}
	u, err := h.svc.Login(c.Context(), in)
	if err != nil {
		return User{}, err
	}
	return u, h.startSession(c, u)
}

// startSession always issues a fresh session id (no fixation), ends the
// session the browser held before and marks the browser as a known device.
func (h *HTTP) startSession(c *httpx.Call, u User) error {
	if old := sessionToken(c.R); old != "" {
		if err := h.svc.EndSession(c.Context(), old); err != nil {
			return err
		}
	}
	token, err := h.svc.StartSession(c.Context(), u.ID)
	if err != nil {
		return err
	}
	h.setCookie(c.W, token)
	h.setDeviceCookie(c.W, u)
	return nil
}

func (h *HTTP) logout(c *httpx.Call) error {
	if token := sessionToken(c.R); token != "" {
		if err := h.svc.EndSession(c.Context(), token); err != nil {
			return err
		}
	}
	h.clearCookie(c.W)
	return nil
}

// message is an answer that only says what happened.
type message struct {
	Message string `json:"message"`
}

// resetRequestAnswer is the same for every address (no enumeration).
var resetRequestAnswer = message{"If an account uses that email address, we have sent it a link to reset the password."}

func (h *HTTP) resetRequest(c *httpx.Call, in ResetRequestInput) (message, error) {
	if err := h.limits.resetIP.Allow(ipKey(c.R)); err != nil {
		return message{}, err
	}
	if err := in.Validate(); err != nil {
		return message{}, err
	}
	if err := h.limits.resetAccount.Allow("email:" + in.Email); err != nil {
		return message{}, err
	}
	if err := h.svc.RequestReset(c.Context(), in); err != nil {
		return message{}, err
	}
	return resetRequestAnswer, nil
}

func (h *HTTP) resetConfirm(c *httpx.Call, in ResetConfirmInput) (message, error) {
	if err := h.limits.confirmIP.Allow(ipKey(c.R)); err != nil {
		return message{}, err
	}
	if err := h.svc.ConfirmReset(c.Context(), in); err != nil {
		return message{}, err
	}
	return message{"Password reset successful. Please log in with your new password."}, nil
}

func (h *HTTP) updateProfile(c *httpx.Call, in ProfileInput) (User, error) {
	if err := errorsFirst(h.limits.profileIP.Allow(ipKey(c.R)),
		h.limits.profileAccount.Allow("user:"+strconv.FormatInt(c.Me.UserID, 10))); err != nil {
		return User{}, err
	}
	return h.svc.UpdateProfile(c.Context(), c.Me.UserID, in)
}

// passwordLimit limits requests that check the account's password.
func (h *HTTP) passwordLimit(c *httpx.Call) error {
	return errorsFirst(h.limits.passwordIP.Allow(ipKey(c.R)), h.limits.passwordAccount.Allow("user:"+strconv.FormatInt(c.Me.UserID, 10)))
}

func errorsFirst(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func (h *HTTP) changePassword(c *httpx.Call, in PasswordChangeInput) (message, error) {
	if err := h.passwordLimit(c); err != nil {
		return message{}, err
	}
	if err := h.svc.ChangePassword(c.Context(), c.Me.UserID, sessionToken(c.R), in); err != nil {
		return message{}, err
	}
	// The new password forgot every known device; this browser stays one.
	if u, err := h.svc.User(c.Context(), c.Me.UserID); err == nil {
		h.setDeviceCookie(c.W, u)
	}
	return message{"Password changed. Your other sessions were signed out."}, nil
}

// export answers the account's data as a file to download.
func (h *HTTP) export(c *httpx.Call) error {
	data, err := h.svc.ExportUserData(c.Context(), c.Me.UserID)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("hyrox-export-%s-%s.json", data.Account.Username, data.ExportedAt.Format("2006-01-02"))
	c.W.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	httpx.WriteJSON(c.W, http.StatusOK, data)
	return nil
}

func (h *HTTP) deleteAccount(c *httpx.Call, in DeleteAccountInput) (struct{}, error) {
	if err := h.passwordLimit(c); err != nil {
		return struct{}{}, err
	}
	if err := h.svc.DeleteAccount(c.Context(), c.Me.UserID, in); err != nil {
		return struct{}{}, err
	}
	h.clearCookie(c.W)
	return struct{}{}, nil
}
