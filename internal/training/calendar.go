package training

import (
	"context"
	"fmt"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/tier"
)

// Calendar rules (docs/training.md#calendar).
const (
	MaxCalendarSpanDays = 62  // one read: a month view is at most 6 weeks
	MaxDayTypeSpanDays  = 366 // DayTypes: up to a year per call
	StartPastDays       = 28  // a program may start up to 4 weeks back
	StartFutureDays     = 365 // and up to a year ahead
	MoveRangeDays       = 730 // a session moves within 2 years of today

	// What one account can put on a calendar (docs/training.md#limits): they
	// bound the calendar feed and every calendar read.
	MaxRunningPrograms = 5 // programs with sessions ahead at once
	MaxSessionsPerDay  = 6 // sessions on one date, skipped ones included
)

var errTooManyRunning = apperr.Errorf(apperr.CodeConflict, "You already follow %d programs with sessions ahead, the most at once. "+
	"Skip the rest of one, or delete one of your own, first.", MaxRunningPrograms)

func errDayFull(n int, date string) error {
	return apperr.Errorf(apperr.CodeConflict, "This would put %d sessions on %s: a day holds at most %d. Move or skip some first.",
		n, date, MaxSessionsPerDay)
}

// today is the server's calendar date (UTC).
func (s *Service) today() time.Time {
	n := s.now().UTC()
	return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, time.UTC)
}

// parseDate reads a YYYY-MM-DD date; its message names the field and says
// whether it is missing or malformed (docs/time-entry.md).
func parseDate(v *apperr.Validator, field, value string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, value)
	v.Check(err == nil, field, dateMessage(field, value))
	return t, err == nil
}

func dateMessage(field, value string) string {
	if value == "" {
		return field + " is required: a date as YYYY-MM-DD"
	}
	return fmt.Sprintf("%s must be a date as YYYY-MM-DD, not %q", field, value)
}

// monday is the Monday of t's week.
func monday(t time.Time) time.Time { return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)) }

// StartInput is the body of POST /api/programs/{id}/start.
type StartInput struct {
	StartDate string `json:"startDate"`
}

// StartResult says what a start put on the calendar.
type StartResult struct {
	StartID   int64  `json:"startId"`
	ProgramID int64  `json:"programId"`
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
	Sessions  int    `json:"sessions"`
}

// Start puts a program's sessions on a calendar from a start date. A
// catalogue plan goes on userID's calendar and needs its required tier. A
// custom program goes on its athlete's calendar: started by the athlete
// (elite) or by the coach who wrote it while they coach the athlete
// (docs/training.md#programs-written-by-a-coach); anyone else gets a 404.
// Week 1 is the Monday-to-Sunday week of the start date; sessions of week 1
// before the start date are left out, so starting on a Monday places every
// session.
func (s *Service) Start(ctx context.Context, userID int64, userTier string, programID int64, in StartInput) (StartResult, error) {
	p, err := s.store.programByID(ctx, programID)
	calendarUser := userID
	if err == nil && p.Slug.Valid {
		if tier.Rank(userTier) < tier.Rank(p.RequiredTier) {
			return StartResult{}, tier.Error(p.RequiredTier)
		}
	} else {
		if _, err := s.customAccess(ctx, userID, userTier, p, err); err != nil {
			return StartResult{}, err
		}
		calendarUser = p.AthleteID.Int64
	}
	var v apperr.Validator
	today := s.today()
	start, ok := parseDate(&v, "startDate", in.StartDate)
	if ok {
		v.Check(!start.Before(today.AddDate(0, 0, -StartPastDays)), "startDate", "The start date can be at most 4 weeks ago")
		v.Check(!start.After(today.AddDate(0, 0, StartFutureDays)), "startDate", "The start date can be at most a year ahead")
	}
	if err := v.Err(); err != nil {
		return StartResult{}, err
	}
	weeks, err := s.store.PlanWeeks(ctx, programID)
	if err != nil {
		return StartResult{}, err
	}
	first := monday(start)
	var out []placed
	perDay := map[string]int{}
	for _, w := range weeks {
		for _, ses := range w.Sessions {
			d := first.AddDate(0, 0, (w.Week-1)*7+ses.Day-1)
			if d.Before(start) {
				continue
			}
			date := d.Format(time.DateOnly)
			out = append(out, placed{Date: date, Position: perDay[date], Session: ses})
			perDay[date]++
		}
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	id, err := s.store.StartProgram(ctx, calendarUser, programID, in.StartDate, today.Format(time.DateOnly), out, now)
	if err != nil {
		return StartResult{}, err
	}
	end := first.AddDate(0, 0, len(weeks)*7-1)
	return StartResult{StartID: id, ProgramID: programID, StartDate: in.StartDate, EndDate: end.Format(time.DateOnly), Sessions: len(out)}, nil
}

// CalendarRange is the answer of GET /api/calendar.
type CalendarRange struct {
	From     string            `json:"from"`
	To       string            `json:"to"`
	Sessions []CalendarSession `json:"sessions"`
}

// checkRange validates a from..to range of at most span days.
func checkRange(from, to string, span int, spanMsg string) error {
	var v apperr.Validator
	f, okF := parseDate(&v, "from", from)
	t, okT := parseDate(&v, "to", to)
	if okF && okT {
		v.Check(!t.Before(f), "to", "The end date must not be before the start date")
		v.Check(t.Sub(f) < time.Duration(span)*24*time.Hour, "to", spanMsg)
	}
	return v.Err()
}

// Calendar returns userID's sessions from..to (at most 62 days).
func (s *Service) Calendar(ctx context.Context, userID int64, from, to string) (CalendarRange, error) {
	if err := checkRange(from, to, MaxCalendarSpanDays, "Ask for at most 62 days at a time"); err != nil {
		return CalendarRange{}, err
	}
	ses, err := s.store.Calendar(ctx, userID, from, to)
	return CalendarRange{From: from, To: to, Sessions: ses}, err
}

// CalendarSession returns one session of userID with its exercises.
func (s *Service) CalendarSession(ctx context.Context, userID, id int64) (CalendarSession, error) {
	return s.store.CalendarSession(ctx, id, userID)
}

// SessionPatch is the body of PATCH /api/calendar/sessions/{id}.
type SessionPatch struct {
	Date   *string `json:"date"`
	Status *string `json:"status"`
}

// PatchSession moves a session of userID to another date and/or sets it
// planned or skipped. A done session cannot be skipped (its log says it
// happened). Bad input changes nothing.
func (s *Service) PatchSession(ctx context.Context, userID, id int64, in SessionPatch) (CalendarSession, error) {
	c, err := s.store.CalendarSession(ctx, id, userID)
	if err != nil {
		return CalendarSession{}, err
	}
	var v apperr.Validator
	v.Check(in.Date != nil || in.Status != nil, "date", "Give a new date or a status")
	if in.Date != nil {
		if d, ok := parseDate(&v, "date", *in.Date); ok {
			today := s.today()
			v.Check(!d.Before(today.AddDate(0, 0, -MoveRangeDays)) && !d.After(today.AddDate(0, 0, MoveRangeDays)),
				"date", "The date must be within 2 years of today")
		}
	}
	if in.Status != nil {
		v.Check(*in.Status == "planned" || *in.Status == "skipped", "status", "Status must be planned or skipped")
		v.Check(!(c.LogID != nil && *in.Status == "skipped"), "status", "This session is done: delete its log to skip it")
	}
	if err := v.Err(); err != nil {
		return CalendarSession{}, err
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	if in.Status != nil {
		if err := s.store.SetSessionStatus(ctx, id, userID, *in.Status, now); err != nil {
			return CalendarSession{}, err
		}
	}
	if in.Date != nil && *in.Date != c.Date {
		if err := s.store.MoveSession(ctx, id, userID, *in.Date, now); err != nil {
			return CalendarSession{}, err
		}
	}
	return s.store.CalendarSession(ctx, id, userID)
}

// DayType is the kind of one calendar date for nutrition: race when any
// session of the date is a race, training when any is training, else rest;
// PlannedMinutes and PlannedLoad (minutes x RPE, RPE 0 counts as 5) sum its
// training and race sessions. Skipped sessions do not count.
type DayType struct {
	Date           string
	Kind           string // "training" | "rest" | "race"
	PlannedMinutes int
	PlannedLoad    int
}

// DayTypes returns one DayType per date in [from, to] (YYYY-MM-DD, at most
// 366 days) of userID's calendar; a date without a planned session is rest.
func (s *Service) DayTypes(ctx context.Context, userID int64, from, to string) ([]DayType, error) {
	if err := checkRange(from, to, MaxDayTypeSpanDays, "Ask for at most 366 days at a time"); err != nil {
		return nil, err
	}
	rows, err := s.store.DaySessions(ctx, userID, from, to)
	if err != nil {
		return nil, err
	}
	byDate := map[string]*DayType{}
	f, _ := time.Parse(time.DateOnly, from)
	t, _ := time.Parse(time.DateOnly, to)
	var out []DayType
	for d := f; !d.After(t); d = d.AddDate(0, 0, 1) {
		out = append(out, DayType{Date: d.Format(time.DateOnly), Kind: KindRest})
	}
	for i := range out {
		byDate[out[i].Date] = &out[i]
	}
	for _, r := range rows {
		dt := byDate[r.Date]
		if dt == nil || r.Kind == KindRest {
			continue
		}
		rpe := r.RPE
		if rpe == 0 {
			rpe = 5
		}
		dt.PlannedMinutes += r.Minutes
		dt.PlannedLoad += r.Minutes * rpe
		if r.Kind == KindRace {
			dt.Kind = KindRace
		} else if dt.Kind != KindRace {
			dt.Kind = KindTraining
		}
	}
	return out, nil
}
