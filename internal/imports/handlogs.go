package imports

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"
)

// An activity already logged by hand is a duplicate too: a log whose date
// and time is within 60 s of the activity's start and whose name (or, without
// a sport in its name, every exercise row) names the same sport
// (docs/import.md#duplicates).

// HandLog is a workout log as the duplicate check reads it.
type HandLog struct {
	ID          int64
	Name        string
	CompletedAt time.Time
	Exercises   []string // the rows' exercise names
}

// HandLogFinder lists the athlete's logs with a date and time in [from, to];
// training provides it (the server wires it).
type HandLogFinder func(ctx context.Context, userID int64, from, to time.Time) ([]HandLog, error)

// UseHandLogs makes imports compare activities with the logs typed by hand.
func (s *Service) UseHandLogs(f HandLogFinder) { s.handLogs = f }

// sportWords name a sport in a log's or row's name.
var sportWords = map[string]string{
	"run": SportRun, "runs": SportRun, "running": SportRun, "jog": SportRun, "jogging": SportRun, "treadmill": SportRun,
	"row": SportRow, "rowing": SportRow, "rowerg": SportRow,
	"ski": SportSki, "skierg": SportSki,
	"bike": SportBike, "biking": SportBike, "ride": SportBike, "cycling": SportBike, "bikeerg": SportBike,
	"swim": SportSwim, "swimming": SportSwim,
	"walk": SportWalk, "walking": SportWalk,
	"hike": SportHike, "hiking": SportHike,
}

// sportIn is the one sport a name names ("Easy run" -> run), "" for none or
// more than one ("Run + row").
func sportIn(name string) string {
	found := ""
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if sp, ok := sportWords[w]; ok {
			if found != "" && found != sp {
				return ""
			}
			found = sp
		}
	}
	return found
}

// SportOfLog is the sport a log typed by hand is of: the one its name names,
// else the one all its rows name; "" when it cannot be told.
func SportOfLog(l HandLog) string {
	if sp := sportIn(l.Name); sp != "" {
		return sp
	}
	found := ""
	for _, e := range l.Exercises {
		sp := sportIn(e)
		if sp == "" || (found != "" && sp != found) {
			return ""
		}
		found = sp
	}
	return found
}

// SessionScore is how well a planned session (its title and exercise
// names) fits the log's activity (docs/import.md#the-log): 2 when it names
// the same sport, 1 when it names none or several (a HYROX session, 'Engine
// builder'), 0 when it names another sport: a run never fills a row session.
func (l NewLog) SessionScore(title string, exercises []string) int {
	switch SportOfLog(HandLog{Name: title, Exercises: exercises}) {
	case l.Sport:
		return 2
	case "":
		return 1
	}
	return 0
}

// handTyped is why the activity is a duplicate of a log typed by hand, or "".
func (s *Service) handTyped(ctx context.Context, userID int64, a *Activity) (string, error) {
	if s.handLogs == nil {
		return "", nil
	}
	from, to := windowOf(a.StartedAt)
	logs, err := s.handLogs(ctx, userID, time.Unix(from, 0), time.Unix(to, 0))
	if err != nil || len(logs) == 0 {
		return "", err
	}
	imported, err := s.store.ImportedLogIDs(ctx, userID, from, to)
	if err != nil {
		return "", err
	}
	for _, l := range logs {
		if !imported[l.ID] && SportOfLog(l) == a.Sport {
			return fmt.Sprintf("Already in your logs: '%s' at the same time (within 60 seconds).", l.Name), nil
		}
	}
	return "", nil
}
