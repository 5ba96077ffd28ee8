package training

import (
	"net/http"
	"time"

	"hyrox/internal/httpx"
	"hyrox/internal/keyset"
)

// HTTP serves the training endpoints.
//
// Access: the plan and workout lists are public, because the public landing
// page shows plan cards and the sample workout (docs/product.md#gates). Plan and
// workout details, the logs and the stats need a session (the same section puts
// /training and /workout-logs behind sign-in); a plan's detail also needs its
// requiredTier.
type HTTP struct {
	svc         *Service
	writes      *httpx.RateLimiter
	feedFetches *httpx.RateLimiter // per feed token: the URL needs no session
	publicURL   string
}

// UsePublicURL sets the address calendar feed URLs start with (PUBLIC_URL).
func (h *HTTP) UsePublicURL(u string) { h.publicURL = u }

func NewHTTP(svc *Service) *HTTP {
	return &HTTP{svc: svc,
		writes: httpx.NewRateLimiter(time.Second, 30, "You are saving workouts too quickly. Please wait a moment and try again."),
		// Calendar apps poll every 15 minutes to a few hours: 10 at once, then one a minute.
		feedFetches: httpx.NewRateLimiter(time.Minute, 10, "This calendar feed is fetched too often. Your calendar app will get it on its next refresh.")}
}

// Routes are the training rows of the route table (ARCHITECTURE.md#routes).
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/training-plans", Public: true, Endpoint: httpx.Read(h.listPlans)},
		{Pattern: "GET /api/training-plans/{id}", Endpoint: httpx.Read(h.getPlan)},
		{Pattern: "GET /api/workouts", Public: true, Endpoint: httpx.Read(h.listWorkouts)},
		{Pattern: "GET /api/workouts/{id}", Endpoint: httpx.Read(h.getWorkout)},
		{Pattern: "GET /api/workout-logs/{userId}", CoachView: true, Endpoint: httpx.Read(h.listLogs)},
		{Pattern: "POST /api/workout-logs", Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.createLog)},
		{Pattern: "PATCH /api/workout-logs/{id}", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.updateLog)},
		{Pattern: "DELETE /api/workout-logs/{id}", Endpoint: httpx.Do(h.deleteLog)},
		{Pattern: "GET /api/workout-stats/{userId}", CoachView: true, Endpoint: httpx.Read(h.stats)},
		{Pattern: "GET /api/workout-logs/{id}/detail", CoachView: true, Endpoint: httpx.Read(h.getLog)},
		{Pattern: "POST /api/workout-logs/{id}/comments", Limit: h.writes, NotFound: errCommentNoLog, Endpoint: httpx.Write(http.StatusCreated, h.comment)},
		{Pattern: "GET /api/personal-records", CoachView: true, Endpoint: httpx.Read(h.records)},
		{Pattern: "GET /api/training-load", CoachView: true, Endpoint: httpx.Read(h.load)},
		{Pattern: "GET /api/home", Endpoint: httpx.Read(h.home)},

		{Pattern: "GET /api/exercises", Public: true, Endpoint: httpx.Read(h.listExercises)},
		{Pattern: "GET /api/exercises/{slug}", Public: true, Endpoint: httpx.Read(h.getExercise)},
		{Pattern: "GET /api/programs", CoachView: true, Endpoint: httpx.Read(h.listPrograms)},
		{Pattern: "POST /api/programs", Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.createProgram)},
		{Pattern: "GET /api/programs/{id}", CoachView: true, Endpoint: httpx.Read(h.getProgram)},
		{Pattern: "PUT /api/programs/{id}", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.updateProgram)},
		{Pattern: "DELETE /api/programs/{id}", Endpoint: httpx.Do(h.deleteProgram)},
		{Pattern: "POST /api/programs/{id}/start", Limit: h.writes, Endpoint: httpx.Write(http.StatusCreated, h.startProgram)},
		{Pattern: "GET /api/calendar", CoachView: true, Endpoint: httpx.Read(h.calendar)},
		{Pattern: "GET /api/calendar/sessions/{id}", CoachView: true, Endpoint: httpx.Read(h.getSession)},
		{Pattern: "PATCH /api/calendar/sessions/{id}", Limit: h.writes, Endpoint: httpx.Write(http.StatusOK, h.patchSession)},
		{Pattern: "GET /api/calendar/feed", Endpoint: httpx.Read(h.feedStatus)},
		{Pattern: "POST /api/calendar/feed", Limit: h.writes, Endpoint: httpx.Act(http.StatusCreated, h.createFeed)},
		{Pattern: "DELETE /api/calendar/feed", Endpoint: httpx.Do(h.revokeFeed)},
	}
}

// Public are the routes outside /api/: the private calendar feed, where the
// secret token in the path is the credential (no session).
func (h *HTTP) Public() map[string]http.Handler {
	return map[string]http.Handler{"GET " + FeedPathPrefix + "{file}": httpx.Handler(h.feed)}
}

func (h *HTTP) listPlans(c *httpx.Call) ([]Plan, error) {
	return h.svc.Plans(c.Context(), c.Me.Tier)
}

func (h *HTTP) getPlan(c *httpx.Call) (PlanDetail, error) {
	return h.svc.Plan(c.Context(), c.ID, c.Me.Tier)
}

func (h *HTTP) listWorkouts(c *httpx.Call) ([]Workout, error) {
	return h.svc.Workouts(c.Context())
}

func (h *HTTP) getWorkout(c *httpx.Call) (Workout, error) {
	return h.svc.Workout(c.Context(), c.ID)
}

func (h *HTTP) listLogs(c *httpx.Call) (keyset.Page[Log], error) {
	limit, err := httpx.PageLimit(c.R, LogsPageSize, LogsPageMax)
	if err != nil {
		return keyset.Page[Log]{}, err
	}
	return h.svc.Logs(c.Context(), c.Me.UserID, c.Query("cursor"), limit)
}

func (h *HTTP) createLog(c *httpx.Call, in LogInput) (Log, error) {
	return h.svc.CreateLog(c.Context(), c.Me.UserID, in)
}

func (h *HTTP) updateLog(c *httpx.Call, in LogInput) (Log, error) {
	return h.svc.UpdateLog(c.Context(), c.Me.UserID, c.ID, in)
}

func (h *HTTP) deleteLog(c *httpx.Call) error {
	return h.svc.DeleteLog(c.Context(), c.Me.UserID, c.ID)
}

// stats answers GET /api/workout-stats/{userId}?today=YYYY-MM-DD&tzOffset=M
// where today is the browser's local date and tzOffset its offset in minutes
// east of UTC (-new Date().getTimezoneOffset()); both optional.
func (h *HTTP) stats(c *httpx.Call) (Stats, error) {
	return h.svc.Stats(c.Context(), c.Me.UserID, statsInput(c))
}

func statsInput(c *httpx.Call) StatsInput {
	return StatsInput{Today: c.Query("today"), TZOffset: c.Query("tzOffset")}
}

// getLog answers one of my logs with its edit history and the records it
// holds; another user's log is a 404. (GET /api/workout-logs/{userId} is
// the list, so one log lives at .../{id}/detail.)
func (h *HTTP) getLog(c *httpx.Call) (LogDetail, error) {
	return h.svc.LogDetail(c.Context(), c.Me.UserID, c.ID)
}

// comment answers POST /api/workout-logs/{id}/comments: the athlete's
// current coach comments on their log (docs/training-logs.md#coach-comments).
func (h *HTTP) comment(c *httpx.Call, in CommentInput) (LogComment, error) {
	return h.svc.AddComment(c.Context(), c.Me, c.ID, in)
}

func (h *HTTP) records(c *httpx.Call) ([]PersonalRecord, error) {
	return h.svc.PersonalRecords(c.Context(), c.Me.UserID)
}

// load answers GET /api/training-load?today=YYYY-MM-DD&tzOffset=M (both
// optional, as for the stats).
func (h *HTTP) load(c *httpx.Call) (TrainingLoad, error) {
	return h.svc.TrainingLoad(c.Context(), c.Me.UserID, statsInput(c))
}

// home answers GET /api/home?today=YYYY-MM-DD&tzOffset=M: the signed-in
// home's training part.
func (h *HTTP) home(c *httpx.Call) (Home, error) {
	return h.svc.Home(c.Context(), c.Me.UserID, statsInput(c))
}
