package coaching

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/live"
)

// Store is the SQL of the coaching area. It reads users.role and
// users.username (auth's columns) to know who is a coach and to name the
// two sides of a thread; it writes only its own tables.
type Store struct {
	db *db.DB
	// live publishes coaching's events in the transactions of their changes
	// (docs/live.md); nil publishes none.
	live *live.Outbox
}

// NewStore returns the coaching store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

var (
	errCoachNotFound  = apperr.Errorf(apperr.CodeNotFound, "This coach does not exist.")
	errThreadNotFound = apperr.Errorf(apperr.CodeNotFound, "This conversation does not exist or is not yours.")
)

const coachColumns = `u.id, u.username, p.name, p.bio, p.photo, p.specialities, p.time_zone`

func scanCoach(row interface{ Scan(...any) error }) (Coach, error) {
	var c Coach
	var specs string
	if err := row.Scan(&c.ID, &c.Username, &c.Name, &c.Bio, &c.Photo, &specs, &c.TimeZone); err != nil {
		return Coach{}, err
	}
	if err := json.Unmarshal([]byte(specs), &c.Specialities); err != nil || c.Specialities == nil {
		c.Specialities = []string{}
	}
	return c, nil
}

// Coaches lists the coaches that have a profile, by name.
func (s *Store) Coaches(ctx context.Context) ([]Coach, error) {
	rows, err := s.db.Query(ctx, `SELECT `+coachColumns+` FROM coach_profiles p JOIN users u ON u.id = p.user_id
		WHERE u.role = 'coach' ORDER BY p.name, u.id`)
	return db.Collect(rows, err, scanCoach)
}

// Coach loads one coach (an account with the coach role and a profile).
func (s *Store) Coach(ctx context.Context, id int64) (Coach, error) {
	c, err := scanCoach(s.db.QueryRow(ctx, `SELECT `+coachColumns+` FROM coach_profiles p JOIN users u ON u.id = p.user_id
		WHERE u.role = 'coach' AND u.id = ?`, id))
	return c, apperr.NotFoundIfNoRows(err, errCoachNotFound)
}

// SaveProfile creates or replaces a coach's profile.
func (s *Store) SaveProfile(ctx context.Context, c Coach) error {
	specs, _ := json.Marshal(c.Specialities)
	_, err := s.db.Exec(ctx, `INSERT INTO coach_profiles (user_id, username, name, bio, photo, specialities, time_zone)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, name = excluded.name, bio = excluded.bio,
			photo = excluded.photo, specialities = excluded.specialities, time_zone = excluded.time_zone`,
		c.ID, c.Username, c.Name, c.Bio, c.Photo, string(specs), c.TimeZone)
	return err
}

// CurrentCoach is the id of athleteID's current coach (0 when none).
func (s *Store) CurrentCoach(ctx context.Context, athleteID int64) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT coach_id FROM coach_assignments WHERE athlete_id = ? AND ended_at IS NULL`, athleteID).Scan(&id)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	return id, err
}

// IsCoachOf reports whether coachID is athleteID's current coach.
func (s *Store) IsCoachOf(ctx context.Context, coachID, athleteID int64) (bool, error) {
	var ok bool
	err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM coach_assignments
		WHERE athlete_id = ? AND coach_id = ? AND ended_at IS NULL)`, athleteID, coachID).Scan(&ok)
	return ok, err
}

// Assign makes coachID athleteID's current coach (ending another current
// assignment) and makes sure their thread exists; it returns the thread id.
func (s *Store) Assign(ctx context.Context, athleteID, coachID int64, now time.Time) (int64, error) {
	var threadID int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var current int64
		err := tx.QueryRow(ctx, `SELECT coach_id FROM coach_assignments WHERE athlete_id = ? AND ended_at IS NULL`, athleteID).Scan(&current)
		if err != nil && err != sql.ErrNoRows {
			return err
		}
		if current != coachID {
			if _, err := endCoaching(ctx, tx, "athlete_id", athleteID, ReasonCoachChanged, now); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO coach_assignments (athlete_id, coach_id, started_at) VALUES (?, ?, ?)`,
				athleteID, coachID, now); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO coach_threads (athlete_id, coach_id) VALUES (?, ?)
			ON CONFLICT (athlete_id, coach_id) DO NOTHING`, athleteID, coachID); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT id FROM coach_threads WHERE athlete_id = ? AND coach_id = ?`, athleteID, coachID).Scan(&threadID)
	})
	if db.IsUniqueViolation(err) {
		return 0, apperr.Errorf(apperr.CodeConflict, "Your coach was changed at the same moment elsewhere. Please try again.")
	}
	return threadID, err
}

// EndAssignment ends athleteID's current assignment, if any, with its
// sessions ahead (endCoaching); it reports whether one ended.
func (s *Store) EndAssignment(ctx context.Context, athleteID int64, reason string, now time.Time) (bool, error) {
	n := 0
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		n, err = endCoaching(ctx, tx, "athlete_id", athleteID, reason, now)
		return err
	})
	return n > 0, err
}

// EndCoachAssignments ends every current assignment of coachID, with their
// sessions ahead (endCoaching).
func (s *Store) EndCoachAssignments(ctx context.Context, coachID int64, reason string, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		_, err := endCoaching(ctx, tx, "coach_id", coachID, reason, now)
		return err
	})
}

// endCoaching is the one place a coaching ends (docs/coaching.md#when-the-coaching-ends):
// in tx, it ends the current assignments whose column (athlete_id or
// coach_id) is id and cancels every active session of those pairs that
// starts after now: cancelled with reason, SEQUENCE one higher, its slots
// released, its cancellation e-mail due (sent by the session loop,
// SendCancelNotices). It returns how many assignments ended.
func endCoaching(ctx context.Context, tx *db.Tx, column string, id int64, reason string, now time.Time) (int, error) {
	if column != "athlete_id" && column != "coach_id" {
		return 0, fmt.Errorf("endCoaching: bad column %q", column)
	}
	rows, err := tx.Query(ctx, `UPDATE coach_assignments SET ended_at = ? WHERE `+column+` = ? AND ended_at IS NULL
		RETURNING athlete_id, coach_id`, now, id)
	type pair struct{ athlete, coach int64 }
	ended, err := db.Collect(rows, err, func(row db.Scanner) (p pair, err error) {
		return p, row.Scan(&p.athlete, &p.coach)
	})
	if err != nil {
		return 0, err
	}
	for _, p := range ended {
		// The assignment row is locked by the UPDATE above, and a booking
		// locks it too (Book), so no booking of this pair can commit
		// unseen between the two.
		if _, err := tx.Exec(ctx, `UPDATE coach_session_slots SET released_at = ? WHERE released_at IS NULL AND session_id IN
			(SELECT id FROM coach_sessions WHERE athlete_id = ? AND coach_id = ? AND cancelled_at IS NULL AND start_at > ?)`,
			now, p.athlete, p.coach, now); err != nil {
			return 0, err
		}
		if _, err := tx.Exec(ctx, `UPDATE coach_sessions SET cancelled_at = ?, cancel_reason = ?, sequence = sequence + 1,
			cancel_notice_due_at = ? WHERE athlete_id = ? AND coach_id = ? AND cancelled_at IS NULL AND start_at > ?`,
			now, reason, now, p.athlete, p.coach, now); err != nil {
			return 0, err
		}
	}
	return len(ended), nil
}

// threadSelect reads threads as viewer (?) sees them: the unread count is
// the other side's messages after viewer's read mark.
const threadSelect = `SELECT t.id, t.athlete_id, a.username, t.coach_id, c.username, COALESCE(p.name, c.username),
	EXISTS (SELECT 1 FROM coach_assignments s WHERE s.athlete_id = t.athlete_id AND s.coach_id = t.coach_id AND s.ended_at IS NULL),
	(SELECT COUNT(*) FROM coach_messages m WHERE m.thread_id = t.id AND m.sender_id <> ?
		AND m.id > CASE WHEN t.athlete_id = ? THEN t.athlete_read_id ELSE t.coach_read_id END)
	FROM coach_threads t JOIN users a ON a.id = t.athlete_id JOIN users c ON c.id = t.coach_id
	LEFT JOIN coach_profiles p ON p.user_id = t.coach_id`

func scanThread(row db.Scanner) (t Thread, err error) {
	return t, row.Scan(&t.ID, &t.AthleteID, &t.AthleteUsername, &t.CoachID, &t.CoachUsername, &t.CoachName, &t.Active, &t.Unread)
}

// Threads lists viewer's threads (as athlete or as coach): active first,
// then by the other side's name.
func (s *Store) Threads(ctx context.Context, viewer int64) ([]Thread, error) {
	rows, err := s.db.Query(ctx, threadSelect+` WHERE t.athlete_id = ? OR t.coach_id = ? ORDER BY t.id`,
		viewer, viewer, viewer, viewer)
	return db.Collect(rows, err, scanThread)
}

// Thread loads one thread when viewer is one of its two sides; anyone else
// gets errThreadNotFound (its existence is not told).
func (s *Store) Thread(ctx context.Context, id, viewer int64) (Thread, error) {
	rows, err := s.db.Query(ctx, threadSelect+` WHERE t.id = ? AND (t.athlete_id = ? OR t.coach_id = ?)`,
		viewer, viewer, id, viewer, viewer)
	ts, err := db.Collect(rows, err, scanThread)
	if err != nil {
		return Thread{}, err
	}
	if len(ts) == 0 {
		return Thread{}, errThreadNotFound
	}
	return ts[0], nil
}

// AddMessage stores a message and publishes it on the live streams of to
// (the thread's sides).
func (s *Store) AddMessage(ctx context.Context, m Message, to ...int64) (Message, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO coach_messages (thread_id, sender_id, username, body, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, m.ThreadID, m.SenderID, m.Username, m.Body, m.CreatedAt).Scan(&m.ID); err != nil {
			return err
		}
		return s.live.Publish(ctx, tx, EventMessage, m, to...)
	})
	return m, err
}

func scanMessage(row db.Scanner) (m Message, err error) {
	err = row.Scan(&m.ID, &m.ThreadID, &m.SenderID, &m.Username, &m.Body, &m.CreatedAt)
	m.CreatedAt = m.CreatedAt.UTC()
	return m, err
}

// Messages returns a thread's latest limit messages, oldest first.
func (s *Store) Messages(ctx context.Context, threadID int64, limit int) ([]Message, error) {
	rows, err := s.db.Query(ctx, `SELECT id, thread_id, sender_id, username, body, created_at FROM (
		SELECT id, thread_id, sender_id, username, body, created_at FROM coach_messages WHERE thread_id = ?
		ORDER BY id DESC LIMIT ?) latest ORDER BY id`, threadID, limit)
	return db.Collect(rows, err, scanMessage)
}

// MarkRead moves viewer's read mark in a thread up to upTo (never back).
func (s *Store) MarkRead(ctx context.Context, t Thread, viewer, upTo int64) error {
	col := "coach_read_id"
	if t.AthleteID == viewer {
		col = "athlete_read_id"
	}
	_, err := s.db.Exec(ctx, `UPDATE coach_threads SET `+col+` = ? WHERE id = ? AND `+col+` < ?`, upTo, t.ID, upTo)
	return err
}

// LastInThread is the newest message id of a thread (0 when empty).
func (s *Store) LastInThread(ctx context.Context, threadID int64) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM coach_messages WHERE thread_id = ?`, threadID).Scan(&id)
	return id, err
}

// ExportMessages is every message userID wrote.
func (s *Store) ExportMessages(ctx context.Context, userID int64) ([]Message, error) {
	rows, err := s.db.Query(ctx, `SELECT id, thread_id, sender_id, username, body, created_at FROM coach_messages
		WHERE sender_id = ? ORDER BY id`, userID)
	return db.Collect(rows, err, scanMessage)
}

// EnsureProfile inserts c's profile unless the coach has one.
func (s *Store) EnsureProfile(ctx context.Context, c Coach) error {
	specs, _ := json.Marshal(c.Specialities)
	_, err := s.db.Exec(ctx, `INSERT INTO coach_profiles (user_id, username, name, bio, photo, specialities, time_zone)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING`,
		c.ID, c.Username, c.Name, c.Bio, c.Photo, string(specs), c.TimeZone)
	return err
}

// Rename updates every copy of userID's username in the coaching tables.
func (s *Store) Rename(ctx context.Context, userID int64, username string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, q := range []string{
			`UPDATE coach_profiles SET username = ? WHERE user_id = ?`,
			`UPDATE coach_messages SET username = ? WHERE sender_id = ?`,
			`UPDATE coach_questions SET username = ? WHERE user_id = ?`,
			`UPDATE coach_answers SET username = ? WHERE coach_id = ?`,
		} {
			if _, err := tx.Exec(ctx, q, username, userID); err != nil {
				return err
			}
		}
		return nil
	})
}
