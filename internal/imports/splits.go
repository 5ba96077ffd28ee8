package imports

import (
	"math"
	"time"
)

// splitLength is the fixed split of a sport: a run's kilometre, an erg's
// 500 m. Other sports keep the device's laps.
func splitLength(sport string) float64 {
	switch sport {
	case SportRun:
		return 1000
	case SportRow, SportSki:
		return 500
	}
	return 0
}

// finish fills what a file left out from its samples (distance, heart-rate
// summary) and replaces the laps with fixed-distance splits where the sport
// has them and the samples carry distance.
func (a *Activity) finish() {
	var hrSum, hrN, hrMax int
	lastDist := -1.0
	for _, s := range a.samples {
		if s.HR > 0 {
			hrSum += s.HR
			hrN++
			hrMax = max(hrMax, s.HR)
		}
		if s.Dist >= 0 {
			lastDist = s.Dist
		}
	}
	// The file's own summary wins; the samples fill what it left out.
	if a.AvgHR == 0 && hrN > 0 {
		a.AvgHR = int(math.Round(float64(hrSum) / float64(hrN)))
	}
	if a.MaxHR == 0 {
		a.MaxHR = hrMax
	}
	if a.DistanceM <= 0 && lastDist > 0 {
		a.DistanceM = lastDist
	}
	if a.Duration <= 0 && len(a.samples) > 1 {
		a.Duration = a.samples[len(a.samples)-1].T.Sub(a.samples[0].T)
	}
	if a.Laps == nil && len(a.Splits) > 0 {
		a.Laps = append([]Split(nil), a.Splits...)
	}
	if n := splitLength(a.Sport); n > 0 {
		if s := distanceSplits(a.samples, n); len(s) > 0 {
			a.Splits = s
		}
	}
	a.DistanceM = math.Round(a.DistanceM*10) / 10
	a.ElevationGainM = math.Round(a.ElevationGainM)
	a.Duration = a.Duration.Round(time.Second)
}

// distanceSplits cuts the samples every `every` metres, the crossing time
// interpolated between the two samples around it; the last, shorter split
// is kept when it is at least a tenth of a split.
func distanceSplits(samples []sample, every float64) []Split {
	var (
		out               []Split
		prev              *sample
		splitStart        time.Time
		next              = every
		started           bool
		hrSum, hrN        int
		lastDist, lastEnd float64
	)
	for i := range samples {
		s := &samples[i]
		if s.Dist < 0 {
			continue
		}
		if !started {
			splitStart, started, lastEnd = s.T, true, s.Dist
			next = s.Dist + every
			prev = s
			continue
		}
		if s.HR > 0 {
			hrSum += s.HR
			hrN++
		}
		for s.Dist >= next && s.Dist > prev.Dist {
			frac := (next - prev.Dist) / (s.Dist - prev.Dist)
			at := prev.T.Add(time.Duration(frac * float64(s.T.Sub(prev.T))))
			out = append(out, Split{DistanceM: every, Seconds: round1(at.Sub(splitStart).Seconds()), AvgHR: avg(hrSum, hrN)})
			splitStart, lastEnd, hrSum, hrN = at, next, 0, 0
			next += every
		}
		prev, lastDist = s, s.Dist
	}
	if rest := lastDist - lastEnd; started && rest >= every/10 {
		out = append(out, Split{DistanceM: math.Round(rest), Seconds: round1(prev.T.Sub(splitStart).Seconds()), AvgHR: avg(hrSum, hrN)})
	}
	return out
}

func avg(sum, n int) int {
	if n == 0 {
		return 0
	}
	return int(math.Round(float64(sum) / float64(n)))
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

// ZoneBounds are the lower edges of heart-rate zones 1-5 as fractions of the
// athlete's max HR (docs/import.md#heart-rate-zones).
var ZoneBounds = [5]float64{0.5, 0.6, 0.7, 0.8, 0.9}

// maxSampleGap is the longest gap between two samples that still counts as
// time in a zone (a paused watch records nothing).
const maxSampleGap = 30 * time.Second

// TimeInZones gives the seconds spent in each zone from the samples' heart
// rates, for an athlete whose max HR is maxHR; nil without a max HR or
// heart-rate samples. Time below zone 1 is not counted.
func (a *Activity) TimeInZones(maxHR int) []int {
	if maxHR <= 0 {
		return nil
	}
	var secs [5]float64
	seen := false
	for i := 0; i+1 < len(a.samples); i++ {
		s := a.samples[i]
		if s.HR <= 0 {
			continue
		}
		seen = true
		gap := a.samples[i+1].T.Sub(s.T)
		if gap <= 0 || gap > maxSampleGap {
			continue
		}
		frac := float64(s.HR) / float64(maxHR)
		for z := 4; z >= 0; z-- {
			if frac >= ZoneBounds[z] {
				secs[z] += gap.Seconds()
				break
			}
		}
	}
	if !seen {
		return nil
	}
	out := make([]int, 5)
	for i, v := range secs {
		out[i] = int(math.Round(v))
	}
	return out
}
