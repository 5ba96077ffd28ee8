package coaching

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// Availability loads a coach's availability with their profile's zone
// (empty when they published none).
func (s *Store) Availability(ctx context.Context, coachID int64) (Availability, error) {
	av := Availability{TimeZone: "UTC", Weekly: []Window{}, Exceptions: []Exception{}}
	var weekly, exceptions sql.NullString
	err := s.db.QueryRow(ctx, `SELECT p.time_zone, a.weekly, a.exceptions FROM coach_profiles p
		LEFT JOIN coach_availability a ON a.coach_id = p.user_id WHERE p.user_id = ?`, coachID).Scan(&av.TimeZone, &weekly, &exceptions)
	if err == sql.ErrNoRows {
		return av, nil
	}
	if err != nil {
		return av, err
	}
	if weekly.Valid {
		_ = json.Unmarshal([]byte(weekly.String), &av.Weekly)
	}
	if exceptions.Valid {
		_ = json.Unmarshal([]byte(exceptions.String), &av.Exceptions)
	}
	if av.Weekly == nil {
		av.Weekly = []Window{}
	}
	if av.Exceptions == nil {
		av.Exceptions = []Exception{}
	}
	return av, nil
}

// SaveAvailability replaces a coach's availability.
func (s *Store) SaveAvailability(ctx context.Context, coachID int64, av Availability, now time.Time) error {
	weekly, _ := json.Marshal(av.Weekly)
	exceptions, _ := json.Marshal(av.Exceptions)
	_, err := s.db.Exec(ctx, `INSERT INTO coach_availability (coach_id, weekly, exceptions, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (coach_id) DO UPDATE SET weekly = excluded.weekly, exceptions = excluded.exceptions, updated_at = excluded.updated_at`,
		coachID, string(weekly), string(exceptions), now)
	return err
}

// TakenSlots is the set of a coach's held 30-minute slots in [from, to).
func (s *Store) TakenSlots(ctx context.Context, coachID int64, from, to time.Time) (map[time.Time]bool, error) {
	rows, err := s.db.Query(ctx, `SELECT slot_at FROM coach_session_slots
		WHERE coach_id = ? AND released_at IS NULL AND slot_at >= ? AND slot_at < ?`, coachID, from.Add(-time.Hour), to)
	out := map[time.Time]bool{}
	return out, db.Each(rows, err, func(row db.Scanner) error {
		var t time.Time
		err := row.Scan(&t)
		out[t.UTC()] = true
		return err
	})
}

// errMonthFull is the third booking of a month.
func errMonthFull(month string) error {
	label := month
	if t, err := time.Parse("2006-01", month); err == nil {
		label = t.Format("January 2006")
	}
	return apperr.Invalid(map[string]string{"start": "You have booked both sessions included in " + label +
		". Cancel one of them or pick a time in another month."})
}

// Book stores a session and holds its grid slots, in one transaction. The
// credit (1 or 2 of the month) and the slots are unique among active
// bookings, so two simultaneous requests, on any instances, cannot both win.
func (s *Store) Book(ctx context.Context, x Session, now time.Time) (Session, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		// Lock the current assignment (a no-op update): a coaching that ends
		// meanwhile (endCoaching) either waits for this booking, then cancels
		// it, or has ended first, and this matches no row.
		res, err := tx.Exec(ctx, `UPDATE coach_assignments SET started_at = started_at
			WHERE athlete_id = ? AND coach_id = ? AND ended_at IS NULL`, x.AthleteID, x.CoachID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return errNotYourCoach
		}
		rows, err := tx.Query(ctx, `SELECT credit FROM coach_sessions WHERE athlete_id = ? AND month = ? AND cancelled_at IS NULL`,
			x.AthleteID, x.month)
		used := map[int]bool{}
		if err := db.Each(rows, err, func(row db.Scanner) error {
			var c int
			err := row.Scan(&c)
			used[c] = true
			return err
		}); err != nil {
			return err
		}
		credit := 0
		for c := 1; c <= MonthlySessions; c++ {
			if !used[c] {
				credit = c
				break
			}
		}
		if credit == 0 {
			return errMonthFull(x.month)
		}
		err = tx.QueryRow(ctx, `INSERT INTO coach_sessions (coach_id, athlete_id, start_at, minutes, month, credit, athlete_time_zone, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			x.CoachID, x.AthleteID, x.Start, x.Minutes, x.month, credit, x.AthleteTimeZone, now).Scan(&x.ID)
		if db.IsUniqueViolation(err) {
			// Another booking of this athlete took the same credit meanwhile.
			return errMonthFull(x.month)
		}
		if err != nil {
			return err
		}
		for k := 0; k < x.Minutes/SlotMinutes; k++ {
			_, err := tx.Exec(ctx, `INSERT INTO coach_session_slots (session_id, coach_id, slot_at) VALUES (?, ?, ?)`,
				x.ID, x.CoachID, x.Start.Add(time.Duration(k*SlotMinutes)*time.Minute))
			if db.IsUniqueViolation(err) {
				return errSlotTaken
			}
			if err != nil {
				return err
			}
		}
		return s.live.Publish(ctx, tx, EventBooking, BookingEvent{SessionID: x.ID, Change: "booked", By: x.AthleteID}, x.CoachID, x.AthleteID)
	})
	return x, err
}

const sessionColumns = `s.id, s.coach_id, cu.username, COALESCE(p.name, cu.username), COALESCE(p.time_zone, 'UTC'),
	s.athlete_id, au.username, s.athlete_time_zone, s.start_at, s.minutes, s.meeting_link, s.cancelled_at, s.month, s.sequence, s.cancel_reason`

const sessionFrom = ` FROM coach_sessions s JOIN users cu ON cu.id = s.coach_id JOIN users au ON au.id = s.athlete_id
	LEFT JOIN coach_profiles p ON p.user_id = s.coach_id`

func scanSession(row interface{ Scan(...any) error }) (Session, error) {
	var x Session
	var cancelled sql.NullTime
	if err := row.Scan(&x.ID, &x.CoachID, &x.CoachUsername, &x.CoachName, &x.CoachTimeZone, &x.AthleteID, &x.AthleteUsername,
		&x.AthleteTimeZone, &x.Start, &x.Minutes, &x.MeetingLink, &cancelled, &x.month, &x.sequence, &x.reason); err != nil {
		return Session{}, err
	}
	x.Start = x.Start.UTC()
	x.End = x.Start.Add(time.Duration(x.Minutes) * time.Minute)
	x.Cancelled = cancelled.Valid
	x.CancelReason = cancelReasons[x.reason]
	return x, nil
}

// Session loads one session.
func (s *Store) Session(ctx context.Context, id int64) (Session, error) {
	x, err := scanSession(s.db.QueryRow(ctx, `SELECT `+sessionColumns+sessionFrom+` WHERE s.id = ?`, id))
	return x, apperr.NotFoundIfNoRows(err, errSessionNotFound)
}

func (s *Store) sessions(ctx context.Context, query string, args ...any) ([]Session, error) {
	rows, err := s.db.Query(ctx, query, args...)
	return db.Collect(rows, err, scanSession)
}

// Upcoming lists userID's sessions (either side) that have not ended,
// soonest first: the active ones and those cancelled because the coaching
// ended (shown with the reason). Each side is read through its own index.
func (s *Store) Upcoming(ctx context.Context, userID int64, now time.Time, limit int) ([]Session, error) {
	from := now.Add(-60 * time.Minute)
	return s.sessions(ctx, `SELECT `+sessionColumns+sessionFrom+` WHERE s.athlete_id = ? AND s.start_at > ?
		AND (s.cancelled_at IS NULL OR s.cancel_reason <> '')
		UNION ALL
		SELECT `+sessionColumns+sessionFrom+` WHERE s.coach_id = ? AND s.start_at > ?
		AND (s.cancelled_at IS NULL OR s.cancel_reason <> '')
		ORDER BY 9, 1 LIMIT ?`, userID, from, userID, from, limit)
}

// CreditsUsed is how many of month's included sessions athleteID holds.
func (s *Store) CreditsUsed(ctx context.Context, athleteID int64, month string) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM coach_sessions WHERE athlete_id = ? AND month = ? AND cancelled_at IS NULL`,
		athleteID, month).Scan(&n)
	return n, err
}

// Cancel marks a session cancelled (its invitation's sequence goes up) and
// releases its slots; false when it was already cancelled.
func (s *Store) Cancel(ctx context.Context, id, by int64, now time.Time) (bool, error) {
	ok := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var coachID, athleteID int64
		err := tx.QueryRow(ctx, `UPDATE coach_sessions SET cancelled_at = ?, cancelled_by = ?, sequence = sequence + 1
			WHERE id = ? AND cancelled_at IS NULL RETURNING coach_id, athlete_id`, now, by, id).Scan(&coachID, &athleteID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		ok = true
		if _, err = tx.Exec(ctx, `UPDATE coach_session_slots SET released_at = ? WHERE session_id = ? AND released_at IS NULL`, now, id); err != nil {
			return err
		}
		return s.live.Publish(ctx, tx, EventBooking, BookingEvent{SessionID: id, Change: "cancelled", By: by}, coachID, athleteID)
	})
	return ok, err
}

// SetLink sets an active session's meeting link and raises its invitation's
// sequence; false when the link was already that (or the session is
// cancelled): nothing changed.
func (s *Store) SetLink(ctx context.Context, id int64, link string) (bool, error) {
	res, err := s.db.Exec(ctx, `UPDATE coach_sessions SET meeting_link = ?, sequence = sequence + 1
		WHERE id = ? AND cancelled_at IS NULL AND meeting_link <> ?`, link, id, link)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DueCancelNotices lists sessions whose cancellation e-mail is due (the
// coaching ended), oldest first (read through coach_sessions_cancel_notice).
func (s *Store) DueCancelNotices(ctx context.Context, limit int) ([]Session, error) {
	return s.sessions(ctx, `SELECT `+sessionColumns+sessionFrom+` WHERE s.cancel_notice_due_at IS NOT NULL
		ORDER BY s.cancel_notice_due_at, s.id LIMIT ?`, limit)
}

// ClaimCancelNotice takes a due cancellation e-mail; true only for the one
// caller that changed the row.
func (s *Store) ClaimCancelNotice(ctx context.Context, id int64) (bool, error) {
	res, err := s.db.Exec(ctx, `UPDATE coach_sessions SET cancel_notice_due_at = NULL WHERE id = ? AND cancel_notice_due_at IS NOT NULL`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DueReminders lists active sessions starting in (now, until] without a
// reminder yet (read through coach_sessions_remind).
func (s *Store) DueReminders(ctx context.Context, now, until time.Time) ([]Session, error) {
	return s.sessions(ctx, `SELECT `+sessionColumns+sessionFrom+` WHERE s.cancelled_at IS NULL AND s.reminded_at IS NULL
		AND s.start_at > ? AND s.start_at <= ? ORDER BY s.start_at LIMIT 500`, now, until)
}

// ClaimReminder marks a session reminded; true only for the one caller
// that changed the row (the others see it claimed).
func (s *Store) ClaimReminder(ctx context.Context, id int64, now time.Time) (bool, error) {
	res, err := s.db.Exec(ctx, `UPDATE coach_sessions SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL AND cancelled_at IS NULL`, now, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ExportSessions is every session of userID on either side, oldest first.
func (s *Store) ExportSessions(ctx context.Context, userID int64) ([]Session, error) {
	return s.sessions(ctx, `SELECT `+sessionColumns+sessionFrom+` WHERE s.athlete_id = ?
		UNION ALL
		SELECT `+sessionColumns+sessionFrom+` WHERE s.coach_id = ?
		ORDER BY 9, 1`, userID, userID)
}
