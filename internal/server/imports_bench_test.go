//go:build bench

package server_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/muktihari/fit/decoder"
	"github.com/muktihari/fit/encoder"
	"github.com/muktihari/fit/profile"
	"github.com/muktihari/fit/proto"

	"hyrox/internal/server/servertest"
)

// fitActivities are the activity files of the muktihari/fit module's
// testdata: varied watches, sports, developer fields, pool swims.
var fitActivities = []string{
	"from_official_sdk/Activity.fit",
	"from_official_sdk/ActivityDevFields.fit",
	"from_official_sdk/activity_lowbattery.fit",
	"from_official_sdk/activity_poolswim_with_hr.fit",
	"from_official_sdk/WithGearChangeData.fit",
	"from_official_sdk/activity_developerdata.fit",
	"from_official_sdk/HrmPluginTestActivity.fit",
	"from_official_sdk/activity_multisport.fit",
	"chained_Activity_activity_poolswim.fit",
	"from_garmin_forums/triathlon_summary_first.fit",
}

// shifted is raw with every date and time moved so that it starts at
// start, so each copy is a new activity (not a duplicate of another copy).
func shifted(raw []byte, start time.Time) ([]byte, error) {
	fit, err := decoder.New(bytes.NewReader(raw)).Decode()
	if err != nil {
		return nil, err
	}
	isTime := func(f *proto.Field) bool {
		return f.FieldBase != nil && f.Type == profile.DateTime && f.Value.Type() == proto.TypeUint32 &&
			f.Value.Uint32() != 0xFFFFFFFF && f.Value.Uint32() >= 0x10000000 // not a relative time
	}
	first := uint32(0xFFFFFFFF)
	for i := range fit.Messages {
		for j := range fit.Messages[i].Fields {
			if f := &fit.Messages[i].Fields[j]; isTime(f) {
				first = min(first, f.Value.Uint32())
			}
		}
	}
	by := int64(start.Unix()-631065600) - int64(first) // FIT counts from 1989-12-31
	for i := range fit.Messages {
		for j := range fit.Messages[i].Fields {
			f := &fit.Messages[i].Fields[j]
			if isTime(f) {
				f.Value = proto.Uint32(uint32(int64(f.Value.Uint32()) + by))
			}
		}
	}
	kept := fit.Messages[:0]
	for _, m := range fit.Messages {
		if len(m.Fields) > 0 || len(m.DeveloperFields) > 0 { // the encoder refuses empty messages
			kept = append(kept, m)
		}
	}
	fit.Messages = kept
	var b bytes.Buffer
	err = encoder.New(&b).Encode(fit)
	return b.Bytes(), err
}

// TestBenchStravaExport1000 imports a Strava export of 1,000 activities in
// the background (POST /api/imports/batches, the job queue) and prints the
// time from upload to done and the peak memory (make bench;
// docs/benchmarks/README.md).
func TestBenchStravaExport1000(t *testing.T) {
	n := 1000
	if s := os.Getenv("BENCH_IMPORT_FILES"); s != "" {
		fmt.Sscan(s, &n)
	}
	dir := filepath.Join(modDir(t, "github.com/muktihari/fit"), "testdata")
	var sources [][]byte
	for _, name := range fitActivities {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := shifted(raw, time.Now()); err != nil { // one the encoder cannot write back
			t.Logf("%s left out: %v", name, err)
			continue
		}
		sources = append(sources, raw)
	}
	files := map[string][]byte{}
	order := []string{"activities.csv"}
	csv := "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename\n"
	for i := range n {
		name := fmt.Sprintf("activities/%d.fit", 1000+i)
		// 8 h apart, back from the day before the test clock (2026-03-02)
		data, err := shifted(sources[i%len(sources)], time.Date(2026, 3, 1, 6, 0, 0, 0, time.UTC).Add(-time.Duration(i)*8*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
		csv += fmt.Sprintf("%d,\"Jan 1, 2026, 6:00:00 AM\",Activity %d,Workout,900,3.0,%s\n", 1000+i, i, name)
		order = append(order, name)
	}
	files["activities.csv"] = []byte(csv)
	archive := zipOf(t, files, order...)

	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		c := e.NewUser()
		runtime.GC()
		var peak atomic.Uint64
		stop := make(chan struct{})
		go func() {
			var m runtime.MemStats
			for {
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
		}()
		began := time.Now()
		var b tBatch
		c.Do("POST", "/api/imports/batches", servertest.Multipart{{Name: "export.zip", Data: archive}}).Want(http.StatusAccepted).JSON(&b)
		if err := e.App.StartJobs(context.Background()); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(15 * time.Minute)
		for b.Status != "done" {
			if time.Now().After(deadline) {
				t.Fatalf("not done in 15 min: %+v", b)
			}
			time.Sleep(200 * time.Millisecond)
			c.Do("GET", fmt.Sprintf("/api/imports/batches/%d", b.ID), nil).Want(http.StatusOK).JSON(&b)
		}
		took := time.Since(began)
		close(stop)
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		fmt.Printf("| %s | %d files (%.1f MB zip) | %s | imported %d, duplicates %d, failed %d | peak heap %d MB | max RSS %d MB |\n",
			e.App.DB.Dialect, n, float64(len(archive))/(1<<20), took.Round(10*time.Millisecond),
			b.Imported, b.Duplicates, b.Failed, peak.Load()>>20, ru.Maxrss>>10)
		if b.Imported == 0 || os.Getenv("BENCH_IMPORT_LOG") != "" {
			t.Logf("%s", c.Do("GET", fmt.Sprintf("/api/imports/batches/%d", b.ID), nil).Body)
		}
		if b.Imported+b.Duplicates+b.Failed < n {
			t.Fatalf("files unaccounted for: %+v", b)
		}
	})
}

// modDir is where the go command keeps module path.
func modDir(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", path).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", path, err)
	}
	return strings.TrimSpace(string(out))
}
