package racing

import (
	"fmt"
	"math"
)

// Peers are the athletes of a fitted division who finish near a given time
// (docs/analytics.md#peers): their split percentiles and the split profile
// of those who held their pace, read from the fitted peer table.

// fittedDivisions maps every division to the fitted one whose figures it
// reads; the public results cover open and doubles only.
var fittedDivisions = map[string]string{
	"open_men": "open_men", "open_women": "open_women",
	"doubles_men": "doubles_men", "doubles_women": "doubles_women", "doubles_mixed": "doubles_mixed",
	"pro_men": "open_men", "pro_women": "open_women", "adaptive": "open_men",
	"pro_doubles_men": "doubles_men", "pro_doubles_women": "doubles_women",
	"relay_men": "open_men", "relay_women": "open_women", "relay_mixed": "doubles_mixed",
}

// divisionModel is the fitted model a division reads and its name.
func divisionModel(division string) (*DivisionModel, string) {
	name, ok := fittedDivisions[division]
	if !ok {
		name = "open_men"
	}
	return fitted.Divisions[name], name
}

// fromLabel says which fitted division a division reads, when not its own.
func fromLabel(division, name string) string {
	if division == name {
		return ""
	}
	return fmt.Sprintf(" (%s has no public results to fit on: %s figures)", DivisionLabel(division), DivisionLabel(name))
}

// Peers is the peer row at one finish time, interpolated between the rows of
// the fitted table.
type Peers struct {
	Division  string // fitted division
	Total     float64
	Count     int
	WindowPct int
	Parts     [17][]float64 // percentiles (peerLevels) of runs 1-8, stations 1-8, Roxzone
	Even      [17]float64   // shares of the finish time of those who held their pace
}

// PeersAt is the peers of a division at total seconds: between two rows of
// the table the percentiles are interpolated; beyond its ends the nearest
// row is scaled to total.
func PeersAt(division string, total float64) Peers {
	dm, name := divisionModel(division)
	rows := dm.Peers
	lo, hi := rows[0], rows[len(rows)-1]
	blend := func(a, b PeerRow, w, scale float64) Peers {
		p := Peers{Division: name, Total: total, Count: a.Count, WindowPct: a.WindowPct}
		if w >= 0.5 {
			p.Count, p.WindowPct = b.Count, b.WindowPct
		}
		for i := range 17 {
			p.Parts[i] = make([]float64, len(peerLevels))
			for k := range peerLevels {
				p.Parts[i][k] = scale * ((1-w)*float64(a.Parts[i][k]) + w*float64(b.Parts[i][k]))
			}
			p.Even[i] = (1-w)*a.EvenShares[i] + w*b.EvenShares[i]
		}
		return p
	}
	switch {
	case total <= float64(lo.Total):
		return blend(lo, lo, 0, total/float64(lo.Total))
	case total >= float64(hi.Total):
		return blend(hi, hi, 0, total/float64(hi.Total))
	}
	for i := 1; i < len(rows); i++ {
		if float64(rows[i].Total) >= total {
			a, b := rows[i-1], rows[i]
			return blend(a, b, (total-float64(a.Total))/float64(b.Total-a.Total), 1)
		}
	}
	return blend(hi, hi, 0, 1) // unreachable
}

// atVenue is the peers as if they had raced at a venue of factor f (a
// venue's finish against an average venue): every split times f. Comparing a
// split with them is comparing the split at an average venue (split / f)
// with the peers as they ran (docs/analytics.md#venues).
func (p Peers) atVenue(f float64) Peers {
	out := p
	out.Total *= f
	for i := range 17 {
		out.Parts[i] = make([]float64, len(p.Parts[i]))
		for k, v := range p.Parts[i] {
			out.Parts[i][k] = v * f
		}
	}
	return out
}

// median is the peers' median of part p.
func (p Peers) median(part int) float64 { return p.Parts[part][len(peerLevels)/2] }

// FasterThan is the share of the peers (%) slower than secs on part p,
// between 5 and 95: the table holds the 5th to 95th percentiles.
func (p Peers) FasterThan(part int, secs float64) int {
	q := p.Parts[part]
	cdf := peerLevels[len(peerLevels)-1]
	switch {
	case secs <= q[0]:
		cdf = peerLevels[0]
	case secs < q[len(q)-1]:
		for k := 1; k < len(q); k++ {
			if secs <= q[k] {
				w := 0.0
				if q[k] > q[k-1] {
					w = (secs - q[k-1]) / (q[k] - q[k-1])
				}
				cdf = peerLevels[k-1] + w*(peerLevels[k]-peerLevels[k-1])
				break
			}
		}
	}
	return int(math.Round(100 - cdf))
}

// Reference is the set of reference splits for one athlete, in seconds.
type Reference struct {
	Runs     [8]float64 `json:"runs"`
	Stations [8]float64 `json:"stations"`
	Roxzone  float64    `json:"roxzone"`
}

// Total is the sum of the reference's parts.
func (r Reference) Total() float64 {
	t := r.Roxzone
	for i := range 8 {
		t += r.Runs[i] + r.Stations[i]
	}
	return t
}

// ReferenceForTime is the peers' median splits at total seconds, scaled so
// they add up to total: how athletes of that speed share their time out.
func ReferenceForTime(division string, total float64) Reference {
	p := PeersAt(division, total)
	var ref Reference
	for i := range 8 {
		ref.Runs[i] = p.median(i)
		ref.Stations[i] = p.median(8 + i)
	}
	ref.Roxzone = p.median(16)
	f := total / ref.Total()
	for i := range 8 {
		ref.Runs[i] *= f
		ref.Stations[i] *= f
	}
	ref.Roxzone *= f
	return ref
}
