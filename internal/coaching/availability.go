package coaching

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"hyrox/internal/apperr"
)

// Availability is a coach's bookable hours (docs/coaching.md#11-sessions):
// weekly windows and dated exceptions, as wall-clock times in the coach's
// time zone.
type Availability struct {
	// TimeZone is the coach's profile zone, which the times are in (read only).
	TimeZone   string      `json:"timeZone"`
	Weekly     []Window    `json:"weekly"`
	Exceptions []Exception `json:"exceptions"`
}

// Window is one weekly window: weekday 0 (Sunday) to 6 (Saturday), start
// and end as "HH:MM" on the half hour, end after start ("24:00" is midnight).
type Window struct {
	Weekday int    `json:"weekday"`
	Start   string `json:"start"`
	End     string `json:"end"`
}

// Exception changes one date: "off" takes the weekly windows of that date
// away; "extra" adds the hours Start-End on it.
type Exception struct {
	Date  string `json:"date"`
	Kind  string `json:"kind"`
	Start string `json:"start,omitempty"`
	End   string `json:"end,omitempty"`
}

// Booking grid and limits.
const (
	SlotMinutes      = 30
	HorizonDays      = 28
	MonthlySessions  = 2
	CancelBefore     = 24 * time.Hour
	MaxWindows       = 30
	MaxExceptions    = 60
	ReminderLeadTime = 24 * time.Hour
)

// minutesOf parses "HH:MM" on the half hour (00:00-24:00) to minutes.
func minutesOf(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[3:])
	if err1 != nil || err2 != nil || h < 0 || h > 24 || (m != 0 && m != 30) || (h == 24 && m != 0) {
		return 0, false
	}
	return h*60 + m, true
}

type span struct{ start, end int }

// ValidateAvailability checks a coach's availability; today is the date in
// the coach's zone (exceptions before it are dropped: they are over).
func ValidateAvailability(in Availability, today string) (Availability, error) {
	var v apperr.Validator
	out := Availability{Weekly: []Window{}, Exceptions: []Exception{}}
	v.Check(len(in.Weekly) <= MaxWindows, "weekly", fmt.Sprintf("At most %d weekly windows.", MaxWindows))
	v.Check(len(in.Exceptions) <= MaxExceptions, "exceptions", fmt.Sprintf("At most %d exceptions.", MaxExceptions))
	byDay := map[int][]span{}
	for i, w := range in.Weekly {
		field := fmt.Sprintf("weekly[%d]", i)
		if w.Weekday < 0 || w.Weekday > 6 {
			v.Check(false, field, "Pick a day of the week.")
			continue
		}
		s, ok1 := minutesOf(w.Start)
		e, ok2 := minutesOf(w.End)
		if !ok1 || !ok2 {
			v.Check(false, field, "Times are HH:MM on the hour or half hour, e.g. 07:00 or 17:30.")
			continue
		}
		if e <= s {
			v.Check(false, field, "The end must be after the start ("+w.Start+"-"+w.End+").")
			continue
		}
		for _, o := range byDay[w.Weekday] {
			if s < o.end && o.start < e {
				v.Check(false, field, time.Weekday(w.Weekday).String()+" "+w.Start+"-"+w.End+" overlaps another window of that day.")
			}
		}
		byDay[w.Weekday] = append(byDay[w.Weekday], span{s, e})
		out.Weekly = append(out.Weekly, Window{Weekday: w.Weekday, Start: w.Start, End: w.End})
	}
	for i, x := range in.Exceptions {
		field := fmt.Sprintf("exceptions[%d]", i)
		if _, err := time.Parse(time.DateOnly, x.Date); err != nil {
			v.Check(false, field, "Pick a date (YYYY-MM-DD).")
			continue
		}
		switch x.Kind {
		case "off":
			x.Start, x.End = "", ""
		case "extra":
			s, ok1 := minutesOf(x.Start)
			e, ok2 := minutesOf(x.End)
			if !ok1 || !ok2 {
				v.Check(false, field, "Times are HH:MM on the hour or half hour, e.g. 07:00 or 17:30.")
				continue
			}
			if e <= s {
				v.Check(false, field, "The end must be after the start ("+x.Start+"-"+x.End+").")
				continue
			}
		default:
			v.Check(false, field, `An exception is "off" (a day off) or "extra" (extra hours).`)
			continue
		}
		if x.Date < today {
			continue
		}
		out.Exceptions = append(out.Exceptions, x)
	}
	sort.SliceStable(out.Weekly, func(i, j int) bool {
		if out.Weekly[i].Weekday != out.Weekly[j].Weekday {
			return out.Weekly[i].Weekday < out.Weekly[j].Weekday
		}
		return out.Weekly[i].Start < out.Weekly[j].Start
	})
	sort.SliceStable(out.Exceptions, func(i, j int) bool { return out.Exceptions[i].Date < out.Exceptions[j].Date })
	return out, v.Err()
}

// gridSlots is every 30-minute slot start the availability opens between
// from and to (instants), in loc, the coach's zone. A wall-clock time the
// zone skips (the hour lost to a DST change) opens no slot; one it repeats
// opens the first.
func gridSlots(av Availability, loc *time.Location, from, to time.Time) []time.Time {
	off := map[string]bool{}
	extra := map[string][]span{}
	for _, x := range av.Exceptions {
		if x.Kind == "off" {
			off[x.Date] = true
		} else {
			s, _ := minutesOf(x.Start)
			e, _ := minutesOf(x.End)
			extra[x.Date] = append(extra[x.Date], span{s, e})
		}
	}
	weekly := map[time.Weekday][]span{}
	for _, w := range av.Weekly {
		s, _ := minutesOf(w.Start)
		e, _ := minutesOf(w.End)
		weekly[time.Weekday(w.Weekday)] = append(weekly[time.Weekday(w.Weekday)], span{s, e})
	}
	seen := map[time.Time]bool{}
	var out []time.Time
	lf := from.In(loc)
	day := time.Date(lf.Year(), lf.Month(), lf.Day(), 12, 0, 0, 0, loc)
	for ; ; day = day.AddDate(0, 0, 1) {
		y, m, d := day.Date()
		if time.Date(y, m, d, 0, 0, 0, 0, loc).After(to) {
			break
		}
		date := day.Format(time.DateOnly)
		var spans []span
		if !off[date] {
			spans = append(spans, weekly[day.Weekday()]...)
		}
		spans = append(spans, extra[date]...)
		for _, sp := range spans {
			for t := sp.start; t+SlotMinutes <= sp.end; t += SlotMinutes {
				at := time.Date(y, m, d, t/60, t%60, 0, 0, loc)
				if at.Hour() != t/60 || at.Minute() != t%60 || at.Day() != d {
					continue // this wall-clock time does not exist that day
				}
				at = at.UTC()
				if at.Before(from) || !at.Before(to) || seen[at] {
					continue
				}
				seen[at] = true
				out = append(out, at)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Before(out[j]) })
	return out
}

// FreeSlots is every start of a session of minutes (30 or 60) that the
// availability opens between from and to and that no booking holds: a
// 60-minute session needs two consecutive free grid slots.
func FreeSlots(av Availability, loc *time.Location, from, to time.Time, taken map[time.Time]bool, minutes int) []time.Time {
	grid := gridSlots(av, loc, from, to.Add(time.Duration(minutes)*time.Minute))
	open := make(map[time.Time]bool, len(grid))
	for _, g := range grid {
		if !taken[g] {
			open[g] = true
		}
	}
	out := []time.Time{}
	for _, g := range grid {
		if !g.Before(to) {
			break
		}
		ok := true
		for k := 0; k < minutes/SlotMinutes; k++ {
			if !open[g.Add(time.Duration(k*SlotMinutes)*time.Minute)] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, g)
		}
	}
	return out
}
