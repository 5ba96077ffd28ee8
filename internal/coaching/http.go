package coaching

import (
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/httpx"
	"hyrox/internal/live"
	"hyrox/internal/tier"
)

// HTTP serves /api/coaching.
type HTTP struct {
	svc *Service
	// Heartbeat is how often an idle live stream gets a comment line, so
	// proxies keep it open and a dead client is noticed.
	Heartbeat time.Duration
	// messages and questions limit how fast one user writes.
	messages, questions *httpx.RateLimiter
	// The view-as route's sources (viewas.go).
	identity IdentityFunc
	reads    http.Handler
}

// NewHTTP returns the coaching handlers.
func NewHTTP(svc *Service) *HTTP {
	return &HTTP{svc: svc, Heartbeat: live.DefaultHeartbeat,
		messages:  httpx.NewRateLimiter(time.Second, 30, "You are sending messages very fast. Please wait a moment."),
		questions: httpx.NewRateLimiter(time.Minute, 10, "You are asking very fast. Please wait a moment before asking again.")}
}

// Register adds the coaching routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/coaching", httpx.Handler(h.overview))
	mux.Handle("GET /api/coaching/coaches", httpx.Handler(h.coaches))
	mux.Handle("PUT /api/coaching/coach", httpx.Handler(h.choose))
	mux.Handle("GET /api/coaching/unread", httpx.Handler(h.unread))
	mux.Handle("GET /api/coaching/threads/{id}/messages", httpx.Handler(h.messagesList))
	mux.Handle("POST /api/coaching/threads/{id}/messages", httpx.Handler(h.send))
	mux.Handle("POST /api/coaching/threads/{id}/read", httpx.Handler(h.read))
	mux.Handle("GET /api/coaching/events", httpx.Handler(h.events))
	mux.Handle("GET /api/coaching/profile", httpx.Handler(h.profile))
	mux.Handle("PUT /api/coaching/profile", httpx.Handler(h.updateProfile))
	mux.Handle("GET /api/coaching/questions", httpx.Handler(h.myQuestions))
	mux.Handle("POST /api/coaching/questions", httpx.Handler(h.ask))
	mux.Handle("GET /api/coaching/questions/queue", httpx.Handler(h.queue))
	mux.Handle("POST /api/coaching/questions/{id}/answers", httpx.Handler(h.answer))
	mux.Handle("GET /api/coaching/availability", httpx.Handler(h.availability))
	mux.Handle("PUT /api/coaching/availability", httpx.Handler(h.saveAvailability))
	mux.Handle("GET /api/coaching/slots", httpx.Handler(h.slots))
	mux.Handle("GET /api/coaching/sessions", httpx.Handler(h.sessions))
	mux.Handle("POST /api/coaching/sessions", httpx.Handler(h.book))
	mux.Handle("POST /api/coaching/sessions/{id}/cancel", httpx.Handler(h.cancel))
	mux.Handle("PUT /api/coaching/sessions/{id}/link", httpx.Handler(h.setLink))
	mux.Handle("GET /api/coach/athletes", httpx.Handler(h.myAthletes))
	mux.Handle("GET /api/coach/athletes/{athleteId}", httpx.Handler(h.athlete))
	mux.Handle("POST /api/coach/athletes/{athleteId}/seen", httpx.Handler(h.seen))
	mux.Handle("GET /api/coach/athletes/{athleteId}/{rest...}", httpx.Handler(h.viewAs))
}

func (h *HTTP) myAthletes(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	list, err := h.svc.MyAthletes(r.Context(), id)
	return httpx.Reply(w, http.StatusOK, list, err)
}

func (h *HTTP) athlete(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	athleteID, err := httpx.PathID(r, "athleteId")
	if err != nil {
		return errAthleteNotYours
	}
	a, err := h.svc.Athlete(r.Context(), id, athleteID)
	return httpx.Reply(w, http.StatusOK, a, err)
}

func (h *HTTP) seen(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	athleteID, err := httpx.PathID(r, "athleteId")
	if err != nil {
		return errAthleteNotYours
	}
	if err := h.svc.MarkSeen(r.Context(), id, athleteID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *HTTP) availability(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	av, err := h.svc.Availability(r.Context(), id)
	return httpx.Reply(w, http.StatusOK, av, err)
}

func (h *HTTP) saveAvailability(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	var in Availability
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	av, err := h.svc.SaveAvailability(r.Context(), id, in)
	return httpx.Reply(w, http.StatusOK, av, err)
}

func (h *HTTP) slots(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, tier.Elite)
	if err != nil {
		return err
	}
	minutes := 30
	if raw := r.URL.Query().Get("minutes"); raw != "" {
		if minutes, err = strconv.Atoi(raw); err != nil {
			minutes = -1
		}
	}
	sl, err := h.svc.Slots(r.Context(), id, minutes)
	return httpx.Reply(w, http.StatusOK, sl, err)
}

func (h *HTTP) sessions(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	out, err := h.svc.MySessions(r.Context(), id)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) book(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, tier.Elite)
	if err != nil {
		return err
	}
	var in BookInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	x, err := h.svc.Book(r.Context(), id, in)
	return httpx.Reply(w, http.StatusCreated, x, err)
}

func (h *HTTP) cancel(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	sessionID, err := httpx.PathID(r, "id")
	if err != nil {
		return errSessionNotFound
	}
	x, err := h.svc.Cancel(r.Context(), id, sessionID)
	return httpx.Reply(w, http.StatusOK, x, err)
}

func (h *HTTP) setLink(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	sessionID, err := httpx.PathID(r, "id")
	if err != nil {
		return errSessionNotFound
	}
	var in LinkInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	x, err := h.svc.SetLink(r.Context(), id, sessionID, in)
	return httpx.Reply(w, http.StatusOK, x, err)
}

func (h *HTTP) profile(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	c, err := h.svc.MyProfile(r.Context(), id)
	return httpx.Reply(w, http.StatusOK, c, err)
}

func (h *HTTP) updateProfile(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	var in ProfileInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	c, err := h.svc.UpdateProfile(r.Context(), id, in)
	return httpx.Reply(w, http.StatusOK, c, err)
}

func (h *HTTP) myQuestions(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	qs, err := h.svc.MyQuestions(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, qs, err)
}

func (h *HTTP) ask(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	var in QuestionInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if _, err := ValidateQuestion(in); err != nil {
		return err
	}
	if err := h.questions.Allow("user:" + strconv.FormatInt(id.UserID, 10)); err != nil {
		return err
	}
	q, err := h.svc.Ask(r.Context(), id, in)
	return httpx.Reply(w, http.StatusCreated, q, err)
}

func (h *HTTP) queue(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	qs, err := h.svc.Queue(r.Context(), id)
	return httpx.Reply(w, http.StatusOK, qs, err)
}

func (h *HTTP) answer(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	questionID, err := httpx.PathID(r, "id")
	if err != nil {
		return errQuestionNotFound
	}
	var in QuestionInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	a, err := h.svc.Answer(r.Context(), id, questionID, in)
	return httpx.Reply(w, http.StatusCreated, a, err)
}

func (h *HTTP) overview(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	o, err := h.svc.Overview(r.Context(), id)
	return httpx.Reply(w, http.StatusOK, o, err)
}

func (h *HTTP) coaches(w http.ResponseWriter, r *http.Request) error {
	if _, err := httpx.RequireUser(r); err != nil {
		return err
	}
	cs, err := h.svc.Coaches(r.Context())
	return httpx.Reply(w, http.StatusOK, cs, err)
}

func (h *HTTP) choose(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireTier(r, tier.Elite)
	if err != nil {
		return err
	}
	var in ChooseInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	t, err := h.svc.Choose(r.Context(), id, in)
	return httpx.Reply(w, http.StatusOK, t, err)
}

func (h *HTTP) unread(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	n, err := h.svc.Unread(r.Context(), id.UserID)
	return httpx.Reply(w, http.StatusOK, map[string]int{"unread": n}, err)
}

func (h *HTTP) messagesList(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	threadID, err := httpx.PathID(r, "id")
	if err != nil {
		return errThreadNotFound
	}
	t, err := h.svc.Thread(r.Context(), threadID, id.UserID)
	if err != nil {
		return err
	}
	msgs, err := h.svc.Messages(r.Context(), threadID, id.UserID)
	return httpx.Reply(w, http.StatusOK, map[string]any{"thread": t, "messages": msgs}, err)
}

func (h *HTTP) send(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	threadID, err := httpx.PathID(r, "id")
	if err != nil {
		return errThreadNotFound
	}
	var in MessageInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if _, err := ValidateMessage(in); err != nil {
		return err // bad input spends no rate-limit token
	}
	if err := h.messages.Allow("user:" + strconv.FormatInt(id.UserID, 10)); err != nil {
		return err
	}
	m, err := h.svc.Send(r.Context(), id, threadID, in)
	return httpx.Reply(w, http.StatusCreated, m, err)
}

func (h *HTTP) read(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	threadID, err := httpx.PathID(r, "id")
	if err != nil {
		return errThreadNotFound
	}
	t, err := h.svc.MarkRead(r.Context(), threadID, id.UserID)
	return httpx.Reply(w, http.StatusOK, t, err)
}

// events is the coaching stream (docs/coaching.md#live-messages): the app's
// live stream (internal/live, docs/live.md) for coaches and coached athletes
// only, as it always was; the app itself now uses GET /api/live.
func (h *HTTP) events(w http.ResponseWriter, r *http.Request) error {
	return live.StreamHandler{Hub: h.svc.Streams(), Heartbeat: h.Heartbeat, Allow: h.svc.RequireLive}.Serve(w, r)
}
