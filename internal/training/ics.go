package training

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/ical"
)

// The private calendar feed (docs/training.md#ics-feed): a secret token in the
// URL is the only credential, so only its SHA-256 is stored and a request is
// matched by looking the hash up (no byte-by-byte compare of secrets).

// FeedPathPrefix is where feeds are served: FeedPathPrefix + token + ".ics".
const FeedPathPrefix = "/calendar/feed/"

// Feed bounds (docs/training.md#ics-feed): what one fetch may cost, however
// full the calendar is. The window is what a phone calendar shows around
// today; with at most MaxSessionsPerDay sessions a day it holds at most
// 6 x 212 events, and MaxFeedEvents and MaxFeedBytes cap it anyway.
const (
	FeedPastDays   = 28
	FeedFutureDays = 183
	MaxFeedEvents  = 1000
	MaxFeedBytes   = 2 << 20
	// feedBufferBytes is what the feed gathers before each write: it streams
	// in pieces this size, never holding the whole calendar.
	feedBufferBytes = 32 << 10
)

var errFeedNotFound = apperr.Errorf(apperr.CodeNotFound, "That calendar feed does not exist or was revoked.")

// FeedInfo says whether userID has a feed; URL is only set when it was just
// created (the token is never stored, so it cannot be shown again).
type FeedInfo struct {
	Active    bool       `json:"active"`
	CreatedAt *time.Time `json:"createdAt"`
	URL       string     `json:"url,omitempty"`
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CreateFeed creates (or rotates: the old URL stops working) userID's feed
// token and returns its URL under publicURL.
func (s *Service) CreateFeed(ctx context.Context, userID int64, publicURL string) (FeedInfo, error) {
	buf := make([]byte, 32)
	if _, err := io.ReadFull(rand.Reader, buf); err != nil {
		return FeedInfo{}, err
	}
	token := base64.RawURLEncoding.EncodeToString(buf)
	now := s.now().UTC().Truncate(time.Microsecond)
	if err := s.store.SetFeed(ctx, userID, hashToken(token), now); err != nil {
		return FeedInfo{}, err
	}
	return FeedInfo{Active: true, CreatedAt: &now, URL: strings.TrimRight(publicURL, "/") + FeedPathPrefix + token + ".ics"}, nil
}

// FeedStatus says whether userID has a feed.
func (s *Service) FeedStatus(ctx context.Context, userID int64) (FeedInfo, error) {
	at, ok, err := s.store.Feed(ctx, userID)
	if err != nil || !ok {
		return FeedInfo{}, err
	}
	return FeedInfo{Active: true, CreatedAt: &at}, nil
}

// RevokeFeed deletes userID's feed; the URL stops working at once.
func (s *Service) RevokeFeed(ctx context.Context, userID int64) error {
	ok, err := s.store.DeleteFeed(ctx, userID)
	if err == nil && !ok {
		return errFeedNotFound
	}
	return err
}

// FeedOwner is the user whose feed token is token, or a 404.
func (s *Service) FeedOwner(ctx context.Context, token string) (int64, error) {
	if token == "" || len(token) > 100 {
		return 0, errFeedNotFound
	}
	userID, ok, err := s.store.FeedUser(ctx, hashToken(token))
	if err == nil && !ok {
		err = errFeedNotFound
	}
	return userID, err
}

// WriteFeed streams userID's feed to w: sessions from FeedPastDays back to
// FeedFutureDays ahead, at most MaxFeedEvents of them, written as they are
// read.
func (s *Service) WriteFeed(ctx context.Context, userID int64, w io.Writer) error {
	today := s.today()
	from, to := today.AddDate(0, 0, -FeedPastDays).Format(time.DateOnly), today.AddDate(0, 0, FeedFutureDays).Format(time.DateOnly)
	return writeICSStream(w, func(yield func(CalendarSession) error) error {
		return s.store.EachFeedSession(ctx, userID, from, to, MaxFeedEvents, yield)
	}, s.now().UTC())
}

// FeedICS writes the iCalendar of the feed whose token is token.
func (s *Service) FeedICS(ctx context.Context, token string, w io.Writer) error {
	userID, err := s.FeedOwner(ctx, token)
	if err != nil {
		return err
	}
	return s.WriteFeed(ctx, userID, w)
}

// WriteICS writes sessions as an RFC 5545 calendar (see writeICSStream).
func WriteICS(w io.Writer, sessions []CalendarSession, stamp time.Time) error {
	return writeICSStream(w, func(yield func(CalendarSession) error) error {
		for _, c := range sessions {
			if err := yield(c); err != nil {
				return err
			}
		}
		return nil
	}, stamp)
}

// errFeedFull stops the sessions' walk once the next event would pass MaxFeedBytes.
var errFeedFull = errors.New("feed full")

const icsFooter = "END:VCALENDAR\r\n"

// writeICSStream writes the sessions each yields as an RFC 5545 calendar:
// CRLF line ends, lines folded at 75 octets, TEXT values escaped, one all-day
// VEVENT per session. It writes through a feedBufferBytes buffer as events
// come, and stops before the calendar would pass MaxFeedBytes (the calendar
// always ends whole).
func writeICSStream(w io.Writer, each func(yield func(CalendarSession) error) error, stamp time.Time) error {
	bw := bufio.NewWriterSize(w, feedBufferBytes)
	var b ical.Writer
	b.Line("BEGIN:VCALENDAR")
	b.Line("VERSION:2.0")
	b.Line("PRODID:-//HYROX Training Hub//Training calendar//EN")
	b.Line("CALSCALE:GREGORIAN")
	b.Line("METHOD:PUBLISH")
	b.Line("X-WR-CALNAME:" + ical.Text("HYROX training"))
	written, _ := bw.WriteString(b.String())
	dtstamp := stamp.UTC().Format("20060102T150405Z")
	err := each(func(c CalendarSession) error {
		var ev ical.Writer
		if err := writeEvent(&ev, c, dtstamp); err != nil {
			return err
		}
		text := ev.String()
		if written+len(text)+len(icsFooter) > MaxFeedBytes {
			return errFeedFull
		}
		n, err := bw.WriteString(text)
		written += n
		return err
	})
	if err != nil && !errors.Is(err, errFeedFull) {
		return err
	}
	if _, err := bw.WriteString(icsFooter); err != nil {
		return err
	}
	return bw.Flush()
}

// writeEvent writes one session as a VEVENT.
func writeEvent(b *ical.Writer, c CalendarSession, dtstamp string) error {
	line := b.Line
	d, err := time.Parse(time.DateOnly, c.Date)
	if err != nil {
		return err
	}
	summary := c.Title
	switch c.Status {
	case "done":
		summary = "✓ " + summary
	case "skipped":
		summary += " (skipped)"
	}
	var desc []string
	if c.Details != "" {
		desc = append(desc, c.Details)
	}
	if c.Minutes > 0 {
		desc = append(desc, fmt.Sprintf("%d min", c.Minutes))
	}
	for _, e := range c.Exercises {
		desc = append(desc, "- "+exerciseText(e))
	}
	line("BEGIN:VEVENT")
	line(fmt.Sprintf("UID:calendar-session-%d@hyrox-training-hub", c.ID))
	line("DTSTAMP:" + dtstamp)
	line("DTSTART;VALUE=DATE:" + d.Format("20060102"))
	line("DTEND;VALUE=DATE:" + d.AddDate(0, 0, 1).Format("20060102"))
	line("SUMMARY:" + ical.Text(summary))
	if len(desc) > 0 {
		line("DESCRIPTION:" + ical.Text(strings.Join(desc, "\n")))
	}
	line("TRANSP:TRANSPARENT")
	if c.Status == "skipped" {
		line("STATUS:CANCELLED")
	} else {
		line("STATUS:CONFIRMED")
	}
	line("END:VEVENT")
	return nil
}

// exerciseText is one structured exercise as a short line.
func exerciseText(e SessionExercise) string {
	parts := []string{e.Exercise}
	if e.Sets > 0 {
		parts = append(parts, fmt.Sprintf("%d sets", e.Sets))
	}
	if e.Reps > 0 {
		parts = append(parts, fmt.Sprintf("%d reps", e.Reps))
	}
	if e.DistanceM > 0 {
		parts = append(parts, fmt.Sprintf("%d m", e.DistanceM))
	}
	if e.TimeS > 0 {
		parts = append(parts, fmt.Sprintf("%d s", e.TimeS))
	}
	if e.LoadKg > 0 {
		parts = append(parts, fmt.Sprintf("%g kg", e.LoadKg))
	}
	if e.TargetPace != "" {
		parts = append(parts, e.TargetPace)
	}
	return strings.Join(parts, ", ")
}
