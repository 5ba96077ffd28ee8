package server_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// Programs a coach writes for an athlete (docs/training.md#programs-written-by-a-coach),
// with the coach actors of the authorization matrix: the athlete's own coach
// (allowed, no tier), a coach of another athlete, an athlete who coaches
// nobody (404, or the tier 403 below elite; nothing changed), and the
// coach once the coaching ended (404, TestCoachProgramOverHTTP).

type tProgram struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Status      string `json:"status"`
	AuthorID    int64  `json:"authorId"`
	AthleteID   int64  `json:"athleteId"`
	AuthorName  string `json:"authorName"`
	AthleteName string `json:"athleteName"`
	WeekCount   int    `json:"weekCount"`
	UpdatedAt   string `json:"updatedAt"`
}

// coachProgramBody is programBody written for athleteID.
func coachProgramBody(athleteID int64) map[string]any {
	b := programBody()
	b["athleteId"] = athleteID
	return b
}

// coachCase is one program operation done by a coach for their athlete.
type coachCase struct {
	Method, Path string
	// Setup returns the concrete path and body, given the athlete and the
	// path of a program their coach wrote for them.
	Setup func(athlete *servertest.Client, program string) (string, any)
}

var coachCases = []coachCase{
	{"GET", "/api/programs", func(a *servertest.Client, _ string) (string, any) {
		return fmt.Sprintf("/api/programs?athlete=%d", a.User.ID), nil
	}},
	{"POST", "/api/programs", func(a *servertest.Client, _ string) (string, any) {
		return "/api/programs", coachProgramBody(a.User.ID)
	}},
	{"GET", "/api/programs/{id}", func(_ *servertest.Client, p string) (string, any) { return p, nil }},
	{"PUT", "/api/programs/{id}", func(a *servertest.Client, p string) (string, any) {
		b := coachProgramBody(a.User.ID)
		b["name"] = "Changed"
		return p, b
	}},
	{"POST", "/api/programs/{id}/start", func(_ *servertest.Client, p string) (string, any) {
		return p + "/start", map[string]any{"startDate": thisMonday()}
	}},
	{"DELETE", "/api/programs/{id}", func(_ *servertest.Client, p string) (string, any) { return p, nil }},
}

// coachWrites has coach write a program for athlete and returns its path.
func coachWrites(t *testing.T, coach, athlete *servertest.Client) (string, tProgram) {
	t.Helper()
	var p tProgram
	coach.Do("POST", "/api/programs", coachProgramBody(athlete.User.ID)).Want(http.StatusCreated).JSON(&p)
	return fmt.Sprintf("/api/programs/%d", p.ID), p
}

// calendarCount is the number of sessions on c's calendar in the next two weeks.
func calendarCount(t *testing.T, c *servertest.Client) int {
	t.Helper()
	var cal struct {
		Sessions []struct{ ID int64 } `json:"sessions"`
	}
	from := thisMonday()
	c.Do("GET", "/api/calendar?from="+from+"&to="+addDays(from, 13), nil).Want(http.StatusOK).JSON(&cal)
	return len(cal.Sessions)
}

func TestCoachProgramsAuthorizationMatrix(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		trainingContent(t, e)
		athlete := e.NewUser()
		_, coach := coachedThread(t, e, athlete) // athlete is elite, coach is basic
		otherAthlete := e.NewUser()
		_, otherCoach := coachedThread(t, e, otherAthlete)
		nonCoach := e.NewUserWithTier("elite")

		for _, c := range coachCases {
			t.Run(c.Method+" "+c.Path, func(t *testing.T) {
				programPath, before := coachWrites(t, coach, athlete)
				path, body := c.Setup(athlete, programPath)
				cal := calendarCount(t, athlete)

				if res := e.Client().Do(c.Method, path, body); res.Status != http.StatusUnauthorized {
					t.Errorf("anonymous: %d, want 401", res.Status)
				}
				for name, who := range map[string]*servertest.Client{"another athlete's coach": otherCoach, "an athlete who coaches nobody": nonCoach} {
					// 404, or the tier 403 a basic coach gets before the
					// ownership check on a program that is not theirs.
					if res := who.Do(c.Method, path, body); res.Status != http.StatusNotFound && res.Status != http.StatusForbidden {
						t.Errorf("%s: %d, want 404 or 403; %s", name, res.Status, res.Body)
					}
				}
				// Nothing changed.
				var after tProgram
				coach.Do("GET", programPath, nil).Want(http.StatusOK).JSON(&after)
				if after != before {
					t.Errorf("refused requests changed the program: %+v -> %+v", before, after)
				}
				if n := calendarCount(t, athlete); n != cal {
					t.Errorf("refused requests changed the athlete's calendar: %d -> %d", cal, n)
				}
				var mine []tProgram
				otherCoach.Do("GET", fmt.Sprintf("/api/programs?athlete=%d", otherAthlete.User.ID), nil).Want(http.StatusOK).JSON(&mine)
				if len(mine) != 0 {
					t.Errorf("a refused create wrote for the other coach: %+v", mine)
				}

				if res := coach.Do(c.Method, path, body); !slices.Contains([]int{200, 201, 204}, res.Status) {
					t.Errorf("own coach: %d; %s", res.Status, res.Body)
				}
			})
		}
	})
}

// The flow over HTTP: the coach (no tier) writes a draft, publishes and
// starts it; the athlete sees it named on their list and calendar and
// cannot edit it; the athlete changes coach and the old coach is locked
// out while the athlete keeps the program.
func TestCoachProgramOverHTTP(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		trainingContent(t, e)
		athlete := e.NewUser()
		_, coach := coachedThread(t, e, athlete)

		// Bad input names the field and writes nothing; a bad athlete query is a 400.
		bad := coachProgramBody(athlete.User.ID)
		bad["name"] = " "
		if r := coach.Do("POST", "/api/programs", bad).Want(http.StatusBadRequest); r.FieldError("name") != "Program name is required" {
			t.Fatalf("no name: %s", r.Body)
		}
		if r := coach.Do("GET", "/api/programs?athlete=x", nil).Want(http.StatusBadRequest); r.FieldError("athlete") == "" {
			t.Fatalf("athlete=x: %s", r.Body)
		}
		var list []tProgram
		coach.Do("GET", fmt.Sprintf("/api/programs?athlete=%d", athlete.User.ID), nil).Want(http.StatusOK).JSON(&list)
		if len(list) != 0 {
			t.Fatalf("bad input wrote %+v", list)
		}

		// The athlete's list names the coach by their profile name.
		coach.Do("PUT", "/api/coaching/profile", map[string]any{"name": "Casey Coach", "timeZone": "Europe/London"}).Want(http.StatusOK)
		path, p := coachWrites(t, coach, athlete)
		if p.AuthorID != coach.User.ID || p.AthleteID != athlete.User.ID || p.Status != "draft" || p.AuthorName != "Casey Coach" || p.AthleteName != athlete.User.Username {
			t.Fatalf("created %+v", p)
		}
		athlete.Do("GET", "/api/programs", nil).Want(http.StatusOK).JSON(&list)
		if len(list) != 0 {
			t.Fatalf("the athlete sees the coach's draft: %+v", list)
		}
		athlete.Do("GET", path, nil).Want(http.StatusNotFound)

		body := coachProgramBody(athlete.User.ID)
		body["status"] = "published"
		coach.Do("PUT", path, body).Want(http.StatusOK)
		var started struct {
			Sessions int `json:"sessions"`
		}
		coach.Do("POST", path+"/start", map[string]any{"startDate": thisMonday()}).Want(http.StatusCreated).JSON(&started)
		if started.Sessions != 4 || calendarCount(t, athlete) != 4 || calendarCount(t, coach) != 0 {
			t.Fatalf("start: %d sessions, athlete %d, coach %d", started.Sessions, calendarCount(t, athlete), calendarCount(t, coach))
		}

		athlete.Do("GET", "/api/programs", nil).Want(http.StatusOK).JSON(&list)
		if len(list) != 1 || list[0].ID != p.ID || list[0].AuthorName != "Casey Coach" {
			t.Fatalf("athlete list %+v", list)
		}
		if r := athlete.Do("PUT", path, programBody()).Want(http.StatusForbidden); r.Message() != "Your coach wrote this program: only they can change it." {
			t.Fatalf("athlete edit: %s", r.Body)
		}

		// The athlete changes coach: the old coach is locked out.
		athlete.Do("PUT", "/api/coaching/coach", map[string]int64{"coachId": newCoach(t, e).User.ID}).Want(http.StatusOK)
		coach.Do("GET", path, nil).Want(http.StatusNotFound)
		coach.Do("PUT", path, body).Want(http.StatusNotFound)
		coach.Do("POST", path+"/start", map[string]any{"startDate": thisMonday()}).Want(http.StatusNotFound)
		coach.Do("DELETE", path, nil).Want(http.StatusNotFound)
		coach.Do("GET", fmt.Sprintf("/api/programs?athlete=%d", athlete.User.ID), nil).Want(http.StatusNotFound)
		coach.Do("POST", "/api/programs", coachProgramBody(athlete.User.ID)).Want(http.StatusNotFound)
		athlete.Do("GET", path, nil).Want(http.StatusOK)
		if n := calendarCount(t, athlete); n != 4 {
			t.Fatalf("athlete calendar after the coaching ended: %d", n)
		}
	})
}

// addDays is date (YYYY-MM-DD) plus n days.
func addDays(date string, n int) string {
	d, _ := time.Parse(time.DateOnly, date)
	return d.AddDate(0, 0, n).Format(time.DateOnly)
}
