package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/identity"
)

// Store is the SQL of the auth area.
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// The store's answers for a missing user, session or reset token; the
// service decides what each means to the caller (a failed login, anonymous).
var (
	errNoUser    = apperr.Errorf(apperr.CodeNotFound, "No such account.")
	errNoSession = apperr.Errorf(apperr.CodeNotFound, "No such session.")
	errNoReset   = apperr.Errorf(apperr.CodeNotFound, "No such reset token.")
)

const userColumns = `id, username, email, subscription_tier, role, units, created_at, password_hash`

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	err := row.Scan(&u.ID, &u.Username, &u.Email, &u.SubscriptionTier, &u.Role, &u.Units, &u.CreatedAt, &u.PasswordHash)
	return u, err
}

// CreateUser inserts a user; a taken username or e-mail is a 409.
func (s *Store) CreateUser(ctx context.Context, u User) (User, error) {
	if u.Role == "" {
		u.Role = "athlete"
	}
	if u.Units == "" {
		u.Units = UnitsMetric
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO users (username, username_key, email, password_hash, subscription_tier, role, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			u.Username, usernameKey(u.Username), u.Email, u.PasswordHash, u.SubscriptionTier, u.Role, u.CreatedAt).Scan(&u.ID)
	})
	if db.IsUniqueViolation(err) {
		return User{}, s.conflict(ctx, u)
	}
	return u, err
}

// conflict names which of username or e-mail is taken (by another account than u).
func (s *Store) conflict(ctx context.Context, u User) error {
	var n int
	_ = s.db.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE username_key = ? AND id <> ?`, usernameKey(u.Username), u.ID).Scan(&n)
	if n > 0 {
		return &apperr.Error{Code: apperr.CodeConflict, Message: "That username is already taken.",
			Fields: map[string]string{"username": "That username is already taken."}}
	}
	return &apperr.Error{Code: apperr.CodeConflict, Message: "An account with that email already exists.",
		Fields: map[string]string{"email": "An account with that email already exists."}}
}

// UserByLogin finds a user by username or e-mail, ignoring case.
func (s *Store) UserByLogin(ctx context.Context, login string) (User, error) {
	return s.userWhere(ctx, `username_key = ? OR email = ?`, usernameKey(login), normalizeEmail(login))
}

// UserByID loads one user.
func (s *Store) UserByID(ctx context.Context, id int64) (User, error) {
	return s.userWhere(ctx, `id = ?`, id)
}

// userWhere loads the one user matching cond, or errNoUser.
func (s *Store) userWhere(ctx context.Context, cond string, args ...any) (User, error) {
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE `+cond, args...))
	return u, apperr.NotFoundIfNoRows(err, errNoUser)
}

// SetTier records a user's subscription tier (called by billing).
func (s *Store) SetTier(ctx context.Context, userID int64, tier string) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET subscription_tier = ? WHERE id = ?`, tier, userID)
	return err
}

// SetRole records a user's role (athlete or coach).
func (s *Store) SetRole(ctx context.Context, userID int64, role string) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET role = ? WHERE id = ?`, role, userID)
	return err
}

// newToken returns a random URL-safe token and its SHA-256 hash; only the hash is stored.
func newToken() (token, hash string) {
	var b [32]byte
	_, _ = rand.Read(b[:])
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CreateSession stores a new session and returns its token.
func (s *Store) CreateSession(ctx context.Context, userID int64, now time.Time) (string, error) {
	token, hash := newToken()
	_, err := s.db.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		hash, userID, now, now.Add(SessionTTL))
	return token, err
}

// sessionRow is what the per-request session lookup needs.
type sessionRow struct {
	identity  identity.Identity
	createdAt time.Time
	expiresAt time.Time
}

// SessionIdentity resolves a session (by its token's hash) to its user, if
// unexpired and younger than SessionMaxAge.
func (s *Store) SessionIdentity(ctx context.Context, tokenHash string, now time.Time) (sessionRow, error) {
	var r sessionRow
	err := s.db.QueryRow(ctx, `SELECT u.id, u.username, u.subscription_tier, u.role, s.created_at, s.expires_at
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ? AND s.created_at > ?`, tokenHash, now, now.Add(-SessionMaxAge)).
		Scan(&r.identity.UserID, &r.identity.Username, &r.identity.Tier, &r.identity.Role, &r.createdAt, &r.expiresAt)
	return r, apperr.NotFoundIfNoRows(err, errNoSession)
}

// StandingSessions returns those of the token hashes that name a session
// still valid at now, in batches of 500 (one query each).
func (s *Store) StandingSessions(ctx context.Context, hashes []string, now time.Time) (map[string]bool, error) {
	out := make(map[string]bool, len(hashes))
	for len(hashes) > 0 {
		batch := hashes[:min(len(hashes), 500)]
		hashes = hashes[len(batch):]
		args := make([]any, 0, len(batch)+2)
		for _, h := range batch {
			args = append(args, h)
		}
		args = append(args, now, now.Add(-SessionMaxAge))
		rows, err := s.db.Query(ctx, `SELECT token_hash FROM sessions WHERE token_hash IN (?`+strings.Repeat(", ?", len(batch)-1)+`)
			AND expires_at > ? AND created_at > ?`, args...)
		if err := db.Each(rows, err, func(row db.Scanner) error {
			var h string
			err := row.Scan(&h)
			out[h] = true
			return err
		}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ExtendSession pushes a session's expiry out (rolling expiry).
func (s *Store) ExtendSession(ctx context.Context, token string, expiresAt time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE sessions SET expires_at = ? WHERE token_hash = ?`, expiresAt, hashToken(token))
	return err
}

// DeleteSession ends one session.
func (s *Store) DeleteSession(ctx context.Context, token string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, hashToken(token))
	return err
}

// DeleteOtherSessions ends every session of a user except keepToken's ("" ends all).
func (s *Store) DeleteOtherSessions(ctx context.Context, userID int64, keepToken string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, hashToken(keepToken))
	return err
}

// UserByEmail finds a user by e-mail (stored lower-case).
func (s *Store) UserByEmail(ctx context.Context, email string) (User, error) {
	return s.userWhere(ctx, `email = ?`, normalizeEmail(email))
}

// UpdateProfile stores a new username and e-mail; a taken one is a 409.
// A new e-mail ends the user's unused reset links: they went to the old one.
func (s *Store) UpdateProfile(ctx context.Context, u User, emailChanged bool) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE users SET username = ?, username_key = ?, email = ?, units = ? WHERE id = ?`,
			u.Username, usernameKey(u.Username), u.Email, u.Units, u.ID); err != nil || !emailChanged {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, u.ID)
		return err
	})
	if db.IsUniqueViolation(err) {
		return s.conflict(ctx, u)
	}
	return err
}

// SetPassword stores a new password hash and ends every session of the user
// except keepToken's ("" ends them all), and any pending reset tokens.
func (s *Store) SetPassword(ctx context.Context, userID int64, hash, keepToken string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, hash, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, hashToken(keepToken)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, userID)
		return err
	})
}

// CreateReset stores a reset token's hash (valid until expiresAt) and
// withdraws the user's earlier unused tokens: only the newest link works.
func (s *Store) CreateReset(ctx context.Context, userID int64, tokenHash string, now, expiresAt time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			tokenHash, userID, now, expiresAt)
		return err
	})
}

// UseReset spends an unused, unexpired reset token: it sets the new password
// hash and ends every session of the user, all in one transaction. A token
// that is unknown, used or expired gives errNoReset.
func (s *Store) UseReset(ctx context.Context, tokenHash, passwordHash string, now time.Time) (int64, error) {
	var userID int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		err := tx.QueryRow(ctx, `UPDATE password_resets SET used_at = ?
			WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`, now, tokenHash, now).Scan(&userID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, passwordHash, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL`, userID)
		return err
	})
	return userID, apperr.NotFoundIfNoRows(err, errNoReset)
}

// SessionInfo is a session as the data export shows it (never the token).
type SessionInfo struct {
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Sessions lists a user's sessions, newest first.
func (s *Store) Sessions(ctx context.Context, userID int64) ([]SessionInfo, error) {
	rows, err := s.db.Query(ctx, `SELECT created_at, expires_at FROM sessions WHERE user_id = ? ORDER BY created_at DESC`, userID)
	return db.Collect(rows, err, func(r db.Scanner) (si SessionInfo, err error) {
		return si, r.Scan(&si.CreatedAt, &si.ExpiresAt)
	})
}

// DeleteUser removes an account; ON DELETE CASCADE removes its data.
func (s *Store) DeleteUser(ctx context.Context, userID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM users WHERE id = ?`, userID)
	return err
}

// DeleteExpiredSessions removes sessions past their expiry.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) error {
	_, err := s.db.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, now)
	return err
}
