package coaching

import (
	"fmt"
	"time"

	"hyrox/internal/ical"
)

// SessionICS is a session's iCalendar invitation (RFC 5545 / 5546): method
// REQUEST when booked, CANCEL when cancelled, with the same UID and a
// SEQUENCE that the cancellation increments. CRLF line ends, lines folded
// at 75 octets, TEXT values escaped.
func SessionICS(x Session, method, coachEmail, athleteEmail string, stamp time.Time) string {
	var b ical.Writer
	line := b.Line
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
	line("SUMMARY:" + ical.Text(fmt.Sprintf("1:1 HYROX coaching: %s and %s", x.CoachName, x.AthleteUsername)))
	desc := fmt.Sprintf("%d-minute 1:1 session with coach %s.", x.Minutes, x.CoachName)
	if x.MeetingLink != "" {
		desc += "\nMeeting link: " + x.MeetingLink
		line("URL:" + x.MeetingLink)
		line("LOCATION:" + ical.Text(x.MeetingLink))
	}
	line("DESCRIPTION:" + ical.Text(desc))
	line("ORGANIZER;CN=" + ical.Param(x.CoachName) + ":mailto:" + coachEmail)
	line("ATTENDEE;CN=" + ical.Param(x.AthleteUsername) + ";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:" + athleteEmail)
	if method == "CANCEL" {
		line("STATUS:CANCELLED")
	} else {
		line("STATUS:CONFIRMED")
	}
	line("END:VEVENT")
	line("END:VCALENDAR")
	return b.String()
}
