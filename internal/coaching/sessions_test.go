package coaching

import (
	"strings"
	"testing"
	"time"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// Europe/London moves to summer time on Sunday 29 March 2026: a Monday
// 07:00 window is 07:00 UTC before it and 06:00 UTC after, and an athlete in
// New York (summer time since 8 March) sees 03:00 then 02:00.
func TestFreeSlotsFollowTheCoachZoneAcrossDST(t *testing.T) {
	london := mustZone(t, "Europe/London")
	ny := mustZone(t, "America/New_York")
	av := Availability{Weekly: []Window{{Weekday: 1, Start: "07:00", End: "08:00"}}}
	from := time.Date(2026, 3, 22, 0, 0, 0, 0, time.UTC)
	got := FreeSlots(av, london, from, from.Add(14*24*time.Hour), nil, 30)
	want := []time.Time{
		time.Date(2026, 3, 23, 7, 0, 0, 0, time.UTC), time.Date(2026, 3, 23, 7, 30, 0, 0, time.UTC),
		time.Date(2026, 3, 30, 6, 0, 0, 0, time.UTC), time.Date(2026, 3, 30, 6, 30, 0, 0, time.UTC),
	}
	if len(got) != len(want) {
		t.Fatalf("slots %v, want %v", got, want)
	}
	for i := range want {
		if !got[i].Equal(want[i]) {
			t.Errorf("slot %d: %v, want %v", i, got[i], want[i])
		}
	}
	if h := got[0].In(ny).Hour(); h != 3 {
		t.Errorf("New York sees the first at %d:00, want 3:00", h)
	}
	if h := got[2].In(ny).Hour(); h != 2 {
		t.Errorf("New York sees the third at %d:00, want 2:00", h)
	}
	// 60 minutes: one start per window.
	if got := FreeSlots(av, london, from, from.Add(14*24*time.Hour), nil, 60); len(got) != 2 || !got[1].Equal(want[2]) {
		t.Errorf("60-minute slots %v", got)
	}
}

// On the night of the change the hour that does not exist opens no slot.
func TestFreeSlotsSkipTheLostHour(t *testing.T) {
	london := mustZone(t, "Europe/London")
	av := Availability{Weekly: []Window{{Weekday: 0, Start: "00:30", End: "02:30"}}}
	from := time.Date(2026, 3, 29, 0, 0, 0, 0, time.UTC)
	got := FreeSlots(av, london, from, from.Add(24*time.Hour), nil, 30)
	// 00:30 GMT, then 02:00 BST (=01:00 UTC); 01:00 and 01:30 do not exist.
	want := []time.Time{time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC), time.Date(2026, 3, 29, 1, 0, 0, 0, time.UTC)}
	if len(got) != len(want) {
		t.Fatalf("slots %v, want %v", got, want)
	}
	for i := range want {
		if !got[i].Equal(want[i]) {
			t.Errorf("slot %d: %v, want %v", i, got[i], want[i])
		}
	}
}

func TestFreeSlotsTakenAndExceptions(t *testing.T) {
	av := Availability{Weekly: []Window{{Weekday: 1, Start: "07:00", End: "09:00"}},
		Exceptions: []Exception{{Date: "2026-03-09", Kind: "off"}, {Date: "2026-03-10", Kind: "extra", Start: "12:00", End: "13:00"}}}
	from := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	taken := map[time.Time]bool{time.Date(2026, 3, 2, 7, 30, 0, 0, time.UTC): true}
	got := FreeSlots(av, time.UTC, from, from.Add(10*24*time.Hour), taken, 60)
	var s []string
	for _, g := range got {
		s = append(s, g.Format("01-02 15:04"))
	}
	if strings.Join(s, ",") != "03-02 08:00,03-10 12:00" {
		t.Fatalf("60-minute slots %v", s)
	}
}

func TestValidateAvailability(t *testing.T) {
	av, err := ValidateAvailability(Availability{
		Weekly:     []Window{{Weekday: 5, Start: "17:00", End: "24:00"}, {Weekday: 1, Start: "07:00", End: "09:00"}},
		Exceptions: []Exception{{Date: "2026-03-01", Kind: "off"}, {Date: "2026-03-05", Kind: "off", Start: "x"}},
	}, "2026-03-02")
	if err != nil {
		t.Fatal(err)
	}
	if av.Weekly[0].Weekday != 1 || len(av.Exceptions) != 1 || av.Exceptions[0].Start != "" {
		t.Fatalf("cleaned: %+v", av)
	}
	for _, bad := range []Availability{
		{Weekly: []Window{{Weekday: 1, Start: "7:00", End: "09:00"}}},
		{Weekly: []Window{{Weekday: 1, Start: "07:00", End: "24:30"}}},
		{Weekly: []Window{{Weekday: 1, Start: "07:00", End: "07:00"}}},
		{Weekly: []Window{{Weekday: 1, Start: "07:00", End: "09:00"}, {Weekday: 1, Start: "08:30", End: "10:00"}}},
		{Exceptions: []Exception{{Date: "2026-02-30", Kind: "off"}}},
		{Exceptions: []Exception{{Date: "2026-03-09", Kind: "extra", Start: "10:00", End: "09:00"}}},
	} {
		if _, err := ValidateAvailability(bad, "2026-03-02"); err == nil {
			t.Errorf("%+v must be refused", bad)
		}
	}
}

func TestValidateLink(t *testing.T) {
	for _, ok := range []string{"https://meet.example.com/abc?x=1", " http://zoom.example/j/1 "} {
		if _, err := ValidateLink(LinkInput{URL: ok}); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "javascript:alert(1)", "ftp://x/y", "//x.example", "https://", "https://a b.example",
		"https://x.example/" + strings.Repeat("a", 500)} {
		if _, err := ValidateLink(LinkInput{URL: bad}); err == nil {
			t.Errorf("%q must be refused", bad)
		}
	}
}

// parseICS unfolds an RFC 5545 stream and returns its content lines; it
// fails on a bare LF, an unfolded line longer than 75 octets or a missing
// CRLF at the end.
func parseICS(t *testing.T, s string) []string {
	t.Helper()
	if !strings.HasSuffix(s, "\r\n") {
		t.Fatal("the calendar must end with CRLF")
	}
	phys := strings.Split(strings.TrimSuffix(s, "\r\n"), "\r\n")
	var out []string
	for _, p := range phys {
		if strings.Contains(p, "\n") || strings.Contains(p, "\r") {
			t.Fatalf("bare line break in %q", p)
		}
		if len(p) > 75 {
			t.Fatalf("line longer than 75 octets: %q", p)
		}
		if strings.HasPrefix(p, " ") {
			out[len(out)-1] += p[1:]
			continue
		}
		out = append(out, p)
	}
	return out
}

func icsValue(lines []string, name string) (string, bool) {
	for _, l := range lines {
		i := strings.IndexAny(l, ":;")
		if i > 0 && l[:i] == name {
			return l[strings.IndexByte(l, ':')+1:], true
		}
	}
	return "", false
}

func unescapeText(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\;`, ";", `\,`, ",", `\n`, "\n").Replace(s)
}

func TestSessionICSParsesBack(t *testing.T) {
	start := time.Date(2026, 3, 4, 17, 0, 0, 0, time.UTC)
	x := Session{ID: 42, CoachName: "Alex Morgan, \"Coach\"; Élite sled specialist with a very long name that folds", AthleteUsername: "ana",
		Start: start, End: start.Add(time.Hour), Minutes: 60, MeetingLink: "https://meet.example.com/abc;def"}
	stamp := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	req := parseICS(t, SessionICS(x, "REQUEST", "coach@example.com", "ana@example.com", stamp))
	for name, want := range map[string]string{
		"BEGIN": "VCALENDAR", "METHOD": "REQUEST", "UID": "coaching-session-42@hyrox-training-hub", "SEQUENCE": "0",
		"DTSTART": "20260304T170000Z", "DTEND": "20260304T180000Z", "DTSTAMP": "20260302T120000Z", "STATUS": "CONFIRMED",
		"ORGANIZER": "mailto:coach@example.com", "ATTENDEE": "mailto:ana@example.com", "URL": x.MeetingLink,
	} {
		if got, ok := icsValue(req, name); !ok || got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	summary, _ := icsValue(req, "SUMMARY")
	if unescapeText(summary) != "1:1 HYROX coaching: "+x.CoachName+" and ana" {
		t.Errorf("summary %q", summary)
	}
	if desc, _ := icsValue(req, "DESCRIPTION"); !strings.Contains(unescapeText(desc), "\nMeeting link: "+x.MeetingLink) {
		t.Errorf("description %q", desc)
	}
	if req[len(req)-1] != "END:VCALENDAR" {
		t.Errorf("last line %q", req[len(req)-1])
	}

	x.sequence = 1
	x.Cancelled = true
	cancel := parseICS(t, SessionICS(x, "CANCEL", "coach@example.com", "ana@example.com", stamp))
	for name, want := range map[string]string{"METHOD": "CANCEL", "UID": "coaching-session-42@hyrox-training-hub", "SEQUENCE": "1", "STATUS": "CANCELLED"} {
		if got, _ := icsValue(cancel, name); got != want {
			t.Errorf("cancel %s: %q, want %q", name, got, want)
		}
	}
}
