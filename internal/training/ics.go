package training

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
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

// Feed window: what the feed holds around today.
const (
	FeedPastDays   = 90
	FeedFutureDays = 365
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

// FeedICS writes the iCalendar of the feed whose token is token.
func (s *Service) FeedICS(ctx context.Context, token string, w io.Writer) error {
	if token == "" || len(token) > 100 {
		return errFeedNotFound
	}
	userID, ok, err := s.store.FeedUser(ctx, hashToken(token))
	if err != nil {
		return err
	}
	if !ok {
		return errFeedNotFound
	}
	today := s.today()
	ses, err := s.store.FeedSessions(ctx, userID, today.AddDate(0, 0, -FeedPastDays).Format(time.DateOnly),
		today.AddDate(0, 0, FeedFutureDays).Format(time.DateOnly))
	if err != nil {
		return err
	}
	return WriteICS(w, ses, s.now().UTC())
}

// WriteICS writes sessions as an RFC 5545 calendar: CRLF line ends, lines
// folded at 75 octets, TEXT values escaped, one all-day VEVENT per session.
func WriteICS(w io.Writer, sessions []CalendarSession, stamp time.Time) error {
	var b ical.Writer
	line := b.Line
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//HYROX Training Hub//Training calendar//EN")
	line("CALSCALE:GREGORIAN")
	line("METHOD:PUBLISH")
	line("X-WR-CALNAME:" + ical.Text("HYROX training"))
	dtstamp := stamp.UTC().Format("20060102T150405Z")
	for _, c := range sessions {
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
	}
	line("END:VCALENDAR")
	_, err := io.WriteString(w, b.String())
	return err
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
