package auth

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/mail"
)

// ResetTTL is how long a password-reset token works (docs/product.md#accounts-and-sessions).
const ResetTTL = 60 * time.Minute

// DataExporter is an area that can export one user's data (GET /api/user/export).
type DataExporter interface {
	ExportUserData(ctx context.Context, userID int64) (any, error)
}

// AccountCloser is told before an account is deleted (billing cancels a
// paid subscription). An error stops the deletion.
type AccountCloser interface {
	CloseAccount(ctx context.Context, userID int64) error
}

// UsernameListener is told when a user renames themselves; areas that show a
// copy of the username (community posts, leaderboard entries) update it.
type UsernameListener interface {
	RenameAuthor(ctx context.Context, userID int64, username string) error
}

// RoleListener is told when an operator changes an account's role; areas
// that keep a copy of it (racing leaves coaches off the leaderboard) update it.
type RoleListener interface {
	RoleChanged(ctx context.Context, userID int64, role string) error
}

type namedExporter struct {
	name string
	e    DataExporter
}

// accountHooks are the other areas' parts in export and deletion.
type accountHooks struct {
	mu        sync.Mutex
	exporters []namedExporter
	closers   []AccountCloser
	renames   []UsernameListener
	roles     []RoleListener
}

// UseMail sets how reset e-mails go out and the public address their links
// point to. A nil sender means the server has no e-mail: reset requests then
// answer errNoResetMail (production without SMTP, where a reset link must
// not reach the log). Without UseMail, e-mails go to the default logger.
func (s *Service) UseMail(m mail.Sender, publicURL string, logger *slog.Logger) {
	s.mailer, s.publicURL, s.logger = m, strings.TrimRight(publicURL, "/"), logger
	s.noMail = m == nil
}

// errNoResetMail is the reset request's answer on a server without e-mail
// (docs/security.md); it is the same for every address.
var errNoResetMail = apperr.Errorf(apperr.CodeUnavailable,
	"Password reset by email is not available: this server has no email configured. Please contact support.")

// AddExporter adds an area's data to the export under name.
func (s *Service) AddExporter(name string, e DataExporter) {
	s.hooks.mu.Lock()
	defer s.hooks.mu.Unlock()
	s.hooks.exporters = append(s.hooks.exporters, namedExporter{name, e})
}

// AddAccountCloser adds a hook that runs before an account is deleted.
func (s *Service) AddAccountCloser(c AccountCloser) {
	s.hooks.mu.Lock()
	defer s.hooks.mu.Unlock()
	s.hooks.closers = append(s.hooks.closers, c)
}

// AddUsernameListener adds an area that keeps a copy of usernames.
func (s *Service) AddUsernameListener(l UsernameListener) {
	s.hooks.mu.Lock()
	defer s.hooks.mu.Unlock()
	s.hooks.renames = append(s.hooks.renames, l)
}

// AddRoleListener adds an area that keeps a copy of roles.
func (s *Service) AddRoleListener(l RoleListener) {
	s.hooks.mu.Lock()
	defer s.hooks.mu.Unlock()
	s.hooks.roles = append(s.hooks.roles, l)
}

// ResetRequestInput is the body of POST /api/password-reset-request.
type ResetRequestInput struct {
	Email string `json:"email"`
}

// Validate checks the address and normalizes it.
func (in *ResetRequestInput) Validate() error {
	in.Email = normalizeEmail(in.Email)
	var v apperr.Validator
	v.Check(validEmail(in.Email), "email", "Please enter a valid email address")
	return v.Err()
}

// RequestReset sends a reset link when the address belongs to an account.
// It returns nil either way, so the answer never tells whether it does; the
// e-mail goes out in the background so the timing does not tell either.
func (s *Service) RequestReset(ctx context.Context, in ResetRequestInput) error {
	if s.noMail {
		return errNoResetMail
	}
	if err := in.Validate(); err != nil {
		return err
	}
	token, hash := newToken()
	u, err := s.store.UserByEmail(ctx, in.Email)
	if apperr.Is(err, apperr.CodeNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	now := s.now().UTC()
	if err := s.store.CreateReset(ctx, u.ID, hash, now, now.Add(ResetTTL)); err != nil {
		return err
	}
	msg := s.resetMessage(u, token)
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		if err := s.sender().Send(ctx, msg); err != nil {
			s.log().ErrorContext(ctx, "password reset e-mail failed", "user_id", u.ID, "err", err)
		}
	}()
	return nil
}

// WaitForMail waits until e-mails started in the background are handed over.
func (s *Service) WaitForMail() { s.background.Wait() }

func (s *Service) sender() mail.Sender {
	if s.mailer != nil {
		return s.mailer
	}
	return &mail.LogSender{Logger: s.log()}
}

func (s *Service) log() *slog.Logger {
	if s.logger != nil {
		return s.logger
	}
	return slog.Default()
}

func (s *Service) resetMessage(u User, token string) mail.Message {
	base := s.publicURL
	if base == "" {
		base = "http://localhost:8080"
	}
	link := base + "/password-reset?token=" + url.QueryEscape(token)
	body := fmt.Sprintf(`Hi %s,

someone (hopefully you) asked to reset the password of your HYROX Training Hub account.
Open this link within 60 minutes to choose a new password:

%s

Or enter this reset token on the password reset page:

%s

If you did not ask for this, ignore this e-mail: your password stays as it is.
`, u.Username, link, token)
	return mail.Message{To: u.Email, Subject: "Reset your HYROX Training Hub password", Body: body}
}

// ResetConfirmInput is the body of POST /api/password-reset-confirm.
type ResetConfirmInput struct {
	Token       string `json:"token"`
	NewPassword string `json:"newPassword"`
}

// Validate checks the fields with the messages of docs/product.md#form-messages.
func (in *ResetConfirmInput) Validate() error {
	in.Token = strings.TrimSpace(in.Token)
	var v apperr.Validator
	v.Check(in.Token != "", "token", "Reset token is required")
	checkPassword(&v, "newPassword", in.NewPassword)
	return v.Err()
}

var errBadResetToken = &apperr.Error{Code: apperr.CodeInvalid,
	Message: "This reset token is invalid or has expired. Please request a new one.",
	Fields:  map[string]string{"token": "This reset token is invalid or has expired. Please request a new one."}}

// ConfirmReset sets a new password with a reset token; the token works once,
// and every session of the user ends.
func (s *Service) ConfirmReset(ctx context.Context, in ResetConfirmInput) error {
	if err := in.Validate(); err != nil {
		return err
	}
	if len(in.Token) > 100 {
		return errBadResetToken
	}
	hash, err := s.hash(ctx, in.NewPassword)
	if err != nil {
		return err
	}
	userID, err := s.store.UseReset(ctx, hashToken(in.Token), hash, s.now().UTC())
	if apperr.Is(err, apperr.CodeNotFound) {
		return errBadResetToken
	}
	if err != nil {
		return err
	}
	s.evictUser(ctx, userID)
	return nil
}

// ProfileInput is the body of PATCH /api/user; absent fields stay as they
// are. A new e-mail needs the current password (docs/security.md).
type ProfileInput struct {
	Username        *string `json:"username"`
	Email           *string `json:"email"`
	Units           *string `json:"units"`
	CurrentPassword string  `json:"currentPassword"`
}

// Validate checks the given fields with the registration rules.
func (in *ProfileInput) Validate() error {
	var v apperr.Validator
	if in.Username != nil {
		name := strings.TrimSpace(*in.Username)
		in.Username = &name
		checkUsername(&v, name)
	}
	if in.Units != nil {
		v.Check(*in.Units == UnitsMetric || *in.Units == UnitsImperial, "units", "Units must be metric or imperial")
	}
	if in.Email != nil {
		email := normalizeEmail(*in.Email)
		in.Email = &email
		v.Check(validEmail(email), "email", "Please enter a valid email address")
	}
	if in.Username == nil && in.Email == nil && in.Units == nil {
		v.Check(false, "username", "Send a new username, email or units.")
	}
	return v.Err()
}

// UpdateProfile changes the username and/or e-mail. Changing the e-mail
// needs the current password and ends unused reset links, so a stolen
// session cannot take the account over through a reset to a new address.
func (s *Service) UpdateProfile(ctx context.Context, userID int64, in ProfileInput) (User, error) {
	if err := in.Validate(); err != nil {
		return User{}, err
	}
	u, err := s.User(ctx, userID)
	if err != nil {
		return User{}, err
	}
	renamed := in.Username != nil && *in.Username != u.Username
	emailChanged := in.Email != nil && *in.Email != u.Email
	if emailChanged {
		if in.CurrentPassword == "" {
			msg := "Enter your current password to change your email"
			return User{}, &apperr.Error{Code: apperr.CodeInvalid, Message: msg, Fields: map[string]string{"currentPassword": msg}}
		}
		if err := s.verifyPassword(ctx, userID, "currentPassword", "Current password is incorrect", in.CurrentPassword); err != nil {
			return User{}, err
		}
		u.Email = *in.Email
	}
	if in.Username != nil {
		u.Username = *in.Username
	}
	if in.Units != nil {
		u.Units = *in.Units
	}
	if err := s.store.UpdateProfile(ctx, u, emailChanged); err != nil {
		return User{}, err
	}
	if renamed {
		s.hooks.mu.Lock()
		listeners := append([]UsernameListener(nil), s.hooks.renames...)
		s.hooks.mu.Unlock()
		for _, l := range listeners {
			if err := l.RenameAuthor(ctx, u.ID, u.Username); err != nil {
				return User{}, err
			}
		}
	}
	return u, nil
}

// PasswordChangeInput is the body of POST /api/user/password.
type PasswordChangeInput struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// Validate checks the fields.
func (in *PasswordChangeInput) Validate() error {
	var v apperr.Validator
	v.Check(in.CurrentPassword != "", "currentPassword", "Current password is required")
	checkPassword(&v, "newPassword", in.NewPassword)
	return v.Err()
}

// ChangePassword checks the current password, stores the new one and ends
// every other session (keepToken is the session making the change).
func (s *Service) ChangePassword(ctx context.Context, userID int64, keepToken string, in PasswordChangeInput) error {
	if err := in.Validate(); err != nil {
		return err
	}
	if err := s.verifyPassword(ctx, userID, "currentPassword", "Current password is incorrect", in.CurrentPassword); err != nil {
		return err
	}
	hash, err := s.hash(ctx, in.NewPassword)
	if err != nil {
		return err
	}
	if err := s.store.SetPassword(ctx, userID, hash, keepToken); err != nil {
		return err
	}
	s.evictUser(ctx, userID)
	return nil
}

// verifyPassword answers 400 on field when password is not the user's.
func (s *Service) verifyPassword(ctx context.Context, userID int64, field, msg, password string) error {
	u, err := s.User(ctx, userID)
	if err != nil {
		return err
	}
	ok := false
	if len(password) <= maxPasswordLen {
		if ok, err = s.check(ctx, u.PasswordHash, password); err != nil {
			return err
		}
	}
	if !ok {
		return &apperr.Error{Code: apperr.CodeInvalid, Message: msg, Fields: map[string]string{field: msg}}
	}
	return nil
}

// DeleteAccountInput is the body of DELETE /api/user.
type DeleteAccountInput struct {
	Password string `json:"password"`
}

// Validate checks the fields.
func (in *DeleteAccountInput) Validate() error {
	var v apperr.Validator
	v.Check(in.Password != "", "password", "Password is required")
	return v.Err()
}

// DeleteAccount checks the password, lets every area close its part (billing
// cancels a paid subscription), then deletes the user and, by cascade, all
// of the user's rows.
func (s *Service) DeleteAccount(ctx context.Context, userID int64, in DeleteAccountInput) error {
	if err := in.Validate(); err != nil {
		return err
	}
	if err := s.verifyPassword(ctx, userID, "password", "Password is incorrect", in.Password); err != nil {
		return err
	}
	s.hooks.mu.Lock()
	closers := append([]AccountCloser(nil), s.hooks.closers...)
	s.hooks.mu.Unlock()
	for _, c := range closers {
		if err := c.CloseAccount(ctx, userID); err != nil {
			return err
		}
	}
	if err := s.store.DeleteUser(ctx, userID); err != nil {
		return err
	}
	s.evictUser(ctx, userID)
	return nil
}

// Export is everything the product holds about one user.
type Export struct {
	ExportedAt time.Time      `json:"exportedAt"`
	Account    User           `json:"account"`
	Sessions   []SessionInfo  `json:"sessions"`
	Areas      map[string]any `json:"areas"`
}

// ExportUserData gathers the account and every registered area's data.
func (s *Service) ExportUserData(ctx context.Context, userID int64) (Export, error) {
	u, err := s.User(ctx, userID)
	if err != nil {
		return Export{}, err
	}
	sessions, err := s.store.Sessions(ctx, userID)
	if err != nil {
		return Export{}, err
	}
	out := Export{ExportedAt: s.now().UTC(), Account: u, Sessions: sessions, Areas: map[string]any{}}
	s.hooks.mu.Lock()
	exporters := append([]namedExporter(nil), s.hooks.exporters...)
	s.hooks.mu.Unlock()
	for _, ne := range exporters {
		data, err := ne.e.ExportUserData(ctx, userID)
		if err != nil {
			return Export{}, fmt.Errorf("export %s: %w", ne.name, err)
		}
		out.Areas[ne.name] = data
	}
	return out, nil
}
