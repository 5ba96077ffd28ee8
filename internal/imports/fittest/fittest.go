// Package fittest writes small FIT activity files with the FIT encoder, for
// tests that need a watch file from a given day (the logs keep the past year
// only, so fixed files would age out).
package fittest

import (
	"bytes"
	"time"

	"github.com/muktihari/fit/encoder"
	"github.com/muktihari/fit/profile/filedef"
	"github.com/muktihari/fit/profile/mesgdef"
	"github.com/muktihari/fit/profile/typedef"
)

// Run is a steady run from start: km kilometres at paceS seconds per km, a
// record every second with a heart rate rising from 120 to 170 bpm, and one
// device lap per kilometre.
func Run(start time.Time, km int, paceS int) []byte {
	start = start.UTC().Truncate(time.Second)
	total := km * paceS
	act := filedef.NewActivity()
	act.FileId.SetType(typedef.FileActivity).SetManufacturer(typedef.ManufacturerGarmin).SetTimeCreated(start)
	for s := 0; s <= total; s++ {
		hr := 120 + 50*s/max(total, 1)
		r := mesgdef.NewRecord(nil).SetTimestamp(start.Add(time.Duration(s) * time.Second)).
			SetDistanceScaled(float64(s) * 1000 / float64(paceS)).SetHeartRate(uint8(hr))
		act.Records = append(act.Records, r)
	}
	for k := 0; k < km; k++ {
		ls := start.Add(time.Duration(k*paceS) * time.Second)
		act.Laps = append(act.Laps, mesgdef.NewLap(nil).SetStartTime(ls).SetTimestamp(ls.Add(time.Duration(paceS)*time.Second)).
			SetTotalTimerTimeScaled(float64(paceS)).SetTotalDistanceScaled(1000))
	}
	end := start.Add(time.Duration(total) * time.Second)
	act.Sessions = append(act.Sessions, mesgdef.NewSession(nil).SetStartTime(start).SetTimestamp(end).
		SetSport(typedef.SportRunning).SetSubSport(typedef.SubSportGeneric).
		SetTotalElapsedTimeScaled(float64(total)).SetTotalTimerTimeScaled(float64(total)).
		SetTotalDistanceScaled(float64(km*1000)).SetAvgHeartRate(145).SetMaxHeartRate(170).
		SetTotalCalories(uint16(70*km)).SetTotalAscent(uint16(12*km)))
	act.Activity = mesgdef.NewActivity(nil).SetTimestamp(end).SetNumSessions(1).
		SetType(typedef.ActivityManual).SetEvent(typedef.EventActivity).SetEventType(typedef.EventTypeStop)
	fit := act.ToFIT(nil)
	var buf bytes.Buffer
	if err := encoder.New(&buf).Encode(&fit); err != nil {
		panic(err) // the messages above are fixed: an error is a bug here
	}
	return buf.Bytes()
}

// Lap is one lap of a lapped activity: its seconds and metres.
type Lap struct {
	Seconds   int
	DistanceM float64
}

// HyroxLaps are the laps of a 1:10:00-ish HYROX race pressed at each run and
// station (16 laps; the Roxzone inside them): 1 km runs of 4:30 to 5:05 and
// the 8 stations in race order.
func HyroxLaps() []Lap {
	stations := []int{265, 170, 260, 240, 280, 125, 235, 330}
	var laps []Lap
	for i, st := range stations {
		laps = append(laps, Lap{Seconds: 270 + 5*i, DistanceM: 1000}, Lap{Seconds: st, DistanceM: float64(10 * i)})
	}
	return laps
}

// Lapped is an activity of the given sport made of the laps, back to back
// from start: a record every second (distance growing through each lap, a
// heart rate of 160) and one device lap per lap.
func Lapped(start time.Time, sport typedef.Sport, laps []Lap) []byte {
	start = start.UTC().Truncate(time.Second)
	act := filedef.NewActivity()
	act.FileId.SetType(typedef.FileActivity).SetManufacturer(typedef.ManufacturerGarmin).SetTimeCreated(start)
	t, dist := start, 0.0
	for _, l := range laps {
		for s := 0; s < l.Seconds; s++ {
			act.Records = append(act.Records, mesgdef.NewRecord(nil).SetTimestamp(t.Add(time.Duration(s)*time.Second)).
				SetDistanceScaled(dist+l.DistanceM*float64(s)/float64(l.Seconds)).SetHeartRate(160))
		}
		end := t.Add(time.Duration(l.Seconds) * time.Second)
		act.Laps = append(act.Laps, mesgdef.NewLap(nil).SetStartTime(t).SetTimestamp(end).
			SetTotalTimerTimeScaled(float64(l.Seconds)).SetTotalElapsedTimeScaled(float64(l.Seconds)).
			SetTotalDistanceScaled(l.DistanceM).SetAvgHeartRate(160))
		t, dist = end, dist+l.DistanceM
	}
	act.Records = append(act.Records, mesgdef.NewRecord(nil).SetTimestamp(t).SetDistanceScaled(dist).SetHeartRate(160))
	total := t.Sub(start).Seconds()
	act.Sessions = append(act.Sessions, mesgdef.NewSession(nil).SetStartTime(start).SetTimestamp(t).
		SetSport(sport).SetSubSport(typedef.SubSportGeneric).
		SetTotalElapsedTimeScaled(total).SetTotalTimerTimeScaled(total).SetTotalDistanceScaled(dist).
		SetAvgHeartRate(160).SetMaxHeartRate(180).SetNumLaps(uint16(len(laps))))
	act.Activity = mesgdef.NewActivity(nil).SetTimestamp(t).SetNumSessions(1).
		SetType(typedef.ActivityManual).SetEvent(typedef.EventActivity).SetEventType(typedef.EventTypeStop)
	fit := act.ToFIT(nil)
	var buf bytes.Buffer
	if err := encoder.New(&buf).Encode(&fit); err != nil {
		panic(err)
	}
	return buf.Bytes()
}
