package racing

import (
	"context"
	"fmt"
	"math"
)

// Race readiness reads the training load and compliance the training area
// keeps (docs/analytics.md#readiness). Racing does not import training: it
// names what it needs here, and internal/server wires the training service in.

// LoadSummary is the training load and compliance of one athlete. Its fields
// match training.LoadSummary one for one (same names, types and order), so
// internal/server converts one into the other: racing.LoadSummary(s).
type LoadSummary struct {
	Acute7, Chronic28                             float64 // average weekly load (session RPE x minutes) over the last 7 / 28 days
	Ratio                                         float64 // Acute7 / Chronic28
	Compliance                                    float64 // planned sessions done in the last 28 days, 0..1
	PlannedSessions, DoneSessions, LoggedSessions int
	HasLoad                                       bool // at least one log with an RPE in the last 28 days
}

// TrainingLoad gives an athlete's training load and compliance.
type TrainingLoad interface {
	LoadSummary(ctx context.Context, userID int64) (LoadSummary, error)
}

// TrainingLoadFunc lets a function be a TrainingLoad.
type TrainingLoadFunc func(ctx context.Context, userID int64) (LoadSummary, error)

func (f TrainingLoadFunc) LoadSummary(ctx context.Context, userID int64) (LoadSummary, error) {
	return f(ctx, userID)
}

// SetTrainingLoad connects the training area's load and compliance to race
// readiness. Without it (nil), readiness says what is missing.
func (s *Service) SetTrainingLoad(tl TrainingLoad) { s.load = tl }

// The acute:chronic ratio's bands (docs/analytics.md#readiness): from 0.8 to
// 1.5 the load builds fitness safely and scores in full; above 1.5 the injury
// risk rises, down to nothing at 2.0; under 0.8 the athlete is detraining,
// down to nothing at 0.4.
const (
	ratioLow, ratioHigh   = 0.8, 1.5
	ratioZeroLow          = 0.4
	ratioZeroHigh         = 2.0
	complianceFull        = 0.9 // 90 % of planned sessions done scores in full
	readinessLoadNotWired = "Training load is not connected yet: it needs the workout log's session RPE x minutes."
	readinessPlanNotWired = "Compliance is not connected yet: it needs planned sessions from a program on the calendar."
)

// loadParts scores the training load (acute:chronic ratio) and compliance;
// load nil means the training area is not connected.
func loadParts(load *LoadSummary) (ReadinessPart, ReadinessPart) {
	tl := ReadinessPart{Key: "trainingLoad", Label: "Training load", Max: partMax}
	cp := ReadinessPart{Key: "compliance", Label: "Planned sessions done", Max: partMax}
	if load == nil {
		tl.Detail, cp.Detail = readinessLoadNotWired, readinessPlanNotWired
		return tl, cp
	}
	switch {
	case !load.HasLoad:
		tl.Detail = "No workouts with an RPE logged in the last 4 weeks: log your sessions with an RPE (1-10) to count your training load."
	case load.Chronic28 <= 0:
		tl.Detail = "Needs 4 weeks of logged load to compare your last week with."
	default:
		tl.Available = true
		r := load.Ratio
		var f float64
		var words string
		switch {
		case r > ratioHigh:
			f = (ratioZeroHigh - r) / (ratioZeroHigh - ratioHigh)
			words = "above 1.5 the injury risk rises: ease off before you race"
		case r < ratioLow:
			f = (r - ratioZeroLow) / (ratioLow - ratioZeroLow)
			words = "below about 0.8 you are losing fitness (detraining): train more steadily"
		default:
			f = 1
			words = "between 0.8 and 1.5 the load builds fitness safely"
		}
		tl.Score = int(math.Round(clamp01(f) * partMax))
		tl.Detail = fmt.Sprintf("Your last 7 days' load is %.2f x your weekly average over 4 weeks (%.0f against %.0f, session RPE x minutes); %s.",
			r, load.Acute7, load.Chronic28, words)
		if load.LoggedSessions > 0 {
			tl.Detail += fmt.Sprintf(" %d session(s) logged in 4 weeks; logs without an RPE do not count.", load.LoggedSessions)
		}
	}
	if load.PlannedSessions == 0 {
		cp.Detail = "No planned sessions in the last 4 weeks: start a plan or a program to count how many you do."
	} else {
		cp.Available = true
		c := clamp01(load.Compliance)
		cp.Score = int(math.Round(clamp01(c/complianceFull) * partMax))
		cp.Detail = fmt.Sprintf("You did %d of %d planned sessions in the last 4 weeks (%.0f%%); 90%% or more scores in full.",
			load.DoneSessions, load.PlannedSessions, c*100)
	}
	return tl, cp
}
