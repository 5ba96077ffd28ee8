package coaching

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/identity"
)

// The coach's workspace (docs/coaching.md#the-coachs-workspace): the list
// of a coach's current athletes with what needs their attention, one query
// per source whatever the number of athletes.

// TrainingSignals is what training tells of an athlete for the workspace.
type TrainingSignals struct {
	MissedSessions int
	LoadRatio      float64
	LoadSpike      bool
}

// TrainingSignalsFunc reads the training signals of athletes at once (the
// server wires it to training).
type TrainingSignalsFunc func(ctx context.Context, athletes []int64) (map[int64]TrainingSignals, error)

// NewResultsFunc counts each athlete's race results recorded after their
// time (the server wires it to racing).
type NewResultsFunc func(ctx context.Context, since map[int64]time.Time) (map[int64]int, error)

// UseWorkspace sets where the workspace reads training and racing; without
// them those signals stay at zero.
func (s *Service) UseWorkspace(training TrainingSignalsFunc, results NewResultsFunc) {
	s.trainingSignals, s.newResults = training, results
}

// AthleteSummary is one current athlete of a coach with what needs
// attention.
type AthleteSummary struct {
	ID       int64     `json:"id"`
	Username string    `json:"username"`
	Since    time.Time `json:"since"`
	ThreadID int64     `json:"threadId"`
	// Unread counts the athlete's messages the coach has not read.
	Unread int `json:"unread"`
	// MissedSessions counts sessions planned in the last 7 days neither done
	// nor skipped.
	MissedSessions int     `json:"missedSessions"`
	LoadRatio      float64 `json:"loadRatio"`
	LoadSpike      bool    `json:"loadSpike"`
	// NewResults counts race results recorded since the coach last opened
	// the athlete (or since the coaching began).
	NewResults     int  `json:"newResults"`
	NeedsAttention bool `json:"needsAttention"`
}

var errAthleteNotYours = apperr.Errorf(apperr.CodeNotFound, "This athlete does not exist or is not yours.")

// requireCoach is the 403 for anyone who is not a coach.
func requireCoach(id identity.Identity) error {
	if !id.IsCoach() {
		return errNotCoach
	}
	return nil
}

// MyAthletes lists coach's current athletes, those needing attention first,
// then by username.
func (s *Service) MyAthletes(ctx context.Context, coach identity.Identity) ([]AthleteSummary, error) {
	if err := requireCoach(coach); err != nil {
		return nil, err
	}
	return s.athletes(ctx, coach.UserID, 0)
}

// Athlete is one current athlete of coach; anyone else's is a 404.
func (s *Service) Athlete(ctx context.Context, coach identity.Identity, athleteID int64) (AthleteSummary, error) {
	if err := s.checkCoachOf(ctx, coach, athleteID); err != nil {
		return AthleteSummary{}, err
	}
	list, err := s.athletes(ctx, coach.UserID, athleteID)
	if err != nil {
		return AthleteSummary{}, err
	}
	if len(list) == 0 {
		return AthleteSummary{}, errAthleteNotYours
	}
	return list[0], nil
}

// MarkSeen records that coach opened athleteID now: their race results
// until now are no longer new.
func (s *Service) MarkSeen(ctx context.Context, coach identity.Identity, athleteID int64) error {
	if err := s.checkCoachOf(ctx, coach, athleteID); err != nil {
		return err
	}
	return s.store.MarkSeen(ctx, coach.UserID, athleteID, s.stamp())
}

// checkCoachOf is 403 for a non-coach and 404 for an athlete who is not
// (or no longer) the coach's.
func (s *Service) checkCoachOf(ctx context.Context, coach identity.Identity, athleteID int64) error {
	if err := requireCoach(coach); err != nil {
		return err
	}
	ok, err := s.IsCoachOf(ctx, coach.UserID, athleteID)
	if err != nil {
		return err
	}
	if !ok {
		return errAthleteNotYours
	}
	return nil
}

// athletes builds the summaries of coachID's current athletes (only, when
// only is not 0): the athletes, their threads, training's signals and
// racing's new results, four queries in all.
func (s *Service) athletes(ctx context.Context, coachID, only int64) ([]AthleteSummary, error) {
	rows, err := s.store.CurrentAthletes(ctx, coachID)
	if err != nil {
		return nil, err
	}
	var list []AthleteSummary
	ids := []int64{}
	since := map[int64]time.Time{}
	for _, a := range rows {
		if only != 0 && a.ID != only {
			continue
		}
		list = append(list, a.AthleteSummary)
		ids = append(ids, a.ID)
		since[a.ID] = a.SeenAt
	}
	if len(list) == 0 {
		return []AthleteSummary{}, nil
	}
	threads, err := s.store.Threads(ctx, coachID)
	if err != nil {
		return nil, err
	}
	byAthlete := map[int64]Thread{}
	for _, t := range threads {
		if t.CoachID == coachID {
			byAthlete[t.AthleteID] = t
		}
	}
	var signals map[int64]TrainingSignals
	if s.trainingSignals != nil {
		if signals, err = s.trainingSignals(ctx, ids); err != nil {
			return nil, err
		}
	}
	var results map[int64]int
	if s.newResults != nil {
		if results, err = s.newResults(ctx, since); err != nil {
			return nil, err
		}
	}
	for i := range list {
		a := &list[i]
		if t, ok := byAthlete[a.ID]; ok {
			a.ThreadID, a.Unread = t.ID, t.Unread
		}
		sig := signals[a.ID]
		a.MissedSessions, a.LoadRatio, a.LoadSpike = sig.MissedSessions, sig.LoadRatio, sig.LoadSpike
		a.NewResults = results[a.ID]
		a.NeedsAttention = a.Unread > 0 || a.MissedSessions > 0 || a.LoadSpike || a.NewResults > 0
	}
	sortAthletes(list)
	return list, nil
}

// sortAthletes puts those needing attention first, then by username (the
// store's order, kept by a stable sort).
func sortAthletes(list []AthleteSummary) {
	attention := make([]AthleteSummary, 0, len(list))
	rest := make([]AthleteSummary, 0, len(list))
	for _, a := range list {
		if a.NeedsAttention {
			attention = append(attention, a)
		} else {
			rest = append(rest, a)
		}
	}
	copy(list, append(attention, rest...))
}

// currentAthlete is a row of Store.CurrentAthletes.
type currentAthlete struct {
	AthleteSummary
	// SeenAt is when the coach last opened the athlete, or the start of the
	// coaching when never.
	SeenAt time.Time
}

// CurrentAthletes lists coachID's current athletes by username (the
// coach_assignments_coach index).
func (s *Store) CurrentAthletes(ctx context.Context, coachID int64) ([]currentAthlete, error) {
	rows, err := s.db.Query(ctx, `SELECT a.athlete_id, u.username, a.started_at, v.seen_at
		FROM coach_assignments a JOIN users u ON u.id = a.athlete_id
		LEFT JOIN coach_athlete_views v ON v.coach_id = a.coach_id AND v.athlete_id = a.athlete_id
		WHERE a.coach_id = ? AND a.ended_at IS NULL ORDER BY u.username, a.athlete_id`, coachID)
	return db.Collect(rows, err, func(row db.Scanner) (a currentAthlete, err error) {
		var seen sql.NullTime
		err = row.Scan(&a.ID, &a.Username, &a.Since, &seen)
		a.Since, a.SeenAt = a.Since.UTC(), a.Since.UTC()
		if seen.Valid {
			a.SeenAt = seen.Time.UTC()
		}
		return a, err
	})
}

// MarkSeen records when coachID last opened athleteID.
func (s *Store) MarkSeen(ctx context.Context, coachID, athleteID int64, at time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO coach_athlete_views (coach_id, athlete_id, seen_at) VALUES (?, ?, ?)
		ON CONFLICT (coach_id, athlete_id) DO UPDATE SET seen_at = excluded.seen_at`, coachID, athleteID, at)
	return err
}

// Note posts text in the thread of coach and athleteID as the coach's
// message, when that coaching is current (other areas tell the athlete of
// something the coach did this way, e.g. a comment on a log).
func (s *Service) Note(ctx context.Context, coach identity.Identity, athleteID int64, text string) error {
	ok, err := s.IsCoachOf(ctx, coach.UserID, athleteID)
	if err != nil || !ok {
		return err
	}
	threadID, err := s.store.ThreadOf(ctx, athleteID, coach.UserID)
	if err != nil {
		return err
	}
	_, err = s.Send(ctx, coach, threadID, MessageInput{Body: text})
	return err
}

// ThreadOf is the id of the thread of athleteID and coachID.
func (s *Store) ThreadOf(ctx context.Context, athleteID, coachID int64) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM coach_threads WHERE athlete_id = ? AND coach_id = ?`, athleteID, coachID).Scan(&id)
	return id, apperr.NotFoundIfNoRows(err, errThreadNotFound)
}

// CommentNote is the line a coach's comment on a log adds to their thread
// with the athlete: the log's page and the comment, cut to 300 characters.
func CommentNote(logID int64, workoutName, body string) string {
	if r := []rune(body); len(r) > 300 {
		body = string(r[:300]) + "…"
	}
	return "New comment on your log \"" + workoutName + "\" (/workout-logs/" + strconv.FormatInt(logID, 10) + "):\n" + body
}
