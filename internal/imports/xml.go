package imports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strings"
	"time"
)

var errDTD = errors.New("declares a DTD or entities, which imports refuse")

// xmlElements streams data and decodes every element named local into a
// fresh value from newV, handing it to use. A DOCTYPE (the door to entity
// expansion, e.g. the "billion laughs") stops the read at once; Strict mode
// refuses undeclared entities. encoding/xml never expands custom entities,
// and the input is already size-capped, so memory stays bounded.
func xmlElements[T any](data []byte, format, root, local string, use func(*T) error) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	sawRoot := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return errors.New("is not valid XML")
		}
		switch t := tok.(type) {
		case xml.Directive:
			if bytes.HasPrefix(bytes.TrimSpace(t), []byte("DOCTYPE")) || bytes.Contains(t, []byte("ENTITY")) {
				return errDTD
			}
		case xml.StartElement:
			if !sawRoot {
				if t.Name.Local != root {
					return errors.New("is not a " + format + " file")
				}
				sawRoot = true
				continue
			}
			if t.Name.Local == local {
				v := new(T)
				if err := d.DecodeElement(v, &t); err != nil {
					return errors.New("is not valid XML")
				}
				if err := use(v); err != nil {
					return err
				}
			}
		}
	}
	if !sawRoot {
		return errors.New("is empty or not XML")
	}
	return nil
}

type tcxActivity struct {
	Sport string   `xml:"Sport,attr"`
	ID    string   `xml:"Id"`
	Laps  []tcxLap `xml:"Lap"`
}

type tcxLap struct {
	StartTime string  `xml:"StartTime,attr"`
	Seconds   float64 `xml:"TotalTimeSeconds"`
	Distance  float64 `xml:"DistanceMeters"`
	Calories  int     `xml:"Calories"`
	AvgHR     int     `xml:"AverageHeartRateBpm>Value"`
	MaxHR     int     `xml:"MaximumHeartRateBpm>Value"`
	Points    []struct {
		Time     string   `xml:"Time"`
		Distance *float64 `xml:"DistanceMeters"`
		Altitude *float64 `xml:"AltitudeMeters"`
		HR       int      `xml:"HeartRateBpm>Value"`
	} `xml:"Track>Trackpoint"`
}

// parseTCX reads a Garmin Training Center file: one Activity per Activity
// element, its laps as splits, trackpoints for distance, elevation and HR.
func parseTCX(data []byte) ([]Activity, error) {
	var out []Activity
	err := xmlElements(data, "TCX", "TrainingCenterDatabase", "Activity", func(t *tcxActivity) error {
		start, err := time.Parse(time.RFC3339, strings.TrimSpace(t.ID))
		if err != nil && len(t.Laps) > 0 {
			start, err = time.Parse(time.RFC3339, t.Laps[0].StartTime)
		}
		if err != nil {
			return errors.New("has an activity without a start time")
		}
		a := Activity{Source: "tcx", StartedAt: start.UTC(), Sport: textSport(t.Sport)}
		var secs float64
		alt := elevation{}
		for _, l := range t.Laps {
			secs += l.Seconds
			a.DistanceM += l.Distance
			a.Calories += l.Calories
			a.MaxHR = max(a.MaxHR, l.MaxHR)
			a.Splits = append(a.Splits, Split{DistanceM: math.Round(l.Distance), Seconds: round1(l.Seconds), AvgHR: l.AvgHR})
			for _, p := range l.Points {
				ts, err := time.Parse(time.RFC3339, p.Time)
				if err != nil {
					continue
				}
				s := sample{T: ts, Dist: -1, HR: p.HR}
				if p.Distance != nil {
					s.Dist = *p.Distance
				}
				if p.Altitude != nil {
					alt.add(*p.Altitude)
				}
				a.samples = append(a.samples, s)
			}
		}
		a.Duration = time.Duration(secs * float64(time.Second))
		a.ElevationGainM = alt.gain
		out = append(out, a)
		return nil
	})
	return out, err
}

type gpxTrack struct {
	Type     string `xml:"type"`
	Segments []struct {
		Points []struct {
			Lat  float64  `xml:"lat,attr"`
			Lon  float64  `xml:"lon,attr"`
			Ele  *float64 `xml:"ele"`
			Time string   `xml:"time"`
			HR   int      `xml:"extensions>TrackPointExtension>hr"`
		} `xml:"trkpt"`
	} `xml:"trkseg"`
}

// parseGPX reads a GPX track: one Activity per trk; distance is measured
// along the points (which are then dropped), elevation gain from ele.
func parseGPX(data []byte) ([]Activity, error) {
	var out []Activity
	err := xmlElements(data, "GPX", "gpx", "trk", func(t *gpxTrack) error {
		a := Activity{Source: "gpx", Sport: textSport(t.Type)}
		alt := elevation{}
		var dist float64
		var lastLat, lastLon float64
		first := true
		for _, seg := range t.Segments {
			for _, p := range seg.Points {
				ts, err := time.Parse(time.RFC3339, p.Time)
				if err != nil {
					continue
				}
				if !first {
					dist += haversine(lastLat, lastLon, p.Lat, p.Lon)
				}
				first, lastLat, lastLon = false, p.Lat, p.Lon
				if p.Ele != nil {
					alt.add(*p.Ele)
				}
				a.samples = append(a.samples, sample{T: ts, Dist: dist, HR: p.HR})
			}
		}
		if len(a.samples) == 0 {
			return errors.New("has a track without timed points")
		}
		a.StartedAt = a.samples[0].T.UTC()
		a.ElevationGainM = alt.gain
		out = append(out, a)
		return nil
	})
	return out, err
}

// elevation sums the climbs of an altitude series, ignoring changes under a
// metre (GPS and barometer noise).
type elevation struct {
	gain, ref float64
	set       bool
}

func (e *elevation) add(alt float64) {
	switch {
	case !e.set:
		e.ref, e.set = alt, true
	case alt-e.ref >= 1:
		e.gain += alt - e.ref
		e.ref = alt
	case e.ref-alt >= 1:
		e.ref = alt
	}
}

// haversine is the great-circle distance in metres.
func haversine(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371000
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * r * math.Asin(math.Sqrt(h))
}

// textSport maps the sport names TCX and GPX files use (Garmin's "Running",
// Strava's "running" or its numeric codes) to ours.
func textSport(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case s == "9" || strings.Contains(s, "run"):
		return SportRun
	case s == "1" || strings.Contains(s, "bik") || strings.Contains(s, "cycl") || strings.Contains(s, "ride"):
		return SportBike
	case strings.Contains(s, "row"):
		return SportRow
	case strings.Contains(s, "ski"):
		return SportSki
	case strings.Contains(s, "swim"):
		return SportSwim
	case strings.Contains(s, "walk"):
		return SportWalk
	case strings.Contains(s, "hik"):
		return SportHike
	}
	return SportOther
}
