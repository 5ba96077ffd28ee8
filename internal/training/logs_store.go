package training

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

var (
	errPlannedNotFound = apperr.Errorf(apperr.CodeNotFound, "That planned session does not exist.")
)

// errPlannedDone answers a planned session that another log marked done.
func errPlannedDone() error {
	return apperr.Invalid(map[string]string{"plannedSessionId": "That session is already logged"}, "plannedSessionId")
}

// logColumns reads a log; the last column is the calendar session it marked
// done (calendar_sessions_log index).
const logColumns = `id, user_id, workout_id, workout_name, duration, rating, rpe, notes, exercises, completed_at, created_at, updated_at, revision,
	(SELECT MIN(c.id) FROM calendar_sessions c WHERE c.log_id = workout_logs.id)`

func scanLog(row scanner) (Log, error) {
	var (
		l         Log
		ex        string
		workoutID sql.NullInt64
		planned   sql.NullInt64
		rpe       int
	)
	err := row.Scan(&l.ID, &l.UserID, &workoutID, &l.WorkoutName, &l.Duration, &l.Rating, &rpe, &l.Notes, &ex,
		&l.CompletedAt, &l.CreatedAt, &l.UpdatedAt, &l.Revision, &planned)
	l.Exercises = json.RawMessage(ex)
	l.CompletedAt, l.CreatedAt, l.UpdatedAt = l.CompletedAt.UTC(), l.CreatedAt.UTC(), l.UpdatedAt.UTC()
	if workoutID.Valid {
		id := workoutID.Int64
		l.WorkoutID = &id
	}
	if planned.Valid {
		id := planned.Int64
		l.PlannedSessionID = &id
	}
	if rpe > 0 {
		l.RPE = &rpe
	}
	l.Edited = l.Revision > 0
	return l, err
}

func nullID(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

func rpeValue(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// plannedSession is what a log takes from the calendar session it logs.
type plannedSession struct {
	ID        int64
	WorkoutID *int64
	Title     string
	Minutes   int
	Exercises json.RawMessage
	LogID     *int64
}

// prefill fills a new log from the planned session.
func (p plannedSession) prefill(l *Log) {
	l.WorkoutID = p.WorkoutID
	l.WorkoutName = p.Title
	if p.Minutes > 0 {
		l.Duration = p.Minutes
	}
	if isJSONArray(p.Exercises) {
		l.Exercises = p.Exercises
	}
}

// PlannedSession loads a calendar session of userID (another user's is not found).
func (s *Store) PlannedSession(ctx context.Context, id, userID int64) (plannedSession, error) {
	var (
		p         plannedSession
		workoutID sql.NullInt64
		logID     sql.NullInt64
		ex        string
	)
	err := s.db.QueryRow(ctx, `SELECT id, workout_id, title, minutes, exercises, log_id FROM calendar_sessions WHERE id = ? AND user_id = ?`, id, userID).
		Scan(&p.ID, &workoutID, &p.Title, &p.Minutes, &ex, &logID)
	if err != nil {
		return p, apperr.NotFoundIfNoRows(err, errPlannedNotFound)
	}
	p.Exercises = json.RawMessage(ex)
	if workoutID.Valid {
		v := workoutID.Int64
		p.WorkoutID = &v
	}
	if logID.Valid {
		v := logID.Int64
		p.LogID = &v
	}
	return p, nil
}

// CreateLog inserts a log, adds it to the user's running totals, marks the
// planned session done (when planned > 0) and updates the personal records,
// all in one transaction. The answer lists the records the log set.
func (s *Store) CreateLog(ctx context.Context, l Log, planned int64, effs []effort) (Log, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		l, err = createLog(ctx, tx, l, planned, effs)
		return err
	})
	return l, err
}

// CreateImportedLog writes an imported activity's log: it fills the open
// planned training session of day (the athlete's local date) that match
// scores highest, if any scores above 0, and runs also in the same
// transaction, so an error there (a duplicate found under the lock) leaves
// nothing behind (docs/import.md).
func (s *Store) CreateImportedLog(ctx context.Context, l Log, day string, match SessionMatch, effs []effort, also func(ctx context.Context, tx *db.Tx, l Log) error) (Log, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		planned, err := bestOpenSession(ctx, tx, l.UserID, day, match)
		if err != nil {
			return err
		}
		if l, err = createLog(ctx, tx, l, planned, effs); err != nil {
			return err
		}
		return also(ctx, tx, l)
	})
	return l, err
}

// bestOpenSession is the open planned training session of day that match
// scores highest (the first by position of equals), 0 when none scores.
func bestOpenSession(ctx context.Context, tx *db.Tx, userID int64, day string, match SessionMatch) (int64, error) {
	rows, err := tx.Query(ctx, `SELECT id, title, exercises FROM calendar_sessions WHERE user_id = ? AND date = ? AND kind = ? AND status = 'planned' AND log_id IS NULL
		ORDER BY position, id`, userID, day, KindTraining)
	var best int64
	bestScore := 0
	err = db.Each(rows, err, func(row db.Scanner) error {
		var (
			id           int64
			title, exs   string
			named        []SessionExercise
			exerciseList []string
		)
		if err := row.Scan(&id, &title, &exs); err != nil {
			return err
		}
		score := 1
		if match != nil {
			_ = json.Unmarshal([]byte(exs), &named) // a session without rows is scored by its title
			for _, e := range named {
				if e.Exercise != "" {
					exerciseList = append(exerciseList, e.Exercise)
				}
			}
			score = match(title, exerciseList)
		}
		if score > bestScore {
			best, bestScore = id, score
		}
		return nil
	})
	return best, err
}

// createLog inserts a log, marks its planned session done, and moves the
// totals and records, inside tx.
func createLog(ctx context.Context, tx *db.Tx, l Log, planned int64, effs []effort) (Log, error) {
	err := tx.QueryRow(ctx, `INSERT INTO workout_logs (user_id, workout_id, workout_name, duration, rating, rpe, notes, exercises, completed_epoch, completed_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		l.UserID, nullID(l.WorkoutID), l.WorkoutName, l.Duration, l.Rating, rpeValue(l.RPE), l.Notes, string(l.Exercises),
		l.CompletedAt.Unix(), l.CompletedAt, l.CreatedAt, l.UpdatedAt).Scan(&l.ID)
	if err != nil {
		return l, err
	}
	if planned > 0 {
		res, err := tx.Exec(ctx, `UPDATE calendar_sessions SET log_id = ?, updated_at = ? WHERE id = ? AND user_id = ? AND log_id IS NULL`,
			l.ID, l.UpdatedAt, planned, l.UserID)
		if err != nil {
			return l, err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return l, errPlannedDone()
		}
		l.PlannedSessionID = &planned
	}
	if err := addTotals(ctx, tx, l.UserID, 1, l.Duration, l.Rating); err != nil {
		return l, err
	}
	keys, err := writeEfforts(ctx, tx, l, effs)
	if err != nil {
		return l, err
	}
	if err := refreshRecords(ctx, tx, l.UserID, keys); err != nil {
		return l, err
	}
	recs, err := recordsOfLog(ctx, tx, l.UserID, l.ID)
	l.NewRecords = withLines(recs, effs)
	return l, err
}

// addTotals moves a user's running totals by the given deltas.
func addTotals(ctx context.Context, tx *db.Tx, userID int64, workouts, minutes, rating int) error {
	_, err := tx.Exec(ctx, `INSERT INTO workout_log_totals (user_id, workouts, minutes, rating_sum) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET workouts = workout_log_totals.workouts + excluded.workouts,
			minutes = workout_log_totals.minutes + excluded.minutes,
			rating_sum = workout_log_totals.rating_sum + excluded.rating_sum`, userID, workouts, minutes, rating)
	return err
}

// LogByID loads a log of userID; another user's log is not found.
func (s *Store) LogByID(ctx context.Context, id, userID int64) (Log, error) {
	l, err := scanLog(s.db.QueryRow(ctx, `SELECT `+logColumns+` FROM workout_logs WHERE id = ? AND user_id = ?`, id, userID))
	return l, apperr.NotFoundIfNoRows(err, errLogNotFound)
}

// UpdateLog writes every editable field of a log of l.UserID, keeps the
// previous version as a revision, moves the running totals by the change and
// recomputes the personal records the old and new efforts touch. The first
// statement locks the row (FOR UPDATE on PostgreSQL; SQLite's write
// transaction is exclusive).
func (s *Store) UpdateLog(ctx context.Context, l Log, effs []effort) (Log, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := scanLog(tx.QueryRow(ctx, `SELECT `+logColumns+` FROM workout_logs WHERE id = ? AND user_id = ?`+db.ForUpdate(tx), l.ID, l.UserID))
		if err != nil {
			return apperr.NotFoundIfNoRows(err, errLogNotFound)
		}
		held, err := recordsOfLog(ctx, tx, l.UserID, l.ID)
		if err != nil {
			return err
		}
		snapshot, err := json.Marshal(old)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO workout_log_revisions (log_id, revision, snapshot, edited_at) VALUES (?, ?, ?, ?)`,
			l.ID, old.Revision, string(snapshot), l.UpdatedAt); err != nil {
			return err
		}
		l.Revision = old.Revision + 1
		l.Edited = true
		_, err = tx.Exec(ctx, `UPDATE workout_logs SET workout_id = ?, workout_name = ?, duration = ?, rating = ?, rpe = ?, notes = ?,
			exercises = ?, completed_epoch = ?, completed_at = ?, updated_at = ?, revision = ? WHERE id = ?`,
			nullID(l.WorkoutID), l.WorkoutName, l.Duration, l.Rating, rpeValue(l.RPE), l.Notes, string(l.Exercises),
			l.CompletedAt.Unix(), l.CompletedAt, l.UpdatedAt, l.Revision, l.ID)
		if err != nil {
			return err
		}
		if err := addTotals(ctx, tx, l.UserID, 0, l.Duration-old.Duration, l.Rating-old.Rating); err != nil {
			return err
		}
		oldKeys, err := effortKeys(ctx, tx, l.ID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM workout_log_efforts WHERE log_id = ?`, l.ID); err != nil {
			return err
		}
		keys, err := writeEfforts(ctx, tx, l, effs)
		if err != nil {
			return err
		}
		if err := refreshRecords(ctx, tx, l.UserID, append(oldKeys, keys...)); err != nil {
			return err
		}
		now, err := recordsOfLog(ctx, tx, l.UserID, l.ID)
		if err != nil {
			return err
		}
		l.NewRecords = withLines(newlySet(held, now), effs)
		return nil
	})
	return l, err
}

// newlySet lists the records in now that were not held (with that value) before.
func newlySet(before, now []PersonalRecord) []PersonalRecord {
	had := map[string]float64{}
	for _, r := range before {
		had[r.Key] = r.Value
	}
	var out []PersonalRecord
	for _, r := range now {
		if v, ok := had[r.Key]; !ok || v != r.Value {
			out = append(out, r)
		}
	}
	return out
}

// DeleteLog removes a log of userID, takes it off the running totals and
// recomputes the records it held (the next best effort takes over). Its
// calendar session goes back to planned (ON DELETE SET NULL).
func (s *Store) DeleteLog(ctx context.Context, id, userID int64) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		keys, err := effortKeys(ctx, tx, id)
		if err != nil {
			return err
		}
		var duration, rating int
		err = tx.QueryRow(ctx, `DELETE FROM workout_logs WHERE id = ? AND user_id = ? RETURNING duration, rating`, id, userID).
			Scan(&duration, &rating)
		if err != nil {
			return apperr.NotFoundIfNoRows(err, errLogNotFound)
		}
		if err := addTotals(ctx, tx, userID, -1, -duration, -rating); err != nil {
			return err
		}
		return refreshRecords(ctx, tx, userID, keys)
	})
}

// LogHistory returns a log's previous versions, oldest first.
func (s *Store) LogHistory(ctx context.Context, logID int64) ([]LogRevision, error) {
	return s.revisions(ctx, `r.log_id = ?`, logID)
}

// UserLogHistory returns the previous versions of every edited log of userID
// in one query (for the data export), by log then revision.
func (s *Store) UserLogHistory(ctx context.Context, userID int64) ([]LogRevision, error) {
	return s.revisions(ctx, `l.user_id = ?`, userID)
}

// revisions reads the revisions matching where (on r, the revision, and l,
// its log).
func (s *Store) revisions(ctx context.Context, where string, arg int64) ([]LogRevision, error) {
	rows, err := s.db.Query(ctx, `SELECT r.revision, r.snapshot, r.edited_at
		FROM workout_log_revisions r JOIN workout_logs l ON l.id = r.log_id
		WHERE `+where+` ORDER BY r.log_id, r.revision`, arg)
	return db.Collect(rows, err, func(row db.Scanner) (r LogRevision, err error) {
		var snap string
		if err := row.Scan(&r.Revision, &snap, &r.EditedAt); err != nil {
			return r, err
		}
		r.EditedAt = r.EditedAt.UTC()
		return r, json.Unmarshal([]byte(snap), &r.Log)
	})
}

// effortKeys lists the record keys of a log's efforts.
func effortKeys(ctx context.Context, tx *db.Tx, logID int64) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT record_key FROM workout_log_efforts WHERE log_id = ?`, logID)
	return db.Collect(rows, err, func(row db.Scanner) (k string, err error) {
		return k, row.Scan(&k)
	})
}

// writeEfforts stores a log's efforts and returns their keys.
func writeEfforts(ctx context.Context, tx *db.Tx, l Log, effs []effort) ([]string, error) {
	keys := make([]string, 0, len(effs))
	for _, e := range effs {
		if _, err := tx.Exec(ctx, `INSERT INTO workout_log_efforts (log_id, user_id, record_key, kind, exercise, measure, value, completed_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, l.ID, l.UserID, e.Key, e.Kind, e.Exercise, e.Measure, e.Value, l.CompletedAt); err != nil {
			return nil, err
		}
		keys = append(keys, e.Key)
	}
	return keys, nil
}

// refreshRecords recomputes the user's record for each key from the efforts
// (docs/training-logs.md#personal-records): the best effort (lowest time or
// highest load; a tie goes to the earlier effort) is a record only when an
// earlier effort exists: it is then strictly better than every earlier one.
// The first value of a key is a baseline, so a key whose best is its first
// effort, or with no effort left, has no record. Each key is two probes of
// the (user_id, record_key, value) index.
// (Concurrent writes of one user's logs serialize before this runs: every
// write first moves the user's workout_log_totals row, which holds its lock
// to the commit, so on PostgreSQL a later writer's statements see the earlier
// writer's efforts; SQLite has a single writer.)
func refreshRecords(ctx context.Context, tx *db.Tx, userID int64, keys []string) error {
	seen := map[string]bool{}
	for _, key := range keys {
		if seen[key] {
			continue
		}
		seen[key] = true
		order := "value DESC"
		if len(key) >= len(RecordTime) && key[:len(RecordTime)] == RecordTime {
			order = "value ASC"
		}
		var (
			r  PersonalRecord
			at time.Time
		)
		err := tx.QueryRow(ctx, `SELECT log_id, kind, exercise, measure, value, completed_at FROM workout_log_efforts
			WHERE user_id = ? AND record_key = ? ORDER BY `+order+`, completed_at, log_id LIMIT 1`, userID, key).
			Scan(&r.LogID, &r.Kind, &r.Exercise, &r.Measure, &r.Value, &at)
		if err == nil {
			var firstLog int64
			err = tx.QueryRow(ctx, `SELECT log_id FROM workout_log_efforts
				WHERE user_id = ? AND record_key = ? ORDER BY completed_at, log_id LIMIT 1`, userID, key).Scan(&firstLog)
			if err == nil && firstLog == r.LogID {
				err = sql.ErrNoRows // the best is the baseline: no record
			}
		}
		if err == sql.ErrNoRows {
			if _, err := tx.Exec(ctx, `DELETE FROM personal_records WHERE user_id = ? AND record_key = ?`, userID, key); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO personal_records (user_id, record_key, kind, exercise, measure, value, log_id, achieved_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (user_id, record_key) DO UPDATE SET kind = excluded.kind, exercise = excluded.exercise,
				measure = excluded.measure, value = excluded.value, log_id = excluded.log_id, achieved_at = excluded.achieved_at`,
			userID, key, r.Kind, r.Exercise, r.Measure, r.Value, r.LogID, at); err != nil {
			return err
		}
	}
	return nil
}

const recordColumns = `r.record_key, r.kind, r.exercise, r.measure, r.value, r.log_id, l.workout_name, r.achieved_at`

type querier interface {
	Query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func queryRecords(ctx context.Context, q querier, query string, args ...any) ([]PersonalRecord, error) {
	rows, err := q.Query(ctx, query, args...)
	return db.Collect(rows, err, func(row db.Scanner) (r PersonalRecord, err error) {
		err = row.Scan(&r.Key, &r.Kind, &r.Exercise, &r.Measure, &r.Value, &r.LogID, &r.WorkoutName, &r.AchievedAt)
		r.AchievedAt = r.AchievedAt.UTC()
		return r, err
	})
}

func recordsOfLog(ctx context.Context, q querier, userID, logID int64) ([]PersonalRecord, error) {
	return queryRecords(ctx, q, `SELECT `+recordColumns+` FROM personal_records r JOIN workout_logs l ON l.id = r.log_id
		WHERE r.log_id = ? AND r.user_id = ? ORDER BY r.exercise, r.kind, r.measure`, logID, userID)
}

// RecordsOfLog lists the records a log holds.
func (s *Store) RecordsOfLog(ctx context.Context, userID, logID int64) ([]PersonalRecord, error) {
	return recordsOfLog(ctx, s.db, userID, logID)
}

// Records lists every record of userID by exercise.
func (s *Store) Records(ctx context.Context, userID int64) ([]PersonalRecord, error) {
	return queryRecords(ctx, s.db, `SELECT `+recordColumns+` FROM personal_records r JOIN workout_logs l ON l.id = r.log_id
		WHERE r.user_id = ? ORDER BY LOWER(r.exercise), r.kind, r.measure`, userID)
}

// loadLog is what the load needs of a log.
type loadLog struct {
	Epoch   int64
	Minutes int
	RPE     int
}

// LoadLogs reads userID's logs with completed_epoch in [from, to): a range
// scan of the (user_id, completed_epoch, ...) index.
func (s *Store) LoadLogs(ctx context.Context, userID, from, to int64) ([]loadLog, error) {
	rows, err := s.db.Query(ctx, `SELECT completed_epoch, duration, rpe FROM workout_logs
		WHERE user_id = ? AND completed_epoch >= ? AND completed_epoch < ?`, userID, from, to)
	return db.Collect(rows, err, func(row db.Scanner) (l loadLog, err error) {
		err = row.Scan(&l.Epoch, &l.Minutes, &l.RPE)
		return l, err
	})
}

// loadSession is what compliance needs of a calendar session.
type loadSession struct {
	Date string
	Kind string
	Done bool
}

// LoadSessions reads userID's calendar sessions dated in [from, to] (the
// calendar_sessions_user_date index).
func (s *Store) LoadSessions(ctx context.Context, userID int64, from, to string) ([]loadSession, error) {
	rows, err := s.db.Query(ctx, `SELECT date, kind, CASE WHEN log_id IS NULL THEN 0 ELSE 1 END FROM calendar_sessions
		WHERE user_id = ? AND date >= ? AND date <= ?`, userID, from, to)
	return db.Collect(rows, err, func(row db.Scanner) (c loadSession, err error) {
		var done int
		err = row.Scan(&c.Date, &c.Kind, &done)
		c.Done = done == 1
		return c, err
	})
}
