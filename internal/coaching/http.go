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

// Routes are the coaching rows of the route table (ARCHITECTURE.md#routes).
// Asking and sending spend their limits in the handler: only once the input
// is valid, so a rejected message costs nothing.
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/coaching", Endpoint: httpx.Read(h.overview)},
		{Pattern: "GET /api/coaching/coaches", Endpoint: httpx.Read(h.coaches)},
		{Pattern: "PUT /api/coaching/coach", Tier: tier.Elite, Endpoint: httpx.Write(http.StatusOK, h.choose)},
		{Pattern: "GET /api/coaching/unread", Endpoint: httpx.Read(h.unread)},
		{Pattern: "GET /api/coaching/threads/{id}/messages", NotFound: errThreadNotFound, Endpoint: httpx.Read(h.messagesList)},
		{Pattern: "POST /api/coaching/threads/{id}/messages", NotFound: errThreadNotFound, Endpoint: httpx.Write(http.StatusCreated, h.send)},
		{Pattern: "POST /api/coaching/threads/{id}/read", NotFound: errThreadNotFound, Endpoint: httpx.Act(http.StatusOK, h.read)},
		{Pattern: "GET /api/coaching/events", Endpoint: httpx.Stream(h.events)},
		{Pattern: "GET /api/coaching/profile", Endpoint: httpx.Read(h.profile)},
		{Pattern: "PUT /api/coaching/profile", Endpoint: httpx.Write(http.StatusOK, h.updateProfile)},
		{Pattern: "GET /api/coaching/questions", Endpoint: httpx.Read(h.myQuestions)},
		{Pattern: "POST /api/coaching/questions", Endpoint: httpx.Write(http.StatusCreated, h.ask)},
		{Pattern: "GET /api/coaching/questions/queue", Endpoint: httpx.Read(h.queue)},
		{Pattern: "POST /api/coaching/questions/{id}/answers", NotFound: errQuestionNotFound, Endpoint: httpx.Write(http.StatusCreated, h.answer)},
		{Pattern: "GET /api/coaching/availability", Endpoint: httpx.Read(h.availability)},
		{Pattern: "PUT /api/coaching/availability", Endpoint: httpx.Write(http.StatusOK, h.saveAvailability)},
		{Pattern: "GET /api/coaching/slots", Tier: tier.Elite, Endpoint: httpx.Read(h.slots)},
		{Pattern: "GET /api/coaching/sessions", Endpoint: httpx.Read(h.sessions)},
		{Pattern: "POST /api/coaching/sessions", Tier: tier.Elite, Endpoint: httpx.Write(http.StatusCreated, h.book)},
		{Pattern: "POST /api/coaching/sessions/{id}/cancel", NotFound: errSessionNotFound, Endpoint: httpx.Act(http.StatusOK, h.cancel)},
		{Pattern: "PUT /api/coaching/sessions/{id}/link", NotFound: errSessionNotFound, Endpoint: httpx.Write(http.StatusOK, h.setLink)},
		{Pattern: "GET /api/coach/athletes", Endpoint: httpx.Read(h.myAthletes)},
		{Pattern: "GET /api/coach/athletes/{athleteId}", NotFound: errAthleteNotYours, Endpoint: httpx.Read(h.athlete)},
		{Pattern: "POST /api/coach/athletes/{athleteId}/seen", NotFound: errAthleteNotYours, Endpoint: httpx.Do(h.seen)},
		{Pattern: "GET /api/coach/athletes/{athleteId}/{rest...}", NotFound: errAthleteNotYours, Endpoint: httpx.Stream(h.viewAs)},
	}
}

func (h *HTTP) myAthletes(c *httpx.Call) ([]AthleteSummary, error) {
	return h.svc.MyAthletes(c.Context(), c.Me)
}

func (h *HTTP) athlete(c *httpx.Call) (AthleteSummary, error) {
	return h.svc.Athlete(c.Context(), c.Me, c.ID)
}

func (h *HTTP) seen(c *httpx.Call) error {
	return h.svc.MarkSeen(c.Context(), c.Me, c.ID)
}

func (h *HTTP) availability(c *httpx.Call) (Availability, error) {
	return h.svc.Availability(c.Context(), c.Me)
}

func (h *HTTP) saveAvailability(c *httpx.Call, in Availability) (Availability, error) {
	return h.svc.SaveAvailability(c.Context(), c.Me, in)
}

// slots answers GET /api/coaching/slots?minutes=N (30 when absent; a value
// that is not a number is refused by the service).
func (h *HTTP) slots(c *httpx.Call) (Slots, error) {
	minutes := 30
	if raw := c.Query("minutes"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil {
			n = -1
		}
		minutes = n
	}
	return h.svc.Slots(c.Context(), c.Me, minutes)
}

func (h *HTTP) sessions(c *httpx.Call) (Sessions, error) {
	return h.svc.MySessions(c.Context(), c.Me)
}

func (h *HTTP) book(c *httpx.Call, in BookInput) (Session, error) {
	return h.svc.Book(c.Context(), c.Me, in)
}

func (h *HTTP) cancel(c *httpx.Call) (Session, error) {
	return h.svc.Cancel(c.Context(), c.Me, c.ID)
}

func (h *HTTP) setLink(c *httpx.Call, in LinkInput) (Session, error) {
	return h.svc.SetLink(c.Context(), c.Me, c.ID, in)
}

func (h *HTTP) profile(c *httpx.Call) (Coach, error) {
	return h.svc.MyProfile(c.Context(), c.Me)
}

func (h *HTTP) updateProfile(c *httpx.Call, in ProfileInput) (Coach, error) {
	return h.svc.UpdateProfile(c.Context(), c.Me, in)
}

func (h *HTTP) myQuestions(c *httpx.Call) ([]Question, error) {
	return h.svc.MyQuestions(c.Context(), c.Me.UserID)
}

func (h *HTTP) ask(c *httpx.Call, in QuestionInput) (Question, error) {
	if _, err := ValidateQuestion(in); err != nil {
		return Question{}, err // bad input spends no rate-limit token
	}
	if err := h.questions.Allow(userKey(c)); err != nil {
		return Question{}, err
	}
	return h.svc.Ask(c.Context(), c.Me, in)
}

func (h *HTTP) queue(c *httpx.Call) ([]Question, error) {
	return h.svc.Queue(c.Context(), c.Me)
}

func (h *HTTP) answer(c *httpx.Call, in QuestionInput) (Answer, error) {
	return h.svc.Answer(c.Context(), c.Me, c.ID, in)
}

func (h *HTTP) overview(c *httpx.Call) (Overview, error) {
	return h.svc.Overview(c.Context(), c.Me)
}

func (h *HTTP) coaches(c *httpx.Call) ([]Coach, error) {
	return h.svc.Coaches(c.Context())
}

func (h *HTTP) choose(c *httpx.Call, in ChooseInput) (Thread, error) {
	return h.svc.Choose(c.Context(), c.Me, in)
}

func (h *HTTP) unread(c *httpx.Call) (map[string]int, error) {
	n, err := h.svc.Unread(c.Context(), c.Me.UserID)
	return map[string]int{"unread": n}, err
}

func (h *HTTP) messagesList(c *httpx.Call) (map[string]any, error) {
	t, err := h.svc.Thread(c.Context(), c.ID, c.Me.UserID)
	if err != nil {
		return nil, err
	}
	msgs, err := h.svc.Messages(c.Context(), c.ID, c.Me.UserID)
	return map[string]any{"thread": t, "messages": msgs}, err
}

func (h *HTTP) send(c *httpx.Call, in MessageInput) (Message, error) {
	if _, err := ValidateMessage(in); err != nil {
		return Message{}, err // bad input spends no rate-limit token
	}
	if err := h.messages.Allow(userKey(c)); err != nil {
		return Message{}, err
	}
	return h.svc.Send(c.Context(), c.Me, c.ID, in)
}

func (h *HTTP) read(c *httpx.Call) (Thread, error) {
	return h.svc.MarkRead(c.Context(), c.ID, c.Me.UserID)
}

// userKey is the caller's key in a rate limiter, as the route table keys a
// row's Limit.
func userKey(c *httpx.Call) string { return "user:" + strconv.FormatInt(c.Me.UserID, 10) }

// events is the coaching stream (docs/coaching.md#live-messages): the app's
// live stream (internal/live, docs/live.md) for coaches and coached athletes
// only, as it always was; the app itself now uses GET /api/live.
func (h *HTTP) events(c *httpx.Call) error {
	return live.StreamHandler{Hub: h.svc.Streams(), Heartbeat: h.Heartbeat, Allow: h.svc.RequireLive}.Serve(c.W, c.R)
}
