package imports

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"hyrox/internal/apperr"
)

// A HYROX race or simulation pressed lap by lap: the rules that recognise one,
// propose how its laps map onto the 8 runs, 8 stations and the Roxzone, and
// check a mapping the athlete sends (docs/import.md#hyrox-races-and-simulations).

// StationNames are the 8 stations in race order, as racing names them (the
// server's tests check the two lists agree).
var StationNames = [8]string{"SkiErg", "Sled Push", "Sled Pull", "Burpee Broad Jumps",
	"Rowing", "Farmers Carry", "Sandbag Lunges", "Wall Balls"}

// Lap targets of a mapping: "run:1".."run:8", "station:1".."station:8",
// TargetRoxzone or TargetSkip (a warm-up or cool-down lap, left out).
const (
	TargetRoxzone = "roxzone"
	TargetSkip    = "skip"
)

// Roxzone modes of a proposal: laps of the Roxzone folded into the runs, or
// kept as the result's Roxzone time.
const (
	RoxzoneFold  = "fold"
	RoxzoneSplit = "split"
)

// HYROX recognition states of an activity.
const (
	HyroxRecognised = "recognised" // the laps fit a layout: a mapping is proposed
	HyroxManual     = "manual"     // enough laps for a race, no layout fits: the athlete maps them
)

// Bounds a lap must fit to be recognised, in seconds (a run lap holds a 1 km
// run, a station lap one station, a Roxzone lap a passage).
const (
	runLapMin, runLapMax    = 120, 1800
	stationLapMax           = 3600
	roxLapMin, roxLapMax    = 3, 300
	runLapMinM, stationMaxM = 500, 450 // distances, when the laps carry them
	minHyroxLaps            = 9        // 8 runs and at least one station
	maxHyroxLaps            = 64
	minHyroxSeconds         = 20 * 60
)

// stationLapMin is the fastest plausible split of each station (racing's).
var stationLapMin = [8]float64{150, 30, 30, 60, 150, 30, 60, 60}

// lapKind is a lap's part in a layout.
type lapKind byte

const (
	kRun lapKind = 'R'
	kSta lapKind = 'S'
	kRox lapKind = 'Z'
)

// layouts are the lap patterns recognised, by lap count: a lap per run and
// station (16), with a Roxzone lap before each station (24) or before and
// after it (32); one lap more (17, 25, 33) is a Roxzone lap at the start or
// the end, whichever of the two is shorter.
var layouts = map[int]string{
	16: strings.Repeat("RS", 8),
	24: strings.Repeat("RZS", 8),
	32: strings.Repeat("RZSZ", 8),
}

func runTarget(i int) string     { return "run:" + strconv.Itoa(i+1) }
func stationTarget(i int) string { return "station:" + strconv.Itoa(i+1) }

// Recognise tells whether laps fit a HYROX layout: its pattern (R run, S
// station, Z Roxzone per lap) when they do, else "" and why not.
func Recognise(laps []Split, seconds float64) (pattern, state, reason string) {
	n := len(laps)
	if n < minHyroxLaps || n > maxHyroxLaps || seconds < minHyroxSeconds || autoLapped(laps) {
		return "", "", ""
	}
	var candidates []string
	if p, ok := layouts[n]; ok {
		candidates = append(candidates, p)
	}
	if p, ok := layouts[n-1]; ok {
		if laps[0].Seconds <= laps[n-1].Seconds {
			candidates = append(candidates, "Z"+p)
		} else {
			candidates = append(candidates, p+"Z")
		}
	}
	if len(candidates) == 0 {
		return "", HyroxManual, fmt.Sprintf("%d laps match no HYROX layout (16 or 17 laps, 24 or 25 with the Roxzone before each station, 32 or 33 with it before and after): map them yourself.", n)
	}
	withDist := 0
	for _, l := range laps {
		if l.DistanceM > 0 {
			withDist++
		}
	}
	for _, p := range candidates {
		if why := fits(laps, p, withDist*2 >= n); why == "" {
			return p, HyroxRecognised, ""
		} else {
			reason = why
		}
	}
	return "", HyroxManual, reason + " Map the laps yourself."
}

// autoLapped reports a watch's automatic laps: every lap but the last of the
// same distance (a kilometre or mile run), which no HYROX race gives.
func autoLapped(laps []Split) bool {
	d := laps[0].DistanceM
	if d <= 0 {
		return false
	}
	for _, l := range laps[:len(laps)-1] {
		if math.Abs(l.DistanceM-d) > d*0.02 {
			return false
		}
	}
	return true
}

// fits checks each lap against its part in pattern; "" when all fit.
func fits(laps []Split, pattern string, dist bool) string {
	station := 0
	for i, l := range laps {
		s := l.Seconds
		switch lapKind(pattern[i]) {
		case kRun:
			if s < runLapMin || s > runLapMax || (dist && l.DistanceM < runLapMinM) {
				return fmt.Sprintf("Lap %d (%s) is not a 1 km run.", i+1, clock(int(math.Round(s))))
			}
		case kSta:
			if s < stationLapMin[station] || s > stationLapMax || (dist && l.DistanceM > stationMaxM) {
				return fmt.Sprintf("Lap %d (%s) does not fit %s.", i+1, clock(int(math.Round(s))), StationNames[station])
			}
			station++
		case kRox:
			if s < roxLapMin || s > roxLapMax {
				return fmt.Sprintf("Lap %d (%s) is too long for a Roxzone passage.", i+1, clock(int(math.Round(s))))
			}
		}
	}
	return ""
}

// Propose maps the laps of a recognised pattern: each run and station lap to
// its run or station, each Roxzone lap to the Roxzone (split) or to the run
// next to it (fold: see foldTarget).
func Propose(pattern, roxzone string) []string {
	out := make([]string, len(pattern))
	run, station := -1, -1
	for i := range pattern {
		switch lapKind(pattern[i]) {
		case kRun:
			run++
			out[i] = runTarget(run)
		case kSta:
			station++
			out[i] = stationTarget(station)
		}
	}
	for i := range pattern {
		if lapKind(pattern[i]) != kRox {
			continue
		}
		if roxzone != RoxzoneFold {
			out[i] = TargetRoxzone
			continue
		}
		out[i] = foldTarget(out, i)
	}
	return out
}

// foldTarget is the run a Roxzone lap at i joins: the nearest run before it
// when no station came since (the way into a station), else the next run
// (the way out of one). The passage after the last station has no run to
// join and stays the Roxzone.
func foldTarget(targets []string, i int) string {
	sinceStation := false
	for j := i - 1; j >= 0 && !sinceStation; j-- {
		if strings.HasPrefix(targets[j], "station:") {
			sinceStation = true
		} else if strings.HasPrefix(targets[j], "run:") {
			return targets[j]
		}
	}
	for j := i + 1; j < len(targets); j++ {
		if strings.HasPrefix(targets[j], "run:") {
			return targets[j]
		}
	}
	return TargetRoxzone
}

// Splits are a mapping's sums, in whole seconds: 8 runs, 8 stations (nil
// when no lap was mapped to one) and the Roxzone.
type Splits struct {
	Runs    [8]int  `json:"runSplits"`
	Station [8]*int `json:"stationSplits"`
	Roxzone int     `json:"roxzoneSeconds"`
	Total   int     `json:"totalSeconds"`
}

// order of a target in the race: run k is 2k-2, station k 2k-1; -1 for the
// Roxzone and skipped laps (anywhere), -2 for an unknown target.
func order(target string) int {
	switch target {
	case TargetRoxzone, TargetSkip:
		return -1
	}
	kind, num, ok := strings.Cut(target, ":")
	k, err := strconv.Atoi(num)
	if !ok || err != nil || k < 1 || k > 8 || strconv.Itoa(k) != num {
		return -2
	}
	switch kind {
	case "run":
		return 2*k - 2
	case "station":
		return 2*k - 1
	}
	return -2
}

// TargetLabel names a target for the athlete: "Run 3", "Sled Push", "Roxzone".
func TargetLabel(target string) string {
	switch target {
	case TargetRoxzone:
		return "Roxzone"
	case TargetSkip:
		return "Left out"
	}
	o := order(target)
	switch {
	case o < 0:
		return target
	case o%2 == 0:
		return fmt.Sprintf("Run %d", o/2+1)
	}
	return StationNames[o/2]
}

// ApplyMapping checks a mapping of laps (one target per lap) and sums it.
// It refuses, with a message naming the lap or part: a mapping of another
// length, an unknown target, laps out of race order, a run without a lap,
// or a mapping that leaves every station empty. A station may be left
// without a lap (a simulation that skipped it); racing refuses that in a race.
func ApplyMapping(laps []Split, mapping []string) (Splits, error) {
	var out Splits
	if len(mapping) != len(laps) {
		return out, mappingErr("The mapping has %d entries but the activity has %d laps: map every lap once.", len(mapping), len(laps))
	}
	var runs, stations [8]float64
	var hasRun, hasStation [8]bool
	var rox float64
	last, lastLap := -1, 0
	for i, t := range mapping {
		o := order(t)
		if o == -2 {
			return out, mappingErr("Lap %d is mapped to %q, which is not a run, a station, the Roxzone or left out.", i+1, t)
		}
		s := laps[i].Seconds
		switch {
		case t == TargetSkip:
			continue
		case t == TargetRoxzone:
			rox += s
			continue
		}
		if o < last {
			return out, mappingErr("Lap %d (%s) comes after lap %d (%s): laps must follow the race order.", i+1, TargetLabel(t), lastLap, TargetLabel(mapping[lastLap-1]))
		}
		last, lastLap = o, i+1
		if o%2 == 0 {
			runs[o/2] += s
			hasRun[o/2] = true
		} else {
			stations[o/2] += s
			hasStation[o/2] = true
		}
	}
	for i, ok := range hasRun {
		if !ok {
			return out, mappingErr("Run %d has no lap: every run needs one.", i+1)
		}
	}
	anyStation := false
	for i := range stations {
		out.Runs[i] = int(math.Round(runs[i]))
		if hasStation[i] {
			v := int(math.Round(stations[i]))
			out.Station[i] = &v
			out.Total += v
			anyStation = true
		}
		out.Total += out.Runs[i]
	}
	if !anyStation {
		return out, mappingErr("No lap is mapped to a station: map at least one.")
	}
	out.Roxzone = int(math.Round(rox))
	out.Total += out.Roxzone
	return out, nil
}

// mappingErr is a refused mapping: a 400 on the field "mapping".
func mappingErr(format string, args ...any) error {
	return apperr.Invalid(map[string]string{"mapping": fmt.Sprintf(format, args...)}, "mapping")
}

// TakeRoxzone moves a Roxzone time the athlete knows (from the official
// results) out of the runs, for a mapping with no Roxzone lap (the Roxzone
// inside the run laps): each run gives its share in proportion to its time,
// so the total stays what the laps add up to.
func TakeRoxzone(sp *Splits, seconds int) error {
	runTotal := 0
	for _, r := range sp.Runs {
		runTotal += r
	}
	switch {
	case sp.Roxzone != 0:
		return apperr.Invalid(map[string]string{"roxzoneSeconds": "Laps are already mapped to the Roxzone: leave the Roxzone time empty or map those laps to runs."}, "roxzoneSeconds")
	case seconds <= 0 || seconds >= runTotal:
		return apperr.Invalid(map[string]string{"roxzoneSeconds": fmt.Sprintf("The Roxzone time must be more than 0:00 and less than the runs' %s.", clock(runTotal))}, "roxzoneSeconds")
	}
	taken, largest := 0, 0
	for i, r := range sp.Runs {
		share := int(math.Round(float64(seconds) * float64(r) / float64(runTotal)))
		sp.Runs[i] = r - share
		taken += share
		if sp.Runs[i] > sp.Runs[largest] {
			largest = i
		}
	}
	sp.Runs[largest] -= seconds - taken // the rounding's remainder
	sp.Roxzone = seconds
	return nil
}
