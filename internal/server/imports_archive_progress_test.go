package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"hyrox/internal/imports/fittest"
	"hyrox/internal/server/servertest"
)

// tArchive is a batch's progress inside a Strava archive.
type tArchive struct {
	Name  string `json:"name"`
	Read  int    `json:"read"`
	Total int    `json:"total"`
}

// stravaExport is a Strava archive of n one-kilometre runs, a day apart back
// from start, with one activity added by hand on Strava (no file), which
// does not count, and 9 MB of photos, so the archive is stored and read
// back in several pieces (the batch's 4 MB).
func stravaExport(t *testing.T, start time.Time, n int) []byte {
	t.Helper()
	photos := make([]byte, 9<<20)
	rand.NewChaCha8([32]byte{}).Read(photos) // noise: deflate cannot shrink it
	files := map[string][]byte{"media/photos.jpg": photos}
	order := []string{"activities.csv", "media/photos.jpg"}
	csv := "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename\n" +
		"1,\"Jan 1, 2026, 6:00:00 AM\",Typed on Strava,Run,900,3.0,\n"
	for i := range n {
		name := fmt.Sprintf("activities/%d.fit", 100+i)
		files[name] = fittest.Run(start.Add(-time.Duration(i)*24*time.Hour), 1, 300+i%60)
		csv += fmt.Sprintf("%d,\"Jan 1, 2026, 6:00:00 AM\",Run %d,Run,300,1.0,%s\n", 100+i, i, name)
		order = append(order, name)
	}
	files["activities.csv"] = []byte(csv)
	return zipOf(t, files, order...)
}

// A Strava archive is one file of the batch but holds many activities: the
// batch counts its activity files as they are read, in the batch and in the
// live import events, writing the progress every 50 activity files or every
// second, not per activity (docs/import.md#background-imports).
func TestImportBatchArchiveProgress(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		const n = 120
		archive := stravaExport(t, e.Clock.Now().Add(-24*time.Hour), n)
		var queued struct {
			tBatch
			Archive *tArchive `json:"archive"`
		}
		c.Do("POST", "/api/imports/batches", servertest.Multipart{{Name: "export_7.zip", Data: archive}}).Want(http.StatusAccepted).JSON(&queued)
		if queued.Archive != nil {
			t.Fatalf("a queued batch has progress inside an archive: %+v", queued.Archive)
		}
		began := time.Now()
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		waitBatch(t, c, queued.ID)
		took := time.Since(began)
		var done struct {
			tBatch
			Archive *tArchive `json:"archive"`
		}
		c.Do("GET", fmt.Sprintf("/api/imports/batches/%d", queued.ID), nil).Want(http.StatusOK).JSON(&done)
		if done.Archive == nil || *done.Archive != (tArchive{Name: "export_7.zip", Read: n, Total: n}) {
			t.Fatalf("archive progress when done = %+v, want %d of %d", done.Archive, n, n)
		}
		if done.FilesRead != 1 || done.Imported != n || done.Duplicates != 0 || done.Failed != 0 || len(done.Files) != n {
			t.Fatalf("done = %+v (%d results)", done.tBatch, len(done.Files))
		}

		// The live events tell the way there.
		rows, err := e.App.DB.Query(context.Background(), `SELECT data FROM live_events WHERE user_id = ? AND name = 'import' ORDER BY id`, c.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		var reads []int
		for rows.Next() {
			var data string
			if err := rows.Scan(&data); err != nil {
				t.Fatal(err)
			}
			var ev struct {
				BatchID int64     `json:"batchId"`
				Status  string    `json:"status"`
				Archive *tArchive `json:"archive"`
			}
			if err := json.Unmarshal([]byte(data), &ev); err != nil || ev.BatchID != queued.ID {
				t.Fatalf("import event %s: %v", data, err)
			}
			if ev.Archive != nil {
				if ev.Archive.Total != n || ev.Archive.Name != "export_7.zip" {
					t.Fatalf("import event %s: not the archive's %d activities", data, n)
				}
				reads = append(reads, ev.Archive.Read)
			}
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
		mid := 0
		for i, r := range reads {
			if i > 0 && r <= reads[i-1] {
				t.Fatalf("progress went back or stood still: %v", reads)
			}
			if r > 0 && r < n {
				mid++
			}
		}
		if len(reads) == 0 || reads[0] != 0 || reads[len(reads)-1] != n {
			t.Fatalf("progress events %v: want 0 of %d first (the archive opened) and %d last", reads, n, n)
		}
		// At least every 50 activity files (50, 100), at most once a second
		// besides: never one write per activity.
		if most := n/50 + int(took.Seconds()) + 1; mid < n/50 || mid > most {
			t.Fatalf("%d progress events inside the archive (%v) in %v: want %d to %d", mid, reads, took.Round(time.Millisecond), n/50, most)
		}
	})
}

// An instance that stops inside a Strava archive records how far it got and
// hands the job back; the next one goes on after the activity files already
// recorded: every activity once, none counted as a duplicate.
func TestImportArchiveGoesOnAfterARestart(t *testing.T) {
	servertest.EachDatabase(t, func(t *testing.T, dbURL string) {
		first := servertest.Start(t, dbURL)
		c := first.NewUser()
		const n = 150
		archive := stravaExport(t, first.Clock.Now().Add(-24*time.Hour), n)
		var queued tBatch
		c.Do("POST", "/api/imports/batches", servertest.Multipart{{Name: "export.zip", Data: archive}}).Want(http.StatusAccepted).JSON(&queued)
		if err := first.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		type progress struct {
			tBatch
			Archive *tArchive `json:"archive"`
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			var b progress
			c.Do("GET", fmt.Sprintf("/api/imports/batches/%d", queued.ID), nil).Want(http.StatusOK).JSON(&b)
			if b.Archive != nil && b.Archive.Read > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no progress inside the archive: %+v", b)
			}
			time.Sleep(5 * time.Millisecond)
		}
		if err := first.App.Close(); err != nil {
			t.Logf("close: %v", err)
		}

		second, again := restartSignedIn(t, dbURL, c)
		var mid progress
		again.Do("GET", fmt.Sprintf("/api/imports/batches/%d", queued.ID), nil).Want(http.StatusOK).JSON(&mid)
		if mid.Status == "done" || mid.Archive == nil || mid.Archive.Read >= n {
			t.Fatalf("the first instance read the whole archive before it stopped (%+v, %+v): not a restart mid-archive", mid.tBatch, mid.Archive)
		}
		if mid.Imported != mid.Archive.Read || len(mid.Files) != mid.Archive.Read {
			t.Fatalf("stopped at %d of %d but counted %d imported, %d results", mid.Archive.Read, n, mid.Imported, len(mid.Files))
		}
		if err := second.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		done := waitBatch(t, again, queued.ID)
		if done.FilesRead != 1 || done.Imported != n || done.Duplicates != 0 || done.Failed != 0 || len(done.Files) != n {
			t.Fatalf("after the restart: %+v (%d results), want %d imported, none skipped or failed", done, len(done.Files), n)
		}
		var logs int
		if err := second.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM workout_logs WHERE user_id = ?`, c.User.ID).Scan(&logs); err != nil || logs != n {
			t.Fatalf("workout logs = %d (%v), want %d: each activity exactly once", logs, err, n)
		}
	})
}
