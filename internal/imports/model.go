// Package imports turns files from where athletes' data already lives
// (watch FIT files, TCX and GPX exports, gzip copies of them and the Concept2
// logbook CSV) into workout logs. Parsing is pure: a file in, Activity values
// out; GPS points are read to measure distance and splits, then dropped.
// The rules are in docs/import.md.
package imports

import (
	"fmt"
	"time"
)

// Sports an activity can have.
const (
	SportRun      = "run"
	SportBike     = "bike"
	SportRow      = "row"
	SportSki      = "ski"
	SportSwim     = "swim"
	SportWalk     = "walk"
	SportHike     = "hike"
	SportStrength = "strength"
	SportOther    = "other"
)

// Activity is one imported session with only what the product keeps
// (docs/import.md#what-an-import-keeps).
type Activity struct {
	Source         string        `json:"source"` // fit | tcx | gpx | concept2
	StartedAt      time.Time     `json:"startedAt"`
	Sport          string        `json:"sport"`
	Duration       time.Duration `json:"-"`
	DistanceM      float64       `json:"distanceM"`
	ElevationGainM float64       `json:"elevationGainM"`
	AvgHR          int           `json:"avgHr"`
	MaxHR          int           `json:"maxHr"`
	Calories       int           `json:"calories"`
	AvgWatts       int           `json:"avgWatts"`
	StrokeRate     int           `json:"strokeRate"`
	// Splits are a run's kilometre splits, an erg's 500 m splits, or the
	// device's laps for other sports.
	Splits []Split `json:"splits"`
	// Laps are the device's own laps (the laps the athlete pressed), kept
	// apart from the splits: a HYROX race is read from them.
	Laps []Split `json:"laps"`
	// samples are the time series the file carried (time, distance, heart
	// rate), used for splits and zones and never stored.
	samples []sample
}

// Split is one lap or fixed-distance split.
type Split struct {
	DistanceM float64 `json:"distanceM"`
	Seconds   float64 `json:"seconds"`
	AvgHR     int     `json:"avgHr,omitempty"`
}

// sample is one point of a file's time series; Dist is cumulative metres
// (negative when the file gave none), HR 0 when absent.
type sample struct {
	T    time.Time
	Dist float64
	HR   int
}

// FileError is a file that cannot be imported, with a reason for the athlete.
type FileError struct {
	Name   string
	Reason string
}

func (e *FileError) Error() string { return fmt.Sprintf("%s: %s", e.Name, e.Reason) }

func fileErr(name, format string, args ...any) error {
	return &FileError{Name: name, Reason: fmt.Sprintf(format, args...)}
}

// Limits bound what one file may cost to read.
type Limits struct {
	MaxFileBytes     int64 // an uploaded file (compressed or not)
	MaxUnpackedBytes int64 // a gzip file once decompressed
	MaxArchiveBytes  int64 // a Strava export (.zip), as uploaded
}

// DefaultLimits are the upload limits of docs/import.md#limits-and-refusals.
func DefaultLimits() Limits {
	return Limits{MaxFileBytes: 25 << 20, MaxUnpackedBytes: 64 << 20, MaxArchiveBytes: 100 << 20}
}
