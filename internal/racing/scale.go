package racing

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"hyrox/internal/db"
)

// GenerateScale adds in.Count race results spread over in.UserIDs, for
// `hyrox seed --scale`. Each athlete keeps one division and an ability (a
// finish time drawn around the field medians); every result varies around it,
// improving a little over two years, and its splits are the reference splits
// for that time with some noise, so analytics read like a real athlete's.
// One in four results is an official race, the rest simulations.
func GenerateScale(ctx context.Context, d *db.DB, in db.ScaleInput) error {
	if len(in.UserIDs) == 0 || in.Count == 0 {
		return nil
	}
	r := rand.New(rand.NewPCG(in.Seed, 801))
	now := in.Now.UTC().Truncate(time.Second)

	athlete := 0
	if _, err := d.BulkInsert(ctx, "racing_athletes", []string{"user_id", "username", "updated_at"}, func() ([]any, bool) {
		if athlete >= len(in.UserIDs) {
			return nil, false
		}
		athlete++
		return []any{in.UserIDs[athlete-1], in.Usernames[athlete-1], now}, true
	}, nil); err != nil {
		return err
	}

	divisions := make([]string, len(in.UserIDs))
	ability := make([]float64, len(in.UserIDs)) // seconds
	for i := range in.UserIDs {
		divisions[i] = Divisions[r.IntN(len(Divisions))]
		// Log-normal around the division's field median: most athletes
		// within about 70-130 % of it, a few elite and a few much slower.
		dm, _ := divisionModel(divisions[i])
		median := float64(dm.MedianSeconds)
		ability[i] = median * math.Exp(0.18*r.NormFloat64())
	}

	const span = 730 * 24 * time.Hour
	events := []string{"HYROX Berlin", "HYROX London", "HYROX New York", "HYROX Sydney", "HYROX Hamburg"}
	n := 0
	src := func() ([]any, bool) {
		if n >= in.Count {
			return nil, false
		}
		a := n % len(in.UserIDs) // athletes take turns
		n++
		// Squared uniform: more results in recent months.
		f := r.Float64()
		date := now.Add(-time.Duration(f * f * float64(span)))
		// Up to 6 % slower two years ago, plus day-to-day form.
		target := ability[a] * (1 + 0.06*f) * (1 + 0.03*r.NormFloat64())
		ref := ReferenceForTime(divisions[a], target)
		var runs [8]int
		var stations [8]*int
		total := 0
		for i := range 8 {
			runs[i] = max(120, int(ref.Runs[i]*(1+0.04*r.NormFloat64())))
			s := max(45, int(ref.Stations[i]*(1+0.08*r.NormFloat64())))
			stations[i] = &s
			total += runs[i] + s
		}
		roxzone := max(60, int(ref.Roxzone*(1+0.1*r.NormFloat64())))
		total += roxzone
		kind, event := KindSimulation, "Simulation"
		if r.IntN(4) == 0 {
			kind, event = KindRace, events[r.IntN(len(events))]
		}
		ranked := RankedSeconds(fitted.Venues, Result{Kind: kind, EventName: event, TotalSeconds: total})
		return []any{in.UserIDs[a], date.Format(time.DateOnly), WeekStart(date), MonthStart(date), event, kind, divisions[a],
			encodeRuns(runs), encodeStations(stations), roxzone, total, ranked, true, date}, true
	}
	if _, err := d.BulkInsert(ctx, "race_results", []string{"user_id", "date", "week_start", "month_start", "event_name", "kind",
		"division", "run_splits", "station_splits", "roxzone_seconds", "total_seconds", "ranked_seconds", "complete", "created_at"}, src, in.Progress); err != nil {
		return err
	}
	return NewStore(d).RebuildBests(ctx)
}
