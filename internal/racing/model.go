// Package racing owns race results, the leaderboard, performance analytics
// (pro) and race strategy (elite). Its formulas are in analysis.go; the
// model fitted on real race results in fit.go, predict.go and peers.go.
package racing

import "time"

// Kinds of result (docs/product.md#racing: recordType is "race" or "simulation").
const (
	KindRace       = "race"
	KindSimulation = "simulation"
)

// Divisions, as in the domain notes: Open, Pro, Doubles, Pro Doubles and Relay
// for men and women (Doubles and Relay also mixed), and Adaptive.
// source: hyrox.md "Divisions".
var Divisions = []string{
	"open_men", "open_women", "pro_men", "pro_women",
	"doubles_men", "doubles_women", "doubles_mixed",
	"pro_doubles_men", "pro_doubles_women",
	"relay_men", "relay_women", "relay_mixed", "adaptive",
}

// Result is one race or simulation. Runs are 1 km each; a station split may be
// null only in a simulation (a station not done). Total is the sum of parts.
type Result struct {
	ID             int64     `json:"id"`
	Date           string    `json:"date"`
	EventName      string    `json:"eventName"`
	Kind           string    `json:"kind"`
	Division       string    `json:"division"`
	RunSplits      [8]int    `json:"runSplits"`
	StationSplits  [8]*int   `json:"stationSplits"`
	RoxzoneSeconds int       `json:"roxzoneSeconds"`
	TotalSeconds   int       `json:"totalSeconds"`
	Complete       bool      `json:"complete"`
	CreatedAt      time.Time `json:"createdAt"`
	// AtAverageVenue is a race's finish at an average venue; nil for a
	// simulation or a venue the model does not know (docs/analytics.md#venues).
	AtAverageVenue *VenueCorrection `json:"atAverageVenue"`

	UserID int64 `json:"-"`
}

// RunTotal is the sum of the 8 runs.
func (r Result) RunTotal() int {
	t := 0
	for _, s := range r.RunSplits {
		t += s
	}
	return t
}

// StationTotal is the sum of the stations done.
func (r Result) StationTotal() int {
	t := 0
	for _, s := range r.StationSplits {
		if s != nil {
			t += *s
		}
	}
	return t
}

// ResultInput is the body of POST /api/race-results. Splits are decoded as
// raw numbers so that wrong lengths and fractions get readable messages.
type ResultInput struct {
	Date           string     `json:"date"`
	EventName      string     `json:"eventName"`
	Kind           string     `json:"kind"`
	Division       string     `json:"division"`
	RunSplits      []*float64 `json:"runSplits"`
	StationSplits  []*float64 `json:"stationSplits"`
	RoxzoneSeconds *float64   `json:"roxzoneSeconds"`
}

// Entry is one leaderboard row (id, username, division, time, recordType).
type Entry struct {
	ID         int64  `json:"id"`
	Username   string `json:"username"`
	Division   string `json:"division"`
	Time       int    `json:"time"` // seconds
	RecordType string `json:"recordType"`
	Rank       int    `json:"rank"`
	Date       string `json:"date"`
	UserID     int64  `json:"userId,omitempty"`
	// AtAverageVenue is the time the entry is ranked by when it differs from
	// Time: a race's finish at an average venue (docs/analytics.md#venues).
	AtAverageVenue *int `json:"atAverageVenue"`
}

// Board names one leaderboard: a period, a division ("all" for every
// division) and a kind: races and simulations are ranked apart
// (docs/product.md#racing).
type Board struct {
	Period      string // week, month, all
	PeriodStart string // YYYY-MM-DD of the week's Monday or the month's first day; "" for all
	Division    string // a division or "all"
	Kind        string // race (the default) or simulation
}

// SplitStat is one run or station against my history and the reference.
type SplitStat struct {
	Index            int      `json:"index"`
	Name             string   `json:"name"`
	Latest           *int     `json:"latest"`
	Best             *int     `json:"best"`
	Average          *float64 `json:"average"`
	Reference        int      `json:"reference"`  // the peers' median
	Percentile       *int     `json:"percentile"` // share of the peers slower (%)
	DeltaVsReference *int     `json:"deltaVsReference"`
	DeltaVsAverage   *float64 `json:"deltaVsAverage"`
	Verdict          string   `json:"verdict"`
}

// TrendPoint is one result in the finish-time trend.
type TrendPoint struct {
	ID           int64  `json:"id"`
	Date         string `json:"date"`
	Kind         string `json:"kind"`
	EventName    string `json:"eventName"`
	TotalSeconds int    `json:"totalSeconds"`
	RunSeconds   int    `json:"runSeconds"`
	StationSecs  int    `json:"stationSeconds"`
	Roxzone      int    `json:"roxzoneSeconds"`
	Complete     bool   `json:"complete"`
}

// Analytics is the answer of GET /api/analytics.
type Analytics struct {
	ResultCount int          `json:"resultCount"`
	Latest      *Result      `json:"latest"`
	Reference   *RefView     `json:"reference"`
	Stations    []SplitStat  `json:"stations"`
	Runs        []SplitStat  `json:"runs"`
	Roxzone     *Roxzone     `json:"roxzone"`
	Pacing      *PacingView  `json:"pacing"`
	Readiness   Readiness    `json:"readiness"`
	Prediction  *Prediction  `json:"prediction"`
	Trend       []TrendPoint `json:"trend"`
	Insights    []string     `json:"insights"`
	GoalSeconds int          `json:"goalSeconds"`
	// LoggedSimulations are the simulations logged as workouts in the last 8
	// weeks that readiness counts (docs/analytics.md#a-simulation-logged-as-a-workout).
	LoggedSimulations []LoggedSimulationView `json:"loggedSimulations"`
}

// RefView describes the peers the splits are compared with: real finishers
// of the (fitted) division within WindowPercent of the predicted finish.
type RefView struct {
	Division      string `json:"division"`
	PeerCount     int    `json:"peerCount"`
	WindowPercent int    `json:"windowPercent"`
	TotalSeconds  int    `json:"totalSeconds"`
	Explanation   string `json:"explanation"`
}

// PacingView is how the runs fade against run 1.
type PacingView struct {
	MiddleToFirst float64 `json:"middleToFirst"` // mean of runs 2-7 over run 1
	LastToFirst   float64 `json:"lastToFirst"`   // run 8 over run 1
	// The same for the peers of my finish time who held their pace.
	HeldMiddleToFirst float64 `json:"heldMiddleToFirst"`
	HeldLastToFirst   float64 `json:"heldLastToFirst"`
	Detail            string  `json:"detail"`
}

// StrategyInput is the body of POST /api/race-strategy.
type StrategyInput struct {
	GoalSeconds *float64 `json:"goalSeconds"`
	Division    string   `json:"division"`
}

// PlanPart is one line of a pacing plan.
type PlanPart struct {
	Kind          string `json:"kind"` // run, station, roxzone
	Name          string `json:"name"`
	Seconds       int    `json:"seconds"`
	LatestSeconds *int   `json:"latestSeconds"`
	Change        *int   `json:"change"`
	ClockSeconds  int    `json:"clockSeconds"` // race clock at the end of this part (Roxzone spread over the passages)
}

// Strategy is the answer of POST /api/race-strategy.
type Strategy struct {
	GoalSeconds int    `json:"goalSeconds"`
	Division    string `json:"division"`
	BasedOn     *int64 `json:"basedOnResultId"`
	// BasedOnLog is the workout log the plan read when it is a simulation
	// logged as a workout (docs/analytics.md#a-simulation-logged-as-a-workout).
	BasedOnLog   *int64     `json:"basedOnLogId"`
	Method       string     `json:"method"`
	Parts        []PlanPart `json:"parts"`
	TotalSeconds int        `json:"totalSeconds"`
	PerPassage   float64    `json:"roxzonePerPassageSeconds"`
	Notes        []string   `json:"notes"`
}
