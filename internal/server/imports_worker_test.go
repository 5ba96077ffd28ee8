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

// An instance started with HEAVY_JOBS=0 serves requests and runs its other
// jobs but no import: a batch uploaded to it waits for an instance that runs
// them (a worker), which imports it (docs/operations.md#background-jobs).
func TestImportsLeftToAWorkerInstance(t *testing.T) {
	servertest.EachDatabase(t, func(t *testing.T, dbURL string) {
		web := servertest.Start(t, dbURL, "HEAVY_JOBS", "0")
		if err := web.App.StartJobsUnscheduled(context.Background()); err != nil {
			t.Fatal(err)
		}
		c := web.NewUser()
		start := web.Clock.Now().Add(-24 * time.Hour)
		files := servertest.Multipart{
			{Name: "a.fit", Data: fittest.Run(start, 5, 300)},
			{Name: "b.fit", Data: fittest.Run(start.Add(-24*time.Hour), 5, 310)},
		}
		var queued tBatch
		c.Do("POST", "/api/imports/batches", files).Want(http.StatusAccepted).JSON(&queued)
		path := fmt.Sprintf("/api/imports/batches/%d", queued.ID)
		time.Sleep(1500 * time.Millisecond) // past the queue's 1 s poll
		var waiting tBatch
		c.Do("GET", path, nil).Want(http.StatusOK).JSON(&waiting)
		if waiting.Status != "queued" || waiting.FilesRead != 0 {
			t.Fatalf("an instance with HEAVY_JOBS=0 ran the import: %+v", waiting)
		}

		worker := servertest.Start(t, dbURL, "HEAVY_JOBS", "1")
		if err := worker.App.StartJobsUnscheduled(context.Background()); err != nil {
			t.Fatal(err)
		}
		if done := waitBatch(t, c, queued.ID); done.Imported != 2 || done.Failed != 0 {
			t.Fatalf("done = %+v", done)
		}
	})
}
