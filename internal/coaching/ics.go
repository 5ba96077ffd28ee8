package coaching

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// SessionICS is a session's iCalendar invitation (RFC 5545 / 5546): method
// REQUEST when booked, CANCEL when cancelled, with the same UID and a
// SEQUENCE that the cancellation increments. CRLF line ends, lines folded
// at 75 octets, TEXT values escaped.
func SessionICS(x Session, method, coachEmail, athleteEmail string, stamp time.Time) string {
	var b strings.Builder
	line := func(s string) { b.WriteString(foldLine(s)) }
	utc := func(t time.Time) string { return t.UTC().Format("20060102T150405Z") }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//HYROX Training Hub//Coaching sessions//EN")
	line("CALSCALE:GREGORIAN")
	line("METHOD:" + method)
	line("BEGIN:VEVENT")
	line(fmt.Sprintf("UID:coaching-session-%d@hyrox-training-hub", x.ID))
	line(fmt.Sprintf("SEQUENCE:%d", x.sequence))
	line("DTSTAMP:" + utc(stamp))
	line("DTSTART:" + utc(x.Start))
	line("DTEND:" + utc(x.End))
	line("SUMMARY:" + escapeText(fmt.Sprintf("1:1 HYROX coaching: %s and %s", x.CoachName, x.AthleteUsername)))
	desc := fmt.Sprintf("%d-minute 1:1 session with coach %s.", x.Minutes, x.CoachName)
	if x.MeetingLink != "" {
		desc += "\nMeeting link: " + x.MeetingLink
		line("URL:" + x.MeetingLink)
		line("LOCATION:" + escapeText(x.MeetingLink))
	}
	line("DESCRIPTION:" + escapeText(desc))
	line("ORGANIZER;CN=" + paramText(x.CoachName) + ":mailto:" + coachEmail)
	line("ATTENDEE;CN=" + paramText(x.AthleteUsername) + ";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:" + athleteEmail)
	if method == "CANCEL" {
		line("STATUS:CANCELLED")
	} else {
		line("STATUS:CONFIRMED")
	}
	line("END:VEVENT")
	line("END:VCALENDAR")
	return b.String()
}

// escapeText escapes an RFC 5545 TEXT value: backslash, semicolon, comma and
// newline (CR is dropped).
func escapeText(s string) string {
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", "")
	return r.Replace(s)
}

// paramText is a parameter value: quoted, with the characters a quoted
// value cannot hold (double quote, control characters) dropped.
func paramText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '"' || r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	return `"` + s + `"`
}

// foldLine ends a content line with CRLF, folding it so no physical line is
// longer than 75 octets (continuations start with a space) and never inside
// a UTF-8 sequence.
func foldLine(s string) string {
	var b strings.Builder
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the leading space counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
	return b.String()
}
