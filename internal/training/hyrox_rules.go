package training

// The HYROX race rules the catalogue plans are checked against
// (docs/training.md#the-race-rules): eight 1 km runs, each followed by a
// station in this order, and each division's loads (kg; sled weights include
// the sled; doubles use the singles loads).

// RaceRunM is the run before each station; RaceRuns is how many there are.
const (
	RaceRunM = 1000
	RaceRuns = 8
)

// Division names of the plans' loads.
const (
	DivisionOpen = "open"
	DivisionPro  = "pro"
)

// stationRule is one station: its work and its load per division, men and
// women (0: no load).
type stationRule struct {
	Name      string
	DistanceM int // race distance (0 for a station counted in reps)
	Reps      int // race reps
	// Load per division: [open women, open men, pro women, pro men].
	Loads [4]float64
	// Fixed implements (kettlebells, sandbag, wall ball) come in set weights,
	// so a prescription uses one of the division loads; sleds are loaded freely.
	Fixed bool
}

var raceStations = []stationRule{
	{Name: "SkiErg", DistanceM: 1000},
	{Name: "Sled Push", DistanceM: 50, Loads: [4]float64{102, 152, 152, 202}},
	{Name: "Sled Pull", DistanceM: 50, Loads: [4]float64{78, 103, 103, 153}},
	{Name: "Burpee Broad Jumps", DistanceM: 80},
	{Name: "Rowing", DistanceM: 1000},
	{Name: "Farmers Carry", DistanceM: 200, Loads: [4]float64{16, 24, 24, 32}, Fixed: true}, // per hand
	{Name: "Sandbag Lunges", DistanceM: 100, Loads: [4]float64{10, 20, 20, 30}, Fixed: true},
	{Name: "Wall Balls", Reps: 100, Loads: [4]float64{4, 6, 6, 9}, Fixed: true},
}

// stationByName finds a station's rule by its exact name.
func stationByName(name string) (stationRule, bool) {
	for _, s := range raceStations {
		if s.Name == name {
			return s, true
		}
	}
	return stationRule{}, false
}

// divisionLoads is a station's (men's, women's) load in a division.
func (s stationRule) divisionLoads(division string) (men, women float64) {
	if division == DivisionPro {
		return s.Loads[3], s.Loads[2]
	}
	return s.Loads[1], s.Loads[0]
}

// division is the division whose loads a plan prescribes.
func (p planSpec) division() string {
	if p.Division == "" {
		return DivisionOpen
	}
	return p.Division
}
