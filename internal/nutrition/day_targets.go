package nutrition

import (
	"context"
	"errors"
	"strings"
	"time"

	"hyrox/internal/apperr"
)

// The day's targets (docs/nutrition-foods.md#day-targets): one function,
// DayTargetsFor, gives them to every page (the dashboard, the history's
// charts and adherence, the plan), from the profile, the calendar and the
// sessions the athlete logged.

// LoggedSession is a workout the athlete logged: when it ended, its minutes
// and RPE (0 when not rated; it then counts as 5, as on the calendar).
type LoggedSession struct {
	At      time.Time
	Minutes int
	RPE     int
}

// SessionLog gives the sessions a user logged in [from, to). The server
// wires the training area's logs into it; without it only the calendar
// counts.
type SessionLog interface {
	LoggedSessions(ctx context.Context, userID int64, from, to time.Time) ([]LoggedSession, error)
}

// SessionLogFunc lets a function be a SessionLog.
type SessionLogFunc func(ctx context.Context, userID int64, from, to time.Time) ([]LoggedSession, error)

func (f SessionLogFunc) LoggedSessions(ctx context.Context, userID int64, from, to time.Time) ([]LoggedSession, error) {
	return f(ctx, userID, from, to)
}

// UseSessionLog connects the training logs (nil disconnects them).
func (s *Service) UseSessionLog(l SessionLog) { s.sessions = l }

// DayTargets is one day's targets and why.
type DayTargetsInfo struct {
	// Source is "calendar" when the calendar or the logged sessions set the
	// day, else "profile".
	Source      string   `json:"source"`
	Day         *PlanDay `json:"day"`
	Targets     Targets  `json:"targets"`
	Explanation []string `json:"explanation"`
}

// ParseZone reads an IANA zone name (the browser's); empty is UTC.
func ParseZone(tz string) (*time.Location, error) {
	tz = strings.TrimSpace(tz)
	if tz == "" {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(tz)
	if err != nil || strings.EqualFold(tz, "local") {
		return nil, &apperr.Error{Code: apperr.CodeInvalid, Message: "Unknown time zone", Fields: map[string]string{"tz": "Unknown time zone"}}
	}
	return loc, nil
}

// DayTargetsFor gives the targets of each date in [from, to] (local dates of
// loc) from base: one read of the calendar and one of the logged sessions.
func (s *Service) DayTargetsFor(ctx context.Context, userID int64, base Targets, from, to string, loc *time.Location) (map[string]DayTargetsInfo, error) {
	start, err := time.ParseInLocation(dateLayout, from, loc)
	if err != nil {
		return nil, err
	}
	end, err := time.ParseInLocation(dateLayout, to, loc)
	if err != nil {
		return nil, err
	}
	var calendar []DayType
	if s.planner != nil {
		calendar, err = s.planner.DayTypes(ctx, userID, start.AddDate(0, 0, -noCalendarDaysBefore).Format(dateLayout),
			end.AddDate(0, 0, LoadingDays).Format(dateLayout))
		if err != nil {
			return nil, err
		}
	}
	logged := map[string]DayType{} // minutes and load logged per local date
	if s.sessions != nil {
		sessions, err := s.sessions.LoggedSessions(ctx, userID, start, end.AddDate(0, 0, 1))
		if err != nil {
			return nil, err
		}
		for _, l := range sessions {
			d := l.At.In(loc).Format(dateLayout)
			rpe := l.RPE
			if rpe == 0 {
				rpe = 5
			}
			t := logged[d]
			t.PlannedMinutes += l.Minutes
			t.PlannedLoad += l.Minutes * rpe
			logged[d] = t
		}
	}
	byDate := map[string]int{}
	for i, d := range calendar {
		byDate[d.Date] = i
	}
	out := map[string]DayTargetsInfo{}
	for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
		date := d.Format(dateLayout)
		day, reason := dayOf(date, calendar, byDate, logged[date], s.planner != nil)
		info := DayTargetsInfo{Source: "profile", Targets: base, Explanation: []string{reason}}
		if day != nil {
			info.Source, info.Day = "calendar", day
			info.Targets, info.Explanation = DayTargets(base, *day)
		}
		out[date] = info
	}
	return out, nil
}

// dayOf reduces the calendar around date and the sessions logged on it to
// one PlanDay: the planned day, unless more was logged than planned (then
// the logged minutes and load make it a training day; a race stays a race).
// nil, with the reason, when nothing is planned around date and nothing was
// logged on it.
func dayOf(date string, calendar []DayType, byDate map[string]int, logged DayType, connected bool) (*PlanDay, string) {
	d, _ := time.Parse(dateLayout, date)
	first, last := d.AddDate(0, 0, -noCalendarDaysBefore).Format(dateLayout), d.AddDate(0, 0, LoadingDays).Format(dateLayout)
	planned, raceAhead := false, false
	var today *DayType
	for i := range calendar {
		t := calendar[i]
		if t.Date < first || t.Date > last {
			continue
		}
		if t.Kind != "rest" || t.PlannedMinutes > 0 {
			planned = true
		}
		if t.Date == date {
			today = &calendar[i]
		} else if t.Date > date && t.Kind == "race" {
			raceAhead = true
		}
	}
	if logged.PlannedMinutes == 0 && (!planned || today == nil) {
		if !connected {
			return nil, "Your training calendar is not connected to nutrition here, so these are your profile targets."
		}
		return nil, "Nothing is planned on your calendar around this day, so these are your profile targets."
	}
	p := &PlanDay{Kind: "rest"}
	if today != nil && planned {
		p = &PlanDay{Kind: today.Kind, PlannedMinutes: today.PlannedMinutes, PlannedLoad: today.PlannedLoad}
	}
	p.LoggedMinutes, p.LoggedLoad = logged.PlannedMinutes, logged.PlannedLoad
	if p.LoggedLoad > p.PlannedLoad && p.Kind != "race" {
		p.Kind = "training"
	}
	if p.Kind != "race" && raceAhead {
		p.Kind = "loading"
	}
	return p, ""
}

// TargetsOn is DayTargetsFor of one date: the profile's targets and the
// day's.
func (s *Service) TargetsOn(ctx context.Context, userID int64, date string, loc *time.Location) (Targets, DayTargetsInfo, error) {
	base, err := s.store.Targets(ctx, userID)
	if err != nil {
		return Targets{}, DayTargetsInfo{}, err
	}
	days, err := s.DayTargetsFor(ctx, userID, base, date, date, loc)
	return base, days[date], err
}

// profileWithDay adds the day's targets to a profile (no profile: as it is).
func (s *Service) profileWithDay(ctx context.Context, p Profile, err error, loc *time.Location) (Profile, error) {
	if err != nil {
		return p, err
	}
	_, day, err := s.TargetsOn(ctx, p.UserID, p.Date, loc)
	if errors.Is(err, errNoProfile) {
		return p, nil
	}
	p.Day = &day
	return p, err
}
