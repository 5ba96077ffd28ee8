package training

import (
	"context"
	"database/sql"
	"time"

	"hyrox/internal/db"
)

// The signed-in home's training part (docs/training-logs.md#the-signed-in-home):
// today's planned sessions, this week's strip, load and compliance, and the
// latest log. Other areas' blocks (community, nutrition, racing) are
// composed by the web app from their own endpoints.

// HomeSession is one calendar session as the home shows it.
type HomeSession struct {
	ID        int64  `json:"id"`
	Date      string `json:"date"`
	Kind      string `json:"kind"`
	Title     string `json:"title"`
	Details   string `json:"details"`
	WorkoutID *int64 `json:"workoutId"`
	Minutes   int    `json:"minutes"`
	RPE       int    `json:"rpe"`
	Status    string `json:"status"`
	LogID     *int64 `json:"logId"`
	Done      bool   `json:"done"`
}

// HomeDay is one day of the week strip.
type HomeDay struct {
	Date     string        `json:"date"`
	Sessions []HomeSession `json:"sessions"`
}

// HomeLoad is the load block of the home.
type HomeLoad struct {
	LoadSummary
	Warning         bool `json:"warning"`
	UnratedSessions int  `json:"unratedSessions"`
}

// Home is GET /api/home.
type Home struct {
	Today     string        `json:"today"`
	WeekStart string        `json:"weekStart"`
	Sessions  []HomeSession `json:"todaySessions"`
	Week      []HomeDay     `json:"week"`
	Load      HomeLoad      `json:"load"`
	LatestLog *Log          `json:"latestLog"`
}

// Home answers the signed-in home on the caller's local calendar.
func (s *Service) Home(ctx context.Context, userID int64, in StatsInput) (Home, error) {
	today, offset, err := s.localToday(in)
	if err != nil {
		return Home{}, err
	}
	weekStart := today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))
	h := Home{Today: today.Format(time.DateOnly), WeekStart: weekStart.Format(time.DateOnly), Sessions: []HomeSession{}}
	sessions, err := s.store.HomeSessions(ctx, userID, h.WeekStart, weekStart.AddDate(0, 0, 6).Format(time.DateOnly))
	if err != nil {
		return Home{}, err
	}
	for i := range 7 {
		h.Week = append(h.Week, HomeDay{Date: weekStart.AddDate(0, 0, i).Format(time.DateOnly), Sessions: []HomeSession{}})
	}
	for _, c := range sessions {
		d, err := time.Parse(time.DateOnly, c.Date)
		if err != nil {
			continue
		}
		i := int(d.Sub(weekStart).Hours() / 24)
		if i >= 0 && i < 7 {
			h.Week[i].Sessions = append(h.Week[i].Sessions, c)
		}
		if c.Date == h.Today {
			h.Sessions = append(h.Sessions, c)
		}
	}
	tl, err := s.loadOn(ctx, userID, today, offset)
	if err != nil {
		return Home{}, err
	}
	h.Load = HomeLoad{LoadSummary: tl.LoadSummary, Warning: tl.Warning, UnratedSessions: tl.UnratedSessions}
	logs, err := s.store.ListLogs(ctx, userID, nil, 1)
	if err != nil {
		return Home{}, err
	}
	if len(logs) > 0 {
		h.LatestLog = &logs[0]
	}
	return h, nil
}

// HomeSessions reads userID's calendar sessions dated in [from, to], in day order.
func (s *Store) HomeSessions(ctx context.Context, userID int64, from, to string) ([]HomeSession, error) {
	rows, err := s.db.Query(ctx, `SELECT id, date, kind, title, details, workout_id, minutes, rpe, status, log_id FROM calendar_sessions
		WHERE user_id = ? AND date >= ? AND date <= ? ORDER BY date, position, id`, userID, from, to)
	return db.Collect(rows, err, func(row db.Scanner) (c HomeSession, err error) {
		var workoutID, logID sql.NullInt64
		err = row.Scan(&c.ID, &c.Date, &c.Kind, &c.Title, &c.Details, &workoutID, &c.Minutes, &c.RPE, &c.Status, &logID)
		if workoutID.Valid {
			v := workoutID.Int64
			c.WorkoutID = &v
		}
		if logID.Valid {
			v := logID.Int64
			c.LogID = &v
			c.Done = true
		}
		return c, err
	})
}
