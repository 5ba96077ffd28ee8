package training

import (
	"context"
	"testing"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// coachOf is the coaching relation for these tests: athlete -> current
// coach (the server wires the real one from the coaching area).
type coachOf map[int64]int64

func (c coachOf) check(_ context.Context, coachID, athleteID int64) (bool, error) {
	return c[athleteID] == coachID && coachID != 0, nil
}

// A coach writes, edits, publishes and starts a program for an athlete they
// coach; the athlete sees it once published and cannot change it; nobody
// else reaches it; when the coaching ends the coach is locked out and the
// athlete keeps it (docs/training.md#programs-written-by-a-coach).
func TestCoachWritesProgramsForTheirAthlete(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, _ := setup(t, d)
		athlete := dbtest.NewUser(t, d, "athlete", "elite")
		coach := dbtest.NewUser(t, d, "coach", "basic") // coaches do not pay
		otherCoach := dbtest.NewUser(t, d, "othercoach", "basic")
		otherAthlete := dbtest.NewUser(t, d, "otherathlete", "elite")
		rel := coachOf{athlete: coach, otherAthlete: otherCoach}
		svc.UseCoachCheck(rel.check)
		svc.UseNames(func(_ context.Context, ids []int64) (map[int64]string, error) {
			return map[int64]string{coach: "Alex Morgan", athlete: "athlete"}, nil
		})
		programs := func() int {
			var n int
			_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM programs WHERE slug IS NULL`).Scan(&n)
			return n
		}
		forAthlete := func(weeks int) ProgramInput {
			in := validProgram(weeks)
			in.AthleteID = ptr(FlexID(athlete))
			return in
		}

		// Writing for someone you do not coach: 404, nothing written.
		_, err := svc.CreateProgram(ctx, otherCoach, "basic", forAthlete(1))
		wantCode(t, err, apperr.CodeNotFound)
		_, err = svc.CreateProgram(ctx, otherAthlete, "elite", forAthlete(1)) // an athlete writing for someone else
		wantCode(t, err, apperr.CodeNotFound)
		_, err = svc.Programs(ctx, otherCoach, "basic", athlete)
		wantCode(t, err, apperr.CodeNotFound)
		// Bad input from the coach names the field and writes nothing.
		bad := forAthlete(1)
		bad.Weeks[0].Sessions[0].Day = 0
		_, err = svc.CreateProgram(ctx, coach, "basic", bad)
		wantField(t, err, "weeks[0].sessions[0].day", "Day must be 1 (Monday) to 7 (Sunday)")
		if programs() != 0 {
			t.Fatal("refused creates wrote a program")
		}
		// A coach writing for themselves still needs elite.
		_, err = svc.CreateProgram(ctx, coach, "basic", validProgram(1))
		wantCode(t, err, apperr.CodeForbidden)

		p, err := svc.CreateProgram(ctx, coach, "basic", forAthlete(1))
		if err != nil {
			t.Fatal(err)
		}
		if *p.AuthorID != coach || *p.AthleteID != athlete || p.Status != "draft" || p.AuthorName != "Alex Morgan" || p.AthleteName != "athlete" {
			t.Fatalf("created %+v", p)
		}
		// The coach's draft is not the athlete's yet.
		if l, _ := svc.Programs(ctx, athlete, "elite", 0); len(l) != 0 {
			t.Fatalf("athlete lists a draft: %+v", l)
		}
		_, err = svc.Program(ctx, athlete, "elite", p.ID)
		wantCode(t, err, apperr.CodeNotFound)
		if l, err := svc.Programs(ctx, coach, "basic", athlete); err != nil || len(l) != 1 || l[0].ID != p.ID {
			t.Fatalf("coach list %+v %v", l, err)
		}
		// A coach's own list (no athlete) is their own programs: elite.
		_, err = svc.Programs(ctx, coach, "basic", 0)
		wantCode(t, err, apperr.CodeForbidden)

		// Edit: two weeks, published; the athlete cannot be changed.
		move := forAthlete(2)
		move.AthleteID = ptr(FlexID(otherAthlete))
		_, err = svc.UpdateProgram(ctx, coach, "basic", p.ID, move)
		wantField(t, err, "athleteId", "A program's athlete cannot be changed")
		in := forAthlete(2)
		in.Status = "published"
		in.Name = "Coach block"
		up, err := svc.UpdateProgram(ctx, coach, "basic", p.ID, in)
		if err != nil || up.WeekCount != 2 || up.Status != "published" || up.Name != "Coach block" {
			t.Fatalf("update %+v %v", up, err)
		}

		// Nobody else reaches it.
		for _, who := range []int64{otherCoach, otherAthlete} {
			_, err = svc.Program(ctx, who, "elite", p.ID)
			wantCode(t, err, apperr.CodeNotFound)
			_, err = svc.UpdateProgram(ctx, who, "elite", p.ID, validProgram(1))
			wantCode(t, err, apperr.CodeNotFound)
			_, err = svc.Start(ctx, who, "elite", p.ID, StartInput{StartDate: "2026-03-09"})
			wantCode(t, err, apperr.CodeNotFound)
			wantCode(t, svc.DeleteProgram(ctx, who, "elite", p.ID), apperr.CodeNotFound)
		}

		// The coach starts it: the sessions land on the athlete's calendar.
		res, err := svc.Start(ctx, coach, "basic", p.ID, StartInput{StartDate: "2026-03-09"})
		if err != nil || res.Sessions != 4 {
			t.Fatalf("start %+v %v", res, err)
		}
		if c, _ := svc.Calendar(ctx, athlete, "2026-03-09", "2026-03-22"); len(c.Sessions) != 4 || c.Sessions[0].ProgramID == nil || *c.Sessions[0].ProgramID != p.ID {
			t.Fatalf("athlete calendar %+v", c.Sessions)
		}
		if c, _ := svc.Calendar(ctx, coach, "2026-03-09", "2026-03-22"); len(c.Sessions) != 0 {
			t.Fatal("the coach's own calendar got the sessions")
		}
		// Bad start date: nothing changes.
		_, err = svc.Start(ctx, coach, "basic", p.ID, StartInput{StartDate: "2001-01-01"})
		wantField(t, err, "startDate", "The start date can be at most 4 weeks ago")

		// The athlete sees it, named, and cannot edit it.
		list, err := svc.Programs(ctx, athlete, "elite", 0)
		if err != nil || len(list) != 1 || list[0].AuthorName != "Alex Morgan" {
			t.Fatalf("athlete list %+v %v", list, err)
		}
		_, err = svc.UpdateProgram(ctx, athlete, "elite", p.ID, validProgram(1))
		wantCode(t, err, apperr.CodeForbidden)
		if got, _ := svc.Program(ctx, athlete, "elite", p.ID); got.WeekCount != 2 || got.Name != "Coach block" {
			t.Fatalf("athlete's edit changed it: %+v", got)
		}

		// The coaching ends: the coach is locked out, the athlete keeps it.
		delete(rel, athlete)
		_, err = svc.Program(ctx, coach, "basic", p.ID)
		wantCode(t, err, apperr.CodeNotFound)
		_, err = svc.UpdateProgram(ctx, coach, "basic", p.ID, in)
		wantCode(t, err, apperr.CodeNotFound)
		_, err = svc.Start(ctx, coach, "basic", p.ID, StartInput{StartDate: "2026-03-16"})
		wantCode(t, err, apperr.CodeNotFound)
		wantCode(t, svc.DeleteProgram(ctx, coach, "basic", p.ID), apperr.CodeNotFound)
		_, err = svc.CreateProgram(ctx, coach, "basic", forAthlete(1))
		wantCode(t, err, apperr.CodeNotFound)
		_, err = svc.Programs(ctx, coach, "basic", athlete)
		wantCode(t, err, apperr.CodeNotFound)
		if got, err := svc.Program(ctx, athlete, "elite", p.ID); err != nil || got.ID != p.ID {
			t.Fatalf("athlete lost it: %v", err)
		}
		if c, _ := svc.Calendar(ctx, athlete, "2026-03-09", "2026-03-22"); len(c.Sessions) != 4 {
			t.Fatalf("athlete calendar after the end %d", len(c.Sessions))
		}
		// The athlete may still start it again, and remove it.
		if _, err := svc.Start(ctx, athlete, "elite", p.ID, StartInput{StartDate: "2026-03-16"}); err != nil {
			t.Fatal(err)
		}
		if err := svc.DeleteProgram(ctx, athlete, "elite", p.ID); err != nil {
			t.Fatal(err)
		}
		if programs() != 0 {
			t.Fatal("the athlete's delete left the program")
		}
	})
}
