package racing

import (
	"fmt"
	"slices"

	"hyrox/internal/apperr"
)

// A road 5K or 10K turned into a HYROX finish (docs/analytics.md#a-road-5k-or-10k):
// Riegel to 8 km of fresh running, then the division's HYROX factor fitted on
// real results, with a range wide enough for what the data cannot show.

// Bounds of a road time, in seconds, per distance (km).
var roadBounds = map[int][2]int{
	5:  {750, 5400},   // 12:30 to 1:30:00
	10: {1560, 10800}, // 26:00 to 3:00:00
}

// RoadInput is the body of POST /api/analytics/road-prediction.
type RoadInput struct {
	DistanceKm *float64 `json:"distanceKm"`
	Seconds    *float64 `json:"seconds"`
	Division   string   `json:"division"`
}

// RoadPrediction is the answer of POST /api/analytics/road-prediction.
type RoadPrediction struct {
	DistanceKm          int     `json:"distanceKm"`
	RoadSeconds         int     `json:"roadSeconds"`
	Division            string  `json:"division"`
	FittedDivision      string  `json:"fittedDivision"`
	FreshEightKmSeconds int     `json:"freshEightKmSeconds"`
	RunFactor           float64 `json:"runFactor"`
	Seconds             int     `json:"seconds"`
	LowSeconds          int     `json:"lowSeconds"`
	HighSeconds         int     `json:"highSeconds"`
	Method              string  `json:"method"`
}

// RoadPredict validates in and predicts the finish; bad input is a 400
// naming each field.
func RoadPredict(in RoadInput) (RoadPrediction, error) {
	var v apperr.Validator
	dist, okDist := wholeSeconds(in.DistanceKm)
	bounds, known := roadBounds[dist]
	switch {
	case in.DistanceKm == nil:
		v.Check(false, "distanceKm", "Choose 5 or 10 km.")
	default:
		v.Check(okDist && known, "distanceKm", "Distance must be 5 or 10 km.")
	}
	secs, okSecs := wholeSeconds(in.Seconds)
	switch {
	case in.Seconds == nil:
		v.Check(false, "seconds", "Road time is required.")
	case !okSecs:
		v.Check(false, "seconds", "Road time must be a whole number of seconds.")
	case known:
		v.Check(secs >= bounds[0] && secs <= bounds[1], "seconds",
			fmt.Sprintf("A %d km time must be between %s and %s.", dist, Clock(bounds[0]), Clock(bounds[1])))
	}
	v.Check(slices.Contains(Divisions, in.Division), "division", "Please choose a division.")
	if err := v.Err(); err != nil {
		return RoadPrediction{}, err
	}
	dm, name := divisionModel(in.Division)
	eight, e := dm.RoadEstimate(float64(dist), float64(secs))
	p := RoadPrediction{DistanceKm: dist, RoadSeconds: secs, Division: in.Division, FittedDivision: name,
		FreshEightKmSeconds: roundSec(eight), RunFactor: dm.RunFactor,
		Seconds: roundSec(e.Seconds), LowSeconds: roundSec(e.Low), HighSeconds: roundSec(e.High)}
	p.Method = fmt.Sprintf("Your %d km in %s is %s for 8 km of fresh running by Riegel's formula (time x (8 / %d)^1.06). "+
		"%s athletes of real races run their 8 km about %.0f%% slower than eight times their fastest kilometre between stations, and their finish follows from that pace "+
		"as fitted on races left out of the fit; 80%% of them finish within the data's range. The data has no road times, so it assumes your fastest HYROX kilometre "+
		"is run at about your fresh 8 km pace: the range is widened by 5%% on the fast side and 10%% on the slow side, because between stations most athletes run slower than fresh. "+
		"A prediction from your own HYROX runs is much closer.%s",
		dist, Clock(secs), Clock(p.FreshEightKmSeconds), dist, DivisionLabel(name), (dm.RunFactor-1)*100, fromLabel(in.Division, name))
	return p, nil
}
