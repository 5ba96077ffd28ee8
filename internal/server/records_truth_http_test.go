package server_test

import (
	"fmt"
	"net/http"
	"testing"

	"hyrox/internal/server/servertest"
)

// simulation is a log body with eight 1 km runs (times given) and a SkiErg.
func simulation(at any, runs []int, ski int) map[string]any {
	var ex []map[string]any
	for _, t := range runs {
		ex = append(ex, map[string]any{"exercise": "Run", "distanceM": 1000, "timeS": t})
	}
	ex = append(ex, map[string]any{"exercise": "SkiErg", "distanceM": 1000, "timeS": ski})
	return map[string]any{"workoutName": "Full simulation", "completedAt": at, "duration": 90, "rpe": 9, "rating": 4, "exercises": ex}
}

// A first value is a baseline, not a record; a second, better one is a PR
// held by the one row that set it (docs/training-logs.md#personal-records).
func TestPersonalRecordsNeedAnEarlierValueToBeat(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		day := e.Clock.Now().AddDate(0, 0, -5)
		var first tDetailLog
		c.Do("POST", "/api/workout-logs", simulation(day, []int{300, 310, 305, 320, 315, 330, 325, 340}, 240)).
			Want(http.StatusCreated).JSON(&first)
		if len(first.NewRecords) != 0 {
			t.Fatalf("a first log is a baseline, it sets no records: %+v", first.NewRecords)
		}
		var detail tDetailLog
		c.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", first.ID), nil).Want(http.StatusOK).JSON(&detail)
		if len(detail.Records) != 0 {
			t.Fatalf("a first log holds no records: %+v", detail.Records)
		}
		var recs []tRecord
		c.Do("GET", "/api/personal-records", nil).Want(http.StatusOK).JSON(&recs)
		if len(recs) != 0 {
			t.Fatalf("records after one log: %+v", recs)
		}

		// A faster third run beats every earlier 1 km: one record, on that row;
		// the slower SkiErg is none.
		var second tDetailLog
		c.Do("POST", "/api/workout-logs", simulation(day.AddDate(0, 0, 2), []int{299, 299, 280, 301, 310, 320, 330, 335}, 250)).
			Want(http.StatusCreated).JSON(&second)
		if len(second.NewRecords) != 1 || second.NewRecords[0].Value != 280 || second.NewRecords[0].Line == nil || *second.NewRecords[0].Line != 2 {
			t.Fatalf("second log: want one record (run 280 s on line 2), got %+v", second.NewRecords)
		}
		c.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", second.ID), nil).Want(http.StatusOK).JSON(&detail)
		if len(detail.Records) != 1 || detail.Records[0].Line == nil || *detail.Records[0].Line != 2 {
			t.Fatalf("second log's detail: %+v", detail.Records)
		}
		c.Do("GET", "/api/personal-records", nil).Want(http.StatusOK).JSON(&recs)
		if len(recs) != 1 || recs[0].LogID != second.ID || recs[0].Value != 280 {
			t.Fatalf("records after two logs: %+v", recs)
		}

		// An equal value is no record: the earlier one keeps it.
		var third tDetailLog
		c.Do("POST", "/api/workout-logs", simulation(day.AddDate(0, 0, 3), []int{280, 300, 300, 300, 300, 300, 300, 300}, 260)).
			Want(http.StatusCreated).JSON(&third)
		if len(third.NewRecords) != 0 {
			t.Fatalf("a tie is no record: %+v", third.NewRecords)
		}
		// Deleting the record's log leaves a baseline, not a record.
		c.Do("DELETE", fmt.Sprintf("/api/workout-logs/%d", second.ID), nil).Want(http.StatusNoContent)
		c.Do("GET", "/api/personal-records", nil).Want(http.StatusOK).JSON(&recs)
		if len(recs) != 1 || recs[0].LogID != third.ID || recs[0].Value != 280 {
			t.Fatalf("records after delete: %+v", recs)
		}
	})
}
