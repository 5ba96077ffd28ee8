package training

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// maxWriteRecorder remembers the largest single write and the total.
type maxWriteRecorder struct{ max, total, writes int }

func (m *maxWriteRecorder) Write(p []byte) (int, error) {
	m.max, m.total, m.writes = max(m.max, len(p)), m.total+len(p), m.writes+1
	return len(p), nil
}

// The feed streams: it writes as it reads, in bounded pieces, never the
// whole calendar as one buffer.
func TestWriteICSStreamsInBoundedWrites(t *testing.T) {
	var sessions []CalendarSession
	for i := range 600 {
		sessions = append(sessions, CalendarSession{ID: int64(i + 1), Date: "2026-03-02", Title: "Engine", Details: "Hold race pace and breathe deeply through every rep of the set.", Status: "planned"})
	}
	rec := &maxWriteRecorder{}
	next := 0
	err := writeICSStream(rec, func(yield func(CalendarSession) error) error {
		for ; next < len(sessions); next++ {
			if err := yield(sessions[next]); err != nil {
				return err
			}
		}
		return nil
	}, time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if rec.total < 3*feedBufferBytes || rec.max > feedBufferBytes {
		t.Fatalf("wrote %d bytes in %d writes, the largest %d (buffer %d)", rec.total, rec.writes, rec.max, feedBufferBytes)
	}
}

// However large the sessions, the feed stops whole before MaxFeedBytes.
func TestWriteICSStopsWholeAtTheSizeCap(t *testing.T) {
	big := CalendarSession{Date: "2026-03-02", Title: "Engine", Details: strings.Repeat("Hold race pace. ", 125), Status: "planned"}
	for i := range MaxExercisesPerSess {
		big.Exercises = append(big.Exercises, SessionExercise{Exercise: "Sled Push", Sets: i + 1, Reps: 10, TargetPace: "steady and strong"})
	}
	var sessions []CalendarSession
	for i := range MaxFeedEvents {
		big.ID = int64(i + 1)
		sessions = append(sessions, big)
	}
	var out bytes.Buffer
	if err := WriteICS(&out, sessions, time.Now()); err != nil {
		t.Fatal(err)
	}
	body := out.String()
	if out.Len() > MaxFeedBytes || out.Len() < MaxFeedBytes-8<<10 || !strings.HasSuffix(body, "END:VEVENT\r\nEND:VCALENDAR\r\n") {
		t.Fatalf("%d bytes (cap %d), ends %q", out.Len(), MaxFeedBytes, body[len(body)-40:])
	}
}
