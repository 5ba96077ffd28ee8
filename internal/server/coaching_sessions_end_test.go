package server_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
	"hyrox/internal/mail/mailtest"
	"hyrox/internal/server"
	"hyrox/internal/server/servertest"
)

// The rules under test: docs/coaching.md#when-the-coaching-ends and the
// meeting link's updated invitation (docs/coaching.md#11-sessions).

// sessionMail is one e-mail as received over SMTP, with its .ics unfolded
// into content lines.
type sessionMail struct {
	To, Subject, Body string
	ICS               []string
}

func (m sessionMail) ics(name string) string {
	for _, l := range m.ICS {
		i := strings.IndexAny(l, ":;")
		if i > 0 && l[:i] == name {
			return l[strings.IndexByte(l, ':')+1:]
		}
	}
	return ""
}

// readSessionMail parses a received message: its text part and the
// session.ics part (base64, CRLF lines folded at 75 octets).
func readSessionMail(t *testing.T, r mailtest.Received) sessionMail {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(r.Data))
	if err != nil {
		t.Fatal(err)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	out := sessionMail{To: strings.Join(r.To, ","), Subject: subject}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || params["boundary"] == "" {
		t.Fatalf("not multipart: %s", msg.Header.Get("Content-Type"))
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(p)
		if strings.HasPrefix(p.Header.Get("Content-Type"), "text/calendar") {
			raw, err := base64.StdEncoding.DecodeString(strings.NewReplacer("\r", "", "\n", "").Replace(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range strings.Split(strings.TrimSuffix(string(raw), "\r\n"), "\r\n") {
				if strings.HasPrefix(l, " ") && len(out.ICS) > 0 {
					out.ICS[len(out.ICS)-1] += l[1:]
					continue
				}
				out.ICS = append(out.ICS, l)
			}
			if ct := p.Header.Get("Content-Type"); !strings.Contains(ct, "method="+out.ics("METHOD")) {
				t.Errorf("part type %q does not name the method %q", ct, out.ics("METHOD"))
			}
			continue
		}
		out.Body = strings.ReplaceAll(string(data), "\r\n", "\n")
	}
	return out
}

// takeMails waits for n e-mails, then checks that no other arrives.
func takeMails(t *testing.T, smtpd *mailtest.Server, n int) []sessionMail {
	t.Helper()
	out := make([]sessionMail, 0, n)
	for range n {
		out = append(out, readSessionMail(t, smtpd.Wait(t, 10*time.Second)))
	}
	select {
	case extra := <-smtpd.Messages:
		t.Fatalf("one e-mail too many: to %v\n%s", extra.To, readSessionMail(t, extra).Subject)
	case <-time.After(300 * time.Millisecond):
	}
	return out
}

func uid(id int64) string { return fmt.Sprintf("coaching-session-%d@hyrox-training-hub", id) }

// withSMTP starts the app on url with e-mail to a test SMTP server.
func withSMTP(t *testing.T, url string, smtpd *mailtest.Server) *servertest.Env {
	return servertest.Start(t, url, "SMTP_HOST", smtpd.Host, "SMTP_PORT", strconv.Itoa(smtpd.Port),
		"SMTP_FROM", "HYROX <no-reply@hyrox.test>", "PUBLIC_URL", "https://hyrox.example.com")
}

var bothDatabases = map[string]func(testing.TB) string{"postgres": dbtest.PostgresURL, "sqlite": dbtest.SQLiteURL}

// checkCancelMails checks the cancellation e-mails of sessions (two each,
// athlete and coach): METHOD:CANCEL, the booking's UID, SEQUENCE one higher
// than the invitation's, STATUS:CANCELLED and the reason in the text.
func checkCancelMails(t *testing.T, got []sessionMail, sessions []coachSession, athlete, coach *servertest.Client, reason string) {
	t.Helper()
	for _, s := range sessions {
		var to []string
		for _, m := range got {
			if m.ics("UID") != uid(s.ID) {
				continue
			}
			to = append(to, m.To)
			if m.ics("METHOD") != "CANCEL" || m.ics("SEQUENCE") != "1" || m.ics("STATUS") != "CANCELLED" ||
				!strings.HasPrefix(m.Subject, "1:1 session cancelled") || !strings.Contains(m.Body, reason) {
				t.Errorf("session %d: e-mail to %s: %q\n%s\n%v", s.ID, m.To, m.Subject, m.Body, m.ICS)
			}
		}
		slices.Sort(to)
		want := []string{athlete.User.Email, coach.User.Email}
		slices.Sort(want)
		if !slices.Equal(to, want) {
			t.Errorf("session %d: cancellation e-mails to %v, want %v", s.ID, to, want)
		}
	}
}

// cancelledWithReason checks that c's list shows each of sessions
// cancelled, with reason, and that none can be cancelled again.
func cancelledWithReason(t *testing.T, c *servertest.Client, sessions []coachSession, reason string) {
	t.Helper()
	list := mySessions(t, c).Sessions
	for _, s := range sessions {
		i := slices.IndexFunc(list, func(x coachSession) bool { return x.ID == s.ID })
		if i < 0 {
			t.Errorf("%s's list lacks session %d: %+v", c.User.Username, s.ID, list)
			continue
		}
		if x := list[i]; !x.Cancelled || x.CanCancel || !strings.Contains(x.CancelReason, reason) {
			t.Errorf("%s sees session %d as %+v", c.User.Username, s.ID, x)
		}
	}
}

// An athlete who changes coach: the sessions ahead with the former coach
// are cancelled at once (the one 19 hours ahead too: the 24-hour rule is
// for the sides, not for the end of the coaching), both sides get the
// cancellation, the times are free again and the credits come back. The
// former coach's other athlete keeps their session.
func TestCoachingChangeOfCoachCancelsSessions(t *testing.T) {
	for name, url := range bothDatabases {
		t.Run(name, func(t *testing.T) {
			smtpd := mailtest.Start(t, mailtest.Options{})
			e := withSMTP(t, url(t), smtpd)
			athlete := e.NewUser()
			coach := sessionCoach(t, e, athlete)
			other := e.NewUserWithTier("elite")
			other.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200)

			var soon, later, kept coachSession
			book(athlete, coach.User.ID, "2026-03-03T07:00:00Z", 30).Want(201).JSON(&soon)
			book(athlete, coach.User.ID, "2026-03-04T17:00:00Z", 60).Want(201).JSON(&later)
			book(other, coach.User.ID, "2026-03-04T07:00:00Z", 30).Want(201).JSON(&kept)
			takeMails(t, smtpd, 6) // three invitations, two sides each

			next := newCoach(t, e)
			athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": next.User.ID}).Want(200)
			const reason = "the athlete chose another coach"
			// Sent by the change itself, not by the loop's next round.
			checkCancelMails(t, takeMails(t, smtpd, 4), []coachSession{soon, later}, athlete, coach, reason)
			for _, c := range []*servertest.Client{athlete, coach} {
				cancelledWithReason(t, c, []coachSession{soon, later}, reason)
			}
			if n, err := e.App.SendSessionCancellations(context.Background()); err != nil || n != 0 {
				t.Fatalf("the loop after the change: %d (%v), want 0", n, err)
			}
			takeMails(t, smtpd, 0)

			// The times are free: the other athlete books one of them.
			if s := slotsOf(t, other, 60); !hasSlot(s, "2026-03-04T17:00:00Z") || !hasSlot(s, "2026-03-03T07:00:00Z") {
				t.Fatalf("freed times are not free: %v", s)
			}
			book(other, coach.User.ID, "2026-03-04T17:00:00Z", 60).Want(201)
			// The other athlete's session stands; the athlete's March credits are whole.
			if got := mySessions(t, other); len(got.Sessions) != 2 || got.Sessions[0].ID != kept.ID || got.Sessions[0].Cancelled {
				t.Fatalf("the other athlete's sessions: %+v", got.Sessions)
			}
			if got := mySessions(t, athlete); got.Credits == nil || got.Credits.Left != 2 {
				t.Fatalf("credits after the change: %+v", got.Credits)
			}
			// A cancelled session takes no link and no second cancellation.
			coach.Do("PUT", fmt.Sprintf("/api/coaching/sessions/%d/link", later.ID), map[string]string{"url": "https://meet.example.com/a"}).Want(409)
			coach.Do("POST", fmt.Sprintf("/api/coaching/sessions/%d/cancel", later.ID), nil).Want(409)
			takeMails(t, smtpd, 2) // the other athlete's new booking only
		})
	}
}

// Elite ends at the end of the paid period: the coaching ends with it and
// the sessions booked after that are cancelled; the e-mails go out from the
// session loop (billing's tier change runs without a mailer).
func TestCoachingEliteEndCancelsSessions(t *testing.T) {
	for name, url := range bothDatabases {
		t.Run(name, func(t *testing.T) {
			const day = 24 * time.Hour
			smtpd := mailtest.Start(t, mailtest.Options{})
			e := withSMTP(t, url(t), smtpd)
			coach := newCoach(t, e)
			coach.Do("PUT", "/api/coaching/profile", map[string]any{"name": "Coach Kim", "timeZone": "Europe/London"}).Want(200)
			coach.Do("PUT", "/api/coaching/availability", demoWeek).Want(200)
			athlete := e.NewUser()
			subscribe(t, athlete, "price_elite_monthly", "elite", cardOK)
			athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200)
			athlete.Do("POST", "/api/cancel-subscription", nil).Want(200)
			for len(smtpd.Messages) > 0 { // billing's own e-mails, if any
				<-smtpd.Messages
			}

			st := status(t, athlete)
			if st.SubscriptionExpiresAt == nil {
				t.Fatalf("no period end: %+v", st)
			}
			periodEnd, err := time.Parse(time.RFC3339, *st.SubscriptionExpiresAt)
			if err != nil {
				t.Fatal(err)
			}
			// Three days before the period end: one session before it, one after.
			e.Clock.Set(periodEnd.Add(-3 * day))
			status(t, athlete)
			unread(t, coach)
			slots := slotsOf(t, athlete, 30)
			i := slices.IndexFunc(slots, func(s time.Time) bool { return s.After(periodEnd.Add(day)) })
			if i < 0 || slots[0].After(periodEnd) {
				t.Fatalf("no slots around the period end %v: %v", periodEnd, slots)
			}
			var before, after coachSession
			book(athlete, coach.User.ID, slots[0].Format(time.RFC3339), 30).Want(201).JSON(&before)
			book(athlete, coach.User.ID, slots[i].Format(time.RFC3339), 30).Want(201).JSON(&after)
			takeMails(t, smtpd, 4)

			e.Clock.Set(periodEnd.Add(2 * time.Hour))
			if st := status(t, athlete); st.SubscriptionTier != "basic" {
				t.Fatalf("after the period end: %+v", st)
			}
			takeMails(t, smtpd, 0) // nothing yet: the loop sends
			if n, err := e.App.SendSessionCancellations(context.Background()); err != nil || n != 1 {
				t.Fatalf("loop: %d (%v), want 1", n, err)
			}
			const reason = "Elite membership ended"
			checkCancelMails(t, takeMails(t, smtpd, 2), []coachSession{after}, athlete, coach, reason)
			// Below elite the athlete still reads their list (and the coach theirs).
			for _, c := range []*servertest.Client{athlete, coach} {
				cancelledWithReason(t, c, []coachSession{after}, reason)
			}
			// The session already over is not touched.
			var cancelled bool
			if err := e.App.DB.QueryRow(context.Background(), `SELECT cancelled_at IS NOT NULL FROM coach_sessions WHERE id = ?`,
				before.ID).Scan(&cancelled); err != nil || cancelled {
				t.Fatalf("the past session: cancelled %v (%v)", cancelled, err)
			}
		})
	}
}

// A coach made an athlete again (hyrox users set-role, another process
// without a mailer): every athlete's sessions ahead with them are cancelled
// in the same transaction, and two instances running the loop at once send
// each cancellation once.
func TestCoachingCoachRemovedCancelsSessionsOnce(t *testing.T) {
	for name, url := range bothDatabases {
		t.Run(name, func(t *testing.T) {
			smtpd := mailtest.Start(t, mailtest.Options{})
			dbURL := url(t)
			e1, e2 := withSMTP(t, dbURL, smtpd), withSMTP(t, dbURL, smtpd)
			a1 := e1.NewUser()
			coach := sessionCoach(t, e1, a1)
			a2 := e1.NewUserWithTier("elite")
			a2.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": coach.User.ID}).Want(200)
			var s1, s2, s3 coachSession
			book(a1, coach.User.ID, "2026-03-04T07:00:00Z", 30).Want(201).JSON(&s1)
			book(a1, coach.User.ID, "2026-03-09T17:00:00Z", 30).Want(201).JSON(&s2)
			book(a2, coach.User.ID, "2026-03-04T07:30:00Z", 60).Want(201).JSON(&s3)
			takeMails(t, smtpd, 6)

			if _, err := server.SetRole(context.Background(), e1.App.Config, e1.App.DB, e1.Clock.Now, coach.User.Username, "athlete"); err != nil {
				t.Fatal(err)
			}
			counts := onEveryInstanceAtOnce(t, (*server.App).SendSessionCancellations, e1, e2)
			if counts[0]+counts[1] != 3 {
				t.Fatalf("claimed %v, want 3 in all", counts)
			}
			got := takeMails(t, smtpd, 6)
			const reason = "the coach no longer coaches here"
			checkCancelMails(t, got, []coachSession{s1, s2}, a1, coach, reason)
			checkCancelMails(t, got, []coachSession{s3}, a2, coach, reason)
			cancelledWithReason(t, a1, []coachSession{s1, s2}, reason)
			cancelledWithReason(t, a2, []coachSession{s3}, reason)
			// Nothing is left due: a later round sends nothing.
			if n, err := e2.App.SendSessionCancellations(context.Background()); err != nil || n != 0 {
				t.Fatalf("again: %d (%v)", n, err)
			}
			takeMails(t, smtpd, 0)
		})
	}
}

// A new or changed meeting link sends the athlete the updated invitation
// (METHOD:REQUEST, same UID, SEQUENCE one higher, URL and LOCATION the
// link); the same link again sends nothing; the cancellation then carries
// the next SEQUENCE.
func TestCoachingSessionLinkUpdatesInvitation(t *testing.T) {
	for name, url := range bothDatabases {
		t.Run(name, func(t *testing.T) {
			smtpd := mailtest.Start(t, mailtest.Options{})
			e := withSMTP(t, url(t), smtpd)
			athlete := e.NewUser()
			coach := sessionCoach(t, e, athlete)
			var s coachSession
			book(athlete, coach.User.ID, "2026-03-04T17:00:00Z", 30).Want(201).JSON(&s)
			for _, m := range takeMails(t, smtpd, 2) {
				if m.ics("METHOD") != "REQUEST" || m.ics("SEQUENCE") != "0" || m.ics("UID") != uid(s.ID) || m.ics("URL") != "" {
					t.Fatalf("invitation: %v", m.ICS)
				}
			}
			path := fmt.Sprintf("/api/coaching/sessions/%d/link", s.ID)
			want := func(link, seq string) {
				t.Helper()
				got := takeMails(t, smtpd, 1)[0]
				if got.To != athlete.User.Email || got.ics("METHOD") != "REQUEST" || got.ics("UID") != uid(s.ID) ||
					got.ics("SEQUENCE") != seq || got.ics("URL") != link || got.ics("LOCATION") != link ||
					got.ics("STATUS") != "CONFIRMED" || got.ics("DTSTART") != "20260304T170000Z" ||
					!strings.HasPrefix(got.Subject, "1:1 session updated") || !strings.Contains(got.Body, link) {
					t.Fatalf("updated invitation (want link %s, sequence %s): to %s %q\n%s\n%v", link, seq, got.To, got.Subject, got.Body, got.ICS)
				}
			}
			first, second := "https://meet.example.com/abc", "https://video.example.org/room/7"
			coach.Do("PUT", path, map[string]string{"url": first}).Want(200)
			want(first, "1")
			coach.Do("PUT", path, map[string]string{"url": " " + first + " "}).Want(200) // the same link
			takeMails(t, smtpd, 0)
			// Refused changes send nothing: bad input, the athlete, someone else.
			coach.Do("PUT", path, map[string]string{"url": "ftp://x.example/a"}).Want(400)
			athlete.Do("PUT", path, map[string]string{"url": second}).Want(403)
			e.NewUserWithTier("elite").Do("PUT", path, map[string]string{"url": second}).Want(404)
			takeMails(t, smtpd, 0)
			coach.Do("PUT", path, map[string]string{"url": second}).Want(200)
			want(second, "2")
			if got := mySessions(t, athlete); len(got.Sessions) != 1 || got.Sessions[0].MeetingLink != second {
				t.Fatalf("athlete's view: %+v", got.Sessions)
			}
			athlete.Do("POST", fmt.Sprintf("/api/coaching/sessions/%d/cancel", s.ID), nil).Want(200)
			for _, m := range takeMails(t, smtpd, 2) {
				if m.ics("METHOD") != "CANCEL" || m.ics("SEQUENCE") != "3" || m.ics("UID") != uid(s.ID) {
					t.Fatalf("cancellation after two link changes: %v", m.ICS)
				}
			}
			// A side's own cancellation leaves the list (no reason to show).
			if got := mySessions(t, athlete); len(got.Sessions) != 0 {
				t.Fatalf("after cancelling: %+v", got.Sessions)
			}
		})
	}
}

// A booking and a change of coach at the same moment, through two
// instances: whichever commits first, no session with the former coach is
// left active (the booking either is refused or is cancelled by the end).
func TestCoachingBookingRacesTheEnd(t *testing.T) {
	for name, url := range bothDatabases {
		t.Run(name, func(t *testing.T) {
			dbURL := url(t)
			e1, e2 := servertest.Start(t, dbURL), servertest.Start(t, dbURL)
			starts := []string{"2026-03-04T07:00:00Z", "2026-03-04T07:30:00Z", "2026-03-04T08:00:00Z", "2026-03-04T08:30:00Z"}
			for _, start := range starts {
				athlete := e1.NewUser()
				coach := sessionCoach(t, e1, athlete)
				next := newCoach(t, e1)
				on2 := athlete.SameSessionOn(e2)
				var wg sync.WaitGroup
				var booked, chose int
				gate := make(chan struct{})
				wg.Add(2)
				go func() {
					defer wg.Done()
					<-gate
					booked = book(athlete, coach.User.ID, start, 30).Want(201, 403).Status
				}()
				go func() {
					defer wg.Done()
					<-gate
					chose = on2.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": next.User.ID}).Want(200).Status
				}()
				close(gate)
				wg.Wait()
				var active int
				if err := e1.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM coach_sessions
					WHERE athlete_id = ? AND coach_id = ? AND cancelled_at IS NULL`, athlete.User.ID, coach.User.ID).Scan(&active); err != nil {
					t.Fatal(err)
				}
				if active != 0 || chose != 200 {
					t.Fatalf("%s: booking %d, change %d: %d active sessions with the former coach", start, booked, chose, active)
				}
				if booked == 201 {
					cancelledWithReason(t, athlete, []coachSession{{ID: lastSessionID(t, e1, athlete.User.ID)}}, "chose another coach")
				}
			}
		})
	}
}

func lastSessionID(t *testing.T, e *servertest.Env, athleteID int64) int64 {
	t.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT MAX(id) FROM coach_sessions WHERE athlete_id = ?`, athleteID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}
