package training

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("want %s, got %v", code, err)
	}
}

func planBySlug(t *testing.T, svc *Service, d *db.DB, slug string) PlanDetail {
	t.Helper()
	var id int64
	if err := d.QueryRow(context.Background(), `SELECT id FROM programs WHERE slug = ?`, slug).Scan(&id); err != nil {
		t.Fatal(err)
	}
	p, err := svc.Plan(context.Background(), id, "elite")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sessionSets(w Week) (sets, minutes int) {
	for _, s := range w.Sessions {
		if s.Kind == KindRace {
			continue
		}
		minutes += s.Minutes
		for _, e := range s.Exercises {
			sets += max(e.Sets, 1)
		}
	}
	return sets, minutes
}

// The seeded plans progress: build weeks grow, the deload week drops, the
// last week tapers into race day.
func TestCataloguePlansAreProgressive(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc, _ := setup(t, d)
		p := planBySlug(t, svc, d, "station-strength-foundations") // 6 weeks, deload in week 4
		if len(p.Weeks) != 6 {
			t.Fatalf("%d weeks", len(p.Weeks))
		}
		s1, _ := sessionSets(p.Weeks[0])
		s3, _ := sessionSets(p.Weeks[2])
		s4, m4 := sessionSets(p.Weeks[3])
		s6, m6 := sessionSets(p.Weeks[5])
		_, m3 := sessionSets(p.Weeks[2])
		if !(s3 > s1) || !(s4 < s1) || !(m4 < m3) || !(s6 < s3) || !(m6 < m3) {
			t.Fatalf("sets w1 %d w3 %d deload %d taper %d; minutes w3 %d deload %d taper %d", s1, s3, s4, s6, m3, m4, m6)
		}
		// Loads climb in build weeks and return to week 1 in the deload.
		load := func(w Week) float64 { return w.Sessions[0].Exercises[0].LoadKg }
		if !(load(p.Weeks[2]) > load(p.Weeks[0])) || load(p.Weeks[3]) != load(p.Weeks[0]) {
			t.Fatalf("sled loads %v %v %v", load(p.Weeks[0]), load(p.Weeks[2]), load(p.Weeks[3]))
		}
		// Race implements keep their standard weight in every week.
		for _, w := range planBySlug(t, svc, d, "hyrox-wod-starter").Weeks {
			for _, s := range w.Sessions {
				for _, e := range s.Exercises {
					if e.Exercise == "Wall Balls" && e.LoadKg != 0 && e.LoadKg != 6 || e.Exercise == "Farmers Carry" && e.LoadKg != 0 && e.LoadKg != 24 {
						t.Errorf("week %d %s: %s at %v kg", w.Week, s.Title, e.Exercise, e.LoadKg)
					}
				}
			}
		}
		last := p.Weeks[5].Sessions[len(p.Weeks[5].Sessions)-1]
		if last.Kind != KindRace || last.Day != 7 {
			t.Fatalf("last session %+v", last)
		}
		for _, w := range p.Weeks {
			for _, s := range w.Sessions {
				if len(s.Exercises) == 0 || s.Minutes <= 0 || s.RPE < 1 {
					t.Errorf("week %d %s: not structured", w.Week, s.Title)
				}
			}
		}
	})
}

func TestStartPlanPutsSessionsOnTheCalendar(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d) // today is Wednesday 2026-03-04
		user := dbtest.NewUser(t, d, "athlete", "basic")
		other := dbtest.NewUser(t, d, "other", "basic")
		p := planBySlug(t, svc, d, "hyrox-wod-starter") // basic, 4 weeks, Mon/Wed/Fri + race day
		// Starting on Wednesday: week 1 is this week, Monday's session is left out.
		res, err := svc.Start(ctx, user, "basic", p.ID, StartInput{StartDate: "2026-03-04"})
		if err != nil {
			t.Fatal(err)
		}
		if res.EndDate != "2026-03-29" || res.Sessions != 13-1 {
			t.Fatalf("start %+v", res)
		}
		cal, err := svc.Calendar(ctx, user, "2026-03-02", "2026-03-08")
		if err != nil {
			t.Fatal(err)
		}
		if len(cal.Sessions) != 2 || cal.Sessions[0].Date != "2026-03-04" || cal.Sessions[1].Date != "2026-03-06" ||
			cal.Sessions[0].Status != "planned" || cal.Sessions[0].ProgramName != p.Name || len(cal.Sessions[0].Exercises) == 0 {
			t.Fatalf("week 1: %+v", cal.Sessions)
		}
		// Another athlete sees nothing and cannot read or change it.
		if c, _ := svc.Calendar(ctx, other, "2026-03-01", "2026-03-31"); len(c.Sessions) != 0 {
			t.Fatal("other athlete sees sessions")
		}
		first := cal.Sessions[0]
		_, err = svc.CalendarSession(ctx, other, first.ID)
		wantCode(t, err, apperr.CodeNotFound)
		_, err = svc.PatchSession(ctx, other, first.ID, SessionPatch{Status: ptr("skipped")})
		wantCode(t, err, apperr.CodeNotFound)

		// Move and skip; bad input changes nothing.
		_, err = svc.PatchSession(ctx, user, first.ID, SessionPatch{Date: ptr("2026-13-01")})
		wantField(t, err, "date", `date must be a date as YYYY-MM-DD, not "2026-13-01"`)
		_, err = svc.PatchSession(ctx, user, first.ID, SessionPatch{Status: ptr("gone")})
		wantField(t, err, "status", "Status must be planned or skipped")
		moved, err := svc.PatchSession(ctx, user, first.ID, SessionPatch{Date: ptr("2026-03-05")})
		if err != nil || moved.Date != "2026-03-05" || moved.OriginalDate != "2026-03-04" {
			t.Fatalf("move: %+v %v", moved, err)
		}
		skipped, err := svc.PatchSession(ctx, user, cal.Sessions[1].ID, SessionPatch{Status: ptr("skipped")})
		if err != nil || skipped.Status != "skipped" {
			t.Fatalf("skip: %+v %v", skipped, err)
		}
		// A done session (log linked) cannot be skipped.
		if _, err := d.Exec(ctx, `INSERT INTO workout_logs (user_id, workout_id, workout_name, duration, rating, notes, exercises, completed_epoch, completed_at, created_at, updated_at)
			SELECT ?, id, name, 30, 4, '', '{}', 0, ?, ?, ? FROM workouts ORDER BY id LIMIT 1`, user, time.Now(), time.Now(), time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, `UPDATE calendar_sessions SET log_id = (SELECT MAX(id) FROM workout_logs) WHERE id = ?`, first.ID); err != nil {
			t.Fatal(err)
		}
		_, err = svc.PatchSession(ctx, user, first.ID, SessionPatch{Status: ptr("skipped")})
		wantField(t, err, "status", "This session is done: delete its log to skip it")
		done, _ := svc.CalendarSession(ctx, user, first.ID)
		if done.Status != "done" || done.LogID == nil {
			t.Fatalf("done: %+v", done)
		}

		// Day types: race on the last Sunday, training on session days, rest otherwise; skipped days rest.
		days, err := svc.DayTypes(ctx, user, "2026-03-04", "2026-03-29")
		if err != nil {
			t.Fatal(err)
		}
		if len(days) != 26 {
			t.Fatalf("%d days", len(days))
		}
		kinds := map[string]DayType{}
		for _, dt := range days {
			kinds[dt.Date] = dt
		}
		if kinds["2026-03-29"].Kind != KindRace || kinds["2026-03-05"].Kind != KindTraining || kinds["2026-03-04"].Kind != KindRest ||
			kinds["2026-03-06"].Kind != KindRest || kinds["2026-03-07"].Kind != KindRest {
			t.Fatalf("day types: %+v", days)
		}
		if k := kinds["2026-03-05"]; k.PlannedMinutes != done.Minutes || k.PlannedLoad != done.Minutes*done.RPE {
			t.Fatalf("load: %+v for %d min rpe %d", k, done.Minutes, done.RPE)
		}
		_, err = svc.DayTypes(ctx, user, "2026-03-04", "2027-03-29")
		wantField(t, err, "to", "Ask for at most 366 days at a time")

		// Starting again replaces the remaining sessions that are not done.
		if _, err := svc.Start(ctx, user, "basic", p.ID, StartInput{StartDate: "2026-03-09"}); err != nil {
			t.Fatal(err)
		}
		all, _ := svc.Calendar(ctx, user, "2026-03-01", "2026-04-30")
		if len(all.Sessions) != 1+13 || all.Sessions[0].ID != first.ID {
			t.Fatalf("restart: %d sessions", len(all.Sessions))
		}

		// Bad start input and tiers.
		_, err = svc.Start(ctx, user, "basic", p.ID, StartInput{StartDate: "2025-01-01"})
		wantField(t, err, "startDate", "The start date can be at most 4 weeks ago")
		_, err = svc.Start(ctx, user, "basic", p.ID, StartInput{StartDate: "next monday"})
		wantField(t, err, "startDate", `startDate must be a date as YYYY-MM-DD, not "next monday"`)
		pro := planBySlug(t, svc, d, "race-simulation-block")
		_, err = svc.Start(ctx, user, "basic", pro.ID, StartInput{StartDate: "2026-03-09"})
		wantCode(t, err, apperr.CodeForbidden)
		_, err = svc.Calendar(ctx, user, "2026-01-01", "2026-06-01")
		wantField(t, err, "to", "Ask for at most 62 days at a time")
	})
}

func validProgram(weeks int) ProgramInput {
	in := ProgramInput{Name: "My block", Status: "draft"}
	for range weeks {
		in.Weeks = append(in.Weeks, WeekInput{Focus: "Build", Sessions: []SessionInput{
			{Day: 1, Title: "Sleds", Minutes: 45, RPE: 7, Exercises: []SessionExercise{{Exercise: "Sled Push", Sets: 4, DistanceM: 25, LoadKg: 150}}},
			{Day: 6, Title: "Long run", Minutes: 60, RPE: 4, Exercises: []SessionExercise{{Exercise: "Run", DistanceM: 10000}}},
		}})
	}
	return in
}

func TestCustomProgramsRulesAndOwnership(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		elite := dbtest.NewUser(t, d, "elite", "elite")
		other := dbtest.NewUser(t, d, "other", "elite")
		count := func() int {
			var n int
			_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM program_sessions`).Scan(&n)
			return n
		}
		before := count()

		_, err := svc.CreateProgram(ctx, elite, "pro", validProgram(4))
		wantCode(t, err, apperr.CodeForbidden)
		bad := validProgram(2)
		bad.Weeks[1].Sessions[0].Day = 9
		bad.Weeks[0].Sessions[0].Exercises[0].LoadKg = -5
		_, err = svc.CreateProgram(ctx, elite, "elite", bad)
		wantField(t, err, "weeks[1].sessions[0].day", "Day must be 1 (Monday) to 7 (Sunday)")
		wantField(t, err, "weeks[0].sessions[0].exercises[0].loadKg", "Load cannot be negative")
		_, err = svc.CreateProgram(ctx, elite, "elite", validProgram(60))
		wantField(t, err, "weeks", "A program can have at most 52 weeks")
		noName := validProgram(1)
		noName.Name = " "
		_, err = svc.CreateProgram(ctx, elite, "elite", noName)
		wantField(t, err, "name", "Program name is required")
		unknown := validProgram(1)
		unknown.Weeks[0].Sessions[0].WorkoutID = ptr(FlexID(999999))
		_, err = svc.CreateProgram(ctx, elite, "elite", unknown)
		wantField(t, err, "weeks[0].sessions[0].workoutId", "That workout does not exist")
		if count() != before {
			t.Fatal("bad input wrote sessions")
		}

		p, err := svc.CreateProgram(ctx, elite, "elite", validProgram(4))
		if err != nil {
			t.Fatal(err)
		}
		if p.WeekCount != 4 || len(p.Weeks) != 4 || *p.AuthorID != elite || *p.AthleteID != elite || p.Status != "draft" ||
			p.Weeks[3].Sessions[0].Exercises[0].LoadKg != 150 {
			t.Fatalf("created %+v", p)
		}
		list, _ := svc.Programs(ctx, elite, "elite", 0)
		if len(list) != 1 {
			t.Fatalf("list %d", len(list))
		}
		if l, _ := svc.Programs(ctx, other, "elite", 0); len(l) != 0 {
			t.Fatal("other lists it")
		}
		// Someone else's program is a 404 for every operation.
		_, err = svc.Program(ctx, other, "elite", p.ID)
		wantCode(t, err, apperr.CodeNotFound)
		_, err = svc.UpdateProgram(ctx, other, "elite", p.ID, validProgram(1))
		wantCode(t, err, apperr.CodeNotFound)
		_, err = svc.Start(ctx, other, "elite", p.ID, StartInput{StartDate: "2026-03-09"})
		wantCode(t, err, apperr.CodeNotFound)
		wantCode(t, svc.DeleteProgram(ctx, other, "elite", p.ID), apperr.CodeNotFound)

		// Update (copy week 1 into a fifth week), then start it.
		in := validProgram(4)
		in.Weeks = append(in.Weeks, in.Weeks[0])
		in.Name = "My block v2"
		up, err := svc.UpdateProgram(ctx, elite, "elite", p.ID, in)
		if err != nil || up.WeekCount != 5 || up.Name != "My block v2" {
			t.Fatalf("update %+v %v", up, err)
		}
		res, err := svc.Start(ctx, elite, "elite", p.ID, StartInput{StartDate: "2026-03-09"})
		if err != nil || res.Sessions != 10 {
			t.Fatalf("start %+v %v", res, err)
		}
		got, _ := svc.Program(ctx, elite, "elite", p.ID)
		if got.Status != "published" {
			t.Fatalf("status %s", got.Status)
		}
		_, err = svc.Start(ctx, elite, "pro", p.ID, StartInput{StartDate: "2026-03-09"})
		wantCode(t, err, apperr.CodeForbidden)
		if err := svc.DeleteProgram(ctx, elite, "elite", p.ID); err != nil {
			t.Fatal(err)
		}
		if c, _ := svc.Calendar(ctx, elite, "2026-03-01", "2026-04-30"); len(c.Sessions) != 0 {
			t.Fatal("deleted program left calendar sessions")
		}
	})
}

// parseICS unfolds an iCalendar body and checks the RFC 5545 framing: CRLF
// line ends, no physical line over 75 octets, balanced BEGIN/END.
func parseICS(t *testing.T, body []byte) []string {
	t.Helper()
	if !bytes.HasSuffix(body, []byte("\r\n")) {
		t.Fatal("body does not end with CRLF")
	}
	phys := strings.Split(strings.TrimSuffix(string(body), "\r\n"), "\r\n")
	var lines []string
	for _, l := range phys {
		if strings.Contains(l, "\n") || strings.Contains(l, "\r") {
			t.Fatalf("bare LF/CR in %q", l)
		}
		if len(l) > 75 {
			t.Fatalf("line of %d octets: %q", len(l), l)
		}
		if strings.HasPrefix(l, " ") {
			if len(lines) == 0 {
				t.Fatal("continuation first")
			}
			lines[len(lines)-1] += l[1:]
			continue
		}
		lines = append(lines, l)
	}
	var stack []string
	for _, l := range lines {
		if v, ok := strings.CutPrefix(l, "BEGIN:"); ok {
			stack = append(stack, v)
		}
		if v, ok := strings.CutPrefix(l, "END:"); ok {
			if len(stack) == 0 || stack[len(stack)-1] != v {
				t.Fatalf("END:%s without BEGIN", v)
			}
			stack = stack[:len(stack)-1]
		}
		if !strings.Contains(l, ":") {
			t.Fatalf("no name:value in %q", l)
		}
	}
	if len(stack) != 0 || lines[0] != "BEGIN:VCALENDAR" || lines[len(lines)-1] != "END:VCALENDAR" {
		t.Fatalf("unbalanced: %v", stack)
	}
	return lines
}

func unescapeText(s string) string {
	return strings.NewReplacer(`\n`, "\n", `\,`, ",", `\;`, ";", `\\`, `\`).Replace(s)
}

func TestICSFeed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		user := dbtest.NewUser(t, d, "athlete", "elite")
		in := validProgram(2)
		long := "Sleds, heavy; then a note \\ with a very long title that goes on to force folding é"
		in.Weeks[0].Sessions[0].Title = long
		in.Weeks[0].Sessions[0].Details = "Line one\nLine two, with comma; and semicolon. " + strings.Repeat("ééé ", 30)
		p, err := svc.CreateProgram(ctx, user, "elite", in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Start(ctx, user, "elite", p.ID, StartInput{StartDate: "2026-03-02"}); err != nil {
			t.Fatal(err)
		}
		if st, _ := svc.FeedStatus(ctx, user); st.Active {
			t.Fatal("feed before create")
		}
		f, err := svc.CreateFeed(ctx, user, "https://hyrox.example/")
		if err != nil {
			t.Fatal(err)
		}
		token, ok := strings.CutPrefix(f.URL, "https://hyrox.example/calendar/feed/")
		token, ok2 := strings.CutSuffix(token, ".ics")
		if !ok || !ok2 || len(token) < 40 {
			t.Fatalf("url %s", f.URL)
		}
		// Only the hash is stored.
		var stored string
		_ = d.QueryRow(ctx, `SELECT token_hash FROM calendar_feeds WHERE user_id = ?`, user).Scan(&stored)
		if stored == token || stored != hashToken(token) {
			t.Fatal("token stored in clear")
		}
		var buf bytes.Buffer
		if err := svc.FeedICS(ctx, token, &buf); err != nil {
			t.Fatal(err)
		}
		lines := parseICS(t, buf.Bytes())
		events, uids := 0, map[string]bool{}
		var sawTitle, sawDetails bool
		for i, l := range lines {
			switch {
			case l == "BEGIN:VEVENT":
				events++
				var has = map[string]bool{}
				for _, m := range lines[i:] {
					if m == "END:VEVENT" {
						break
					}
					name := m[:strings.IndexAny(m, ":;")]
					has[name] = true
					if name == "DTSTART" && !strings.HasPrefix(m, "DTSTART;VALUE=DATE:") {
						t.Fatalf("not all-day: %s", m)
					}
					if name == "UID" {
						uids[m] = true
					}
				}
				for _, need := range []string{"UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"} {
					if !has[need] {
						t.Fatalf("event %d lacks %s", events, need)
					}
				}
			case strings.HasPrefix(l, "SUMMARY:"):
				if unescapeText(strings.TrimPrefix(l, "SUMMARY:")) == long {
					sawTitle = true
				}
			case strings.HasPrefix(l, "DESCRIPTION:"):
				if strings.HasPrefix(unescapeText(strings.TrimPrefix(l, "DESCRIPTION:")), strings.TrimSpace(in.Weeks[0].Sessions[0].Details)) {
					sawDetails = true
				}
			}
		}
		if events != 4 || len(uids) != 4 || !sawTitle || !sawDetails {
			t.Fatalf("events %d uids %d title %v details %v\n%s", events, len(uids), sawTitle, sawDetails, buf.String())
		}
		if !strings.Contains(buf.String(), "DTSTART;VALUE=DATE:20260302\r\n") {
			t.Fatal("first session date missing")
		}

		// Rotate: the old URL stops working; revoke: the new one too.
		f2, err := svc.CreateFeed(ctx, user, "https://hyrox.example")
		if err != nil || f2.URL == f.URL {
			t.Fatal("rotate", err)
		}
		wantCode(t, svc.FeedICS(ctx, token, &bytes.Buffer{}), apperr.CodeNotFound)
		if err := svc.RevokeFeed(ctx, user); err != nil {
			t.Fatal(err)
		}
		token2 := strings.TrimSuffix(strings.TrimPrefix(f2.URL, "https://hyrox.example/calendar/feed/"), ".ics")
		wantCode(t, svc.FeedICS(ctx, token2, &bytes.Buffer{}), apperr.CodeNotFound)
		wantCode(t, svc.RevokeFeed(ctx, user), apperr.CodeNotFound)
	})
}

func TestExerciseLibrary(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc, _ := setup(t, d)
		stations := 0
		for _, e := range svc.Exercises() {
			if e.Category == "station" {
				stations++
				if len(e.Standards) != 4 {
					t.Errorf("%s: %d standards", e.Name, len(e.Standards))
				}
			}
			if len(e.HowTo) == 0 || len(e.Scaling) == 0 || e.Summary == "" {
				t.Errorf("%s incomplete", e.Name)
			}
		}
		if stations != 8 {
			t.Fatalf("%d stations", stations)
		}
		wb, err := svc.Exercise(context.Background(), "wall-balls")
		if err != nil || len(wb.Workouts) < 3 || wb.Standards[3].Standard != "9 kg to 3.00 m" {
			t.Fatalf("wall balls %+v %v", wb, err)
		}
		_, err = svc.Exercise(context.Background(), "nope")
		wantCode(t, err, apperr.CodeNotFound)
		for line, want := range map[string]string{"Burpee Broad Jumps": "burpee-broad-jumps", "Broad Jumps": "broad-jumps",
			"Sled Pull, hand over hand": "sled-pull", "Easy run warm-up": "run", "Rest between pairs": "", "Sandbag Walking Lunges": "sandbag-lunges"} {
			if got := exerciseSlug(line); got != want {
				t.Errorf("%q -> %q, want %q", line, got, want)
			}
		}
	})
}

func TestExportHoldsMyProgramsCalendarAndFeed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		ana, ben := dbtest.NewUser(t, d, "ana", "elite"), dbtest.NewUser(t, d, "ben", "elite")
		for _, u := range []int64{ana, ben} {
			p, err := svc.CreateProgram(ctx, u, "elite", validProgram(2))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Start(ctx, u, "elite", p.ID, StartInput{StartDate: "2026-03-09"}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.CreateFeed(ctx, ana, "http://x"); err != nil {
			t.Fatal(err)
		}
		out, err := svc.ExportUserData(ctx, ana)
		if err != nil {
			t.Fatal(err)
		}
		exp := out.(Export)
		if len(exp.Programs) != 1 || len(exp.Programs[0].Weeks) != 2 || *exp.Programs[0].AuthorID != ana ||
			len(exp.CalendarSessions) != 4 || !exp.CalendarFeed.Active || exp.CalendarFeed.URL != "" {
			t.Fatalf("export %+v", exp)
		}
		// Deleting the account removes its programs, calendar and feed; the other athlete keeps theirs.
		if _, err := d.Exec(ctx, `DELETE FROM users WHERE id = ?`, ana); err != nil {
			t.Fatal(err)
		}
		var n int
		_ = d.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM programs WHERE author_id = ?) + (SELECT COUNT(*) FROM calendar_sessions WHERE user_id = ?)
			+ (SELECT COUNT(*) FROM calendar_feeds WHERE user_id = ?)`, ana, ana, ana).Scan(&n)
		if n != 0 {
			t.Fatalf("%d rows left after account deletion", n)
		}
		if c, _ := svc.Calendar(ctx, ben, "2026-03-01", "2026-03-31"); len(c.Sessions) != 4 {
			t.Fatalf("ben's calendar: %d", len(c.Sessions))
		}
	})
}

func TestDemoSeedStartsAPlanOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		users := map[string]int64{"demo_basic": dbtest.NewUser(t, d, "demo_basic", "basic"), "demo_elite": dbtest.NewUser(t, d, "demo_elite", "elite")}
		count := func(u int64) int {
			var n int
			_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM calendar_sessions WHERE user_id = ?`, u).Scan(&n)
			return n
		}
		if err := Seed(ctx, d, users); err != nil {
			t.Fatal(err)
		}
		basic, elite := count(users["demo_basic"]), count(users["demo_elite"])
		if basic == 0 || elite == 0 {
			t.Fatalf("no demo calendar: %d %d", basic, elite)
		}
		if err := Seed(ctx, d, users); err != nil {
			t.Fatal(err)
		}
		if count(users["demo_basic"]) != basic || count(users["demo_elite"]) != elite {
			t.Fatal("seeding again changed the calendars")
		}
	})
}
