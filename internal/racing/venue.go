package racing

import (
	"context"
	"fmt"
	"math"
	"strings"
	"unicode"
)

// VenueCorrection is a race result "at an average venue": its finish time
// divided by the venue factor of the fitted event it was run at
// (docs/analytics.md#venues).
type VenueCorrection struct {
	Venue        string  `json:"venue"`  // the fitted event whose factor is used
	Factor       float64 `json:"factor"` // finish time against an average venue
	TotalSeconds int     `json:"totalSeconds"`
}

// venueCity is the city of a fitted event's name ("S6 2024 Madrid" is
// "madrid"): the words after the season and the year.
func venueCity(event string) string {
	words := strings.Fields(event)
	for len(words) > 1 && strings.IndexFunc(words[0], unicode.IsDigit) >= 0 {
		words = words[1:]
	}
	return strings.ToLower(strings.Join(words, " "))
}

// VenueOf is the fitted venue a race's event name names: the one whose city
// appears in the name as whole words (case does not matter), its latest
// season when fitted in several. A name that names no fitted city, or two
// cities, is an unknown venue.
func VenueOf(venues []Venue, eventName string) (Venue, bool) {
	name := " " + strings.Join(strings.FieldsFunc(strings.ToLower(eventName), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ") + " "
	var found []Venue
	for _, v := range venues {
		city := venueCity(v.Event)
		if city != "" && strings.Contains(name, " "+city+" ") {
			found = append(found, v)
		}
	}
	if len(found) == 0 {
		return Venue{}, false
	}
	// A city fitted in more than one season: its latest event ("S7 2025
	// Madrid" after "S6 2024 Madrid"). Two different cities: unknown.
	latest := found[0]
	for _, v := range found[1:] {
		if venueCity(v.Event) != venueCity(latest.Event) {
			return Venue{}, false
		}
		if v.Event > latest.Event {
			latest = v
		}
	}
	return latest, true
}

// CorrectForVenue is r at an average venue, or nil: simulations (no venue),
// and races at a venue the model does not know, get no correction.
func CorrectForVenue(venues []Venue, r Result) *VenueCorrection {
	if r.Kind != KindRace || r.TotalSeconds <= 0 {
		return nil
	}
	v, ok := VenueOf(venues, r.EventName)
	if !ok || v.Factor <= 0 {
		return nil
	}
	return &VenueCorrection{Venue: v.Event, Factor: v.Factor, TotalSeconds: int(math.Round(float64(r.TotalSeconds) / v.Factor))}
}

// withVenue sets r's venue correction from the shipped model.
func withVenue(r Result) Result {
	r.AtAverageVenue = CorrectForVenue(fitted.Venues, r)
	return r
}

// RankedSeconds is the time a result is ranked by where results of different
// events meet (the race boards; docs/analytics.md#venues): a race's time at
// an average venue, else its time as run (simulations, unknown venues).
func RankedSeconds(venues []Venue, r Result) int {
	if c := CorrectForVenue(venues, r); c != nil {
		return c.TotalSeconds
	}
	return r.TotalSeconds
}

// venueFingerprint names one set of venue factors: the stored ranked times
// were computed with it (Store.CorrectVenues).
func venueFingerprint(venues []Venue) string {
	var b strings.Builder
	for _, v := range venues {
		fmt.Fprintf(&b, "%s=%g;", v.Event, v.Factor)
	}
	return b.String()
}

// CorrectVenues computes the ranked time of every stored race again when
// the shipped venue factors changed since it last ran (a refit, or the first
// start after the migration); run once at start.
func (s *Service) CorrectVenues(ctx context.Context) (bool, error) {
	return s.store.CorrectVenues(ctx, fitted.Venues)
}

// setRanked records the time an entry is ranked by: its time at an average
// venue when that differs from the time as run.
func (e *Entry) setRanked(ranked int) {
	if ranked != e.Time {
		e.AtAverageVenue = &ranked
	}
}
