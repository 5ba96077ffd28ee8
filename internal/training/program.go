package training

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/tier"
)

// Program is a custom program (docs/training.md#programs): AuthorID wrote it,
// AthleteID follows it (the same person unless a coach wrote it).
type Program struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Status      string `json:"status"` // draft | published
	AuthorID    *int64 `json:"authorId"`
	AthleteID   *int64 `json:"athleteId"`
	WeekCount   int    `json:"weekCount"`
	// AuthorName and AthleteName are set on a program a coach wrote for an
	// athlete (docs/training.md#programs-written-by-a-coach).
	AuthorName  string    `json:"authorName,omitempty"`
	AthleteName string    `json:"athleteName,omitempty"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	Weeks       []Week    `json:"weeks,omitempty"`
}

// Limits of a program (docs/training.md#programs).
const (
	ProgramTier = tier.Elite
	// MaxPrograms is how many custom programs one account may author
	// (docs/training.md#limits).
	MaxPrograms          = 100
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
// the whole program; weeks[i] is week i+1. AthleteID (create) is the athlete
// a coach writes for; missing, 0 or the caller's own id is the caller.
type ProgramInput struct {
	AthleteID   *FlexID     `json:"athleteId"`
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
func requireProgramTier(userTier string) error {
	if tier.Rank(userTier) < tier.Rank(ProgramTier) {
		return tier.Error(ProgramTier)
	}
	return nil
}

var (
	errNotYourAthlete = apperr.Errorf(apperr.CodeNotFound, "That athlete does not exist or is not one you coach.")
	errCoachWritten   = apperr.Errorf(apperr.CodeForbidden, "Your coach wrote this program: only they can change it.")
)

// programRole is what the caller is to a custom program
// (docs/training.md#programs-written-by-a-coach).
type programRole int

const (
	roleOwner    programRole = iota + 1 // wrote it for themselves
	roleFollower                        // a coach wrote it for them
	roleCoach                           // wrote it for an athlete they coach now
)

// customAccess decides what userID may do with the custom program p (loaded
// with loadErr). A coach needs no tier but must coach the athlete now; the
// athlete needs elite and sees a coach's program once it is published;
// anything else is a 404, after the tier 403 for a caller below elite.
func (s *Service) customAccess(ctx context.Context, userID int64, userTier string, p programRow, loadErr error) (programRole, error) {
	if loadErr != nil && !apperr.Is(loadErr, apperr.CodeNotFound) {
		return 0, loadErr
	}
	custom := loadErr == nil && !p.Slug.Valid && p.AuthorID.Valid && p.AthleteID.Valid
	if custom && p.AuthorID.Int64 == userID && p.AthleteID.Int64 != userID {
		ok, err := s.isCoachOf(ctx, userID, p.AthleteID.Int64)
		if err != nil {
			return 0, err
		}
		if !ok {
			return 0, errProgramNotFound
		}
		return roleCoach, nil
	}
	if err := requireProgramTier(userTier); err != nil {
		return 0, err
	}
	if !custom || p.AthleteID.Int64 != userID {
		return 0, errProgramNotFound
	}
	if p.AuthorID.Int64 == userID {
		return roleOwner, nil
	}
	if p.Status != "published" {
		return 0, errProgramNotFound // the coach's draft is not the athlete's yet
	}
	return roleFollower, nil
}

// access loads custom program id and answers the caller's role.
func (s *Service) access(ctx context.Context, userID int64, userTier string, id int64) (programRole, error) {
	p, err := s.store.programByID(ctx, id)
	return s.customAccess(ctx, userID, userTier, p, err)
}

// Programs lists the custom programs userID follows (elite): their own and
// the ones their coach published for them. With athleteID (another user),
// it lists the programs userID wrote for that athlete, who must be one they
// coach now (404 otherwise).
func (s *Service) Programs(ctx context.Context, userID int64, userTier string, athleteID int64) ([]Program, error) {
	var (
		ps  []Program
		err error
	)
	if athleteID == 0 || athleteID == userID {
		if err := requireProgramTier(userTier); err != nil {
			return nil, err
		}
		ps, err = s.store.FollowedPrograms(ctx, userID)
	} else {
		ok, cerr := s.isCoachOf(ctx, userID, athleteID)
		if cerr != nil {
			return nil, cerr
		}
		if !ok {
			return nil, errNotYourAthlete
		}
		ps, err = s.store.ProgramsWrittenFor(ctx, userID, athleteID)
	}
	if err != nil {
		return nil, err
	}
	return ps, s.fillNames(ctx, ps)
}

// Program returns a custom program with its weeks, to its athlete (elite)
// or to the coach who wrote it while they coach the athlete.
func (s *Service) Program(ctx context.Context, userID int64, userTier string, id int64) (Program, error) {
	if _, err := s.access(ctx, userID, userTier, id); err != nil {
		return Program{}, err
	}
	return s.named(ctx, id, userID)
}

// named loads a program of userID (author or athlete) with its names.
func (s *Service) named(ctx context.Context, id, userID int64) (Program, error) {
	p, err := s.store.ProgramByID(ctx, id, userID)
	if err != nil {
		return Program{}, err
	}
	one := []Program{p}
	err = s.fillNames(ctx, one)
	return one[0], err
}

// CreateProgram writes a custom program: for userID themselves (elite), or,
// with in.AthleteID, for an athlete userID coaches now (no tier: coaches do
// not pay); the coach is its author.
func (s *Service) CreateProgram(ctx context.Context, userID int64, userTier string, in ProgramInput) (Program, error) {
	athleteID := userID
	if in.AthleteID != nil && *in.AthleteID != 0 && int64(*in.AthleteID) != userID {
		athleteID = int64(*in.AthleteID)
		ok, err := s.isCoachOf(ctx, userID, athleteID)
		if err != nil {
			return Program{}, err
		}
		if !ok {
			return Program{}, errNotYourAthlete
		}
	} else if err := requireProgramTier(userTier); err != nil {
		return Program{}, err
	}
	p, err := s.program(ctx, in)
	if err != nil {
		return Program{}, err
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	p.AuthorID, p.AthleteID, p.CreatedAt, p.UpdatedAt = &userID, &athleteID, now, now
	p, err = s.store.CreateProgram(ctx, p)
	if err != nil {
		return Program{}, err
	}
	return s.named(ctx, p.ID, userID)
}

// UpdateProgram replaces a custom program: its owner's, or a coach's for an
// athlete they coach now. The athlete cannot change what their coach wrote
// (403), and a program's athlete never changes.
func (s *Service) UpdateProgram(ctx context.Context, userID int64, userTier string, id int64, in ProgramInput) (Program, error) {
	role, err := s.access(ctx, userID, userTier, id)
	if err != nil {
		return Program{}, err
	}
	if role == roleFollower {
		return Program{}, errCoachWritten
	}
	cur, err := s.store.ProgramByID(ctx, id, userID)
	if err != nil {
		return Program{}, err
	}
	if in.AthleteID != nil && *in.AthleteID != 0 && (cur.AthleteID == nil || int64(*in.AthleteID) != *cur.AthleteID) {
		return Program{}, apperr.Invalid(map[string]string{"athleteId": "A program's athlete cannot be changed"}, "athleteId")
	}
	p, err := s.program(ctx, in)
	if err != nil {
		return Program{}, err
	}
	p.ID, p.UpdatedAt = id, s.now().UTC().Truncate(time.Microsecond)
	if err := s.store.UpdateProgram(ctx, userID, p); err != nil {
		return Program{}, err
	}
	return s.named(ctx, id, userID)
}

// DeleteProgram removes a custom program: its owner, its athlete (a coach's
// program too: it is their calendar) or the coach who wrote it while they
// coach the athlete.
func (s *Service) DeleteProgram(ctx context.Context, userID int64, userTier string, id int64) error {
	if _, err := s.access(ctx, userID, userTier, id); err != nil {
		return err
	}
	return s.store.DeleteProgram(ctx, id, userID)
}

// NamesFunc names users for display: a coach by their profile name, anyone
// else by username (missing ids are left out). The server wires it to the
// coaching area; without it a coach's program carries no names.
type NamesFunc func(ctx context.Context, ids []int64) (map[int64]string, error)

// UseNames sets how programs name their coach and athlete.
func (s *Service) UseNames(f NamesFunc) { s.names = f }

// fillNames sets AuthorName and AthleteName on the programs a coach wrote,
// with one call for the whole list.
func (s *Service) fillNames(ctx context.Context, ps []Program) error {
	if s.names == nil {
		return nil
	}
	var ids []int64
	for _, p := range ps {
		if p.AuthorID != nil && p.AthleteID != nil && *p.AuthorID != *p.AthleteID {
			ids = append(ids, *p.AuthorID, *p.AthleteID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	names, err := s.names(ctx, ids)
	if err != nil {
		return err
	}
	for i, p := range ps {
		if p.AuthorID != nil && p.AthleteID != nil && *p.AuthorID != *p.AthleteID {
			ps[i].AuthorName, ps[i].AthleteName = names[*p.AuthorID], names[*p.AthleteID]
		}
	}
	return nil
}
