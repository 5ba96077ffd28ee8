package coaching

import (
	"context"
	"log/slog"
	"strconv"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/identity"
	"hyrox/internal/live"
	"hyrox/internal/mail"
	"hyrox/internal/plaintext"
	"hyrox/internal/tier"
)

// Service holds the coaching rules.
type Service struct {
	store *Store
	now   func() time.Time
	// streams are this instance's live streams (UseLive).
	streams *live.Hub

	mail      mail.Sender
	contacts  Contacts
	publicURL string
	logger    *slog.Logger

	// The workspace's sources in other areas (workspace.go).
	trainingSignals TrainingSignalsFunc
	newResults      NewResultsFunc
}

// NewService returns the coaching service; now is the app's clock.
func NewService(store *Store, now func() time.Time) *Service {
	s := &Service{store: store, now: now}
	// Until the server calls UseLive: this process's own streams, no
	// session check (a stream still ends at live.MaxAge), the default caps.
	hub := live.NewHub(live.NewStore(store.db), nil, live.Limits{PerUser: live.DefaultPerUser, Total: live.DefaultTotal}, now, nil)
	s.UseLive(hub, live.NewOutbox(nil, hub, now))
	return s
}

var (
	errNotCoach        = apperr.Errorf(apperr.CodeForbidden, "Only coaches can do this.")
	errCoachCannotPick = apperr.Errorf(apperr.CodeForbidden, "A coach cannot choose a coach.")
	errThreadEnded     = apperr.Errorf(apperr.CodeForbidden, "This coaching ended: the conversation stays readable but takes no new messages.")
)

func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// Coaches lists every coach's profile.
func (s *Service) Coaches(ctx context.Context) ([]Coach, error) { return s.store.Coaches(ctx) }

// Overview is what /coaching shows id: their current coach, threads and
// unread total.
func (s *Service) Overview(ctx context.Context, id identity.Identity) (Overview, error) {
	o := Overview{Role: "athlete"}
	if id.IsCoach() {
		o.Role = identity.RoleCoach
	}
	coachID, err := s.store.CurrentCoach(ctx, id.UserID)
	if err != nil {
		return o, err
	}
	if coachID != 0 {
		c, err := s.store.Coach(ctx, coachID)
		if err == nil {
			o.Coach = &c
		} else if !apperr.Is(err, apperr.CodeNotFound) {
			return o, err
		}
	}
	if o.Threads, err = s.store.Threads(ctx, id.UserID); err != nil {
		return o, err
	}
	for _, t := range o.Threads {
		o.Unread += t.Unread
	}
	return o, nil
}

// IsCoachOf reports whether coachID is athleteID's current coach: the one
// check behind everything a coach reads or writes of an athlete's data
// (other areas receive it as a function, wired in internal/server).
func (s *Service) IsCoachOf(ctx context.Context, coachID, athleteID int64) (bool, error) {
	if coachID == athleteID {
		return false, nil
	}
	return s.store.IsCoachOf(ctx, coachID, athleteID)
}

// Unread is the number of messages id has not read, over all threads.
func (s *Service) Unread(ctx context.Context, userID int64) (int, error) {
	ts, err := s.store.Threads(ctx, userID)
	n := 0
	for _, t := range ts {
		n += t.Unread
	}
	return n, err
}

// Choose makes coachID the elite athlete's coach (the caller checked the
// tier) and returns their thread.
func (s *Service) Choose(ctx context.Context, id identity.Identity, in ChooseInput) (Thread, error) {
	if id.IsCoach() {
		return Thread{}, errCoachCannotPick
	}
	if in.CoachID <= 0 {
		return Thread{}, apperr.Invalid(map[string]string{"coachId": "Choose a coach."})
	}
	if in.CoachID == id.UserID {
		return Thread{}, apperr.Invalid(map[string]string{"coachId": "You cannot be your own coach."})
	}
	if _, err := s.store.Coach(ctx, in.CoachID); err != nil {
		if apperr.Is(err, apperr.CodeNotFound) {
			return Thread{}, apperr.Invalid(map[string]string{"coachId": "This coach does not exist."})
		}
		return Thread{}, err
	}
	threadID, err := s.store.Assign(ctx, id.UserID, in.CoachID, s.stamp())
	if err != nil {
		return Thread{}, err
	}
	// A change of coach cancelled the sessions ahead with the former one:
	// e-mail them now rather than on the loop's next round.
	if _, err := s.SendCancelNotices(context.WithoutCancel(ctx)); err != nil { // claimed ones are sent even if the client leaves
		s.logError(ctx, "session cancellation e-mails failed", "err", err)
	}
	return s.store.Thread(ctx, threadID, id.UserID)
}

// TierChanged is told by billing (through server wiring) each time an
// account's tier is recorded: below elite, the coaching ends, with the
// sessions ahead (their e-mails go out from the session loop). Billing
// records the lower tier only when the paid period is over, so the athlete
// keeps their coach until then.
func (s *Service) TierChanged(ctx context.Context, userID int64, userTier string) error {
	if tier.Rank(userTier) >= tier.Rank(tier.Elite) {
		return nil
	}
	_, err := s.store.EndAssignment(ctx, userID, ReasonEliteEnded, s.stamp())
	return err
}

// Thread is one of viewer's threads.
func (s *Service) Thread(ctx context.Context, threadID, viewer int64) (Thread, error) {
	return s.store.Thread(ctx, threadID, viewer)
}

// Messages returns a thread's latest messages (oldest first) for one of its
// two sides, and marks them read.
func (s *Service) Messages(ctx context.Context, threadID, viewer int64) ([]Message, error) {
	t, err := s.store.Thread(ctx, threadID, viewer)
	if err != nil {
		return nil, err
	}
	return s.store.Messages(ctx, t.ID, MessagePage)
}

// MarkRead marks a thread read for viewer up to its newest message.
func (s *Service) MarkRead(ctx context.Context, threadID, viewer int64) (Thread, error) {
	t, err := s.store.Thread(ctx, threadID, viewer)
	if err != nil {
		return Thread{}, err
	}
	last, err := s.store.LastInThread(ctx, t.ID)
	if err != nil {
		return Thread{}, err
	}
	if err := s.store.MarkRead(ctx, t, viewer, last); err != nil {
		return Thread{}, err
	}
	return s.store.Thread(ctx, threadID, viewer)
}

// ValidateMessage checks a message body and returns it cleaned.
func ValidateMessage(in MessageInput) (string, error) {
	var v apperr.Validator
	v.Check(utf8.ValidString(in.Body), "body", "The message contains characters that are not valid text.")
	text := plaintext.Clean(in.Body)
	n := utf8.RuneCountInString(text)
	v.Check(plaintext.HasVisible(text), "body", "Write a message before sending.")
	v.Check(n <= MaxMessageChars, "body", "A message can be at most "+strconv.Itoa(MaxMessageChars)+
		" characters (this one has "+strconv.Itoa(n)+").")
	return text, v.Err()
}

// Send adds sender's message to a thread they are a side of, while the
// coaching is current, and publishes it on both sides' live streams (in the same transaction).
func (s *Service) Send(ctx context.Context, id identity.Identity, threadID int64, in MessageInput) (Message, error) {
	body, err := ValidateMessage(in)
	if err != nil {
		return Message{}, err
	}
	t, err := s.store.Thread(ctx, threadID, id.UserID)
	if err != nil {
		return Message{}, err
	}
	if !t.Active {
		return Message{}, errThreadEnded
	}
	m, err := s.store.AddMessage(ctx, Message{ThreadID: t.ID, SenderID: id.UserID, Username: id.Username,
		Body: body, CreatedAt: s.stamp()}, t.AthleteID, t.CoachID)
	if err != nil {
		return Message{}, err
	}
	// The sender has read their own thread up to here.
	_ = s.store.MarkRead(ctx, t, id.UserID, m.ID)
	return m, nil
}

// ExportUserData is the coaching part of GET /api/user/export: the
// messages the user wrote and their 1:1 sessions (either side, cancelled
// ones included).
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	msgs, err := s.store.ExportMessages(ctx, userID)
	if err != nil {
		return nil, err
	}
	sessions, err := s.store.ExportSessions(ctx, userID)
	return map[string]any{"messages": msgs, "sessions": sessions}, err
}

// EnsureProfile gives a new coach a starting profile (name = username,
// UTC) unless they have one.
func (s *Service) EnsureProfile(ctx context.Context, userID int64, username string) error {
	return s.store.EnsureProfile(ctx, Coach{ID: userID, Username: username, Name: username, TimeZone: "UTC",
		Specialities: []string{}})
}

// RenameAuthor keeps the usernames copied onto profiles, messages,
// questions and answers in step when an account renames itself.
func (s *Service) RenameAuthor(ctx context.Context, userID int64, username string) error {
	return s.store.Rename(ctx, userID, username)
}

// CoachRemoved ends every current assignment to a coach who is no longer
// one (hyrox users set-role USERNAME athlete), with the sessions ahead; the
// threads stay readable.
func (s *Service) CoachRemoved(ctx context.Context, coachID int64) error {
	return s.store.EndCoachAssignments(ctx, coachID, ReasonCoachRemoved, s.stamp())
}
