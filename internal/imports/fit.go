package imports

import (
	"bytes"
	"errors"
	"math"
	"time"

	"github.com/muktihari/fit/decoder"
	"github.com/muktihari/fit/profile/basetype"
	"github.com/muktihari/fit/profile/filedef"
	"github.com/muktihari/fit/profile/mesgdef"
	"github.com/muktihari/fit/profile/typedef"
)

var errFITDamaged = errors.New("is a damaged or incomplete FIT file")

// parseFIT reads a FIT activity file: one Activity per session (a
// multisport file has several). The decoder checks the file's CRC. It
// hands each message to the library's listener as it is decoded, which
// builds the activity on a second goroutine, and keeps no list of raw
// messages: half the memory of decoding first and converting after.
func parseFIT(data []byte) ([]Activity, error) {
	lis := filedef.NewListener()
	defer lis.Close()
	if _, err := decoder.New(bytes.NewReader(data), decoder.WithMesgListener(lis), decoder.WithBroadcastOnly()).Decode(); err != nil {
		return nil, errFITDamaged
	}
	f, ok := lis.File().(*filedef.Activity)
	if !ok || f.FileId.Type != typedef.FileActivity {
		return nil, errors.New("is a FIT file but not an activity")
	}
	out := make([]Activity, 0, len(f.Sessions))
	for _, s := range f.Sessions {
		if s.StartTime.IsZero() {
			continue
		}
		a := Activity{Source: "fit", StartedAt: s.StartTime.UTC(), Sport: fitSport(s.Sport, s.SubSport)}
		secs := s.TotalTimerTimeScaled()
		if math.IsNaN(secs) {
			secs = s.TotalElapsedTimeScaled()
		}
		if !math.IsNaN(secs) {
			a.Duration = time.Duration(secs * float64(time.Second))
		}
		end := a.StartedAt.Add(time.Duration(s.TotalElapsedTimeScaled() * float64(time.Second)))
		if d := s.TotalDistanceScaled(); !math.IsNaN(d) {
			a.DistanceM = d
		}
		if s.TotalAscent != basetype.Uint16Invalid {
			a.ElevationGainM = float64(s.TotalAscent)
		}
		if s.AvgHeartRate != basetype.Uint8Invalid {
			a.AvgHR = int(s.AvgHeartRate)
		}
		if s.MaxHeartRate != basetype.Uint8Invalid {
			a.MaxHR = int(s.MaxHeartRate)
		}
		if s.TotalCalories != basetype.Uint16Invalid {
			a.Calories = int(s.TotalCalories)
		}
		if s.AvgPower != basetype.Uint16Invalid {
			a.AvgWatts = int(s.AvgPower)
		}
		if (a.Sport == SportRow || a.Sport == SportSki) && s.AvgCadence != basetype.Uint8Invalid {
			a.StrokeRate = int(s.AvgCadence)
		}
		single := len(f.Sessions) == 1
		within := func(t time.Time) bool {
			return single || (!t.Before(a.StartedAt) && !t.After(end))
		}
		for _, l := range f.Laps {
			if within(l.StartTime) {
				a.Splits = append(a.Splits, fitLap(l))
			}
		}
		for _, r := range f.Records {
			if !within(r.Timestamp) {
				continue
			}
			smp := sample{T: r.Timestamp, Dist: -1}
			if d := r.DistanceScaled(); !math.IsNaN(d) {
				smp.Dist = d
			}
			if r.HeartRate != basetype.Uint8Invalid {
				smp.HR = int(r.HeartRate)
			}
			a.samples = append(a.samples, smp)
		}
		out = append(out, a)
	}
	return out, nil
}

func fitLap(l *mesgdef.Lap) Split {
	sp := Split{}
	if d := l.TotalDistanceScaled(); !math.IsNaN(d) {
		sp.DistanceM = math.Round(d)
	}
	if t := l.TotalTimerTimeScaled(); !math.IsNaN(t) {
		sp.Seconds = round1(t)
	}
	if l.AvgHeartRate != basetype.Uint8Invalid {
		sp.AvgHR = int(l.AvgHeartRate)
	}
	return sp
}

func fitSport(s typedef.Sport, sub typedef.SubSport) string {
	switch sub {
	case typedef.SubSportIndoorRowing:
		return SportRow
	case typedef.SubSportIndoorSkiing:
		return SportSki
	}
	switch s {
	case typedef.SportRunning:
		return SportRun
	case typedef.SportCycling:
		return SportBike
	case typedef.SportRowing:
		return SportRow
	case typedef.SportCrossCountrySkiing:
		return SportSki
	case typedef.SportSwimming:
		return SportSwim
	case typedef.SportWalking:
		return SportWalk
	case typedef.SportHiking:
		return SportHike
	case typedef.SportTraining, typedef.SportHiit:
		return SportStrength
	}
	return SportOther
}
