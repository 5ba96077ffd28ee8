package imports

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hyrox/internal/jobs"
	"hyrox/internal/live"
	"io"
	"log/slog"
	"math"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// NewLog is the workout log an activity becomes; training writes it.
type NewLog struct {
	Sport       string // the activity's: which planned session it fills (SessionScore)
	Name        string
	CompletedAt time.Time
	Day         string // the athlete's local date: the planned session it may fill
	Minutes     int
	Notes       string
	Exercises   []LogExercise
}

// LogExercise is one row of a log's actuals (training's structured exercise).
type LogExercise struct {
	Exercise   string `json:"exercise"`
	DistanceM  int    `json:"distanceM,omitempty"`
	TimeS      int    `json:"timeS,omitempty"`
	TargetPace string `json:"targetPace,omitempty"`
	Notes      string `json:"notes,omitempty"`
}

// SavedLog is the log training wrote.
type SavedLog struct {
	ID               int64
	PlannedSessionID *int64
}

// LogWriter is training's log creation, wired by the server (areas do not
// import each other). It runs also in the log's own transaction, so the
// log and the import's row are written together or not at all.
type LogWriter func(ctx context.Context, userID int64, l NewLog, also func(ctx context.Context, tx *db.Tx, logID int64) error) (SavedLog, error)

// Options are the athlete's settings an upload carries.
type Options struct {
	Zone  *time.Location // their time zone: the log's day, the Concept2 dates
	MaxHR int            // for the time in zones; 0 = no zones
}

// Activity results.
const (
	StatusImported  = "imported"
	StatusDuplicate = "duplicate"
	StatusFailed    = "failed"
)

// ActivityResult is what became of one activity of a file.
type ActivityResult struct {
	Status           string    `json:"status"`
	Reason           string    `json:"reason,omitempty"`
	Sport            string    `json:"sport"`
	StartedAt        time.Time `json:"startedAt"`
	DurationS        int       `json:"durationS"`
	DistanceM        float64   `json:"distanceM"`
	LogID            *int64    `json:"logId,omitempty"`
	PlannedSessionID *int64    `json:"plannedSessionId,omitempty"`
	// ActivityID is the imported activity (also the earlier one a
	// duplicate matched, when it was imported), for its HYROX mapping.
	ActivityID *int64 `json:"activityId,omitempty"`
	// Laps is the number of device laps; Hyrox says whether they look like
	// a HYROX race ("recognised": a mapping is proposed, "manual": the
	// athlete maps them) and HyroxReason why a layout did not fit.
	Laps        int    `json:"laps"`
	Hyrox       string `json:"hyrox,omitempty"`
	HyroxReason string `json:"hyroxReason,omitempty"`
}

// FileResult is what became of one uploaded file: an error when it could not
// be read at all, else one result per activity in it.
type FileResult struct {
	Name       string           `json:"name"`
	Error      string           `json:"error,omitempty"`
	Activities []ActivityResult `json:"activities"`
}

// Result is the answer to one upload.
type Result struct {
	Imported   int          `json:"imported"`
	Duplicates int          `json:"duplicates"`
	Failed     int          `json:"failed"`
	Files      []FileResult `json:"files"`
}

// Add counts a file's outcome into the totals.
func (r *Result) Add(f FileResult) {
	if f.Error != "" {
		r.Failed++
	}
	for _, a := range f.Activities {
		switch a.Status {
		case StatusImported:
			r.Imported++
		case StatusDuplicate:
			r.Duplicates++
		default:
			r.Failed++
		}
	}
	r.Files = append(r.Files, f)
}

// DuplicateWindow is how close two starts of the same sport must be to be
// the same activity (docs/import.md#duplicates).
const DuplicateWindow = 60 * time.Second

var errDuplicate = errors.New("duplicate activity")

// Service imports files into an athlete's logs.
type Service struct {
	store    *Store
	logs     LogWriter
	limits   Limits
	logger   *slog.Logger
	handLogs HandLogFinder // optional: logs typed by hand count as duplicates
	racing   Racing        // optional: lapped activities become HYROX results
	queue    *jobs.Queue   // background imports (batch.go)
	live     *live.Outbox
}

func NewService(store *Store, logs LogWriter) *Service {
	return &Service{store: store, logs: logs, limits: DefaultLimits(), logger: slog.Default()}
}

// UseLimits replaces the per-file limits (tests use small ones).
func (s *Service) UseLimits(l Limits) { s.limits = l }

// Limits are the per-file limits in force.
func (s *Service) Limits() Limits { return s.limits }

// Import reads one uploaded file: a Strava export (.zip) gives a result per
// activity file in it, any other file one result (ImportFile).
func (s *Service) Import(ctx context.Context, userID int64, name string, r io.Reader, opt Options) []FileResult {
	if opt.Zone == nil {
		opt.Zone = time.UTC
	}
	if isArchive(name) {
		return s.importArchive(ctx, userID, baseName(name), r, opt)
	}
	return []FileResult{s.ImportFile(ctx, userID, name, r, opt)}
}

// isArchive is a file read as a Strava bulk export.
func isArchive(name string) bool { return strings.HasSuffix(strings.ToLower(name), ".zip") }

// ImportFile reads one file and logs each of its activities in its own
// transaction; a file that cannot be read reports why and writes nothing.
func (s *Service) ImportFile(ctx context.Context, userID int64, name string, r io.Reader, opt Options) FileResult {
	if opt.Zone == nil {
		opt.Zone = time.UTC
	}
	acts, err := Parse(name, r, opt.Zone, s.limits)
	var fe *FileError
	if errors.As(err, &fe) {
		return FileResult{Name: fe.Name, Error: fe.Reason, Activities: []ActivityResult{}}
	}
	res := FileResult{Name: baseName(name), Activities: make([]ActivityResult, 0, len(acts))}
	for i := range acts {
		res.Activities = append(res.Activities, s.importActivity(ctx, userID, res.Name, &acts[i], opt))
	}
	return res
}

func (s *Service) importActivity(ctx context.Context, userID int64, file string, a *Activity, opt Options) ActivityResult {
	out := ActivityResult{Sport: a.Sport, StartedAt: a.StartedAt, DurationS: int(a.Duration.Seconds()), DistanceM: a.DistanceM, Laps: len(a.Laps)}
	_, out.Hyrox, out.HyroxReason = Recognise(a.Laps, a.Duration.Seconds())
	dup, err := s.store.Duplicate(ctx, userID, a.Sport, a.StartedAt)
	if err != nil {
		return s.failed(out, err)
	}
	if dup > 0 {
		out.Status = StatusDuplicate
		out.Reason = "Already imported: the same sport starting within 60 seconds."
		out.ActivityID = &dup
		return out
	}
	if reason, err := s.handTyped(ctx, userID, a); err != nil {
		return s.failed(out, err)
	} else if reason != "" {
		out.Status = StatusDuplicate
		out.Reason = reason
		return out
	}
	rec := record{Activity: a, File: file, Zones: a.TimeInZones(opt.MaxHR)}
	var activityID int64
	saved, err := s.logs(ctx, userID, toLog(a, file, rec.Zones, opt.Zone), func(ctx context.Context, tx *db.Tx, logID int64) error {
		id, err := s.store.insert(ctx, tx, userID, logID, rec)
		activityID = id
		return err
	})
	if errors.Is(err, errDuplicate) {
		out.Status = StatusDuplicate
		out.Reason = "Already imported: the same sport starting within 60 seconds."
		return out
	}
	if err != nil {
		return s.failed(out, err)
	}
	out.Status = StatusImported
	out.ActivityID = &activityID
	out.LogID = &saved.ID
	out.PlannedSessionID = saved.PlannedSessionID
	return out
}

// failed reports a log's rule (its user-safe message) or, for anything
// else, a general reason; the latter is logged.
func (s *Service) failed(out ActivityResult, err error) ActivityResult {
	out.Status = StatusFailed
	e := apperr.As(err)
	if e.Code == apperr.CodeInternal {
		s.logger.Error("import activity", "err", err)
	}
	out.Reason = e.Message
	return out
}

// toLog turns an activity into the log it becomes: the whole activity as
// the first row, then its splits (docs/import.md#the-log).
func toLog(a *Activity, file string, zones []int, zone *time.Location) NewLog {
	name := sportNames[a.Sport]
	title := name
	erg := a.Sport == SportRow || a.Sport == SportSki || a.Source == "concept2"
	switch {
	case a.DistanceM > 0 && erg:
		title = fmt.Sprintf("%s %d m", name, int(math.Round(a.DistanceM)))
	case a.DistanceM >= 100:
		title = fmt.Sprintf("%s %.1f km", name, a.DistanceM/1000)
	}
	secs := int(math.Round(a.Duration.Seconds()))
	total := LogExercise{Exercise: name, DistanceM: int(math.Round(a.DistanceM)), TimeS: secs, TargetPace: pace(a, erg)}
	var extra []string
	if a.AvgWatts > 0 {
		extra = append(extra, fmt.Sprintf("avg %d W", a.AvgWatts))
	}
	if a.StrokeRate > 0 {
		extra = append(extra, fmt.Sprintf("%d spm", a.StrokeRate))
	}
	if a.AvgHR > 0 {
		extra = append(extra, fmt.Sprintf("avg HR %d", a.AvgHR))
	}
	rows := []LogExercise{total}
	full := splitLength(a.Sport)
	for i, sp := range a.Splits {
		if len(rows) == maxLogRows {
			break
		}
		if full > 0 && sp.DistanceM != full {
			extra = append(extra, fmt.Sprintf("last %d m in %s", int(sp.DistanceM), clock(int(math.Round(sp.Seconds)))))
			continue
		}
		note := fmt.Sprintf("Split %d", i+1)
		if sp.AvgHR > 0 {
			note += fmt.Sprintf(", avg HR %d", sp.AvgHR)
		}
		rows = append(rows, LogExercise{Exercise: name, DistanceM: int(sp.DistanceM), TimeS: int(math.Round(sp.Seconds)), Notes: note})
	}
	rows[0].Notes = strings.Join(extra, ", ")
	return NewLog{
		Sport:       a.Sport,
		Name:        title,
		CompletedAt: a.StartedAt,
		Day:         a.StartedAt.In(zone).Format(time.DateOnly),
		Minutes:     max(1, int(math.Round(a.Duration.Minutes()))),
		Notes:       notes(a, file, zones),
		Exercises:   rows,
	}
}

// maxLogRows is training's limit of exercises in one log.
const maxLogRows = 50

// sportNames are the names an imported log and its rows carry.
var sportNames = map[string]string{
	SportRun: "Run", SportBike: "Bike", SportRow: "RowErg", SportSki: "SkiErg", SportSwim: "Swim",
	SportWalk: "Walk", SportHike: "Hike", SportStrength: "Strength", SportOther: "Workout",
}

func pace(a *Activity, erg bool) string {
	if a.DistanceM <= 0 || a.Duration <= 0 {
		return ""
	}
	if erg {
		per := a.Duration.Seconds() / a.DistanceM * 500
		return fmt.Sprintf("%d:%04.1f /500m", int(per)/60, math.Mod(per, 60))
	}
	if a.Sport == SportRun || a.Sport == SportWalk || a.Sport == SportHike {
		return clock(int(math.Round(a.Duration.Seconds()/a.DistanceM*1000))) + " /km"
	}
	return ""
}

func clock(secs int) string { return fmt.Sprintf("%d:%02d", secs/60, secs%60) }

// notes is the log's summary line: where it came from and what the rows
// cannot hold (elevation, heart rate, zones, calories).
func notes(a *Activity, file string, zones []int) string {
	parts := []string{fmt.Sprintf("Imported from %s.", file)}
	if a.ElevationGainM > 0 {
		parts = append(parts, fmt.Sprintf("Elevation gain %d m.", int(a.ElevationGainM)))
	}
	if a.AvgHR > 0 || a.MaxHR > 0 {
		parts = append(parts, fmt.Sprintf("Heart rate avg %d, max %d bpm.", a.AvgHR, a.MaxHR))
	}
	if zones != nil {
		z := make([]string, len(zones))
		for i, s := range zones {
			z[i] = fmt.Sprintf("Z%d %s", i+1, clock(s))
		}
		parts = append(parts, "Time in zones: "+strings.Join(z, ", ")+".")
	}
	if a.Calories > 0 {
		parts = append(parts, fmt.Sprintf("%d kcal.", a.Calories))
	}
	return strings.Join(parts, " ")
}

func baseName(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// ExportUserData is the athlete's imported activities for the data export.
func (s *Service) ExportUserData(ctx context.Context, userID int64) (any, error) {
	return s.store.Export(ctx, userID)
}

// marshalJSON is json.Marshal for values that cannot fail (slices of plain
// structs and ints).
func marshalJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
