package training

import (
	"context"
	"strings"
	"time"

	"hyrox/internal/db"
)

// What the coach's workspace asks of training for all of a coach's athletes
// at once (docs/coaching.md#the-coachs-workspace): one query for the missed
// sessions and one for the load, whatever the number of athletes.

// AthleteSignals is one athlete's training signals for their coach.
type AthleteSignals struct {
	// MissedSessions counts sessions planned in the last 7 days (before
	// today, rest days excluded) that are neither done nor skipped.
	MissedSessions int `json:"missedSessions"`
	// LoadRatio is the acute:chronic ratio of LoadSummary, on the UTC
	// calendar; LoadSpike is the same warning as GET /api/training-load.
	LoadRatio float64 `json:"loadRatio"`
	LoadSpike bool    `json:"loadSpike"`
}

// MissedWindowDays is how far back a planned session counts as missed.
const MissedWindowDays = 7

// inList is "?, ?, ?" for n values.
func inList(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

func int64Args(ids []int64) []any {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return args
}

// AthleteSignals reads the training signals of athletes (every id gets an
// entry): two queries in all.
func (s *Service) AthleteSignals(ctx context.Context, athletes []int64) (map[int64]AthleteSignals, error) {
	out := make(map[int64]AthleteSignals, len(athletes))
	if len(athletes) == 0 {
		return out, nil
	}
	now := s.now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	missed, err := s.store.MissedSessions(ctx, athletes, today.AddDate(0, 0, -MissedWindowDays).Format(time.DateOnly),
		today.AddDate(0, 0, -1).Format(time.DateOnly))
	if err != nil {
		return nil, err
	}
	todayDay := today.Unix() / 86400
	logs, err := s.store.LoadLogsOf(ctx, athletes, (todayDay-27)*86400, (todayDay+1)*86400)
	if err != nil {
		return nil, err
	}
	type sums struct{ acute, base int }
	loads := map[int64]*sums{}
	for _, l := range logs {
		sm := loads[l.UserID]
		if sm == nil {
			sm = &sums{}
			loads[l.UserID] = sm
		}
		load := l.RPE * l.Minutes
		ago := todayDay - l.Epoch/86400
		if ago < 7 {
			sm.acute += load
		} else {
			sm.base += load
		}
	}
	for _, id := range athletes {
		sig := AthleteSignals{MissedSessions: missed[id]}
		if sm := loads[id]; sm != nil {
			var status string
			sig.LoadRatio, _, status, _ = JudgeLoad(sm.acute, sm.base)
			sig.LoadSpike = status == LoadHigh
		}
		out[id] = sig
	}
	return out, nil
}

// MissedSessions counts, per user, the sessions dated in [from, to] that
// are planned (not skipped), not rest and not done: one range read of the
// calendar_sessions_user_date index per user, in one query.
func (s *Store) MissedSessions(ctx context.Context, users []int64, from, to string) (map[int64]int, error) {
	rows, err := s.db.Query(ctx, `SELECT user_id, COUNT(*) FROM calendar_sessions
		WHERE user_id IN (`+inList(len(users))+`) AND date >= ? AND date <= ?
			AND kind <> 'rest' AND status = 'planned' AND log_id IS NULL
		GROUP BY user_id`, append(int64Args(users), from, to)...)
	out := map[int64]int{}
	return out, db.Each(rows, err, func(row db.Scanner) error {
		var id int64
		var n int
		err := row.Scan(&id, &n)
		out[id] = n
		return err
	})
}

// userLoadLog is a loadLog with its owner.
type userLoadLog struct {
	UserID int64
	loadLog
}

// LoadLogsOf reads the logs of users with completed_epoch in [from, to):
// the (user_id, completed_epoch) index, one query.
func (s *Store) LoadLogsOf(ctx context.Context, users []int64, from, to int64) ([]userLoadLog, error) {
	rows, err := s.db.Query(ctx, `SELECT user_id, completed_epoch, duration, rpe FROM workout_logs
		WHERE user_id IN (`+inList(len(users))+`) AND completed_epoch >= ? AND completed_epoch < ?`,
		append(int64Args(users), from, to)...)
	return db.Collect(rows, err, func(row db.Scanner) (l userLoadLog, err error) {
		err = row.Scan(&l.UserID, &l.Epoch, &l.Minutes, &l.RPE)
		return l, err
	})
}
