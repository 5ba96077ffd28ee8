package auth

import (
	"context"
	"log/slog"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/identity"
	"hyrox/internal/tier"

	sender "hyrox/internal/mail"
)

// Service holds the account rules.
type Service struct {
	store *Store
	now   func() time.Time

	mailer     sender.Sender
	publicURL  string
	logger     *slog.Logger
	hooks      accountHooks
	background sync.WaitGroup
	hashes     *hashGate
	noMail     bool          // reset requests answer errNoResetMail
	cache      *SessionCache // nil: every request looks its session up
}

func NewService(store *Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now, hashes: newHashGate()}
}

var usernamePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

func usernameKey(username string) string { return strings.ToLower(strings.TrimSpace(username)) }
func normalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// validEmail accepts a bare address such as ana@example.com.
func validEmail(email string) bool {
	a, err := mail.ParseAddress(email)
	return err == nil && a.Address == email && strings.Contains(email[strings.IndexByte(email, '@'):], ".") && len(email) <= 254
}

func checkUsername(v *apperr.Validator, username string) {
	n := utf8.RuneCountInString(username)
	v.Check(n >= 3, "username", "Username must be at least 3 characters")
	v.Check(n <= 32, "username", "Username must be at most 32 characters")
	v.Check(usernamePattern.MatchString(username), "username", "Username may only use letters, digits and _ . -")
}

func checkPassword(v *apperr.Validator, field, password string) {
	v.Check(len(password) >= 6, field, "Password must be at least 6 characters")
	v.Check(len(password) <= maxPasswordLen, field, "Password must be at most 128 characters")
}

// RegisterInput is the body of POST /api/register.
type RegisterInput struct {
	Username string `json:"username"`
	Email    string `json:"email"`
	Password string `json:"password"`
}

// Validate checks the fields with the messages of docs/product.md#form-messages and normalizes them.
func (in *RegisterInput) Validate() error {
	in.Username = strings.TrimSpace(in.Username)
	in.Email = normalizeEmail(in.Email)
	var v apperr.Validator
	checkUsername(&v, in.Username)
	v.Check(validEmail(in.Email), "email", "Please enter a valid email address")
	checkPassword(&v, "password", in.Password)
	return v.Err()
}

// Register creates an account with the basic tier.
func (s *Service) Register(ctx context.Context, in RegisterInput) (User, error) {
	if err := in.Validate(); err != nil {
		return User{}, err
	}
	hash, err := s.hash(ctx, in.Password)
	if err != nil {
		return User{}, err
	}
	return s.store.CreateUser(ctx, User{Username: in.Username, Email: in.Email, PasswordHash: hash,
		SubscriptionTier: tier.Basic, CreatedAt: s.now().UTC()})
}

// LoginInput is the body of POST /api/login; Username may be the e-mail.
type LoginInput struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

var errBadLogin = &apperr.Error{Code: apperr.CodeUnauthorized, Message: "Invalid username or password"}

// Longest login name and password a login may send: an e-mail address is at
// most 254 characters, a password at most 128. Longer input cannot match an
// account and is refused before it names a rate-limit key or reaches the
// database (docs/security.md).
const (
	maxLoginLen    = 254
	maxPasswordLen = 128
)

// Validate checks that both fields are there (docs/product.md#form-messages)
// and not longer than any account's.
func (in *LoginInput) Validate() error {
	if len(in.Username) > maxLoginLen || len(in.Password) > maxPasswordLen {
		return errBadLogin
	}
	var v apperr.Validator
	v.Check(strings.TrimSpace(in.Username) != "", "username", "Username is required")
	v.Check(in.Password != "", "password", "Password is required")
	return v.Err()
}

// Login checks credentials and returns the user.
func (s *Service) Login(ctx context.Context, in LoginInput) (User, error) {
	if err := in.Validate(); err != nil {
		return User{}, err
	}
	u, err := s.store.UserByLogin(ctx, in.Username)
	if apperr.Is(err, apperr.CodeNotFound) {
		if _, err := s.check(ctx, dummyHash, in.Password); err != nil {
			return User{}, err // busy: the gate's answer, not a verdict on the login
		}
		return User{}, errBadLogin
	}
	if err != nil {
		return User{}, err
	}
	ok, err := s.check(ctx, u.PasswordHash, in.Password)
	if err != nil {
		return User{}, err
	}
	if !ok {
		return User{}, errBadLogin
	}
	return u, nil
}

// AccountKey names the account a login names, for per-account rate limits:
// the username and the e-mail of one account share a key ("user:<id>");
// a name without an account is keyed by itself. known reports that device
// (the DeviceCookie's value) signed in to that account before, which exempts
// the login from the per-account limit.
func (s *Service) AccountKey(ctx context.Context, login, device string) (key string, known bool) {
	u, err := s.store.UserByLogin(ctx, login)
	if err != nil {
		return "login:" + usernameKey(login), false
	}
	return "user:" + strconv.FormatInt(u.ID, 10), device != "" && knownDevice(u, device)
}

// StartSession opens a new session for a user and returns its token; expired
// sessions of every user are swept on the way.
func (s *Service) StartSession(ctx context.Context, userID int64) (string, error) {
	now := s.now().UTC()
	if err := s.store.DeleteExpiredSessions(ctx, now); err != nil {
		return "", err
	}
	return s.store.CreateSession(ctx, userID, now)
}

// EndSession ends one session.
func (s *Service) EndSession(ctx context.Context, token string) error {
	if err := s.store.DeleteSession(ctx, token); err != nil {
		return err
	}
	s.evictToken(ctx, token)
	return nil
}

// Identify resolves a session token. Sessions roll: each use pushes the
// expiry to SessionTTL from now (written at most once a day), but never past
// SessionMaxAge from sign-in; extended reports that it moved, so the cookie
// is renewed too. sess names the session and when it ends at the latest.
func (s *Service) Identify(ctx context.Context, token string) (id identity.Identity, sess identity.Session, ok, extended bool, err error) {
	now := s.now().UTC()
	hash := hashToken(token)
	row, cached, evictions := s.cache.get(hash)
	if cached && !row.expiresAt.After(now) {
		cached = false
	}
	if !cached {
		row, err = s.store.SessionIdentity(ctx, hash, now)
		if apperr.Is(err, apperr.CodeNotFound) {
			return identity.Identity{}, identity.Session{}, false, false, nil
		}
		if err != nil {
			return identity.Identity{}, identity.Session{}, false, false, err
		}
	}
	expiry := now.Add(SessionTTL)
	if limit := row.createdAt.Add(SessionMaxAge); expiry.After(limit) {
		expiry = limit
	}
	if expiry.Sub(row.expiresAt) >= 24*time.Hour {
		if err := s.store.ExtendSession(ctx, token, expiry); err != nil {
			return identity.Identity{}, identity.Session{}, false, false, err
		}
		row.expiresAt, extended = expiry, true
	}
	if !cached || extended {
		s.cache.put(hash, row, evictions)
	}
	sess = identity.Session{Key: hash, Ends: row.expiresAt}
	if limit := row.createdAt.Add(SessionMaxAge); limit.Before(sess.Ends) {
		sess.Ends = limit
	}
	return row.identity, sess, true, extended, nil
}

// StandingSessions returns those of keys (token hashes, as in
// identity.Session) that still name a valid session: not ended, not expired,
// within the absolute lifetime. The live streams ask it when an eviction
// arrives (docs/security.md#live-streams).
func (s *Service) StandingSessions(ctx context.Context, keys []string) (map[string]bool, error) {
	return s.store.StandingSessions(ctx, keys, s.now().UTC())
}

// User loads the signed-in user.
func (s *Service) User(ctx context.Context, id int64) (User, error) {
	u, err := s.store.UserByID(ctx, id)
	if apperr.Is(err, apperr.CodeNotFound) {
		return User{}, apperr.ErrUnauthorized
	}
	return u, err
}

// SetTier implements billing's tier setter.
func (s *Service) SetTier(ctx context.Context, userID int64, userTier string) error {
	if err := s.store.SetTier(ctx, userID, userTier); err != nil {
		return err
	}
	s.evictUser(ctx, userID)
	return nil
}

// SetRole makes an account a coach or an athlete again (hyrox users
// set-role; docs/coaching.md), evicts its cached sessions so the change
// shows at once and tells the areas that keep a copy of the role.
func (s *Service) SetRole(ctx context.Context, userID int64, role string) error {
	if role != "athlete" && role != identity.RoleCoach {
		return apperr.Errorf(apperr.CodeInvalid, "Unknown role %q: use coach or athlete.", role)
	}
	if err := s.store.SetRole(ctx, userID, role); err != nil {
		return err
	}
	s.evictUser(ctx, userID)
	s.hooks.mu.Lock()
	listeners := append([]RoleListener(nil), s.hooks.roles...)
	s.hooks.mu.Unlock()
	for _, l := range listeners {
		if err := l.RoleChanged(ctx, userID, role); err != nil {
			return err
		}
	}
	return nil
}

// BillingContact implements billing's user lookup: what a payment
// provider's customer record needs.
func (s *Service) BillingContact(ctx context.Context, userID int64) (email, username string, err error) {
	u, err := s.User(ctx, userID)
	return u.Email, u.Username, err
}
