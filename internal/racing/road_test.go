package racing

import (
	"errors"
	"math"
	"strings"
	"testing"

	"hyrox/internal/apperr"
)

func fptr(x float64) *float64 { return &x }

func TestRoadPredictFollowsRiegelAndTheFittedFactor(t *testing.T) {
	p, err := RoadPredict(RoadInput{DistanceKm: fptr(5), Seconds: fptr(22 * 60), Division: "open_men"})
	if err != nil {
		t.Fatal(err)
	}
	// 22:00 over 5 km is 1320 x 1.6^1.06 = about 36:13 over 8 km.
	if want := 1320 * math.Pow(1.6, 1.06); math.Abs(float64(p.FreshEightKmSeconds)-want) > 1 {
		t.Errorf("fresh 8 km %d s, want %.0f", p.FreshEightKmSeconds, want)
	}
	// An amateur open man with a 22-minute 5K finishes in about 1:10-1:40.
	if p.Seconds < 70*60 || p.Seconds > 100*60 {
		t.Errorf("predicted %s", Clock(p.Seconds))
	}
	// The range is the data's 80 % range widened 5 % on the fast side, 10 % on the slow.
	dm := fitted.Divisions["open_men"]
	e := dm.freshEstimate(float64(p.FreshEightKmSeconds))
	if math.Abs(float64(p.LowSeconds)-e.Low*math.Exp(-0.05)) > 3 || math.Abs(float64(p.HighSeconds)-e.High*math.Exp(0.10)) > 3 || p.LowSeconds >= p.Seconds || p.HighSeconds <= p.Seconds {
		t.Errorf("range %d-%d around %d, the data's %.0f-%.0f", p.LowSeconds, p.HighSeconds, p.Seconds, e.Low, e.High)
	}
	if !strings.Contains(p.Method, "Riegel") || !strings.Contains(p.Method, "no road times") {
		t.Errorf("method %q", p.Method)
	}

	// A 10K that Riegel equates with the same 8 km gives the same finish.
	ten := math.Round(1320 * math.Pow(2, 1.06))
	q, err := RoadPredict(RoadInput{DistanceKm: fptr(10), Seconds: fptr(ten), Division: "open_men"})
	if err != nil || math.Abs(float64(q.Seconds-p.Seconds)) > 3 {
		t.Errorf("10K in %s: %+v, %v; 5K gave %d", Clock(int(ten)), q, err, p.Seconds)
	}
	// Slower on the road, slower in HYROX; doubles share the stations: faster.
	slow, _ := RoadPredict(RoadInput{DistanceKm: fptr(5), Seconds: fptr(28 * 60), Division: "open_men"})
	dbl, _ := RoadPredict(RoadInput{DistanceKm: fptr(5), Seconds: fptr(22 * 60), Division: "doubles_men"})
	if slow.Seconds <= p.Seconds || dbl.Seconds >= p.Seconds {
		t.Errorf("28:00 gives %d, doubles %d, against %d", slow.Seconds, dbl.Seconds, p.Seconds)
	}
	// A division without public results reads the closest and says so.
	pro, _ := RoadPredict(RoadInput{DistanceKm: fptr(5), Seconds: fptr(22 * 60), Division: "pro_men"})
	if pro.FittedDivision != "open_men" || !strings.Contains(pro.Method, "Pro Men has no public results") {
		t.Errorf("pro %+v", pro)
	}
}

func TestRoadPredictRejectsBadInput(t *testing.T) {
	for _, c := range []struct {
		in    RoadInput
		field string
		msg   string
	}{
		{RoadInput{Seconds: fptr(1300), Division: "open_men"}, "distanceKm", "Choose 5 or 10 km."},
		{RoadInput{DistanceKm: fptr(21), Seconds: fptr(1300), Division: "open_men"}, "distanceKm", "Distance must be 5 or 10 km."},
		{RoadInput{DistanceKm: fptr(5.5), Seconds: fptr(1300), Division: "open_men"}, "distanceKm", "Distance must be 5 or 10 km."},
		{RoadInput{DistanceKm: fptr(5), Division: "open_men"}, "seconds", "Road time is required."},
		{RoadInput{DistanceKm: fptr(5), Seconds: fptr(1300.5), Division: "open_men"}, "seconds", "Road time must be a whole number of seconds."},
		{RoadInput{DistanceKm: fptr(5), Seconds: fptr(600), Division: "open_men"}, "seconds", "A 5 km time must be between 12:30 and 1:30:00."},
		{RoadInput{DistanceKm: fptr(10), Seconds: fptr(11000), Division: "open_men"}, "seconds", "A 10 km time must be between 26:00 and 3:00:00."},
		{RoadInput{DistanceKm: fptr(5), Seconds: fptr(1300)}, "division", "Please choose a division."},
		{RoadInput{DistanceKm: fptr(5), Seconds: fptr(1300), Division: "elite_15"}, "division", "Please choose a division."},
	} {
		_, err := RoadPredict(c.in)
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Fields[c.field] != c.msg {
			t.Errorf("%+v: got %v, want %s: %s", c.in, err, c.field, c.msg)
		}
	}
}
