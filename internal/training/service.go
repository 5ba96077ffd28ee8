package training

import (
	"bytes"
	"context"
	"encoding/json"
	"hyrox/internal/live"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/keyset"
	"hyrox/internal/tier"
)

// Service holds the training rules.
type Service struct {
	store   *Store
	now     func() time.Time
	coachOf CoachOfFunc
	names   NamesFunc
	// commentNotice tells an athlete of a coach's new comment (comments.go).
	commentNotice CommentNoticeFunc
}

// CoachOfFunc reports whether coachID is athleteID's current coach: what lets
// a coach comment on an athlete's logs and write programs for them
// (docs/coaching.md). The server wires it to the coaching area.
type CoachOfFunc func(ctx context.Context, coachID, athleteID int64) (bool, error)

// UseCoachCheck sets the coach check; without one nobody coaches anybody.
func (s *Service) UseCoachCheck(f CoachOfFunc) { s.coachOf = f }

// EventProgram is the live event (docs/live.md) an athlete gets when their
// coach writes them a program; ProgramEvent is its data.
const EventProgram = "program"

// ProgramEvent names the program a coach wrote.
type ProgramEvent struct {
	ProgramID int64 `json:"programId"`
}

// UseLive sets the outbox training publishes its live events through.
func (s *Service) UseLive(outbox *live.Outbox) { s.store.live = outbox }

// isCoachOf is false when no check is wired.
func (s *Service) isCoachOf(ctx context.Context, coachID, athleteID int64) (bool, error) {
	if s.coachOf == nil {
		return false, nil
	}
	return s.coachOf(ctx, coachID, athleteID)
}

func NewService(store *Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// Limits of a workout log (docs/product.md#training).
const (
	MaxNameLen      = 100
	MaxNotesLen     = 2000
	MaxExercisesLen = 20000 // bytes of the exercises JSON object
	DefaultDuration = 30
	DefaultRating   = 3 // 'Moderate': a neutral 'how it felt' when a client sends none
	LogsPageSize    = 20
	LogsPageMax     = 100
)

// viewerRank is the rank that decides a plan's lock: a visitor without a
// session sees plans as a new free (basic) account would.
func viewerRank(userTier string) int {
	if userTier == "" {
		return tier.Rank(tier.Basic)
	}
	return tier.Rank(userTier)
}

// Plans lists every plan with Locked set for a caller of tier ("" = visitor).
func (s *Service) Plans(ctx context.Context, userTier string) ([]Plan, error) {
	plans, err := s.store.ListPlans(ctx)
	if err != nil {
		return nil, err
	}
	for i := range plans {
		plans[i].Locked = viewerRank(userTier) < tier.Rank(plans[i].RequiredTier)
	}
	return plans, nil
}

// Plan returns a plan's detail; a plan above the caller's tier is a 403 that
// names the required tier.
func (s *Service) Plan(ctx context.Context, id int64, userTier string) (PlanDetail, error) {
	p, err := s.store.PlanByID(ctx, id)
	if err != nil {
		return PlanDetail{}, err
	}
	if tier.Rank(userTier) < tier.Rank(p.RequiredTier) {
		return PlanDetail{}, tier.Error(p.RequiredTier)
	}
	weeks, err := s.store.PlanWeeks(ctx, id)
	if err != nil {
		return PlanDetail{}, err
	}
	return PlanDetail{Plan: p, Weeks: weeks}, nil
}

// Workouts lists every workout; each line names its library exercise.
func (s *Service) Workouts(ctx context.Context) ([]Workout, error) {
	ws, err := s.store.ListWorkouts(ctx)
	for i := range ws {
		linkExercises(&ws[i])
	}
	return ws, err
}

// Workout returns one workout; each line names its library exercise.
func (s *Service) Workout(ctx context.Context, id int64) (Workout, error) {
	w, err := s.store.WorkoutByID(ctx, id)
	linkExercises(&w)
	return w, err
}

// FlexID accepts a JSON number or a numeric string (HTML selects send strings);
// empty, null or missing is 0.
type FlexID int64

func (f *FlexID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*f = 0
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		b = []byte(strings.TrimSpace(s))
		if len(b) == 0 {
			*f = 0
			return nil
		}
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		n = -1 // not a whole number: no such id (validation names the field)
	}
	*f = FlexID(n)
	return nil
}

// LogInput is the body of POST /api/workout-logs and PATCH
// /api/workout-logs/{id}; on PATCH missing fields keep their value.
// PlannedSessionID (create only) logs a calendar session: missing fields
// are filled from it and it is marked done in the same transaction.
type LogInput struct {
	UserID           *FlexID         `json:"userId"`
	PlannedSessionID *FlexID         `json:"plannedSessionId"`
	WorkoutID        *FlexID         `json:"workoutId"`
	WorkoutName      *string         `json:"workoutName"`
	Duration         *int            `json:"duration"`
	Rating           *int            `json:"rating"`
	RPE              *int            `json:"rpe"`
	Notes            *string         `json:"notes"`
	Exercises        json.RawMessage `json:"exercises"`
	CompletedAt      *time.Time      `json:"completedAt"`
}

// checkBodyUser answers 403 when the body names another user (docs/product.md#accounts-and-sessions).
func checkBodyUser(in LogInput, userID int64) error {
	if in.UserID != nil && *in.UserID != 0 && int64(*in.UserID) != userID {
		return apperr.Errorf(apperr.CodeForbidden, "You can only log workouts for yourself.")
	}
	return nil
}

// apply copies the given fields of in onto l. A workoutId of 0 (or null)
// makes the log a custom workout.
func (in LogInput) apply(l *Log) {
	if in.WorkoutID != nil {
		if id := int64(*in.WorkoutID); id != 0 {
			l.WorkoutID = &id
		} else {
			l.WorkoutID = nil
		}
	}
	if in.WorkoutName != nil {
		l.WorkoutName = strings.TrimSpace(*in.WorkoutName)
	}
	if in.Duration != nil {
		l.Duration = *in.Duration
	}
	if in.Rating != nil {
		l.Rating = *in.Rating
	}
	if in.RPE != nil {
		rpe := *in.RPE
		l.RPE = &rpe
	}
	if in.Notes != nil {
		l.Notes = strings.TrimSpace(*in.Notes)
	}
	if len(bytes.TrimSpace(in.Exercises)) > 0 && !bytes.Equal(bytes.TrimSpace(in.Exercises), []byte("null")) {
		l.Exercises = in.Exercises
	}
	if in.CompletedAt != nil {
		l.CompletedAt = in.CompletedAt.UTC().Truncate(time.Microsecond)
	}
}

// validate applies the workout-log rules of docs/training-logs.md
// (with their messages) and the limits above; it compacts the exercises and
// returns the actuals (nil for a legacy exercises object).
func (s *Service) validate(l *Log) ([]SessionExercise, error) {
	var v apperr.Validator
	v.Check(l.WorkoutID == nil || *l.WorkoutID > 0, "workoutId", "That workout does not exist")
	v.Check(l.WorkoutName != "", "workoutName", "Workout name is required")
	v.Check(utf8.RuneCountInString(l.WorkoutName) <= MaxNameLen, "workoutName", "Workout name must be at most 100 characters")
	v.Check(l.Duration >= 1, "duration", "Duration must be at least 1 minute")
	v.Check(l.Duration <= 300, "duration", "Duration cannot exceed 5 hours")
	v.Check(l.Rating >= 1, "rating", "Rating must be at least 1")
	v.Check(l.Rating <= 5, "rating", "Rating cannot exceed 5")
	v.Check(l.RPE == nil || (*l.RPE >= 1 && *l.RPE <= 10), "rpe", "RPE must be between 1 and 10")
	v.Check(utf8.RuneCountInString(l.Notes) <= MaxNotesLen, "notes", "Notes must be at most 2000 characters")
	var actuals []SessionExercise
	if isJSONArray(l.Exercises) {
		actuals = parseActuals(l.Exercises, &v)
		compact, _ := json.Marshal(actuals)
		l.Exercises = compact
		v.Check(len(compact) <= MaxExercisesLen, "exercises", "Exercises are too large")
	} else {
		var obj map[string]any
		ok := json.Unmarshal(l.Exercises, &obj) == nil && obj != nil
		v.Check(ok, "exercises", "Exercises must be a list of exercises")
		if ok {
			compact, _ := json.Marshal(obj)
			l.Exercises = compact
			v.Check(len(compact) <= MaxExercisesLen, "exercises", "Exercises are too large")
		}
	}
	now := s.now().UTC()
	v.Check(!l.CompletedAt.After(now.Add(5*time.Minute)), "completedAt", "A workout cannot be completed in the future")
	v.Check(!l.CompletedAt.Before(now.AddDate(-1, 0, 0)), "completedAt", "A workout must be from the past year")
	return actuals, v.Err()
}

// checkWorkout answers 400 when workoutId names no workout, and fills an
// empty workout name from the workout.
func (s *Service) checkWorkout(ctx context.Context, l *Log) error {
	if l.WorkoutID == nil {
		return nil
	}
	w, err := s.store.WorkoutByID(ctx, *l.WorkoutID)
	if apperr.Is(err, apperr.CodeNotFound) {
		return apperr.Invalid(map[string]string{"workoutId": "That workout does not exist"}, "workoutId")
	}
	if err == nil && l.WorkoutName == "" {
		l.WorkoutName = w.Name
	}
	return err
}

// CreateLog logs a workout for userID (free, or from a planned session).
func (s *Service) CreateLog(ctx context.Context, userID int64, in LogInput) (Log, error) {
	if err := checkBodyUser(in, userID); err != nil {
		return Log{}, err
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	l := Log{UserID: userID, Duration: DefaultDuration, Rating: DefaultRating, Exercises: json.RawMessage(`{}`),
		CompletedAt: now, CreatedAt: now, UpdatedAt: now}
	var planned int64
	if in.PlannedSessionID != nil && *in.PlannedSessionID != 0 {
		planned = int64(*in.PlannedSessionID)
		p, err := s.store.PlannedSession(ctx, planned, userID)
		if err != nil {
			return Log{}, err
		}
		if p.LogID != nil {
			return Log{}, errPlannedDone()
		}
		p.prefill(&l)
	}
	in.apply(&l)
	if err := s.checkWorkout(ctx, &l); err != nil {
		return Log{}, err
	}
	actuals, err := s.validate(&l)
	if err != nil {
		return Log{}, err
	}
	return s.store.CreateLog(ctx, l, planned, efforts(actuals))
}

// SessionMatch scores how well an open planned session (its title and
// exercise names) fits an imported activity: 0 never fills it, the highest
// score fills first (docs/import.md#the-log).
type SessionMatch func(title string, exercises []string) int

// ImportLog logs an imported activity for userID (docs/import.md): the
// log's rules are CreateLog's, the open planned training session of day
// (the athlete's local date) that match scores highest (the first of
// equals; nil scores all alike) becomes done with it, and also runs in the
// same transaction (the import's own row, its duplicate check).
func (s *Service) ImportLog(ctx context.Context, userID int64, in LogInput, day string, match SessionMatch, also func(ctx context.Context, tx *db.Tx, l Log) error) (Log, error) {
	now := s.now().UTC().Truncate(time.Microsecond)
	l := Log{UserID: userID, Duration: DefaultDuration, Rating: DefaultRating, Exercises: json.RawMessage(`[]`),
		CompletedAt: now, CreatedAt: now, UpdatedAt: now}
	in.apply(&l)
	actuals, err := s.validate(&l)
	if err != nil {
		return Log{}, err
	}
	return s.store.CreateImportedLog(ctx, l, day, match, efforts(actuals), also)
}

// UpdateLog edits a log of userID; another user's log is a 404. The
// previous version is kept (see LogDetail.History).
func (s *Service) UpdateLog(ctx context.Context, userID, id int64, in LogInput) (Log, error) {
	if err := checkBodyUser(in, userID); err != nil {
		return Log{}, err
	}
	if in.PlannedSessionID != nil && *in.PlannedSessionID != 0 {
		return Log{}, apperr.Invalid(map[string]string{"plannedSessionId": "A log's planned session cannot be changed"}, "plannedSessionId")
	}
	l, err := s.store.LogByID(ctx, id, userID)
	if err != nil {
		return Log{}, err
	}
	before := l.WorkoutID
	in.apply(&l)
	if l.WorkoutID != nil && (before == nil || *before != *l.WorkoutID) {
		if err := s.checkWorkout(ctx, &l); err != nil {
			return Log{}, err
		}
	}
	actuals, err := s.validate(&l)
	if err != nil {
		return Log{}, err
	}
	l.UpdatedAt = s.now().UTC().Truncate(time.Microsecond)
	return s.store.UpdateLog(ctx, l, efforts(actuals))
}

// LogDetail returns one log of userID with its history and records.
func (s *Service) LogDetail(ctx context.Context, userID, id int64) (LogDetail, error) {
	l, err := s.store.LogByID(ctx, id, userID)
	if err != nil {
		return LogDetail{}, err
	}
	hist, err := s.store.LogHistory(ctx, id)
	if err != nil {
		return LogDetail{}, err
	}
	recs, err := s.store.RecordsOfLog(ctx, userID, id)
	if err != nil {
		return LogDetail{}, err
	}
	var actuals []SessionExercise
	if json.Unmarshal(l.Exercises, &actuals) == nil { // a legacy object has no actuals and holds no records
		recs = withLines(recs, efforts(actuals))
	}
	comments, err := s.store.Comments(ctx, id)
	if err != nil {
		return LogDetail{}, err
	}
	return LogDetail{Log: l, History: hist, Records: recs, Comments: comments}, nil
}

// PersonalRecords lists userID's records, by exercise.
func (s *Service) PersonalRecords(ctx context.Context, userID int64) ([]PersonalRecord, error) {
	return s.store.Records(ctx, userID)
}

// DeleteLog removes a log of userID; another user's log is a 404.
func (s *Service) DeleteLog(ctx context.Context, userID, id int64) error {
	return s.store.DeleteLog(ctx, id, userID)
}

// Logs returns one page of userID's logs, newest first.
func (s *Service) Logs(ctx context.Context, userID int64, cursor string, limit int) (keyset.Page[Log], error) {
	after, err := keyset.Parse(cursor)
	if err != nil {
		return keyset.Page[Log]{}, err
	}
	logs, err := s.store.ListLogs(ctx, userID, after, limit+1)
	if err != nil {
		return keyset.Page[Log]{}, err
	}
	return keyset.Trim(logs, limit, func(l Log) keyset.Cursor { return keyset.Cursor{At: l.CompletedAt, ID: l.ID} }), nil
}

// StatsInput is the caller's local calendar: Today as YYYY-MM-DD and
// TZOffset in minutes east of UTC (the browser's -getTimezoneOffset()).
// Missing values fall back to the server clock and UTC.
type StatsInput struct {
	Today    string
	TZOffset string
}

// Stats sums up userID's logs on the caller's local calendar.
func (s *Service) Stats(ctx context.Context, userID int64, in StatsInput) (Stats, error) {
	today, offset, err := s.localToday(in)
	if err != nil {
		return Stats{}, err
	}
	todayNum := today.Unix() / 86400
	weekStart := today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))
	st, err := s.store.Stats(ctx, userID, StatsWindow{OffsetSeconds: int64(offset) * 60, Today: todayNum, WeekStart: weekStart.Unix() / 86400})
	if err != nil {
		return Stats{}, err
	}
	st.Today = today.Format(time.DateOnly)
	st.WeekStart = weekStart.Format(time.DateOnly)
	return st, nil
}

// Export is the training part of a user's data export: the logs, the custom
// programs the user wrote or follows (with their weeks), every calendar
// session and whether a calendar feed is active (its token is never stored).
type Export struct {
	WorkoutLogs      []Log             `json:"workoutLogs"`
	LogRevisions     []LogRevision     `json:"workoutLogRevisions"` // previous versions of edited logs
	PersonalRecords  []PersonalRecord  `json:"personalRecords"`
	Programs         []Program         `json:"programs"`
	CalendarSessions []CalendarSession `json:"calendarSessions"`
	CalendarFeed     FeedInfo          `json:"calendarFeed"`
	// LogComments are the comments the user wrote as a coach.
	LogComments []LogComment `json:"logComments"`
}

// ExportUserData returns every row of the user's own in this area.
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	logs, err := s.store.AllLogs(ctx, userID)
	if err != nil {
		return nil, err
	}
	revs, err := s.store.UserLogHistory(ctx, userID)
	if err != nil {
		return nil, err
	}
	recs, err := s.store.Records(ctx, userID)
	if err != nil {
		return nil, err
	}
	list, err := s.store.ListPrograms(ctx, userID)
	if err != nil {
		return nil, err
	}
	programs := make([]Program, 0, len(list))
	for _, p := range list {
		full, err := s.store.ProgramByID(ctx, p.ID, userID)
		if err != nil {
			return nil, err
		}
		programs = append(programs, full)
	}
	cal, err := s.store.Calendar(ctx, userID, "0000-01-01", "9999-12-31")
	if err != nil {
		return nil, err
	}
	feed, err := s.FeedStatus(ctx, userID)
	if err != nil {
		return nil, err
	}
	comments, err := s.store.CommentsBy(ctx, userID)
	if err != nil {
		return nil, err
	}
	return Export{WorkoutLogs: logs, LogRevisions: revs, PersonalRecords: recs, Programs: programs, CalendarSessions: cal, CalendarFeed: feed,
		LogComments: comments}, nil
}
