package coaching

import (
	"context"
	"encoding/json"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
	"hyrox/internal/live"
)

// Hub passes new-message notices to this instance's live streams
// (internal/live). It is an events.Subscriber of Channel: a notice names
// users, and each named user's streams share one read of what is new.
type Hub struct{ streams *live.Hub }

// Deliver wakes the streams of the users a notice names.
func (h *Hub) Deliver(payload string) {
	var n notice
	if json.Unmarshal([]byte(payload), &n) != nil {
		return
	}
	h.streams.Wake(n.Users...)
}

// Listening wakes every stream when the bus listens again: notices may have
// been missed while it was away, and each user's streams look for what is new.
func (h *Hub) Listening(ok bool) {
	if ok {
		h.streams.WakeAll()
	}
}

// Readers is the number of open streams on this instance.
func (h *Hub) Readers() int { return h.streams.Stats().Streams }

// messageSource is the live streams' source: the messages of the user's
// threads, each a "message" event whose id is the message id.
type messageSource struct{ store *Store }

func (m messageSource) Latest(ctx context.Context, userID int64) (int64, error) {
	return m.store.LastMessageID(ctx, userID)
}

func (m messageSource) After(ctx context.Context, userID, after int64, limit int) ([]live.Event, error) {
	msgs, err := m.store.MessagesAfter(ctx, userID, after, limit)
	if err != nil {
		return nil, err
	}
	out := make([]live.Event, len(msgs))
	for i, msg := range msgs {
		data, _ := json.Marshal(msg)
		out[i] = live.Event{ID: msg.ID, Name: "message", Data: data}
	}
	return out, nil
}

// UseLive sets the live streams' limits and the session check that ends a
// stream with its session (auth); the server calls it before serving.
func (s *Service) UseLive(sessions live.Sessions, limits live.Limits) {
	s.streams = live.NewHub(messageSource{s.store}, sessions, limits, s.now, s.logger)
	s.hub = &Hub{streams: s.streams}
}

// Streams is this instance's live streams.
func (s *Service) Streams() *live.Hub { return s.streams }

var errNothingLive = apperr.Errorf(apperr.CodeForbidden, "Live updates are for coaches and for athletes who have a coach.")

// RequireLive answers 403 unless id has something live: a coach, or an
// athlete with a current coach (docs/coaching.md#live-messages). Others get
// no stream to hold.
func (s *Service) RequireLive(ctx context.Context, id httpx.Identity) error {
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
