package training

import (
	"context"
	"time"
)

// LoggedSession is what other areas (nutrition's day targets) read of a
// workout log: when it was completed, its minutes and RPE (0 when unrated).
type LoggedSession struct {
	At      time.Time
	Minutes int
	RPE     int
}

// LoggedSessions lists userID's logs completed in [from, to): one range scan
// of the (user_id, completed_epoch) index.
func (s *Service) LoggedSessions(ctx context.Context, userID int64, from, to time.Time) ([]LoggedSession, error) {
	logs, err := s.store.LoadLogs(ctx, userID, from.Unix(), to.Unix())
	if err != nil {
		return nil, err
	}
	out := make([]LoggedSession, len(logs))
	for i, l := range logs {
		out[i] = LoggedSession{At: time.Unix(l.Epoch, 0).UTC(), Minutes: l.Minutes, RPE: l.RPE}
	}
	return out, nil
}
