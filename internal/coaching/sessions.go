package coaching

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/identity"
	"hyrox/internal/mail"
)

// Session is one booked 1:1 session as either side sees it
// (docs/coaching.md#11-sessions).
type Session struct {
	ID              int64     `json:"id"`
	CoachID         int64     `json:"coachId"`
	CoachUsername   string    `json:"coachUsername"`
	CoachName       string    `json:"coachName"`
	CoachTimeZone   string    `json:"coachTimeZone"`
	AthleteID       int64     `json:"athleteId"`
	AthleteUsername string    `json:"athleteUsername"`
	AthleteTimeZone string    `json:"athleteTimeZone"`
	Start           time.Time `json:"start"`
	End             time.Time `json:"end"`
	Minutes         int       `json:"minutes"`
	MeetingLink     string    `json:"meetingLink"`
	Cancelled       bool      `json:"cancelled"`
	// CanCancel is false from 24 hours before the start; CancelNote says why.
	CanCancel  bool   `json:"canCancel"`
	CancelNote string `json:"cancelNote"`
	// CancelReason says why a session was cancelled when the coaching ended
	// (empty otherwise).
	CancelReason string `json:"cancelReason"`

	month    string
	sequence int
	reason   string // cancel_reason: a Reason* code or empty
}

// Why a coaching ended, kept with the sessions it cancelled
// (docs/coaching.md#when-the-coaching-ends).
const (
	ReasonEliteEnded   = "elite_ended"
	ReasonCoachChanged = "coach_changed"
	ReasonCoachRemoved = "coach_removed"
)

// cancelReasons is what both sides read for each reason.
var cancelReasons = map[string]string{
	ReasonEliteEnded:   "Cancelled because the coaching ended: the athlete's Elite membership ended.",
	ReasonCoachChanged: "Cancelled because the coaching ended: the athlete chose another coach.",
	ReasonCoachRemoved: "Cancelled because the coaching ended: the coach no longer coaches here.",
}

// Credits is an athlete's included sessions in one month (the coach's zone).
type Credits struct {
	Month string `json:"month"`
	Used  int    `json:"used"`
	Limit int    `json:"limit"`
	Left  int    `json:"left"`
}

// Sessions is GET /api/coaching/sessions: my upcoming sessions and, for an
// athlete with a coach, this month's credits.
type Sessions struct {
	Sessions []Session `json:"sessions"`
	Credits  *Credits  `json:"credits"`
}

// Slots is GET /api/coaching/slots: the free starts with my coach.
type Slots struct {
	CoachID       int64       `json:"coachId"`
	CoachTimeZone string      `json:"coachTimeZone"`
	Minutes       int         `json:"minutes"`
	Slots         []time.Time `json:"slots"`
}

// BookInput is the body of POST /api/coaching/sessions.
type BookInput struct {
	CoachID int64  `json:"coachId"`
	Start   string `json:"start"`
	Minutes int    `json:"minutes"`
	// TimeZone is the athlete's IANA zone (the browser's), for their e-mails.
	TimeZone string `json:"timeZone"`
}

// LinkInput is the body of PUT /api/coaching/sessions/{id}/link.
type LinkInput struct {
	URL string `json:"url"`
}

// UpcomingLimit bounds the upcoming list: bookings reach at most
// HorizonDays ahead, so a coach's list is bounded by their hours.
const UpcomingLimit = 500

var (
	errSessionNotFound = apperr.Errorf(apperr.CodeNotFound, "This session does not exist or is not yours.")
	errCoachCannotBook = apperr.Errorf(apperr.CodeForbidden, "A coach cannot book sessions.")
	errNoCoach         = apperr.Errorf(apperr.CodeForbidden, "Choose a coach first: sessions are booked with your current coach.")
	errNotYourCoach    = apperr.Errorf(apperr.CodeForbidden, "You can book sessions only with your current coach.")
	errSlotTaken       = apperr.Errorf(apperr.CodeConflict, "This time was just booked by someone else. Please pick another.")
	errLinkCoachOnly   = apperr.Errorf(apperr.CodeForbidden, "Only the coach adds the meeting link.")
	errAlreadyCanceled = apperr.Errorf(apperr.CodeConflict, "This session is already cancelled.")
)

// zone loads a stored zone; one saved before zoneProblem refused it (such as
// "Local") reads as UTC, never as the server's zone.
func zone(name string) *time.Location {
	if zoneProblem(name) == "" {
		if loc, err := time.LoadLocation(name); err == nil {
			return loc
		}
	}
	return time.UTC
}

// zoneProblem is the one time zone rule of coaching (the coach's profile and
// the athlete's booking: docs/coaching.md#11-sessions): an IANA name such as
// Europe/London. "Local" loads in Go but is the server's own zone, not a
// place, so it is refused by name. It answers "" for a good zone.
func zoneProblem(name string) string {
	if name == "Local" {
		return "'Local' is not a time zone name: enter your zone, such as Europe/London."
	}
	if _, err := time.LoadLocation(name); name == "" || len(name) > 64 || err != nil {
		return "Enter a time zone such as Europe/London."
	}
	return ""
}

// Availability is the coach's own availability.
func (s *Service) Availability(ctx context.Context, id identity.Identity) (Availability, error) {
	if !id.IsCoach() {
		return Availability{}, errNotCoach
	}
	return s.store.Availability(ctx, id.UserID)
}

// SaveAvailability replaces the coach's availability. Bookings already made
// stay: the coach cancels one that no longer fits.
func (s *Service) SaveAvailability(ctx context.Context, id identity.Identity, in Availability) (Availability, error) {
	if !id.IsCoach() {
		return Availability{}, errNotCoach
	}
	c, err := s.store.Coach(ctx, id.UserID)
	if err != nil {
		return Availability{}, err
	}
	today := s.now().In(zone(c.TimeZone)).Format(time.DateOnly)
	av, err := ValidateAvailability(in, today)
	if err != nil {
		return Availability{}, err
	}
	if err := s.store.SaveAvailability(ctx, id.UserID, av, s.stamp()); err != nil {
		return Availability{}, err
	}
	return s.store.Availability(ctx, id.UserID)
}

// myCoach is the athlete's current coach, or the reason they cannot book.
func (s *Service) myCoach(ctx context.Context, id identity.Identity) (Coach, error) {
	if id.IsCoach() {
		return Coach{}, errCoachCannotBook
	}
	coachID, err := s.store.CurrentCoach(ctx, id.UserID)
	if err != nil {
		return Coach{}, err
	}
	if coachID == 0 {
		return Coach{}, errNoCoach
	}
	return s.store.Coach(ctx, coachID)
}

// free is the free starts with coach for sessions of minutes, from now to
// the booking horizon.
func (s *Service) free(ctx context.Context, c Coach, minutes int, now time.Time) ([]time.Time, error) {
	av, err := s.store.Availability(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	to := now.Add(HorizonDays * 24 * time.Hour)
	taken, err := s.store.TakenSlots(ctx, c.ID, now, to.Add(time.Hour))
	if err != nil {
		return nil, err
	}
	return FreeSlots(av, zone(c.TimeZone), now, to, taken, minutes), nil
}

func checkMinutes(m int) error {
	if m != 30 && m != 60 {
		return apperr.Invalid(map[string]string{"minutes": "A session is 30 or 60 minutes."})
	}
	return nil
}

// Slots lists the free starts with the elite athlete's coach (the caller
// checked the tier).
func (s *Service) Slots(ctx context.Context, id identity.Identity, minutes int) (Slots, error) {
	if err := checkMinutes(minutes); err != nil {
		return Slots{}, err
	}
	c, err := s.myCoach(ctx, id)
	if err != nil {
		return Slots{}, err
	}
	free, err := s.free(ctx, c, minutes, s.stamp())
	if err != nil {
		return Slots{}, err
	}
	return Slots{CoachID: c.ID, CoachTimeZone: c.TimeZone, Minutes: minutes, Slots: free}, nil
}

// monthOf is the calendar month (YYYY-MM) of t in the coach's zone: the
// month whose two included sessions a booking uses.
func monthOf(t time.Time, loc *time.Location) string { return t.In(loc).Format("2006-01") }

// Book books a session with the elite athlete's current coach (the caller
// checked the tier). The slot rows' unique index settles a race for the
// same time; the credit's unique index settles one for the month's limit.
func (s *Service) Book(ctx context.Context, id identity.Identity, in BookInput) (Session, error) {
	if err := checkMinutes(in.Minutes); err != nil {
		return Session{}, err
	}
	start, err := time.Parse(time.RFC3339, in.Start)
	if err != nil {
		return Session{}, apperr.Invalid(map[string]string{"start": "Pick a start time (an RFC 3339 date and time)."})
	}
	start = start.UTC()
	athleteZone := in.TimeZone
	if msg := zoneProblem(athleteZone); athleteZone != "" && msg != "" {
		return Session{}, apperr.Invalid(map[string]string{"timeZone": msg})
	}
	if athleteZone == "" {
		athleteZone = "UTC"
	}
	c, err := s.myCoach(ctx, id)
	if err != nil {
		return Session{}, err
	}
	if in.CoachID != c.ID {
		return Session{}, errNotYourCoach
	}
	now := s.stamp()
	if !start.After(now) {
		return Session{}, apperr.Invalid(map[string]string{"start": "This time is in the past. Pick a free time ahead."})
	}
	if start.After(now.Add(HorizonDays * 24 * time.Hour)) {
		return Session{}, apperr.Invalid(map[string]string{"start": fmt.Sprintf("Sessions can be booked up to %d days ahead.", HorizonDays)})
	}
	free, err := s.free(ctx, c, in.Minutes, now)
	if err != nil {
		return Session{}, err
	}
	open := false
	for _, f := range free {
		if f.Equal(start) {
			open = true
			break
		}
	}
	if !open {
		// Either outside the coach's hours or already taken: say which.
		all := FreeSlots(mustAvailability(ctx, s, c.ID), zone(c.TimeZone), now, now.Add(HorizonDays*24*time.Hour), nil, in.Minutes)
		for _, f := range all {
			if f.Equal(start) {
				return Session{}, errSlotTaken
			}
		}
		return Session{}, apperr.Invalid(map[string]string{"start": "Your coach is not available then. Pick one of the free times."})
	}
	month := monthOf(start, zone(c.TimeZone))
	sess, err := s.store.Book(ctx, Session{CoachID: c.ID, AthleteID: id.UserID, Start: start, Minutes: in.Minutes,
		AthleteTimeZone: athleteZone, month: month}, now)
	if err != nil {
		return Session{}, err
	}
	if !start.After(now.Add(ReminderLeadTime)) {
		// Booked within a day of the start: the invitation is the reminder.
		_, _ = s.store.ClaimReminder(ctx, sess.ID, now)
	}
	sess, err = s.store.Session(ctx, sess.ID)
	if err != nil {
		return Session{}, err
	}
	s.mailSession(ctx, sess, mailBooked)
	return s.decorate(sess, now), nil
}

func mustAvailability(ctx context.Context, s *Service, coachID int64) Availability {
	av, _ := s.store.Availability(ctx, coachID)
	return av
}

// decorate fills what depends on now: whether it can still be cancelled.
func (s *Service) decorate(x Session, now time.Time) Session {
	x.CanCancel = !x.Cancelled && now.Add(CancelBefore).Before(x.Start)
	if !x.Cancelled && !x.CanCancel {
		x.CancelNote = "Sessions can be cancelled up to 24 hours before the start."
	}
	return x
}

// MySessions lists id's upcoming sessions (as athlete or coach) and, for an
// athlete with a coach, this month's credits.
func (s *Service) MySessions(ctx context.Context, id identity.Identity) (Sessions, error) {
	now := s.stamp()
	list, err := s.store.Upcoming(ctx, id.UserID, now, UpcomingLimit)
	if err != nil {
		return Sessions{}, err
	}
	out := Sessions{Sessions: make([]Session, 0, len(list))}
	for _, x := range list {
		out.Sessions = append(out.Sessions, s.decorate(x, now))
	}
	if id.IsCoach() {
		return out, nil
	}
	coachID, err := s.store.CurrentCoach(ctx, id.UserID)
	if err != nil || coachID == 0 {
		return out, err
	}
	c, err := s.store.Coach(ctx, coachID)
	if err != nil {
		if apperr.Is(err, apperr.CodeNotFound) {
			return out, nil
		}
		return out, err
	}
	month := monthOf(now, zone(c.TimeZone))
	used, err := s.store.CreditsUsed(ctx, id.UserID, month)
	if err != nil {
		return out, err
	}
	out.Credits = &Credits{Month: month, Used: used, Limit: MonthlySessions, Left: max(0, MonthlySessions-used)}
	return out, nil
}

// Cancel cancels one of id's sessions (either side) up to 24 hours before
// its start; the athlete's credit for that month returns.
func (s *Service) Cancel(ctx context.Context, id identity.Identity, sessionID int64) (Session, error) {
	x, err := s.store.Session(ctx, sessionID)
	if err != nil {
		return Session{}, err
	}
	if x.AthleteID != id.UserID && x.CoachID != id.UserID {
		return Session{}, errSessionNotFound
	}
	if x.Cancelled {
		return Session{}, errAlreadyCanceled
	}
	now := s.stamp()
	if !now.Add(CancelBefore).Before(x.Start) {
		return Session{}, apperr.Errorf(apperr.CodeInvalid, "Sessions can be cancelled up to 24 hours before the start; this one starts %s.",
			x.Start.In(zone(x.CoachTimeZone)).Format("Mon 2 Jan 15:04 MST"))
	}
	ok, err := s.store.Cancel(ctx, sessionID, id.UserID, now)
	if err != nil {
		return Session{}, err
	}
	if !ok {
		return Session{}, errAlreadyCanceled
	}
	if x, err = s.store.Session(ctx, sessionID); err != nil {
		return Session{}, err
	}
	s.mailSession(ctx, x, mailCancelled)
	return s.decorate(x, now), nil
}

// ValidateLink checks a meeting link: an absolute http or https URL.
func ValidateLink(in LinkInput) (string, error) {
	raw := strings.TrimSpace(in.URL)
	u, err := url.Parse(raw)
	if raw == "" || len(raw) > 500 || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		strings.ContainsAny(raw, " \t\r\n") {
		return "", apperr.Invalid(map[string]string{"url": "Enter the full meeting link, starting with https:// (up to 500 characters)."})
	}
	return raw, nil
}

// SetLink is the coach adding (or changing) a session's meeting link. When
// the link changes, the athlete gets the updated invitation (METHOD:REQUEST,
// same UID, SEQUENCE one higher); the same link again changes nothing.
func (s *Service) SetLink(ctx context.Context, id identity.Identity, sessionID int64, in LinkInput) (Session, error) {
	x, err := s.store.Session(ctx, sessionID)
	if err != nil {
		return Session{}, err
	}
	if x.AthleteID != id.UserID && x.CoachID != id.UserID {
		return Session{}, errSessionNotFound
	}
	if x.CoachID != id.UserID {
		return Session{}, errLinkCoachOnly
	}
	link, err := ValidateLink(in)
	if err != nil {
		return Session{}, err
	}
	if x.Cancelled {
		return Session{}, errAlreadyCanceled
	}
	changed, err := s.store.SetLink(ctx, sessionID, link)
	if err != nil {
		return Session{}, err
	}
	if x, err = s.store.Session(ctx, sessionID); err != nil {
		return Session{}, err
	}
	if !changed && x.Cancelled {
		return Session{}, errAlreadyCanceled // cancelled meanwhile
	}
	if changed {
		s.mailSession(ctx, x, mailLinkChanged)
	}
	return s.decorate(x, s.stamp()), nil
}

// sessionMail is which e-mail mailSession sends.
type sessionMail int

const (
	mailBooked      sessionMail = iota // both sides, METHOD:REQUEST
	mailCancelled                      // both sides, METHOD:CANCEL
	mailLinkChanged                    // the athlete, METHOD:REQUEST with the new link
)

// mailSession e-mails an invitation, its cancellation or its update with
// the .ics attached. A failed e-mail is logged; the booking stands.
func (s *Service) mailSession(ctx context.Context, x Session, kind sessionMail) {
	if s.mail == nil || s.contacts == nil {
		return
	}
	coachEmail, _, err1 := s.contacts.BillingContact(ctx, x.CoachID)
	athleteEmail, _, err2 := s.contacts.BillingContact(ctx, x.AthleteID)
	if err1 != nil || err2 != nil {
		s.logError(ctx, "session e-mail: no contact", "session", x.ID)
		return
	}
	method := "REQUEST"
	if kind == mailCancelled {
		method = "CANCEL"
	}
	ics := SessionICS(x, method, coachEmail, athleteEmail, s.stamp())
	type recipient struct{ email, zone, other string }
	to := []recipient{{athleteEmail, x.AthleteTimeZone, x.CoachName}, {coachEmail, x.CoachTimeZone, x.AthleteUsername}}
	if kind == mailLinkChanged {
		to = to[:1]
	}
	for _, r := range to {
		when := x.Start.In(zone(r.zone)).Format("Monday 2 January 2006, 15:04") + " (" + r.zone + ")"
		var subject, body string
		switch kind {
		case mailBooked:
			subject, body = "1:1 session booked: "+when, fmt.Sprintf("Your %d-minute 1:1 session with %s is booked for %s.\n\n"+
				"The invitation is attached. Cancel up to 24 hours before the start on %s/coaching.", x.Minutes, r.other, when, s.publicURL)
		case mailCancelled:
			subject = "1:1 session cancelled: " + when
			body = fmt.Sprintf("Your %d-minute 1:1 session with %s on %s is cancelled.", x.Minutes, r.other, when)
			if x.CancelReason != "" {
				body += "\n\n" + x.CancelReason
			}
		case mailLinkChanged:
			subject = "1:1 session updated: meeting link for " + when
			body = fmt.Sprintf("%s set the meeting link of your %d-minute 1:1 session on %s:\n\n%s\n\n"+
				"The updated invitation is attached.", r.other, x.Minutes, when, x.MeetingLink)
		}
		m := mail.Message{To: r.email, Subject: subject, Body: body, Attachments: []mail.Attachment{{
			Filename: "session.ics", ContentType: "text/calendar; charset=utf-8; method=" + method, Data: []byte(ics)}}}
		if err := s.mail.Send(ctx, m); err != nil {
			s.logError(ctx, "session e-mail failed", "session", x.ID, "err", err)
		}
	}
}

// SendCancelNotices e-mails both sides the cancellation (METHOD:CANCEL) of
// every session a coaching's end cancelled (endCoaching marks them due in
// the same transaction). Each is claimed first with a conditional UPDATE, so
// with several instances exactly one sends it; only a service that can send
// e-mail claims. It returns how many it claimed.
func (s *Service) SendCancelNotices(ctx context.Context) (int, error) {
	if s.mail == nil || s.contacts == nil {
		return 0, nil
	}
	due, err := s.store.DueCancelNotices(ctx, UpcomingLimit)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, x := range due {
		ok, err := s.store.ClaimCancelNotice(ctx, x.ID)
		if err != nil {
			return sent, err
		}
		if !ok {
			continue // another instance has it
		}
		sent++
		s.mailSession(ctx, x, mailCancelled)
	}
	return sent, nil
}

func (s *Service) logError(ctx context.Context, msg string, args ...any) {
	if s.logger != nil {
		s.logger.ErrorContext(ctx, msg, args...)
	}
}

// SendReminders e-mails both sides of every session starting within the
// next 24 hours that has had no reminder. Each is claimed first with a
// conditional UPDATE, so with several instances exactly one sends it.
func (s *Service) SendReminders(ctx context.Context) (int, error) {
	now := s.stamp()
	due, err := s.store.DueReminders(ctx, now, now.Add(ReminderLeadTime))
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, x := range due {
		ok, err := s.store.ClaimReminder(ctx, x.ID, now)
		if err != nil {
			return sent, err
		}
		if !ok {
			continue // another instance has it
		}
		sent++
		if s.mail == nil || s.contacts == nil {
			continue
		}
		for _, side := range []struct {
			userID      int64
			zone, other string
		}{{x.AthleteID, x.AthleteTimeZone, x.CoachName}, {x.CoachID, x.CoachTimeZone, x.AthleteUsername}} {
			email, _, err := s.contacts.BillingContact(ctx, side.userID)
			if err != nil {
				s.logError(ctx, "session reminder: no contact", "session", x.ID, "err", err)
				continue
			}
			when := x.Start.In(zone(side.zone)).Format("Monday 2 January 2006, 15:04") + " (" + side.zone + ")"
			body := fmt.Sprintf("A reminder: your %d-minute 1:1 session with %s is %s.", x.Minutes, side.other, when)
			if x.MeetingLink != "" {
				body += "\n\nMeeting link: " + x.MeetingLink
			}
			if err := s.mail.Send(ctx, mail.Message{To: email, Subject: "Reminder: 1:1 session " + when, Body: body}); err != nil {
				s.logError(ctx, "session reminder failed", "session", x.ID, "err", err)
			}
		}
	}
	return sent, nil
}
