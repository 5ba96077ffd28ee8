package training

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// Program is a custom program (docs/training.md#programs): AuthorID wrote it,
// AthleteID follows it (the same person unless a coach wrote it).
type Program struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Status      string    `json:"status"` // draft | published
	AuthorID    *int64    `json:"authorId"`
	AthleteID   *int64    `json:"athleteId"`
	WeekCount   int       `json:"weekCount"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	Weeks       []Week    `json:"weeks,omitempty"`
}

// Limits of a program (docs/training.md#programs).
const (
	ProgramTier          = "elite"
	MaxProgramWeeks      = 52
	MaxSessionsPerWeek   = 21
	MaxExercisesPerSess  = 30
	MaxProgramNameLen    = 100
	MaxProgramDescLen    = 2000
	MaxSessionTitleLen   = 100
	MaxSessionDetailsLen = 2000
	MaxSessionMinutes    = 600
)

// ProgramInput is the body of POST /api/programs and PUT /api/programs/{id}:
// the whole program; weeks[i] is week i+1.
type ProgramInput struct {
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Status      string      `json:"status"`
	Weeks       []WeekInput `json:"weeks"`
}

// WeekInput is one week of a ProgramInput.
type WeekInput struct {
	Focus    string         `json:"focus"`
	Sessions []SessionInput `json:"sessions"`
}

// SessionInput is one session of a WeekInput; WorkoutID 0 or null is a
// custom workout.
type SessionInput struct {
	Day       int               `json:"day"`
	Kind      string            `json:"kind"`
	Title     string            `json:"title"`
	Details   string            `json:"details"`
	WorkoutID *FlexID           `json:"workoutId"`
	Minutes   int               `json:"minutes"`
	RPE       int               `json:"rpe"`
	Exercises []SessionExercise `json:"exercises"`
}

// program validates in (messages per field, e.g. weeks[2].sessions[0].day)
// and returns the program it describes; library workouts must exist.
func (s *Service) program(ctx context.Context, in ProgramInput) (Program, error) {
	var v apperr.Validator
	p := Program{Name: strings.TrimSpace(in.Name), Description: strings.TrimSpace(in.Description), Status: in.Status}
	if p.Status == "" {
		p.Status = "draft"
	}
	v.Check(p.Name != "", "name", "Program name is required")
	v.Check(utf8.RuneCountInString(p.Name) <= MaxProgramNameLen, "name", "Program name must be at most 100 characters")
	v.Check(utf8.RuneCountInString(p.Description) <= MaxProgramDescLen, "description", "Description must be at most 2000 characters")
	v.Check(p.Status == "draft" || p.Status == "published", "status", "Status must be draft or published")
	v.Check(len(in.Weeks) >= 1, "weeks", "A program needs at least 1 week")
	v.Check(len(in.Weeks) <= MaxProgramWeeks, "weeks", "A program can have at most 52 weeks")
	if len(in.Weeks) > MaxProgramWeeks {
		return Program{}, v.Err()
	}
	workouts := map[int64]string{}
	if ws, err := s.store.ListWorkouts(ctx); err == nil {
		for _, w := range ws {
			workouts[w.ID] = w.Name
		}
	} else {
		return Program{}, err
	}
	for wi, w := range in.Weeks {
		wk := Week{Week: wi + 1, Focus: strings.TrimSpace(w.Focus), Sessions: []Session{}}
		wp := fmt.Sprintf("weeks[%d]", wi)
		v.Check(utf8.RuneCountInString(wk.Focus) <= 200, wp+".focus", "Week focus must be at most 200 characters")
		v.Check(len(w.Sessions) <= MaxSessionsPerWeek, wp+".sessions", "A week can have at most 21 sessions")
		for si, in := range w.Sessions {
			sp := fmt.Sprintf("%s.sessions[%d]", wp, si)
			ses := Session{Day: in.Day, Kind: in.Kind, Title: strings.TrimSpace(in.Title), Details: strings.TrimSpace(in.Details),
				Minutes: in.Minutes, RPE: in.RPE, Exercises: in.Exercises}
			if ses.Kind == "" {
				ses.Kind = KindTraining
			}
			if ses.Exercises == nil {
				ses.Exercises = []SessionExercise{}
			}
			v.Check(ses.Day >= 1 && ses.Day <= 7, sp+".day", "Day must be 1 (Monday) to 7 (Sunday)")
			v.Check(ses.Kind == KindTraining || ses.Kind == KindRest || ses.Kind == KindRace, sp+".kind", "Kind must be training, rest or race")
			v.Check(ses.Title != "", sp+".title", "Session title is required")
			v.Check(utf8.RuneCountInString(ses.Title) <= MaxSessionTitleLen, sp+".title", "Session title must be at most 100 characters")
			v.Check(utf8.RuneCountInString(ses.Details) <= MaxSessionDetailsLen, sp+".details", "Details must be at most 2000 characters")
			v.Check(ses.Minutes >= 0, sp+".minutes", "Minutes cannot be negative")
			v.Check(ses.Minutes <= MaxSessionMinutes, sp+".minutes", "A session can last at most 600 minutes")
			v.Check(ses.RPE >= 0 && ses.RPE <= 10, sp+".rpe", "RPE must be 1 to 10 (0 for none)")
			v.Check(len(ses.Exercises) <= MaxExercisesPerSess, sp+".exercises", "A session can have at most 30 exercises")
			if in.WorkoutID != nil && *in.WorkoutID != 0 {
				id := int64(*in.WorkoutID)
				name, ok := workouts[id]
				v.Check(ok, sp+".workoutId", "That workout does not exist")
				ses.WorkoutID, ses.WorkoutName = &id, name
			}
			for ei := range ses.Exercises {
				if ei >= MaxExercisesPerSess {
					break
				}
				checkExercise(&v, fmt.Sprintf("%s.exercises[%d]", sp, ei), &ses.Exercises[ei])
			}
			wk.Sessions = append(wk.Sessions, ses)
		}
		p.Weeks = append(p.Weeks, wk)
	}
	return p, v.Err()
}

// requireProgramTier answers the usual tier 403 below elite.
func requireProgramTier(tier string) error {
	if httpx.TierRank(tier) < httpx.TierRank(ProgramTier) {
		return httpx.TierError(ProgramTier)
	}
	return nil
}

// Programs lists the custom programs userID wrote or follows (elite).
func (s *Service) Programs(ctx context.Context, userID int64, tier string) ([]Program, error) {
	if err := requireProgramTier(tier); err != nil {
		return nil, err
	}
	return s.store.ListPrograms(ctx, userID)
}

// Program returns a custom program of userID with its weeks (elite).
func (s *Service) Program(ctx context.Context, userID int64, tier string, id int64) (Program, error) {
	if err := requireProgramTier(tier); err != nil {
		return Program{}, err
	}
	return s.store.ProgramByID(ctx, id, userID)
}

// CreateProgram writes a custom program; userID is both author and athlete.
func (s *Service) CreateProgram(ctx context.Context, userID int64, tier string, in ProgramInput) (Program, error) {
	if err := requireProgramTier(tier); err != nil {
		return Program{}, err
	}
	p, err := s.program(ctx, in)
	if err != nil {
		return Program{}, err
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	p.AuthorID, p.AthleteID, p.CreatedAt, p.UpdatedAt = &userID, &userID, now, now
	p, err = s.store.CreateProgram(ctx, p)
	if err != nil {
		return Program{}, err
	}
	return s.store.ProgramByID(ctx, p.ID, userID)
}

// UpdateProgram replaces a custom program of userID.
func (s *Service) UpdateProgram(ctx context.Context, userID int64, tier string, id int64, in ProgramInput) (Program, error) {
	if err := requireProgramTier(tier); err != nil {
		return Program{}, err
	}
	if _, err := s.store.ProgramByID(ctx, id, userID); err != nil {
		return Program{}, err
	}
	p, err := s.program(ctx, in)
	if err != nil {
		return Program{}, err
	}
	p.ID, p.UpdatedAt = id, s.now().UTC().Truncate(time.Microsecond)
	if err := s.store.UpdateProgram(ctx, userID, p); err != nil {
		return Program{}, err
	}
	return s.store.ProgramByID(ctx, id, userID)
}

// DeleteProgram removes a custom program of userID.
func (s *Service) DeleteProgram(ctx context.Context, userID int64, tier string, id int64) error {
	if err := requireProgramTier(tier); err != nil {
		return err
	}
	return s.store.DeleteProgram(ctx, id, userID)
}
