package training

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

var errProgramNotFound = apperr.Errorf(apperr.CodeNotFound, "That program does not exist.")

// execer is what a write needs (a transaction).
type execer interface {
	Exec(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// replaceWeeks writes a program's weeks and sessions, replacing what was there.
func replaceWeeks(ctx context.Context, tx execer, programID int64, weeks []Week) error {
	if _, err := tx.Exec(ctx, `DELETE FROM program_sessions WHERE program_id = ?`, programID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM program_weeks WHERE program_id = ?`, programID); err != nil {
		return err
	}
	for wi, w := range weeks {
		week := wi + 1
		if _, err := tx.Exec(ctx, `INSERT INTO program_weeks (program_id, week, focus) VALUES (?, ?, ?)`, programID, week, w.Focus); err != nil {
			return err
		}
		for si, s := range w.Sessions {
			ex := s.Exercises
			if ex == nil {
				ex = []SessionExercise{}
			}
			js, err := json.Marshal(ex)
			if err != nil {
				return err
			}
			var workoutID any
			if s.WorkoutID != nil && *s.WorkoutID > 0 {
				workoutID = *s.WorkoutID
			}
			if _, err := tx.Exec(ctx, `INSERT INTO program_sessions (program_id, week, day, position, kind, title, details, workout_id, minutes, rpe, exercises)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, programID, week, s.Day, si, s.Kind, s.Title, s.Details, workoutID,
				s.Minutes, s.RPE, string(js)); err != nil {
				return err
			}
		}
	}
	return nil
}

// programRow is a program's own columns.
type programRow struct {
	ID           int64
	Slug         sql.NullString
	AuthorID     sql.NullInt64
	AthleteID    sql.NullInt64
	Name         string
	Description  string
	Category     string
	Level        string
	Duration     string
	Frequency    string
	RequiredTier string
	Weeks        int
	Status       string
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

const programColumns = `id, slug, author_id, athlete_id, name, description, category, level, duration, frequency, required_tier, weeks, status, created_at, updated_at`

func scanProgram(row scanner) (programRow, error) {
	var p programRow
	err := row.Scan(&p.ID, &p.Slug, &p.AuthorID, &p.AthleteID, &p.Name, &p.Description, &p.Category, &p.Level,
		&p.Duration, &p.Frequency, &p.RequiredTier, &p.Weeks, &p.Status, &p.CreatedAt, &p.UpdatedAt)
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	return p, err
}

func (p programRow) plan() Plan {
	return Plan{ID: p.ID, Name: p.Name, Description: p.Description, Category: p.Category, Duration: p.Duration,
		Frequency: p.Frequency, Level: p.Level, RequiredTier: p.RequiredTier}
}

func (p programRow) program() Program {
	out := Program{ID: p.ID, Name: p.Name, Description: p.Description, Status: p.Status, WeekCount: p.Weeks,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	if p.AuthorID.Valid {
		out.AuthorID = &p.AuthorID.Int64
	}
	if p.AthleteID.Valid {
		out.AthleteID = &p.AthleteID.Int64
	}
	return out
}

// ListPlans returns every catalogue plan in catalogue order.
func (s *Store) ListPlans(ctx context.Context) ([]Plan, error) {
	rows, err := s.db.Query(ctx, `SELECT `+programColumns+` FROM programs WHERE slug IS NOT NULL ORDER BY position, id`)
	return db.Collect(rows, err, func(row db.Scanner) (Plan, error) {
		p, err := scanProgram(row)
		return p.plan(), err
	})
}

// PlanByID loads one catalogue plan.
func (s *Store) PlanByID(ctx context.Context, id int64) (Plan, error) {
	p, err := scanProgram(s.db.QueryRow(ctx, `SELECT `+programColumns+` FROM programs WHERE id = ? AND slug IS NOT NULL`, id))
	return p.plan(), apperr.NotFoundIfNoRows(err, errPlanNotFound)
}

// programByID loads any program (catalogue or custom) without an owner check.
func (s *Store) programByID(ctx context.Context, id int64) (programRow, error) {
	p, err := scanProgram(s.db.QueryRow(ctx, `SELECT `+programColumns+` FROM programs WHERE id = ?`, id))
	return p, apperr.NotFoundIfNoRows(err, errProgramNotFound)
}

// PlanWeeks returns a program's weeks with their sessions (one query;
// sessions join their workout's name).
func (s *Store) PlanWeeks(ctx context.Context, programID int64) ([]Week, error) {
	rows, err := s.db.Query(ctx, `SELECT w.week, w.focus, s.id, s.day, s.position, s.kind, s.title, s.details, s.workout_id,
			COALESCE(k.name, ''), s.minutes, s.rpe, s.exercises
		FROM program_weeks w
		LEFT JOIN program_sessions s ON s.program_id = w.program_id AND s.week = w.week
		LEFT JOIN workouts k ON k.id = s.workout_id
		WHERE w.program_id = ?
		ORDER BY w.week, s.day, s.position, s.id`, programID)
	weeks := []Week{}
	err = db.Each(rows, err, func(row db.Scanner) error {
		var (
			week                 int
			focus                string
			id, day, pos         sql.NullInt64
			kind, title, det, ex sql.NullString
			workoutID            sql.NullInt64
			workoutName          string
			minutes, rpe         sql.NullInt64
		)
		if err := row.Scan(&week, &focus, &id, &day, &pos, &kind, &title, &det, &workoutID, &workoutName, &minutes, &rpe, &ex); err != nil {
			return err
		}
		if len(weeks) == 0 || weeks[len(weeks)-1].Week != week {
			weeks = append(weeks, Week{Week: week, Focus: focus, Sessions: []Session{}})
		}
		if !id.Valid {
			return nil
		}
		ses := Session{ID: id.Int64, Day: int(day.Int64), Position: int(pos.Int64), Kind: kind.String, Title: title.String,
			Details: det.String, WorkoutName: workoutName, Minutes: int(minutes.Int64), RPE: int(rpe.Int64), Exercises: []SessionExercise{}}
		if err := json.Unmarshal([]byte(ex.String), &ses.Exercises); err != nil {
			return err
		}
		if workoutID.Valid {
			wid := workoutID.Int64
			ses.WorkoutID = &wid
		}
		w := &weeks[len(weeks)-1]
		w.Sessions = append(w.Sessions, ses)
		return nil
	})
	return weeks, err
}

var errTooManyPrograms = apperr.Errorf(apperr.CodeConflict,
	"You have %d programs, the most one account keeps. Delete one you no longer use first.", MaxPrograms)

// CreateProgram writes a custom program with its weeks.
func (s *Store) CreateProgram(ctx context.Context, p Program) (Program, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var authored int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM programs WHERE author_id = ? AND slug IS NULL`, p.AuthorID).Scan(&authored); err != nil {
			return err
		}
		if authored >= MaxPrograms {
			return errTooManyPrograms
		}
		err := tx.QueryRow(ctx, `INSERT INTO programs (author_id, athlete_id, name, description, category, weeks, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, 'custom', ?, ?, ?, ?) RETURNING id`,
			p.AuthorID, p.AthleteID, p.Name, p.Description, len(p.Weeks), p.Status, p.CreatedAt, p.UpdatedAt).Scan(&p.ID)
		if err != nil {
			return err
		}
		if err := replaceWeeks(ctx, tx, p.ID, p.Weeks); err != nil {
			return err
		}
		if p.AuthorID != nil && p.AthleteID != nil && *p.AuthorID != *p.AthleteID {
			// A coach wrote it for their athlete: their open pages show it at once.
			return s.live.Publish(ctx, tx, EventProgram, ProgramEvent{ProgramID: p.ID}, *p.AthleteID)
		}
		return nil
	})
	p.WeekCount = len(p.Weeks)
	return p, err
}

// ownProgram is the condition for a custom program userID wrote or follows.
const ownProgram = `slug IS NULL AND (author_id = ? OR athlete_id = ?)`

// ProgramByID loads a custom program of userID (author or athlete) with its
// weeks; anyone else's is not found.
func (s *Store) ProgramByID(ctx context.Context, id, userID int64) (Program, error) {
	row, err := scanProgram(s.db.QueryRow(ctx, `SELECT `+programColumns+` FROM programs WHERE id = ? AND `+ownProgram, id, userID, userID))
	if err != nil {
		return Program{}, apperr.NotFoundIfNoRows(err, errProgramNotFound)
	}
	p := row.program()
	p.Weeks, err = s.PlanWeeks(ctx, id)
	return p, err
}

// UpdateProgram replaces a custom program of userID.
func (s *Store) UpdateProgram(ctx context.Context, userID int64, p Program) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE programs SET name = ?, description = ?, weeks = ?, status = ?, updated_at = ?
			WHERE id = ? AND `+ownProgram, p.Name, p.Description, len(p.Weeks), p.Status, p.UpdatedAt, p.ID, userID, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errProgramNotFound
		}
		return replaceWeeks(ctx, tx, p.ID, p.Weeks)
	})
}

// DeleteProgram removes a custom program userID wrote (its calendar sessions
// go with its starts).
func (s *Store) DeleteProgram(ctx context.Context, id, userID int64) error {
	res, err := s.db.Exec(ctx, `DELETE FROM programs WHERE id = ? AND `+ownProgram, id, userID, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errProgramNotFound
	}
	return nil
}

// ListPrograms lists the custom programs userID wrote or follows, newest first.
func (s *Store) ListPrograms(ctx context.Context, userID int64) ([]Program, error) {
	return s.listPrograms(ctx, `SELECT `+programColumns+` FROM programs WHERE `+ownProgram+` ORDER BY updated_at DESC, id DESC LIMIT 200`, userID, userID)
}

// listPrograms runs a program list query (no weeks).
func (s *Store) listPrograms(ctx context.Context, query string, args ...any) ([]Program, error) {
	rows, err := s.db.Query(ctx, query, args...)
	return db.Collect(rows, err, func(row db.Scanner) (Program, error) {
		p, err := scanProgram(row)
		return p.program(), err
	})
}

// FollowedPrograms lists the custom programs athleteID follows, newest
// first: their own and the ones a coach published for them (a coach's
// draft is not theirs yet). One range scan of programs_athlete (a catalogue
// plan has no athlete; no "slug IS NULL" here, or SQLite would pick the slug
// index and read every custom program).
func (s *Store) FollowedPrograms(ctx context.Context, athleteID int64) ([]Program, error) {
	return s.listPrograms(ctx, `SELECT `+programColumns+` FROM programs
		WHERE athlete_id = ? AND (author_id = athlete_id OR status = 'published')
		ORDER BY updated_at DESC, id DESC LIMIT 200`, athleteID)
}

// ProgramsWrittenFor lists the programs authorID wrote for athleteID, newest
// first (drafts included). One range scan of programs_athlete.
func (s *Store) ProgramsWrittenFor(ctx context.Context, authorID, athleteID int64) ([]Program, error) {
	return s.listPrograms(ctx, `SELECT `+programColumns+` FROM programs
		WHERE athlete_id = ? AND author_id = ?
		ORDER BY updated_at DESC, id DESC LIMIT 200`, athleteID, authorID)
}
