package imports

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db"
)

// allocated is the bytes f allocates (cumulative, so a bomb read whole would
// show its full size).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func zeros(t *testing.T, n int) []byte {
	t.Helper()
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	chunk := make([]byte, 1<<20)
	for range n >> 20 {
		if _, err := w.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	return b.Bytes()
}

// A 512 MB gzip bomb (under 1 MB on the wire) costs at most the 64 MB unpack
// cap in memory, not its size, and is refused by name.
func TestGzipBombMemoryIsBounded(t *testing.T) {
	bomb := zeros(t, 512<<20)
	var err error
	n := allocated(func() {
		_, err = Parse("bomb.fit.gz", bytes.NewReader(bomb), time.UTC, DefaultLimits())
	})
	if err == nil || err.Error() != "bomb.fit.gz: unpacks to more than 64 MB" {
		t.Fatalf("err = %v", err)
	}
	if n > 256<<20 {
		t.Errorf("reading the bomb allocated %d MB", n>>20)
	}
}

// A zip bomb in a Strava export: a 512 MB entry stops at the 25 MB per-file
// cap; nothing is logged from it (no log writer is even called).
func TestZipBombMemoryIsBounded(t *testing.T) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, _ := zw.Create("activities.csv")
	w.Write([]byte("Activity ID,Activity Type,Filename\n1,Run,activities/1.gpx\n"))
	w, _ = zw.Create("activities/1.gpx")
	chunk := make([]byte, 1<<20)
	for range 512 {
		w.Write(chunk)
	}
	zw.Close()
	called := false
	svc := NewService(nil, func(context.Context, int64, NewLog, func(context.Context, *db.Tx, int64) error) (SavedLog, error) {
		called = true
		return SavedLog{}, nil
	})
	var res []FileResult
	n := allocated(func() { res = svc.Import(context.Background(), 1, "export.zip", bytes.NewReader(b.Bytes()), Options{}) })
	if len(res) != 1 || res[0].Name != "activities/1.gpx" || res[0].Error != "is larger than 25 MB" || called {
		t.Fatalf("result = %+v, log written %v", res, called)
	}
	if n > 128<<20 {
		t.Errorf("reading the zip bomb allocated %d MB", n>>20)
	}
}

// A TCX file with entities is refused like a GPX one, before any expansion.
func TestTCXEntitiesRefused(t *testing.T) {
	laughs := `<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>` +
		`<TrainingCenterDatabase><Activities><Activity Sport="Running"><Id>&b;</Id></Activity></Activities></TrainingCenterDatabase>`
	_, err := parseBytes(t, "laughs.tcx", []byte(laughs))
	if err == nil || !strings.Contains(err.Error(), "laughs.tcx: declares a DTD or entities") {
		t.Errorf("err = %v", err)
	}
}
