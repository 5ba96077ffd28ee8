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

// An instance that stops mid-import (a deploy) ends the batch's job after the
// file it is reading and hands it back to the queue; the next instance goes
// on with the next file at once: every activity is logged exactly once and
// the counts add up (docs/import.md#background-imports).
func TestImportBatchGoesOnAfterARestart(t *testing.T) {
	servertest.EachDatabase(t, func(t *testing.T, dbURL string) {
		first := servertest.Start(t, dbURL)
		c := first.NewUser()
		const n = 20
		start := first.Clock.Now().Add(-24 * time.Hour)
		var files servertest.Multipart
		for i := range n {
			files = append(files, servertest.File{Name: fmt.Sprintf("run-%02d.fit", i),
				Data: fittest.Run(start.Add(-time.Duration(i)*24*time.Hour), 5, 300+i)})
		}
		var queued tBatch
		c.Do("POST", "/api/imports/batches", files).Want(http.StatusAccepted).JSON(&queued)
		if err := first.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for {
			var b tBatch
			c.Do("GET", fmt.Sprintf("/api/imports/batches/%d", queued.ID), nil).Want(http.StatusOK).JSON(&b)
			if b.FilesRead > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the import did not start: %+v", b)
			}
			time.Sleep(5 * time.Millisecond)
		}
		stopped := time.Now()
		if err := first.App.Close(); err != nil {
			t.Logf("close: %v", err)
		}
		if waited := time.Since(stopped); waited > 5*time.Second {
			t.Errorf("the instance took %v to stop: the import held it", waited)
		}

		second, again := restartSignedIn(t, dbURL, c)
		var mid tBatch
		again.Do("GET", fmt.Sprintf("/api/imports/batches/%d", queued.ID), nil).Want(http.StatusOK).JSON(&mid)
		if mid.FilesRead >= n || mid.Status == "done" {
			t.Fatalf("the first instance read the whole batch before it stopped (%+v): not a restart mid-import", mid)
		}
		if err := second.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		done := waitBatch(t, again, queued.ID)
		if done.FilesRead != n || done.Imported != n || done.Duplicates != 0 || done.Failed != 0 {
			t.Fatalf("after the restart: %+v, want %d files read and imported, none skipped or failed", done, n)
		}
		var logs int
		if err := second.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM workout_logs WHERE user_id = ?`, c.User.ID).Scan(&logs); err != nil || logs != n {
			t.Fatalf("workout logs = %d (%v), want %d: each activity exactly once", logs, err, n)
		}
	})
}

// restartSignedIn starts the next instance on the same database (jobs not yet
// started) and signs athlete c in on it again: the instance the test stopped
// mid-import is gone, its database is not.
func restartSignedIn(t *testing.T, dbURL string, c *servertest.Client) (*servertest.Env, *servertest.Client) {
	t.Helper()
	next := servertest.Start(t, dbURL)
	again := next.Client()
	again.Do("POST", "/api/login", map[string]string{"username": c.User.Username, "password": "secret123"}).Want(http.StatusOK)
	return next, again
}
