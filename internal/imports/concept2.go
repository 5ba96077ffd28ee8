package imports

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// concept2Columns are the logbook export's columns an erg session needs.
var concept2Columns = []string{"Date", "Work Time (Seconds)", "Work Distance", "Pace", "Avg Watts",
	"Stroke Rate/Cadence", "Avg Heart Rate", "Type"}

// parseConcept2 reads the Concept2 logbook CSV export: one erg session per
// row. Its dates carry no zone: they are the athlete's local time (loc).
// The export holds no splits, so a session has none.
func parseConcept2(data []byte, loc *time.Location) ([]Activity, error) {
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	r.FieldsPerRecord = -1
	head, err := r.Read()
	if err != nil {
		return nil, errors.New("is not a CSV file")
	}
	col := map[string]int{}
	for i, h := range head {
		col[strings.TrimSpace(h)] = i
	}
	var missing []string
	for _, c := range concept2Columns {
		if _, ok := col[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("is not a Concept2 logbook export (missing columns: %s)", strings.Join(missing, ", "))
	}
	var out []Activity
	for line := 2; ; line++ {
		rec, err := r.Read()
		if err != nil {
			if err == io.EOF {
				break
			}
			return nil, fmt.Errorf("is not valid CSV at line %d", line)
		}
		get := func(c string) string {
			if i := col[c]; i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		sport, ok := ergSport(get("Type"))
		if !ok {
			continue // not an erg session
		}
		start, err := time.ParseInLocation("2006-01-02 15:04:05", get("Date"), loc)
		if err != nil {
			return nil, fmt.Errorf("has a date that cannot be read at line %d", line)
		}
		secs, err := strconv.ParseFloat(get("Work Time (Seconds)"), 64)
		if err != nil || secs <= 0 {
			return nil, fmt.Errorf("has a work time that cannot be read at line %d", line)
		}
		dist, _ := strconv.ParseFloat(get("Work Distance"), 64)
		a := Activity{Source: "concept2", StartedAt: start.UTC(), Sport: sport,
			Duration: time.Duration(secs * float64(time.Second)), DistanceM: dist,
			AvgWatts: atoi(get("Avg Watts")), StrokeRate: atoi(get("Stroke Rate/Cadence")),
			AvgHR: atoi(get("Avg Heart Rate")), Calories: atoi(get("Total Cal"))}
		out = append(out, a)
	}
	return out, nil
}

// ergSport maps the export's Type column (RowErg, SkiErg, BikeErg; older
// exports say "Indoor Rower").
func ergSport(t string) (string, bool) {
	switch strings.ToLower(strings.ReplaceAll(t, " ", "")) {
	case "rowerg", "indoorrower", "dynamic", "slides":
		return SportRow, true
	case "skierg":
		return SportSki, true
	case "bikeerg":
		return SportBike, true
	}
	return "", false
}

func atoi(s string) int {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0
	}
	return int(f + 0.5)
}
