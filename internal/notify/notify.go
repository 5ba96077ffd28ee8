// Package notify tells users of what happened while the app was closed:
// Web Push to the browsers they allowed, per kind they opted into
// (docs/notifications.md). It owns the notification settings, the push
// subscriptions and the server's VAPID keys.
package notify

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/jobs"
)

// Kind is one kind of notification a user may opt into.
type Kind string

// The kinds (docs/notifications.md#kinds).
const (
	SessionReminders Kind = "session_reminders"
	CoachMessages    Kind = "coach_messages"
	BookingChanges   Kind = "booking_changes"
	TrialEnding      Kind = "trial_ending"
)

// Kinds are every kind, in the order the settings page shows them.
var Kinds = []Kind{SessionReminders, CoachMessages, BookingChanges, TrialEnding}

// Labels name each kind as the settings page does.
var Labels = map[Kind]string{
	SessionReminders: "Session reminders (the evening before)",
	CoachMessages:    "Messages and answers from coaches",
	BookingChanges:   "1:1 sessions booked or cancelled",
	TrialEnding:      "My free trial is about to end",
}

// alwaysOn kinds are sent whatever the setting (a trial's end is always
// told, by e-mail at least: docs/notifications.md#kinds).
var alwaysOn = map[Kind]bool{TrialEnding: true}

// Setting is one kind's state for a user.
type Setting struct {
	Kind    Kind   `json:"kind"`
	Label   string `json:"label"`
	Enabled bool   `json:"enabled"`
	// Always is true for a kind that is sent whatever the setting.
	Always bool `json:"always"`
}

// Settings is what GET /api/notifications answers.
type Settings struct {
	Kinds []Setting `json:"kinds"`
	// PublicKey is the server's VAPID public key (base64url), what a browser
	// subscribes with.
	PublicKey string `json:"publicKey"`
	// Devices is how many browsers of the user receive push.
	Devices int `json:"devices"`
	// TimeZone is the zone of the user's evenings (session reminders go at
	// 18:00 there); "" until their browser sent it.
	TimeZone string `json:"timeZone"`
}

// Message is one notification.
type Message struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	// URL is the app path the notification opens.
	URL string `json:"url"`
	// Tag groups notifications of one thing (a newer one replaces an older).
	Tag string `json:"tag,omitempty"`
}

// Service holds the notification rules.
type Service struct {
	store  *Store
	push   *Pusher
	now    func() time.Time
	logger *slog.Logger
	queue  *jobs.Queue // pushes of events (queue.go)
}

// NewService returns the service; push sends to browsers.
func NewService(store *Store, push *Pusher, now func() time.Time, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{store: store, push: push, now: now, logger: logger}
}

// Settings returns userID's settings (a kind never set is off).
func (s *Service) Settings(ctx context.Context, userID int64) (Settings, error) {
	on, err := s.store.Enabled(ctx, userID)
	if err != nil {
		return Settings{}, err
	}
	devices, err := s.store.CountSubscriptions(ctx, userID)
	if err != nil {
		return Settings{}, err
	}
	key, err := s.push.PublicKey(ctx)
	if err != nil {
		return Settings{}, err
	}
	zone, err := s.store.Zone(ctx, userID)
	if err != nil {
		return Settings{}, err
	}
	out := Settings{PublicKey: key, Devices: devices, TimeZone: zone, Kinds: make([]Setting, len(Kinds))}
	for i, k := range Kinds {
		out.Kinds[i] = Setting{Kind: k, Label: Labels[k], Enabled: on[k] || alwaysOn[k], Always: alwaysOn[k]}
	}
	return out, nil
}

// SettingsInput is PUT /api/notifications: the kinds to switch, by name.
type SettingsInput struct {
	Kinds map[string]bool `json:"kinds"`
	// TimeZone is the browser's IANA zone, for the session reminders' evening.
	TimeZone string `json:"timeZone"`
}

// SaveSettings switches the named kinds for userID; an unknown kind is
// refused and nothing changes.
func (s *Service) SaveSettings(ctx context.Context, userID int64, in SettingsInput) (Settings, error) {
	var v apperr.Validator
	v.Check(len(in.Kinds) > 0 || in.TimeZone != "", "kinds", "Choose at least one kind of notification to switch.")
	if in.TimeZone != "" {
		_, err := time.LoadLocation(in.TimeZone)
		v.Check(err == nil && in.TimeZone != "Local" && len(in.TimeZone) <= 64, "timeZone", "Unknown time zone: "+in.TimeZone+".")
	}
	for name := range in.Kinds {
		v.Check(slices.Contains(Kinds, Kind(name)), "kinds", "Unknown kind of notification: "+name+".")
	}
	if err := v.Err(); err != nil {
		return Settings{}, err
	}
	set := make(map[Kind]bool, len(in.Kinds))
	for name, on := range in.Kinds {
		set[Kind(name)] = on
	}
	if err := s.store.SaveEnabled(ctx, userID, set); err != nil {
		return Settings{}, err
	}
	if in.TimeZone != "" {
		if err := s.store.SaveZone(ctx, userID, in.TimeZone); err != nil {
			return Settings{}, err
		}
	}
	return s.Settings(ctx, userID)
}

// Notify sends m to every browser of userID that allowed push, when the
// user opted into kind; a subscription the push service says is gone is
// removed. It reports whether any browser took it (the caller may e-mail
// instead when none did).
func (s *Service) Notify(ctx context.Context, userID int64, kind Kind, m Message) (bool, error) {
	delivered, _, err := s.send(ctx, userID, kind, m)
	return delivered, err
}

// send is Notify that also counts the browsers whose push service failed
// for now (an error, a 5xx: worth trying again).
func (s *Service) send(ctx context.Context, userID int64, kind Kind, m Message) (delivered bool, failed int, err error) {
	if !alwaysOn[kind] {
		on, err := s.store.Enabled(ctx, userID)
		if err != nil || !on[kind] {
			return false, 0, err
		}
	}
	subs, err := s.store.Subscriptions(ctx, userID)
	if err != nil {
		return false, 0, err
	}
	for _, sub := range subs {
		err := s.push.Send(ctx, sub, m)
		switch {
		case err == nil:
			delivered = true
		case err == ErrGone:
			if err := s.store.DeleteEndpoint(ctx, sub.Endpoint); err != nil {
				return delivered, failed, err
			}
		default:
			failed++
			s.logger.WarnContext(ctx, "notify: push not delivered", "user", userID, "kind", kind, "err", err)
		}
	}
	return delivered, failed, nil
}

// SubscriptionInput is POST /api/push/subscriptions: the browser's
// PushSubscription as its toJSON() gives it.
type SubscriptionInput struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// MaxDevices is how many browsers one user may have subscribed.
const MaxDevices = 10

// Subscribe keeps a browser's push subscription for userID.
func (s *Service) Subscribe(ctx context.Context, userID int64, in SubscriptionInput) (Settings, error) {
	var v apperr.Validator
	v.Check(len(in.Endpoint) <= 2000 && s.push.Allowed(in.Endpoint), "endpoint", "This browser's push service is not one we send to.")
	v.Check(validKeys(in.Keys.P256dh, in.Keys.Auth), "keys", "The subscription's keys are not valid.")
	if err := v.Err(); err != nil {
		return Settings{}, err
	}
	n, err := s.store.CountSubscriptions(ctx, userID)
	if err != nil {
		return Settings{}, err
	}
	if n >= MaxDevices {
		return Settings{}, apperr.Errorf(apperr.CodeConflict, "Push is on for %d browsers already: turn it off on one you no longer use.", MaxDevices)
	}
	sub := Subscription{Endpoint: in.Endpoint, P256dh: in.Keys.P256dh, Auth: in.Keys.Auth}
	if err := s.store.Subscribe(ctx, userID, sub, s.now().UTC()); err != nil {
		return Settings{}, err
	}
	return s.Settings(ctx, userID)
}

// Unsubscribe forgets userID's browser at endpoint.
func (s *Service) Unsubscribe(ctx context.Context, userID int64, endpoint string) (Settings, error) {
	ok, err := s.store.Unsubscribe(ctx, userID, endpoint)
	if err != nil {
		return Settings{}, err
	}
	if !ok {
		return Settings{}, apperr.Errorf(apperr.CodeNotFound, "This browser does not receive push notifications.")
	}
	return s.Settings(ctx, userID)
}

// ExportUserData is the notifications part of GET /api/user/export.
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	return s.store.ExportUserData(ctx, userID)
}
