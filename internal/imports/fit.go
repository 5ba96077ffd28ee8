package imports

import (
	"bytes"
	"errors"
	"math"
	"time"

	"github.com/muktihari/fit/decoder"
	"github.com/muktihari/fit/kit/datetime"
	"github.com/muktihari/fit/profile/basetype"
	"github.com/muktihari/fit/profile/mesgdef"
	"github.com/muktihari/fit/profile/typedef"
	"github.com/muktihari/fit/profile/untyped/fieldnum"
	"github.com/muktihari/fit/profile/untyped/mesgnum"
	"github.com/muktihari/fit/proto"
)

var errFITDamaged = errors.New("is a damaged or incomplete FIT file")

// parseFIT reads a FIT activity file: one Activity per session (a
// multisport file has several). The decoder checks the file's CRC and hands
// each message to activityListener as it is decoded, which keeps no list of
// raw messages: half the memory of decoding first and converting after.
func parseFIT(data []byte) ([]Activity, error) {
	var lis activityListener
	if _, err := decoder.New(bytes.NewReader(data), decoder.WithMesgListener(&lis), decoder.WithBroadcastOnly()).Decode(); err != nil {
		return nil, errFITDamaged
	}
	if !lis.activity {
		return nil, errors.New("is a FIT file but not an activity")
	}
	out := make([]Activity, 0, len(lis.sessions))
	for _, s := range lis.sessions {
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
		single := len(lis.sessions) == 1
		within := func(t time.Time) bool {
			return single || (!t.Before(a.StartedAt) && !t.After(end))
		}
		for _, l := range lis.laps {
			if within(l.StartTime) {
				a.Splits = append(a.Splits, fitLap(l))
			}
		}
		if single {
			a.samples = lis.records
		} else {
			for _, smp := range lis.records {
				if within(smp.T) {
					a.samples = append(a.samples, smp)
				}
			}
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

// activityListener takes what an activity needs from a FIT activity file's
// messages as the decoder hands them over, on the decoder's goroutine:
// sessions and laps whole, and of each record (one a second, most of a
// file) only its time, distance and heart rate, so a file's records are not
// kept as the library's full structures. The library's own listener
// (filedef.Listener) builds every message's structure on a second goroutine
// fed by a channel, a hand-over per message: an import kept two of the
// server's cores busy and other athletes' reads waiting
// (docs/import.md#background-imports).
type activityListener struct {
	activity bool // a file_id named an activity file
	sessions []*mesgdef.Session
	laps     []*mesgdef.Lap
	records  []sample
}

func (l *activityListener) OnMesg(mesg proto.Message) {
	if mesg.Num == mesgnum.FileId {
		l.activity = typedef.File(mesg.FieldValueByNum(fieldnum.FileIdType).Uint8()) == typedef.FileActivity
		return
	}
	if !l.activity {
		return
	}
	// The structures copy the values they keep; the decoder reuses the
	// message's slices for the next one, and developer fields are not used.
	mesg.DeveloperFields = nil
	switch mesg.Num {
	case mesgnum.Session:
		l.sessions = append(l.sessions, mesgdef.NewSession(&mesg))
	case mesgnum.Lap:
		l.laps = append(l.laps, mesgdef.NewLap(&mesg))
	case mesgnum.Record:
		smp := sample{T: datetime.ToTime(mesg.FieldValueByNum(fieldnum.RecordTimestamp).Uint32()), Dist: -1}
		if d := mesg.FieldValueByNum(fieldnum.RecordDistance).Uint32(); d != basetype.Uint32Invalid {
			smp.Dist = float64(d) / 100 // the profile's scale for record.distance
		}
		if hr := mesg.FieldValueByNum(fieldnum.RecordHeartRate).Uint8(); hr != basetype.Uint8Invalid {
			smp.HR = int(hr)
		}
		l.records = append(l.records, smp)
	}
}
