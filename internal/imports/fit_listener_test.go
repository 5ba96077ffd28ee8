package imports

import (
	"bytes"
	"io/fs"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muktihari/fit/decoder"
	"github.com/muktihari/fit/profile/basetype"
	"github.com/muktihari/fit/profile/filedef"
)

// activityListener keeps of a FIT file what the library's own listener
// builds, for every activity file the fit module carries: the same
// sessions, laps and record samples.
func TestActivityListenerMatchesLibrary(t *testing.T) {
	fitTestdata(t, "from_official_sdk/Activity.fit") // finds the folder, or skips
	files := 0
	err := filepath.WalkDir(fitDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".fit") {
			return err
		}
		data := fitTestdata(t, strings.TrimPrefix(path, fitDir+"/"))
		lib := filedef.NewListener()
		defer lib.Close()
		if _, err := decoder.New(bytes.NewReader(data), decoder.WithMesgListener(lib), decoder.WithBroadcastOnly()).Decode(); err != nil {
			return nil // damaged on purpose: parse_test covers those
		}
		want, ok := lib.File().(*filedef.Activity)
		var got activityListener
		if _, err := decoder.New(bytes.NewReader(data), decoder.WithMesgListener(&got), decoder.WithBroadcastOnly()).Decode(); err != nil {
			t.Fatalf("%s: the library decodes it, ours: %v", path, err)
		}
		if !ok {
			if got.activity {
				t.Errorf("%s: not an activity file, taken as one", path)
			}
			return nil
		}
		files++
		if len(got.sessions) != len(want.Sessions) || len(got.laps) != len(want.Laps) || len(got.records) != len(want.Records) {
			t.Fatalf("%s: %d sessions, %d laps, %d records; the library: %d, %d, %d", path,
				len(got.sessions), len(got.laps), len(got.records), len(want.Sessions), len(want.Laps), len(want.Records))
		}
		for i, s := range want.Sessions {
			if g := got.sessions[i]; !g.StartTime.Equal(s.StartTime) || g.TotalTimerTime != s.TotalTimerTime || g.TotalDistance != s.TotalDistance {
				t.Errorf("%s: session %d differs", path, i)
			}
		}
		for i, l := range want.Laps {
			if g := got.laps[i]; !g.StartTime.Equal(l.StartTime) || g.TotalTimerTime != l.TotalTimerTime || g.AvgHeartRate != l.AvgHeartRate {
				t.Errorf("%s: lap %d differs", path, i)
			}
		}
		for i, r := range want.Records {
			g := got.records[i]
			dist := -1.0
			if d := r.DistanceScaled(); !math.IsNaN(d) {
				dist = d
			}
			hr := 0
			if r.HeartRate != basetype.Uint8Invalid {
				hr = int(r.HeartRate)
			}
			if !g.T.Equal(r.Timestamp) || g.Dist != dist || g.HR != hr {
				t.Fatalf("%s: record %d is %+v, the library's %v %v %v", path, i, g, r.Timestamp, dist, hr)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 {
		t.Fatalf("compared %d activity files: the fit module's testdata should hold more", files)
	}
	t.Logf("%d activity files compared", files)
}
