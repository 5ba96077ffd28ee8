package nutrition

import (
	"context"
	"errors"
	"math"
	"time"

	"hyrox/internal/db"
)

// History: the last 7 days and the last 12 weeks of the diary against the
// targets (docs/nutrition-foods.md#history).

const (
	// HistoryWeeks is how many 7-day weeks the long view holds.
	HistoryWeeks = 12
	// AdherenceBand is how close to the calorie target a day must be to count
	// as on target (10 %).
	AdherenceBand = 0.10
)

// HistoryDay is one day's sums.
type HistoryDay struct {
	Date     string `json:"date"`
	Calories int    `json:"calories"`
	Protein  int    `json:"protein"`
	Carbs    int    `json:"carbs"`
	Fat      int    `json:"fat"`
	// Logged is true when the day holds at least one entry.
	Logged bool `json:"logged"`
	// OnTarget is true when a logged day is within 10 % of its calorie target.
	OnTarget bool `json:"onTarget"`
	// Targets are the day's targets (docs/nutrition-foods.md#day-targets), nil
	// before the athlete set any.
	Targets *Targets `json:"targets"`
}

// HistoryWeek is one 7-day block: daily averages over its logged days.
type HistoryWeek struct {
	From         string `json:"from"`
	To           string `json:"to"`
	DaysLogged   int    `json:"daysLogged"`
	DaysOnTarget int    `json:"daysOnTarget"`
	Calories     int    `json:"calories"`
	Protein      int    `json:"protein"`
	Carbs        int    `json:"carbs"`
	Fat          int    `json:"fat"`
	// Targets average the week's day targets (nil without a profile).
	Targets *Targets `json:"targets"`
}

// HistorySummary is the averages and the adherence of a period.
type HistorySummary struct {
	Days         int `json:"days"`
	DaysLogged   int `json:"daysLogged"`
	DaysOnTarget int `json:"daysOnTarget"`
	// Adherence is DaysOnTarget / DaysLogged in whole percent (0 with no
	// logged day).
	Adherence int `json:"adherence"`
	Calories  int `json:"calories"`
	Protein   int `json:"protein"`
	Carbs     int `json:"carbs"`
	Fat       int `json:"fat"`
}

// History is the answer of GET /api/nutrition/history.
type History struct {
	To string `json:"to"`
	// Targets are the profile's targets; nil before the athlete set any.
	Targets     *Targets       `json:"targets"`
	Days        []HistoryDay   `json:"days"`
	Week        HistorySummary `json:"week"`
	Weeks       []HistoryWeek  `json:"weeks"`
	TwelveWeeks HistorySummary `json:"twelveWeeks"`
}

// History sums the user's diary day by day over the 12 weeks ending on to,
// each day against its own targets (those of DayTargetsFor; loc places the
// logged sessions on local days).
func (s *Service) History(ctx context.Context, userID int64, to string, loc *time.Location) (History, error) {
	end, err := time.Parse(dateLayout, to)
	if err != nil {
		return History{}, err
	}
	days := HistoryWeeks * 7
	start := end.AddDate(0, 0, -(days - 1))
	sums, err := s.store.DaySums(ctx, userID, start.Format(dateLayout), to)
	if err != nil {
		return History{}, err
	}
	h := History{To: to, Days: []HistoryDay{}, Weeks: []HistoryWeek{}}
	t, err := s.store.Targets(ctx, userID)
	switch {
	case err == nil:
		h.Targets = &t
	case !errors.Is(err, errNoProfile):
		return History{}, err
	}
	var dayTargets map[string]DayTargetsInfo
	if h.Targets != nil {
		if dayTargets, err = s.DayTargetsFor(ctx, userID, t, start.Format(dateLayout), to, loc); err != nil {
			return History{}, err
		}
	}
	all := make([]HistoryDay, days)
	for i := range all {
		date := start.AddDate(0, 0, i).Format(dateLayout)
		d, ok := sums[date]
		d.Date, d.Logged = date, ok
		if h.Targets != nil {
			dt := dayTargets[date].Targets
			d.Targets = &dt
			d.OnTarget = ok && onTarget(d.Calories, dt.DailyCalories)
		}
		all[i] = d
	}
	h.Days = all[days-7:]
	h.Week = summarize(h.Days)
	h.TwelveWeeks = summarize(all)
	for w := 0; w < HistoryWeeks; w++ {
		block := all[w*7 : w*7+7]
		sum := summarize(block)
		h.Weeks = append(h.Weeks, HistoryWeek{From: block[0].Date, To: block[6].Date, DaysLogged: sum.DaysLogged,
			DaysOnTarget: sum.DaysOnTarget, Calories: sum.Calories, Protein: sum.Protein, Carbs: sum.Carbs, Fat: sum.Fat,
			Targets: averageTargets(block)})
	}
	return h, nil
}

// averageTargets is the mean of the days' targets, rounded (nil without).
func averageTargets(days []HistoryDay) *Targets {
	var sum [4]int
	for _, d := range days {
		if d.Targets == nil {
			return nil
		}
		sum = [4]int{sum[0] + d.Targets.DailyCalories, sum[1] + d.Targets.ProteinTarget, sum[2] + d.Targets.CarbsTarget, sum[3] + d.Targets.FatTarget}
	}
	n := float64(len(days))
	avg := func(v int) int { return int(math.Round(float64(v) / n)) }
	return &Targets{avg(sum[0]), avg(sum[1]), avg(sum[2]), avg(sum[3])}
}

// onTarget reports whether calories are within AdherenceBand of target.
func onTarget(calories, target int) bool {
	return target > 0 && math.Abs(float64(calories-target)) <= AdherenceBand*float64(target)
}

// summarize averages the logged days (a day with nothing logged is not a day
// of zero calories: it is left out) and counts the days on target.
func summarize(days []HistoryDay) HistorySummary {
	s := HistorySummary{Days: len(days)}
	var cal, p, c, f int
	for _, d := range days {
		if !d.Logged {
			continue
		}
		s.DaysLogged++
		if d.OnTarget {
			s.DaysOnTarget++
		}
		cal, p, c, f = cal+d.Calories, p+d.Protein, c+d.Carbs, f+d.Fat
	}
	if s.DaysLogged > 0 {
		n := float64(s.DaysLogged)
		avg := func(v int) int { return int(math.Round(float64(v) / n)) }
		s.Calories, s.Protein, s.Carbs, s.Fat = avg(cal), avg(p), avg(c), avg(f)
		s.Adherence = int(math.Round(100 * float64(s.DaysOnTarget) / n))
	}
	return s
}

// DaySums sums the user's live entries per day in [from, to]; the
// (user_id, entry_date) index serves it.
func (s *Store) DaySums(ctx context.Context, userID int64, from, to string) (map[string]HistoryDay, error) {
	rows, err := s.db.Query(ctx, `SELECT entry_date, SUM(calories), SUM(protein), SUM(carbs), SUM(fat) FROM food_entries
		WHERE user_id = ? AND entry_date >= ? AND entry_date <= ? AND deleted_at IS NULL GROUP BY entry_date`, userID, from, to)
	out := map[string]HistoryDay{}
	return out, db.Each(rows, err, func(row db.Scanner) error {
		var d HistoryDay
		err := row.Scan(&d.Date, &d.Calories, &d.Protein, &d.Carbs, &d.Fat)
		out[d.Date] = d
		return err
	})
}
