package training

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"hyrox/internal/apperr"
)

// Training load and compliance (docs/training-logs.md#load-and-compliance).
//
// A session's load is its RPE x minutes; logs without an RPE add minutes but
// no load (they are counted in UnratedSessions). Acute7 is the load of the
// last 7 days, Chronic28 the load of the last 28 days divided by 4 (both are
// weekly loads); Ratio = Acute7 / Chronic28, judged by JudgeLoad once there
// is a base to compare with: some load logged 8 to 28 days ago (a first week
// of training always has a ratio of 4, which is no spike). Compliance is done / planned calendar
// sessions (rest days excluded) over the last 28 days; a session counts once
// its day has passed, or earlier when it is already done.

// The acute:chronic bands: above LoadWarningRatio the injury risk rises,
// under LoadLowRatio the athlete is losing fitness, between them the load
// builds fitness safely.
const (
	LoadWarningRatio = 1.5
	LoadLowRatio     = 0.8
)

// The load's status: what the ratio says, or why it says nothing yet.
const (
	LoadNone     = "none"     // no log with an RPE in the last 4 weeks
	LoadBuilding = "building" // no load 8-28 days ago: nothing to compare the last 7 days with
	LoadLow      = "low"      // ratio under LoadLowRatio
	LoadSteady   = "steady"   // ratio from LoadLowRatio to LoadWarningRatio
	LoadHigh     = "high"     // ratio above LoadWarningRatio: injury risk
)

// JudgeLoad is the one rule for the acute:chronic ratio and its words
// (docs/training-logs.md#load-and-compliance): acute and base are the loads
// of the last 7 days and of 8-28 days ago. The ratio means something only
// with a base (in a first week it is always 4); the home, the logs page,
// the analytics' readiness and the coach's workspace all read this.
func JudgeLoad(acute, base int) (ratio float64, hasBase bool, status, message string) {
	chronic := float64(acute+base) / 4
	if chronic > 0 {
		ratio = float64(acute) / chronic
	}
	hasBase = base > 0
	// Whole figures rounded half up, as the pages show them (882.5 is 883).
	r := fmt.Sprintf("Your last 7 days' load is %.2f x your weekly average over 4 weeks (%d against %d, RPE x minutes)", ratio, acute, int(math.Round(chronic)))
	switch {
	case acute+base == 0:
		return ratio, hasBase, LoadNone, "No workouts with an RPE in the last 4 weeks: log your sessions with an RPE (1-10) to see your training load."
	case !hasBase:
		return ratio, hasBase, LoadBuilding, "The 7-day vs 28-day load ratio needs load logged 8 to 28 days ago to compare with: it appears once you have trained for more than a week."
	case ratio > LoadWarningRatio:
		return ratio, hasBase, LoadHigh, r + ": above 1.5 the injury risk rises. Ease off or add recovery, above all before a race."
	case ratio < LoadLowRatio:
		return ratio, hasBase, LoadLow, r + ": below 0.8 you are losing fitness (detraining). Train more steadily."
	default:
		return ratio, hasBase, LoadSteady, r + ": between 0.8 and 1.5 the load builds fitness safely."
	}
}

// LoadWeeks is how many weeks GET /api/training-load charts.
const LoadWeeks = 12

// LoadSummary is the athlete's current load and compliance.
type LoadSummary struct {
	Acute7          float64 `json:"acute7"`
	Chronic28       float64 `json:"chronic28"`
	Ratio           float64 `json:"ratio"`
	Compliance      float64 `json:"compliance"` // 0..1
	PlannedSessions int     `json:"plannedSessions"`
	DoneSessions    int     `json:"doneSessions"`
	LoggedSessions  int     `json:"loggedSessions"`
	HasLoad         bool    `json:"hasLoad"`
	HasBase         bool    `json:"hasBase"` // load logged 8-28 days ago: the ratio means something
	Status          string  `json:"status"`  // LoadNone, LoadBuilding, LoadLow, LoadSteady or LoadHigh
	Message         string  `json:"message"` // the status in words, the same on every page
}

// LoadWeek is one Monday-based week of the chart. Compliance is nil when
// nothing was planned (or due) that week.
type LoadWeek struct {
	WeekStart  string   `json:"weekStart"`
	Minutes    int      `json:"minutes"`
	Load       int      `json:"load"`
	Sessions   int      `json:"sessions"`
	Planned    int      `json:"planned"`
	Done       int      `json:"done"`
	Compliance *float64 `json:"compliance"`
}

// TrainingLoad is GET /api/training-load: the summary, the injury-risk
// warning and 12 weeks of minutes, load and compliance, oldest first.
type TrainingLoad struct {
	LoadSummary
	Warning         bool       `json:"warning"` // Status is LoadHigh
	UnratedSessions int        `json:"unratedSessions"`
	Today           string     `json:"today"`
	Weeks           []LoadWeek `json:"weeks"`
}

// LoadSummary is the athlete's load and compliance today on the UTC
// calendar (for other areas: nutrition and racing).
func (s *Service) LoadSummary(ctx context.Context, userID int64) (LoadSummary, error) {
	now := s.now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	tl, err := s.loadOn(ctx, userID, today, 0)
	return tl.LoadSummary, err
}

// TrainingLoad answers GET /api/training-load on the caller's local calendar
// (StatsInput as for the stats).
func (s *Service) TrainingLoad(ctx context.Context, userID int64, in StatsInput) (TrainingLoad, error) {
	today, offset, err := s.localToday(in)
	if err != nil {
		return TrainingLoad{}, err
	}
	return s.loadOn(ctx, userID, today, offset)
}

// localToday parses the caller's local date and UTC offset (minutes east).
func (s *Service) localToday(in StatsInput) (time.Time, int, error) {
	var v apperr.Validator
	offset := 0
	if in.TZOffset != "" {
		n, err := strconv.Atoi(in.TZOffset)
		v.Check(err == nil && n >= -840 && n <= 840, "tzOffset", "The time zone offset must be whole minutes between -840 and 840")
		offset = n
	}
	var today time.Time
	if in.Today != "" {
		t, err := time.Parse(time.DateOnly, in.Today)
		v.Check(err == nil, "today", dateMessage("today", in.Today))
		today = t
	}
	if err := v.Err(); err != nil {
		return time.Time{}, 0, err
	}
	if in.Today == "" {
		local := s.now().UTC().Add(time.Duration(offset) * time.Minute)
		today = time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	}
	return today, offset, nil
}

// loadOn computes the load on local date today (a UTC midnight) with the
// caller's offset in minutes: one range read of the logs and one of the
// calendar over the 12 weeks.
func (s *Service) loadOn(ctx context.Context, userID int64, today time.Time, offset int) (TrainingLoad, error) {
	weekStart := today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))
	first := weekStart.AddDate(0, 0, -7*(LoadWeeks-1))
	off := int64(offset) * 60
	dayNum := func(t time.Time) int64 { return t.Unix() / 86400 }
	firstDay, todayDay := dayNum(first), dayNum(today)
	logs, err := s.store.LoadLogs(ctx, userID, firstDay*86400-off, (todayDay+1)*86400-off)
	if err != nil {
		return TrainingLoad{}, err
	}
	sessions, err := s.store.LoadSessions(ctx, userID, first.Format(time.DateOnly), today.Format(time.DateOnly))
	if err != nil {
		return TrainingLoad{}, err
	}
	tl := TrainingLoad{Today: today.Format(time.DateOnly), Weeks: make([]LoadWeek, LoadWeeks)}
	for i := range tl.Weeks {
		tl.Weeks[i].WeekStart = first.AddDate(0, 0, 7*i).Format(time.DateOnly)
	}
	var acute, chronic, base int
	for _, l := range logs {
		day := (l.Epoch + off) / 86400
		if day < firstDay || day > todayDay {
			continue
		}
		load := l.RPE * l.Minutes
		w := &tl.Weeks[(day-firstDay)/7]
		w.Minutes += l.Minutes
		w.Load += load
		w.Sessions++
		ago := todayDay - day
		if ago < 28 {
			tl.LoggedSessions++
			chronic += load
			if l.RPE > 0 {
				tl.HasLoad = true
			} else {
				tl.UnratedSessions++
			}
			if ago < 7 {
				acute += load
			} else {
				base += load
			}
		}
	}
	for _, c := range sessions {
		d, err := time.Parse(time.DateOnly, c.Date)
		if err != nil || c.Kind == "rest" {
			continue
		}
		day := dayNum(d)
		if day < firstDay || day > todayDay || (day == todayDay && !c.Done) {
			continue // not due yet
		}
		w := &tl.Weeks[(day-firstDay)/7]
		w.Planned++
		if c.Done {
			w.Done++
		}
		if todayDay-day < 28 {
			tl.PlannedSessions++
			if c.Done {
				tl.DoneSessions++
			}
		}
	}
	for i := range tl.Weeks {
		if w := &tl.Weeks[i]; w.Planned > 0 {
			c := float64(w.Done) / float64(w.Planned)
			w.Compliance = &c
		}
	}
	tl.Acute7 = float64(acute)
	tl.Chronic28 = float64(chronic) / 4
	tl.Ratio, tl.HasBase, tl.Status, tl.Message = JudgeLoad(acute, base)
	tl.Warning = tl.Status == LoadHigh
	if tl.PlannedSessions > 0 {
		tl.Compliance = float64(tl.DoneSessions) / float64(tl.PlannedSessions)
	}
	return tl, nil
}
