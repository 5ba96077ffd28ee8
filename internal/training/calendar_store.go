package training

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

var errSessionNotFound = apperr.Errorf(apperr.CodeNotFound, "That calendar session does not exist.")

// CalendarSession is one session on an athlete's calendar. Status is
// planned, skipped or done (done = a log is linked: LogID is set).
type CalendarSession struct {
	ID           int64             `json:"id"`
	Date         string            `json:"date"`
	Position     int               `json:"position"`
	Kind         string            `json:"kind"`
	Title        string            `json:"title"`
	Details      string            `json:"details"`
	WorkoutID    *int64            `json:"workoutId"`
	WorkoutName  string            `json:"workoutName,omitempty"`
	Minutes      int               `json:"minutes"`
	RPE          int               `json:"rpe"`
	Exercises    []SessionExercise `json:"exercises"`
	Status       string            `json:"status"`
	LogID        *int64            `json:"logId"`
	OriginalDate string            `json:"originalDate"`
	ProgramID    *int64            `json:"programId"`
	ProgramName  string            `json:"programName,omitempty"`
}

const calendarSelect = `SELECT c.id, c.date, c.position, c.kind, c.title, c.details, c.workout_id, COALESCE(w.name, ''),
		c.minutes, c.rpe, c.exercises, c.status, c.log_id, c.original_date, p.id, COALESCE(p.name, '')
	FROM calendar_sessions c
	LEFT JOIN workouts w ON w.id = c.workout_id
	LEFT JOIN program_starts s ON s.id = c.start_id
	LEFT JOIN programs p ON p.id = s.program_id`

func scanCalendar(row scanner, withExercises bool) (CalendarSession, error) {
	var (
		c         CalendarSession
		workoutID sql.NullInt64
		logID     sql.NullInt64
		programID sql.NullInt64
		ex        string
	)
	if err := row.Scan(&c.ID, &c.Date, &c.Position, &c.Kind, &c.Title, &c.Details, &workoutID, &c.WorkoutName,
		&c.Minutes, &c.RPE, &ex, &c.Status, &logID, &c.OriginalDate, &programID, &c.ProgramName); err != nil {
		return c, err
	}
	if workoutID.Valid {
		c.WorkoutID = &workoutID.Int64
	}
	if logID.Valid {
		c.LogID = &logID.Int64
		c.Status = "done"
	}
	if programID.Valid {
		c.ProgramID = &programID.Int64
	}
	c.Exercises = []SessionExercise{}
	if withExercises {
		if err := json.Unmarshal([]byte(ex), &c.Exercises); err != nil {
			return c, err
		}
	}
	return c, nil
}

// Calendar returns userID's sessions dated from..to (inclusive, YYYY-MM-DD),
// by date and position: a range scan of calendar_sessions_user_date.
func (s *Store) Calendar(ctx context.Context, userID int64, from, to string) ([]CalendarSession, error) {
	rows, err := s.db.Query(ctx, calendarSelect+` WHERE c.user_id = ? AND c.date >= ? AND c.date <= ?
		ORDER BY c.date, c.position, c.id`, userID, from, to)
	return db.Collect(rows, err, func(row db.Scanner) (CalendarSession, error) { return scanCalendar(row, true) })
}

// CalendarSession loads one session of userID; anyone else's is not found.
func (s *Store) CalendarSession(ctx context.Context, id, userID int64) (CalendarSession, error) {
	c, err := scanCalendar(s.db.QueryRow(ctx, calendarSelect+` WHERE c.id = ? AND c.user_id = ?`, id, userID), true)
	return c, apperr.NotFoundIfNoRows(err, errSessionNotFound)
}

// MoveSession puts a session of userID on date, last of that day, unless
// that day holds MaxSessionsPerDay sessions already.
func (s *Store) MoveSession(ctx context.Context, id, userID int64, date string, now time.Time) error {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM calendar_sessions WHERE user_id = ? AND date = ? AND id <> ?`,
		userID, date, id).Scan(&n); err != nil {
		return err
	}
	if n >= MaxSessionsPerDay {
		return errDayFull(n+1, date)
	}
	res, err := s.db.Exec(ctx, `UPDATE calendar_sessions SET date = ?, updated_at = ?,
			position = (SELECT COALESCE(MAX(o.position), -1) + 1 FROM calendar_sessions o WHERE o.user_id = ? AND o.date = ?)
		WHERE id = ? AND user_id = ?`, date, now, userID, date, id, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errSessionNotFound
	}
	return nil
}

// SetSessionStatus sets planned or skipped on a session of userID.
func (s *Store) SetSessionStatus(ctx context.Context, id, userID int64, status string, now time.Time) error {
	res, err := s.db.Exec(ctx, `UPDATE calendar_sessions SET status = ?, updated_at = ? WHERE id = ? AND user_id = ?`,
		status, now, id, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errSessionNotFound
	}
	return nil
}

// placed is a program session with its calendar date.
type placed struct {
	Date     string
	Position int
	Session  Session
}

// StartProgram records that userID follows programID from startDate and puts
// the placed sessions on the calendar, in one transaction. An earlier start
// of the same program by the same athlete ends: its sessions from today on
// that are not done are removed (docs/training.md#calendar).
func (s *Store) StartProgram(ctx context.Context, userID, programID int64, startDate, today string, sessions []placed, now time.Time) (int64, error) {
	var startID int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM calendar_sessions WHERE user_id = ? AND date >= ? AND log_id IS NULL
			AND start_id IN (SELECT id FROM program_starts WHERE user_id = ? AND program_id = ? AND ended_at IS NULL)`,
			userID, today, userID, programID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE program_starts SET ended_at = ? WHERE user_id = ? AND program_id = ? AND ended_at IS NULL`,
			now, userID, programID); err != nil {
			return err
		}
		if err := checkCalendarRoom(ctx, tx, userID, today, sessions); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO program_starts (user_id, program_id, start_date, created_at) VALUES (?, ?, ?, ?) RETURNING id`,
			userID, programID, startDate, now).Scan(&startID); err != nil {
			return err
		}
		for _, p := range sessions {
			js, err := json.Marshal(p.Session.Exercises)
			if err != nil {
				return err
			}
			var workoutID, sessionID any
			if p.Session.WorkoutID != nil {
				workoutID = *p.Session.WorkoutID
			}
			if p.Session.ID > 0 {
				sessionID = p.Session.ID
			}
			if _, err := tx.Exec(ctx, `INSERT INTO calendar_sessions (user_id, start_id, program_session_id, date, position, kind, title,
					details, workout_id, minutes, rpe, exercises, status, original_date, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'planned', ?, ?, ?)`,
				userID, startID, sessionID, p.Date, p.Position, p.Session.Kind, p.Session.Title, p.Session.Details, workoutID,
				p.Session.Minutes, p.Session.RPE, string(js), p.Date, now, now); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `UPDATE programs SET status = 'published' WHERE id = ? AND slug IS NULL`, programID)
		return err
	})
	return startID, err
}

// checkCalendarRoom refuses a start that would make userID follow more than
// MaxRunningPrograms programs with sessions ahead, or put more than
// MaxSessionsPerDay sessions on a date. It runs in the start's transaction,
// after an earlier start of the same program has ended.
func checkCalendarRoom(ctx context.Context, tx *db.Tx, userID int64, today string, sessions []placed) error {
	var running int
	if err := tx.QueryRow(ctx, `SELECT COUNT(DISTINCT c.start_id) FROM calendar_sessions c
		WHERE c.user_id = ? AND c.date >= ? AND c.status <> 'skipped' AND c.log_id IS NULL
			AND c.start_id IN (SELECT id FROM program_starts WHERE user_id = ? AND ended_at IS NULL)`,
		userID, today, userID).Scan(&running); err != nil {
		return err
	}
	if running >= MaxRunningPrograms {
		return errTooManyRunning
	}
	if len(sessions) == 0 {
		return nil
	}
	perDay := map[string]int{}
	first, last := sessions[0].Date, sessions[0].Date
	for _, p := range sessions {
		perDay[p.Date]++
		first, last = min(first, p.Date), max(last, p.Date)
	}
	rows, err := tx.Query(ctx, `SELECT date, COUNT(*) FROM calendar_sessions WHERE user_id = ? AND date >= ? AND date <= ? GROUP BY date`,
		userID, first, last)
	if err := db.Each(rows, err, func(row db.Scanner) error {
		var date string
		var n int
		if err := row.Scan(&date, &n); err != nil {
			return err
		}
		if _, ok := perDay[date]; ok {
			perDay[date] += n
		}
		return nil
	}); err != nil {
		return err
	}
	for _, p := range sessions { // the first full date, in calendar order
		if n := perDay[p.Date]; n > MaxSessionsPerDay {
			return errDayFull(n, p.Date)
		}
	}
	return nil
}

// dayRow is what DayTypes reads of one session.
type dayRow struct {
	Date         string
	Kind         string
	Minutes, RPE int
}

// DaySessions returns the kind, minutes and RPE of userID's sessions that
// are not skipped, dated from..to.
func (s *Store) DaySessions(ctx context.Context, userID int64, from, to string) ([]dayRow, error) {
	rows, err := s.db.Query(ctx, `SELECT date, kind, minutes, rpe FROM calendar_sessions
		WHERE user_id = ? AND date >= ? AND date <= ? AND status <> 'skipped' ORDER BY date`, userID, from, to)
	return db.Collect(rows, err, func(row db.Scanner) (r dayRow, err error) {
		err = row.Scan(&r.Date, &r.Kind, &r.Minutes, &r.RPE)
		return r, err
	})
}

// EachFeedSession hands yield userID's sessions dated from..to, at most
// limit, in date order, as the rows are read (the feed streams them); an
// error from yield stops the walk and is returned.
func (s *Store) EachFeedSession(ctx context.Context, userID int64, from, to string, limit int, yield func(CalendarSession) error) error {
	rows, err := s.db.Query(ctx, calendarSelect+` WHERE c.user_id = ? AND c.date >= ? AND c.date <= ?
		ORDER BY c.date, c.position, c.id LIMIT ?`, userID, from, to, limit)
	return db.Each(rows, err, func(row db.Scanner) error {
		c, err := scanCalendar(row, true)
		if err != nil {
			return err
		}
		return yield(c)
	})
}

// SetFeed stores the hash of userID's feed token, replacing an earlier one.
func (s *Store) SetFeed(ctx context.Context, userID int64, hash string, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`, userID, hash, now)
	return err
}

// DeleteFeed revokes userID's feed; false when there was none.
func (s *Store) DeleteFeed(ctx context.Context, userID int64) (bool, error) {
	res, err := s.db.Exec(ctx, `DELETE FROM calendar_feeds WHERE user_id = ?`, userID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// Feed returns when userID's feed was created (ok false: no feed).
func (s *Store) Feed(ctx context.Context, userID int64) (time.Time, bool, error) {
	var at time.Time
	err := s.db.QueryRow(ctx, `SELECT created_at FROM calendar_feeds WHERE user_id = ?`, userID).Scan(&at)
	if err == sql.ErrNoRows {
		return time.Time{}, false, nil
	}
	return at.UTC(), err == nil, err
}

// FeedUser finds the user whose token has this hash (the lookup by hash is
// the comparison: no token is ever compared byte by byte).
func (s *Store) FeedUser(ctx context.Context, hash string) (int64, bool, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT user_id FROM calendar_feeds WHERE token_hash = ?`, hash).Scan(&id)
	if err == sql.ErrNoRows {
		return 0, false, nil
	}
	return id, err == nil, err
}
