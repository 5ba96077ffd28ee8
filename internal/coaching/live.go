package coaching

import (
	"context"

	"hyrox/internal/apperr"
	"hyrox/internal/identity"
	"hyrox/internal/live"
)

// The events coaching publishes on its users' live streams (docs/live.md):
// a new message (the message itself), a booking made or cancelled and an
// answer to a question (what changed, so the page reloads it).
const (
	EventMessage = "message"
	EventBooking = "booking"
	EventAnswer  = "answer"
)

// BookingEvent is the data of a "booking" event.
type BookingEvent struct {
	SessionID int64  `json:"sessionId"`
	Change    string `json:"change"` // booked | cancelled
	By        int64  `json:"by"`     // who booked or cancelled it
}

// AnswerEvent is the data of an "answer" event.
type AnswerEvent struct {
	QuestionID int64 `json:"questionId"`
}

// UseLive sets the app's live streams and the outbox coaching publishes its
// events through; the server calls it before serving.
func (s *Service) UseLive(hub *live.Hub, outbox *live.Outbox) {
	s.streams = hub
	s.store.live = outbox
}

// Streams is this instance's live streams.
func (s *Service) Streams() *live.Hub { return s.streams }

var errNothingLive = apperr.Errorf(apperr.CodeForbidden, "Live updates are for coaches and for athletes who have a coach.")

// RequireLive answers 403 unless id has something live in coaching: a
// coach, or an athlete with a current coach (docs/coaching.md#live-messages).
// It gates the coaching stream only; the app's own stream is every user's
// (docs/live.md).
func (s *Service) RequireLive(ctx context.Context, id identity.Identity) error {
	if id.IsCoach() {
		return nil
	}
	coachID, err := s.store.CurrentCoach(ctx, id.UserID)
	if err != nil {
		return err
	}
	if coachID == 0 {
		return errNothingLive
	}
	return nil
}
