package server_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"hyrox/internal/server/servertest"
)

// expectEvent reads the next event of a stream and checks its name; data
// is decoded into out.
func expectEvent(t *testing.T, events <-chan sseEvent, name string, out any) sseEvent {
	t.Helper()
	ev := nextEvent(t, events, 2*time.Second)
	if ev.Event != name || json.Unmarshal([]byte(ev.Data), out) != nil {
		t.Fatalf("want a %q event, got %+v", name, ev)
	}
	return ev
}

// expectQuiet checks that a stream hears nothing for a moment.
func expectQuiet(t *testing.T, events <-chan sseEvent) {
	t.Helper()
	select {
	case ev := <-events:
		t.Fatalf("unexpected event %+v", ev)
	case <-time.After(200 * time.Millisecond):
	}
}

// GET /api/live is every signed-in user's stream (docs/live.md): an
// athlete without a coach gets one (the coaching stream still refuses them),
// and it carries bookings, cancellations and answers as they happen, to the
// users concerned only, resuming from the stream's own event ids.
func TestLiveStreamCarriesEveryKind(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		asker := e.NewUser()
		asker.Do("GET", "/api/coaching/events", nil).Want(403)
		askerEvents, _ := openStreamAt(t, e, asker, "/api/live", "")
		stranger := e.NewUser()
		strangerEvents, _ := openStreamAt(t, e, stranger, "/api/live", "")

		// An answer reaches the asker.
		var q struct{ ID int64 }
		asker.Do("POST", "/api/coaching/questions", map[string]string{"body": "How do I pace the sled push?"}).Want(201).JSON(&q)
		answering := newCoach(t, e)
		answering.Do("POST", fmt.Sprintf("/api/coaching/questions/%d/answers", q.ID), map[string]string{"body": "Short steps, low hips."}).Want(201)
		var answer struct{ QuestionID int64 }
		first := expectEvent(t, askerEvents, "answer", &answer)
		if answer.QuestionID != q.ID {
			t.Fatalf("answer event for question %d, want %d", answer.QuestionID, q.ID)
		}

		// A booking and its cancellation reach the coach, live.
		athlete := e.NewUser()
		coach := sessionCoach(t, e, athlete)
		coachEvents, _ := openStreamAt(t, e, coach, "/api/live", "")
		var booked struct{ ID int64 }
		book(athlete, coach.User.ID, slotAfter(t, e, athlete, 49*time.Hour), 30).Want(201).JSON(&booked)
		var change struct {
			SessionID int64
			Change    string
		}
		expectEvent(t, coachEvents, "booking", &change)
		if change.SessionID != booked.ID || change.Change != "booked" {
			t.Fatalf("booking event %+v, want session %d booked", change, booked.ID)
		}
		athlete.Do("POST", fmt.Sprintf("/api/coaching/sessions/%d/cancel", booked.ID), nil).Want(200)
		expectEvent(t, coachEvents, "booking", &change)
		if change.SessionID != booked.ID || change.Change != "cancelled" {
			t.Fatalf("cancel event %+v", change)
		}

		// Nobody else hears of any of it, and a reconnect resumes after the
		// last event seen: nothing newer for the asker than their answer.
		expectQuiet(t, strangerEvents)
		resumed, _ := openStreamAt(t, e, asker, "/api/live", first.ID)
		expectQuiet(t, resumed)
		before, _ := openStreamAt(t, e, asker, "/api/live", "0")
		expectEvent(t, before, "answer", &answer)
	})
}

// A program a coach writes for their athlete reaches the athlete's open
// pages as a "program" event; the coach's own programs tell nobody.
func TestLiveProgramFromCoach(t *testing.T) {
	servertest.Each(t, func(t *testing.T, e *servertest.Env) {
		athlete := e.NewUser()
		_, coach := coachedThread(t, e, athlete)
		athleteEvents, _ := openStreamAt(t, e, athlete, "/api/live", "")
		var p tProgram
		coach.Do("POST", "/api/programs", coachProgramBody(athlete.User.ID)).Want(201).JSON(&p)
		var got struct{ ProgramID int64 }
		expectEvent(t, athleteEvents, "program", &got)
		if got.ProgramID != p.ID {
			t.Fatalf("program event for %d, want %d", got.ProgramID, p.ID)
		}
		athlete.Do("POST", "/api/programs", programBody()).Want(201)
		expectQuiet(t, athleteEvents)
	})
}
