package server_test

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/imports/fittest"
	"hyrox/internal/server/servertest"
)

type tImportResult struct {
	Imported   int `json:"imported"`
	Duplicates int `json:"duplicates"`
	Failed     int `json:"failed"`
	Files      []struct {
		Name       string `json:"name"`
		Error      string `json:"error"`
		Activities []struct {
			Status           string    `json:"status"`
			Reason           string    `json:"reason"`
			Sport            string    `json:"sport"`
			StartedAt        time.Time `json:"startedAt"`
			LogID            *int64    `json:"logId"`
			PlannedSessionID *int64    `json:"plannedSessionId"`
		} `json:"activities"`
	} `json:"files"`
}

func importFiles(t *testing.T, c *servertest.Client, query string, files ...servertest.File) tImportResult {
	t.Helper()
	var res tImportResult
	c.Do("POST", "/api/imports"+query, servertest.Multipart(files)).Want(http.StatusOK).JSON(&res)
	return res
}

// A watch file becomes a log on the athlete's local day, fills that day's
// planned training session (so compliance counts it) and keeps its splits.
func TestImportFITFillsThePlannedSession(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		// 23:30 UTC on 28 Feb is 00:30 on 1 March in Berlin.
		start := time.Date(2026, 2, 28, 23, 30, 0, 0, time.UTC)
		rest := calendarSession(t, e, c.User.ID, "2026-03-01", "rest", 0, "[]")
		planned := calendarSession(t, e, c.User.ID, "2026-03-01", "training", 30, "[]")
		other := calendarSession(t, e, c.User.ID, "2026-02-28", "training", 30, "[]")

		res := importFiles(t, c, "?timeZone=Europe/Berlin&maxHr=190", servertest.File{Name: "Morning_Run.fit", Data: fittest.Run(start, 5, 300)})
		if res.Imported != 1 || res.Duplicates != 0 || res.Failed != 0 || len(res.Files) != 1 || res.Files[0].Name != "Morning_Run.fit" {
			t.Fatalf("result = %+v", res)
		}
		a := res.Files[0].Activities[0]
		if a.Status != "imported" || a.Sport != "run" || !a.StartedAt.Equal(start) || a.LogID == nil ||
			a.PlannedSessionID == nil || *a.PlannedSessionID != planned {
			t.Fatalf("activity = %+v (planned session %d)", a, planned)
		}
		if id := sessionLogID(t, e, planned); id == nil || *id != *a.LogID {
			t.Errorf("the planned session's log = %v, want %d", id, *a.LogID)
		}
		if sessionLogID(t, e, rest) != nil || sessionLogID(t, e, other) != nil {
			t.Error("a rest session or another day's session was filled")
		}

		var l tDetailLog
		c.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", *a.LogID), nil).Want(http.StatusOK).JSON(&l)
		if l.WorkoutName != "Run 5.0 km" || l.Duration != 25 || !l.CompletedAt.Equal(start) || len(l.Exercises) != 6 {
			t.Fatalf("log = %+v", l)
		}
		first, split := l.Exercises[0].(map[string]any), l.Exercises[1].(map[string]any)
		if first["distanceM"] != 5000.0 || first["timeS"] != 1500.0 || first["targetPace"] != "5:00 /km" ||
			split["distanceM"] != 1000.0 || split["timeS"] != 300.0 || !strings.HasPrefix(split["notes"].(string), "Split 1") {
			t.Errorf("rows = %v", l.Exercises)
		}
		var notes struct {
			Notes string `json:"notes"`
		}
		c.Do("GET", fmt.Sprintf("/api/workout-logs/%d/detail", *a.LogID), nil).JSON(&notes)
		for _, want := range []string{"Imported from Morning_Run.fit.", "Elevation gain 60 m.", "Heart rate avg 145, max 170 bpm.", "Time in zones: Z1 0:00, Z2 ", "350 kcal."} {
			if !strings.Contains(notes.Notes, want) {
				t.Errorf("notes %q lack %q", notes.Notes, want)
			}
		}
		if n := countRows(t, e, "imported_activities", c.User.ID); n != 1 {
			t.Errorf("%d imported rows", n)
		}

		// The log is an ordinary log: deleting it frees the activity to be imported again.
		c.Do("DELETE", fmt.Sprintf("/api/workout-logs/%d", *a.LogID), nil).Want(http.StatusNoContent)
		if n := countRows(t, e, "imported_activities", c.User.ID); n != 0 {
			t.Errorf("%d imported rows after the log's deletion", n)
		}
		again := importFiles(t, c, "?timeZone=Europe/Berlin", servertest.File{Name: "Morning_Run.fit", Data: fittest.Run(start, 5, 300)})
		if again.Imported != 1 {
			t.Errorf("re-import after deleting the log = %+v", again)
		}
	})
}

// Duplicates are skipped and counted; unreadable files are reported by name
// with a reason while the others import; each user's data stays theirs.
func TestImportDuplicatesFailuresAndOtherUsers(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		start := e.Clock.Now().Add(-48 * time.Hour)
		run := fittest.Run(start, 3, 300)
		corrupt := bytes.Clone(run)
		corrupt[len(corrupt)/2] ^= 0xff
		tcx, err := os.ReadFile("../imports/testdata/visnjan.tcx")
		if err != nil {
			t.Fatal(err)
		}
		res := importFiles(t, c, "",
			servertest.File{Name: "run.fit", Data: run},
			servertest.File{Name: "corrupt.fit", Data: corrupt},
			servertest.File{Name: "notes.txt", Data: []byte("hello")},
			servertest.File{Name: "2014.tcx", Data: tcx},
			servertest.File{Name: "run-again.fit", Data: fittest.Run(start.Add(45*time.Second), 3, 300)},
		)
		if res.Imported != 1 || res.Duplicates != 1 || res.Failed != 3 || len(res.Files) != 5 {
			t.Fatalf("result = %+v", res)
		}
		want := []struct{ name, error, status, reason string }{
			{"run.fit", "", "imported", ""},
			{"corrupt.fit", "is a damaged or incomplete FIT file", "", ""},
			{"notes.txt", "is not a FIT, TCX, GPX (or .gz of one), Concept2 CSV or Strava export (.zip) file", "", ""},
			{"2014.tcx", "", "failed", "A workout must be from the past year"},
			{"run-again.fit", "", "duplicate", "Already imported: the same sport starting within 60 seconds."},
		}
		for i, w := range want {
			f := res.Files[i]
			if f.Name != w.name || f.Error != w.error {
				t.Errorf("file %d = %q %q, want %q %q", i, f.Name, f.Error, w.name, w.error)
			}
			if w.status != "" && (len(f.Activities) != 1 || f.Activities[0].Status != w.status || f.Activities[0].Reason != w.reason) {
				t.Errorf("%s activities = %+v", w.name, f.Activities)
			}
		}
		if n := countRows(t, e, "workout_logs", c.User.ID); n != 1 {
			t.Errorf("%d logs, want 1 (nothing half-written)", n)
		}

		// Another athlete importing the same file gets their own log; the
		// first athlete's data is untouched.
		other := e.NewUser()
		calendarSession(t, e, c.User.ID, start.Format(time.DateOnly), "training", 30, "[]")
		theirs := importFiles(t, other, "", servertest.File{Name: "run.fit", Data: run})
		if theirs.Imported != 1 || theirs.Files[0].Activities[0].PlannedSessionID != nil {
			t.Errorf("other user's import = %+v", theirs)
		}
		if countRows(t, e, "workout_logs", c.User.ID) != 1 || countRows(t, e, "imported_activities", c.User.ID) != 1 {
			t.Error("another user's import changed the first user's data")
		}
		var logs struct {
			Items []struct {
				ID int64 `json:"id"`
			} `json:"items"`
		}
		other.Do("GET", fmt.Sprintf("/api/workout-logs/%d", other.User.ID), nil).Want(http.StatusOK).JSON(&logs)
		if len(logs.Items) != 1 || logs.Items[0].ID != *theirs.Files[0].Activities[0].LogID {
			t.Errorf("other user's logs = %+v", logs.Items)
		}
	})
}

// Two uploads of the same file at once import it once: the duplicate check
// runs again inside the log's transaction and rolls the second one back.
func TestImportSameFileTwiceAtOnce(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		run := fittest.Run(e.Clock.Now().Add(-5*time.Hour), 2, 300)
		results := make([]tImportResult, 4)
		var wg sync.WaitGroup
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = importFiles(t, c, "", servertest.File{Name: "run.fit", Data: run})
			}()
		}
		wg.Wait()
		imported, dups := 0, 0
		for _, r := range results {
			imported += r.Imported
			dups += r.Duplicates
		}
		if imported != 1 || dups != 3 {
			t.Errorf("imported %d, duplicates %d", imported, dups)
		}
		if n := countRows(t, e, "workout_logs", c.User.ID); n != 1 {
			t.Errorf("%d logs", n)
		}
	})
}

func TestImportBadRequests(t *testing.T) {
	e := servertest.New(t)
	c := e.NewUser()
	run := servertest.File{Name: "run.fit", Data: fittest.Run(e.Clock.Now().Add(-time.Hour), 1, 300)}
	if got := c.Do("POST", "/api/imports", servertest.Multipart{}).Want(http.StatusBadRequest).FieldError("files"); got != "Choose at least one file to import." {
		t.Errorf("no files: %q", got)
	}
	if msg := c.Do("POST", "/api/imports", map[string]any{"files": "run.fit"}).Want(http.StatusBadRequest).Message(); !strings.Contains(msg, "multipart/form-data") {
		t.Errorf("JSON body: %q", msg)
	}
	if got := c.Do("POST", "/api/imports?timeZone=Mars/Olympus", servertest.Multipart{run}).Want(http.StatusBadRequest).FieldError("timeZone"); got != "Unknown time zone" {
		t.Errorf("bad zone: %q", got)
	}
	if got := c.Do("POST", "/api/imports?maxHr=400", servertest.Multipart{run}).Want(http.StatusBadRequest).FieldError("maxHr"); got == "" {
		t.Error("bad maxHr accepted")
	}
	if n := countRows(t, e, "workout_logs", c.User.ID); n != 0 {
		t.Errorf("bad requests wrote %d logs", n)
	}
	many := servertest.Multipart{}
	for i := range 21 {
		many = append(many, servertest.File{Name: fmt.Sprintf("f%d.txt", i), Data: []byte("x")})
	}
	var res tImportResult
	c.Do("POST", "/api/imports", many).Want(http.StatusOK).JSON(&res)
	if last := res.Files[20]; last.Name != "f20.txt" || last.Error != "was not imported: at most 20 files at a time" {
		t.Errorf("21st file = %+v", last)
	}
}

func zipOf(t *testing.T, files map[string][]byte, order ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, name := range order {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(files[name])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

// A Strava bulk export: activities.csv names each activity's file; each file
// gets its own result; unsafe names and zip bombs are refused.
func TestImportStravaArchive(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		start := e.Clock.Now().Add(-30 * time.Hour)
		csv := "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename,Distance\n" +
			"101,\"Feb 28, 2026, 6:00:00 AM\",Morning Run,Run,900,3.0,activities/101.fit.gz,3000\n" +
			"102,\"Feb 20, 2026, 6:00:00 AM\",Manual,Workout,1800,0,,0\n" +
			"103,\"Aug 22, 2014, 4:48:52 PM\",Old hike,Hike,2000,4.4,activities/103.gpx,4400\n" +
			"104,\"Feb 27, 2026, 6:00:00 AM\",Lost,Ride,600,5,activities/104.fit,5000\n"
		gpx, err := os.ReadFile("../imports/testdata/visnjan.gpx")
		if err != nil {
			t.Fatal(err)
		}
		archive := zipOf(t, map[string][]byte{
			"activities.csv":        []byte(csv),
			"activities/101.fit.gz": gzipped(t, fittest.Run(start, 3, 300)),
			"activities/103.gpx":    gpx,
			"media/photo.jpg":       []byte("jpeg"),
		}, "activities.csv", "activities/101.fit.gz", "activities/103.gpx", "media/photo.jpg")

		res := importFiles(t, c, "", servertest.File{Name: "export_12345.zip", Data: archive})
		if res.Imported != 1 || res.Failed != 2 || len(res.Files) != 3 {
			t.Fatalf("result = %+v", res)
		}
		if f := res.Files[0]; f.Name != "activities/101.fit.gz" || f.Activities[0].Status != "imported" || f.Activities[0].Sport != "run" {
			t.Errorf("101 = %+v", f)
		}
		// The GPX has no type: the sport is Strava's ("Hike"); 2014 is too old for a log.
		if f := res.Files[1]; f.Name != "activities/103.gpx" || f.Activities[0].Sport != "hike" || f.Activities[0].Reason != "A workout must be from the past year" {
			t.Errorf("103 = %+v", f)
		}
		if f := res.Files[2]; f.Name != "activities/104.fit" || f.Error != "is listed in activities.csv but missing from the archive" {
			t.Errorf("104 = %+v", f)
		}
		again := importFiles(t, c, "", servertest.File{Name: "export_12345.zip", Data: archive})
		if again.Imported != 0 || again.Duplicates != 1 {
			t.Errorf("the same archive again = %+v", again)
		}

		bad := []struct {
			name  string
			zip   []byte
			error string
		}{
			{"traversal.zip", zipOf(t, map[string][]byte{"activities.csv": []byte(csv), "../../etc/cron.d/x": []byte("x")}, "activities.csv", "../../etc/cron.d/x"),
				"holds unsafe file names (absolute or with ..) and was refused"},
			{"absolute.zip", zipOf(t, map[string][]byte{"/tmp/x.fit": []byte("x")}, "/tmp/x.fit"), "holds unsafe file names (absolute or with ..) and was refused"},
			{"no-index.zip", zipOf(t, map[string][]byte{"activities/1.fit": []byte("x")}, "activities/1.fit"), "is not a Strava export (it has no activities.csv)"},
			{"not-a-zip.zip", []byte("PK but not really"), "is not a valid ZIP archive"},
		}
		for _, b := range bad {
			r := importFiles(t, c, "", servertest.File{Name: b.name, Data: b.zip})
			if len(r.Files) != 1 || r.Files[0].Name != b.name || r.Files[0].Error != b.error {
				t.Errorf("%s = %+v", b.name, r.Files)
			}
		}
		// A zip bomb: a 30 MB entry of spaces (30 KB compressed) stops at the 25 MB file limit.
		bomb := zipOf(t, map[string][]byte{
			"activities.csv":   []byte("Activity ID,Activity Type,Filename\n1,Run,activities/1.gpx\n"),
			"activities/1.gpx": bytes.Repeat([]byte{' '}, 30<<20),
		}, "activities.csv", "activities/1.gpx")
		r := importFiles(t, c, "", servertest.File{Name: "bomb.zip", Data: bomb})
		if len(r.Files) != 1 || r.Files[0].Error != "is larger than 25 MB" {
			t.Errorf("bomb = %+v", r.Files)
		}
		if n := countRows(t, e, "workout_logs", c.User.ID); n != 1 {
			t.Errorf("%d logs", n)
		}
	})
}
