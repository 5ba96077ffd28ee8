package imports

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/imports/fittest"
)

var (
	fitDirOnce sync.Once
	fitDir     string
)

// fitTestdata is the FIT module's testdata folder in the module cache: real
// device files we read but do not redistribute (testdata/README.md).
func fitTestdata(t *testing.T, name string) []byte {
	t.Helper()
	fitDirOnce.Do(func() {
		out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/muktihari/fit").Output()
		if err == nil {
			fitDir = filepath.Join(strings.TrimSpace(string(out)), "testdata")
		}
	})
	if fitDir == "" {
		t.Skip("the github.com/muktihari/fit module is not in the module cache (go mod download)")
	}
	b, err := os.ReadFile(filepath.Join(fitDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parseBytes(t *testing.T, name string, data []byte) ([]Activity, error) {
	t.Helper()
	return Parse(name, bytes.NewReader(data), time.UTC, DefaultLimits())
}

func mustParse(t *testing.T, name string, data []byte) []Activity {
	t.Helper()
	acts, err := parseBytes(t, name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return acts
}

func gz(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return b.Bytes()
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFITDeviceFiles(t *testing.T) {
	// A Garmin SDK walk with a chest strap: summary from the session message.
	walk := mustParse(t, "HrmPluginTestActivity.fit", fitTestdata(t, "from_official_sdk/HrmPluginTestActivity.fit"))
	if len(walk) != 1 {
		t.Fatalf("walk: %d activities", len(walk))
	}
	w := walk[0]
	if w.Sport != SportWalk || w.Source != "fit" || !w.StartedAt.Equal(time.Date(2022, 8, 29, 18, 31, 22, 0, time.UTC)) {
		t.Errorf("walk = %s %s %v", w.Source, w.Sport, w.StartedAt)
	}
	if w.Duration != 309*time.Second || w.DistanceM != 59.6 || w.AvgHR != 73 || w.MaxHR != 93 || w.Calories != 12 {
		t.Errorf("walk summary = %v %v m, HR %d/%d, %d kcal", w.Duration, w.DistanceM, w.AvgHR, w.MaxHR, w.Calories)
	}
	if z := w.TimeInZones(190); len(z) != 5 || z[0] != 0 {
		t.Errorf("walk zones at max 190 = %v (73-93 bpm is under zone 1)", z)
	}
	if z := w.TimeInZones(150); len(z) != 5 || z[0]+z[1] == 0 {
		t.Errorf("walk zones at max 150 = %v", z)
	}

	// A road ride with four device laps and climbing.
	ride := mustParse(t, "activity_lowbattery.fit", fitTestdata(t, "from_official_sdk/activity_lowbattery.fit"))[0]
	if ride.Sport != SportBike || ride.DistanceM != 28156.7 || ride.ElevationGainM != 381 || ride.Calories != 548 ||
		ride.AvgHR != 118 || ride.MaxHR != 167 || len(ride.Splits) != 4 {
		t.Errorf("ride = %+v", ride)
	}

	// A triathlon: one activity per session.
	tri := mustParse(t, "triathlon_summary_first.fit", fitTestdata(t, "from_garmin_forums/triathlon_summary_first.fit"))
	sports := []string{}
	for _, a := range tri {
		sports = append(sports, a.Sport)
	}
	if strings.Join(sports, ",") != "swim,other,bike,other,run" {
		t.Errorf("triathlon sports = %v", sports)
	}
	if run := tri[4]; run.DistanceM != 4491.5 || len(run.Splits) != 5 || run.Splits[0].DistanceM != 1000 {
		t.Errorf("triathlon run = %v m, splits %+v", run.DistanceM, run.Splits)
	}
}

func TestFITRunKilometreSplits(t *testing.T) {
	start := time.Date(2026, 11, 20, 7, 0, 0, 0, time.UTC)
	a := mustParse(t, "run.fit", fittest.Run(start, 5, 300))[0]
	if a.Sport != SportRun || !a.StartedAt.Equal(start) || a.Duration != 25*time.Minute || a.DistanceM != 5000 ||
		a.AvgHR != 145 || a.MaxHR != 170 || a.Calories != 350 || a.ElevationGainM != 60 {
		t.Fatalf("run = %+v", a)
	}
	if len(a.Splits) != 5 {
		t.Fatalf("splits = %+v", a.Splits)
	}
	for i, s := range a.Splits {
		if s.DistanceM != 1000 || s.Seconds != 300 {
			t.Errorf("split %d = %+v", i, s)
		}
	}
	if a.Splits[0].AvgHR >= a.Splits[4].AvgHR {
		t.Errorf("split heart rates should rise: %+v", a.Splits)
	}
	z := a.TimeInZones(200) // 120-170 bpm = 60-85 %
	if z[0] != 0 || z[1] == 0 || z[2] == 0 || z[3] == 0 || z[4] != 0 || z[1]+z[2]+z[3] != 1500 {
		t.Errorf("zones = %v", z)
	}
	if a.TimeInZones(0) != nil {
		t.Error("zones without a max HR")
	}
}

func TestGPXAndTCX(t *testing.T) {
	g := mustParse(t, "visnjan.gpx", readTestdata(t, "visnjan.gpx"))
	if len(g) != 1 {
		t.Fatalf("gpx: %d activities", len(g))
	}
	a := g[0]
	if a.Source != "gpx" || !a.StartedAt.Equal(time.Date(2014, 8, 22, 16, 48, 52, 0, time.UTC)) || a.Sport != SportOther {
		t.Errorf("gpx = %s %s %v", a.Source, a.Sport, a.StartedAt)
	}
	if a.DistanceM < 4000 || a.DistanceM > 5000 || a.ElevationGainM < 50 || a.Duration < 25*time.Minute {
		t.Errorf("gpx summary = %v m, +%v m, %v", a.DistanceM, a.ElevationGainM, a.Duration)
	}

	x := mustParse(t, "visnjan.tcx", readTestdata(t, "visnjan.tcx"))[0]
	if x.Source != "tcx" || x.Sport != SportRun || !x.StartedAt.Equal(a.StartedAt) {
		t.Errorf("tcx = %s %s %v", x.Source, x.Sport, x.StartedAt)
	}
	if diff := x.DistanceM - a.DistanceM; diff < -20 || diff > 20 { // the laps' sum, not the points'
		t.Errorf("tcx distance %v, gpx %v", x.DistanceM, a.DistanceM)
	}
	// A run: kilometre splits from the trackpoints, the last one shorter.
	if len(x.Splits) != int(x.DistanceM/1000)+1 || x.Splits[0].DistanceM != 1000 || x.Splits[0].Seconds <= 0 {
		t.Errorf("tcx splits = %+v", x.Splits)
	}
	if x.Calories == 0 || x.ElevationGainM != a.ElevationGainM {
		t.Errorf("tcx calories %d, elevation %v (gpx %v)", x.Calories, x.ElevationGainM, a.ElevationGainM)
	}

	// gzip copies read the same.
	for _, name := range []string{"visnjan.gpx", "visnjan.tcx"} {
		z := mustParse(t, name+".gz", gz(t, readTestdata(t, name)))
		if z[0].DistanceM == 0 || !z[0].StartedAt.Equal(a.StartedAt) {
			t.Errorf("%s.gz = %+v", name, z[0])
		}
	}
	z := mustParse(t, "run.FIT.GZ", gz(t, fittest.Run(time.Now(), 2, 300)))
	if z[0].DistanceM != 2000 {
		t.Errorf("run.fit.gz distance %v", z[0].DistanceM)
	}
}

func TestConcept2CSV(t *testing.T) {
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	acts, err := Parse("concept2-season.csv", bytes.NewReader(readTestdata(t, "concept2.csv")), loc, DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if len(acts) != 3 {
		t.Fatalf("%d sessions", len(acts))
	}
	row := acts[0]
	if row.Sport != SportRow || !row.StartedAt.Equal(time.Date(2026, 11, 20, 6, 15, 0, 0, time.UTC)) ||
		row.Duration != 432*time.Second || row.DistanceM != 2000 || row.AvgWatts != 278 || row.StrokeRate != 28 ||
		row.AvgHR != 168 || row.Calories != 151 || row.Source != "concept2" {
		t.Errorf("row = %+v", row)
	}
	if acts[1].Sport != SportSki || acts[1].AvgHR != 0 || acts[2].Sport != SportBike || acts[2].DistanceM != 5230 {
		t.Errorf("ski, bike = %+v, %+v", acts[1], acts[2])
	}
}

func TestBadFiles(t *testing.T) {
	lim := Limits{MaxFileBytes: 64 << 10, MaxUnpackedBytes: 256 << 10}
	hrm := fitTestdata(t, "from_official_sdk/HrmPluginTestActivity.fit")
	corrupt := bytes.Clone(hrm)
	corrupt[len(corrupt)/2] ^= 0xff
	bomb := gz(t, bytes.Repeat([]byte("<"), 10<<20))
	laughs := `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">` +
		`<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>` +
		`<gpx><trk><name>&lol9;</name></trk></gpx>`
	cases := []struct {
		name, file string
		data       []byte
		reason     string
	}{
		{"wrong extension", "notes.txt", []byte("hello"), "is not a FIT, TCX, GPX"},
		{"truncated FIT", "cut.fit", hrm[:len(hrm)/2], "damaged or incomplete FIT"},
		{"corrupt FIT (CRC)", "corrupt.fit", corrupt, "damaged or incomplete FIT"},
		{"FIT that is not an activity", "workout.fit", fitTestdata(t, "from_official_sdk/WorkoutIndividualSteps.fit"), "not an activity"},
		{"gzip bomb", "bomb.gpx.gz", bomb, "unpacks to more than 256 KB"},
		{"not gzip", "fake.fit.gz", []byte("plain"), "not a valid gzip"},
		{"oversized upload", "big.gpx", bytes.Repeat([]byte(" "), 65<<10), "is larger than 64 KB"},
		{"billion laughs", "laughs.gpx", []byte(laughs), "DTD"},
		{"GPX that is a TCX", "swap.gpx", []byte(`<TrainingCenterDatabase><Activities/></TrainingCenterDatabase>`), "is not a GPX file"},
		{"TCX that is a GPX", "swap.tcx", []byte(`<gpx><trk/></gpx>`), "is not a TCX file"},
		{"broken XML", "broken.tcx", []byte(`<TrainingCenterDatabase><Activities><Activity Sport="Running"><Id>`), "is not valid XML"},
		{"empty GPX", "empty.gpx", []byte(`<gpx></gpx>`), "holds no activity"},
		{"CSV with wrong columns", "strava.csv", []byte("Activity ID,Activity Date,Activity Name\n1,2026-01-01,Run\n"),
			"is not a Concept2 logbook export (missing columns: Date, Work Time (Seconds), Work Distance, Pace, Avg Watts, Stroke Rate/Cadence, Avg Heart Rate, Type)"},
		{"CSV with a bad date", "c2.csv", []byte(strings.Join(concept2Columns, ",") + "\nyesterday,100,500,2:00,100,20,0,RowErg\n"), "date that cannot be read at line 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			acts, err := Parse("uploads/"+c.file, bytes.NewReader(c.data), time.UTC, lim)
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, %d activities", err, len(acts))
			}
			if fe.Name != c.file || !strings.Contains(fe.Reason, c.reason) {
				t.Errorf("error = %q, want %s: ...%s", err, c.file, c.reason)
			}
		})
	}
}

// The billion-laughs file stops before any expansion: bounded time and memory
// even with a large entity table.
func TestBillionLaughsFailsFast(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a0 "xxxxxxxxxxxxxxxx">`)
	for i := 1; i < 30; i++ {
		b.WriteString("<!ENTITY a" + string(rune('0'+i%10)) + string(rune('a'+i)) + ` "&a0;&a0;&a0;&a0;&a0;&a0;&a0;&a0;">`)
	}
	b.WriteString(`]><gpx>` + strings.Repeat("&a0;", 1000) + `</gpx>`)
	start := time.Now()
	_, err := parseBytes(t, "laughs.gpx", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "DTD") {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
}

// A file's size claim (a ZIP header, a gzip trailer) only sizes the first
// buffer: a claim too small, too large or absent reads the same bytes, and
// the limit holds whatever the claim.
func TestReadCappedWithLyingSizes(t *testing.T) {
	data := bytes.Repeat([]byte("fit!"), 25_000) // 100,000 bytes
	for _, size := range []int64{0, -1, 10, 100_000, 1 << 40} {
		got, err := readCapped(bytes.NewReader(data), 200_000, size)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("size %d: %d bytes, %v; want the 100,000", size, len(got), err)
		}
		if got, err := readCapped(bytes.NewReader(data), 99_999, size); got != nil || err != nil {
			t.Errorf("size %d, limit 99,999: %d bytes, %v; want nil (too large)", size, len(got), err)
		}
	}
	if got, _ := readCapped(bytes.NewReader(data), 200_000, 1<<40); cap(got) > sizeHintMax+bytes.MinRead {
		t.Errorf("a claim of 1 TB made a buffer of %d bytes", cap(got))
	}
}
