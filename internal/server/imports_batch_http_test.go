package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"hyrox/internal/imports/fittest"
	"hyrox/internal/server/servertest"
)

type tBatch struct {
	ID         int64  `json:"id"`
	Status     string `json:"status"`
	FilesTotal int    `json:"filesTotal"`
	FilesRead  int    `json:"filesRead"`
	Imported   int    `json:"imported"`
	Duplicates int    `json:"duplicates"`
	Failed     int    `json:"failed"`
	Files      []struct {
		Name string `json:"name"`
	} `json:"files"`
}

// waitBatch polls a batch until it is done.
func waitBatch(t *testing.T, c *servertest.Client, id int64) tBatch {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var b tBatch
		c.Do("GET", fmt.Sprintf("/api/imports/batches/%d", id), nil).Want(http.StatusOK).JSON(&b)
		if b.Status == "done" {
			return b
		}
		if time.Now().After(deadline) {
			t.Fatalf("the batch did not finish: %+v", b)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A batch (a Strava archive and a watch file) is kept and queued (202), is
// imported by the job queue with its progress readable by its owner alone,
// drops the uploaded files once read, and a second import of the same
// activities finds each one already there (docs/import.md#background-imports).
func TestImportBatchInTheBackground(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c, other := e.NewUser(), e.NewUser()
		start := e.Clock.Now().Add(-30 * time.Hour)
		csv := "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename,Distance\n" +
			"101,\"Feb 28, 2026, 6:00:00 AM\",Morning Run,Run,900,3.0,activities/101.fit.gz,3000\n" +
			"102,\"Feb 27, 2026, 6:00:00 AM\",Second Run,Run,900,3.0,activities/102.fit,3000\n"
		archive := zipOf(t, map[string][]byte{
			"activities.csv":        []byte(csv),
			"activities/101.fit.gz": gzipped(t, fittest.Run(start, 3, 300)),
			"activities/102.fit":    fittest.Run(start.Add(-24*time.Hour), 3, 310),
		}, "activities.csv", "activities/101.fit.gz", "activities/102.fit")
		watch := fittest.Run(start.Add(-48*time.Hour), 5, 290)
		files := servertest.Multipart{{Name: "export_1.zip", Data: archive}, {Name: "watch.fit", Data: watch}}

		var queued tBatch
		c.Do("POST", "/api/imports/batches", files).Want(http.StatusAccepted).JSON(&queued)
		if queued.Status != "queued" || queued.FilesTotal != 2 || queued.FilesRead != 0 {
			t.Fatalf("queued = %+v", queued)
		}
		other.Do("GET", fmt.Sprintf("/api/imports/batches/%d", queued.ID), nil).Want(http.StatusNotFound)
		// An import keeps a core busy: it runs on the queue that leaves the
		// other cores to requests (docs/import.md#background-imports).
		var queue string
		if err := e.App.DB.QueryRow(context.Background(), `SELECT queue FROM river_job WHERE kind = 'import_batch'`).Scan(&queue); err != nil || queue != "heavy" {
			t.Fatalf("the import's job is on queue %q (%v), want heavy", queue, err)
		}
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		done := waitBatch(t, c, queued.ID)
		if done.FilesRead != 2 || done.Imported != 3 || done.Failed != 0 || len(done.Files) != 3 {
			t.Fatalf("done = %+v", done)
		}
		var left int
		if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM import_batch_files`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("uploaded files kept after the import: %d %v", left, err)
		}
		var list []tBatch
		c.Do("GET", "/api/imports/batches", nil).Want(http.StatusOK).JSON(&list)
		if len(list) != 1 || list[0].ID != queued.ID {
			t.Fatalf("batches = %+v", list)
		}
		other.Do("GET", "/api/imports/batches", nil).Want(http.StatusOK).JSON(&list)
		if len(list) != 0 {
			t.Fatalf("another user sees %+v", list)
		}

		var again tBatch
		c.Do("POST", "/api/imports/batches", files).Want(http.StatusAccepted).JSON(&again)
		if again := waitBatch(t, c, again.ID); again.Imported != 0 || again.Duplicates != 3 {
			t.Fatalf("the same files again = %+v", again)
		}
		c.Do("POST", "/api/imports/batches", servertest.Multipart{}).Want(http.StatusBadRequest)
	})
}
