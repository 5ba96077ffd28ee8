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
	HasLoad                                       bool   // at least one log with an RPE in the last 28 days
	HasBase                                       bool   // load logged 8-28 days ago: the ratio means something
	Status                                        string // the training area's judgement of the ratio: none, building, low, steady or high
	Message                                       string // that judgement in words, shown as it is (the home and the logs page show the same)
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

// Scoring the acute:chronic ratio (docs/analytics.md#readiness). Which band
// the ratio is in, and the words, are the training area's (Status and
// Message: one rule for every page); racing only scores it: a steady load
// scores in full, a high one falls to nothing at 2.0, a low one to nothing
// at 0.4.
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
	tl.Detail = load.Message
	var f float64
	switch load.Status {
	case "high":
		f = (ratioZeroHigh - load.Ratio) / (ratioZeroHigh - ratioHigh)
	case "low":
		f = (load.Ratio - ratioZeroLow) / (ratioLow - ratioZeroLow)
	case "steady":
		f = 1
	default: // none or building: the ratio says nothing yet
		return tl, compliancePart(cp, load)
	}
	tl.Available = true
	tl.Score = int(math.Round(clamp01(f) * partMax))
	return tl, compliancePart(cp, load)
}

// compliancePart scores the planned sessions done.
func compliancePart(cp ReadinessPart, load *LoadSummary) ReadinessPart {
	if load.PlannedSessions == 0 {
		cp.Detail = "No planned sessions in the last 4 weeks: start a plan or a program to count how many you do."
	} else {
		cp.Available = true
		c := clamp01(load.Compliance)
		cp.Score = int(math.Round(clamp01(c/complianceFull) * partMax))
		cp.Detail = fmt.Sprintf("You did %d of %d planned sessions in the last 4 weeks (%.0f%%); 90%% or more scores in full.",
			load.DoneSessions, load.PlannedSessions, c*100)
	}
	return cp
}
