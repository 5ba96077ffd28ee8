package training

import (
	"net/http"
	"strconv"
	"time"

	"hyrox/internal/httpx"
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

// Register adds the training routes to mux.
func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/training-plans", httpx.Handler(h.listPlans))
	mux.Handle("GET /api/training-plans/{id}", httpx.Handler(h.getPlan))
	mux.Handle("GET /api/workouts", httpx.Handler(h.listWorkouts))
	mux.Handle("GET /api/workouts/{id}", httpx.Handler(h.getWorkout))
	mux.Handle("GET /api/workout-logs/{userId}", httpx.Handler(h.listLogs))
	mux.Handle("POST /api/workout-logs", httpx.Handler(h.createLog))
	mux.Handle("PATCH /api/workout-logs/{id}", httpx.Handler(h.updateLog))
	mux.Handle("DELETE /api/workout-logs/{id}", httpx.Handler(h.deleteLog))
	mux.Handle("GET /api/workout-stats/{userId}", httpx.Handler(h.stats))
	mux.Handle("GET /api/workout-logs/{id}/detail", httpx.Handler(h.getLog))
	mux.Handle("POST /api/workout-logs/{id}/comments", httpx.Handler(h.comment))
	mux.Handle("GET /api/personal-records", httpx.Handler(h.records))
	mux.Handle("GET /api/training-load", httpx.Handler(h.load))
	mux.Handle("GET /api/home", httpx.Handler(h.home))

	mux.Handle("GET /api/exercises", httpx.Handler(h.listExercises))
	mux.Handle("GET /api/exercises/{slug}", httpx.Handler(h.getExercise))
	mux.Handle("GET /api/programs", httpx.Handler(h.listPrograms))
	mux.Handle("POST /api/programs", httpx.Handler(h.createProgram))
	mux.Handle("GET /api/programs/{id}", httpx.Handler(h.getProgram))
	mux.Handle("PUT /api/programs/{id}", httpx.Handler(h.updateProgram))
	mux.Handle("DELETE /api/programs/{id}", httpx.Handler(h.deleteProgram))
	mux.Handle("POST /api/programs/{id}/start", httpx.Handler(h.startProgram))
	mux.Handle("GET /api/calendar", httpx.Handler(h.calendar))
	mux.Handle("GET /api/calendar/sessions/{id}", httpx.Handler(h.getSession))
	mux.Handle("PATCH /api/calendar/sessions/{id}", httpx.Handler(h.patchSession))
	mux.Handle("GET /api/calendar/feed", httpx.Handler(h.feedStatus))
	mux.Handle("POST /api/calendar/feed", httpx.Handler(h.createFeed))
	mux.Handle("DELETE /api/calendar/feed", httpx.Handler(h.revokeFeed))
}

// Public are the routes outside /api/: the private calendar feed, where the
// secret token in the path is the credential (no session).
func (h *HTTP) Public() map[string]http.Handler {
	return map[string]http.Handler{"GET " + FeedPathPrefix + "{file}": httpx.Handler(h.feed)}
}

func (h *HTTP) listPlans(w http.ResponseWriter, r *http.Request) error {
	id, _ := httpx.IdentityFrom(r.Context())
	plans, err := h.svc.Plans(r.Context(), id.Tier)
	return httpx.Reply(w, http.StatusOK, plans, err)
}

func (h *HTTP) getPlan(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	p, err := h.svc.Plan(r.Context(), id, me.Tier)
	return httpx.Reply(w, http.StatusOK, p, err)
}

func (h *HTTP) listWorkouts(w http.ResponseWriter, r *http.Request) error {
	ws, err := h.svc.Workouts(r.Context())
	return httpx.Reply(w, http.StatusOK, ws, err)
}

func (h *HTTP) getWorkout(w http.ResponseWriter, r *http.Request) error {
	if _, err := httpx.RequireUser(r); err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	wk, err := h.svc.Workout(r.Context(), id)
	return httpx.Reply(w, http.StatusOK, wk, err)
}

func (h *HTTP) listLogs(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := httpx.RequireSelf(r, me); err != nil {
		return err
	}
	limit, err := httpx.PageLimit(r, LogsPageSize, LogsPageMax)
	if err != nil {
		return err
	}
	page, err := h.svc.Logs(r.Context(), me.UserID, r.URL.Query().Get("cursor"), limit)
	return httpx.Reply(w, http.StatusOK, page, err)
}

func (h *HTTP) createLog(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + itoa(me.UserID)); err != nil {
		return err
	}
	var in LogInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	l, err := h.svc.CreateLog(r.Context(), me.UserID, in)
	return httpx.Reply(w, http.StatusCreated, l, err)
}

func (h *HTTP) updateLog(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + itoa(me.UserID)); err != nil {
		return err
	}
	var in LogInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	l, err := h.svc.UpdateLog(r.Context(), me.UserID, id, in)
	return httpx.Reply(w, http.StatusOK, l, err)
}

func (h *HTTP) deleteLog(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.DeleteLog(r.Context(), me.UserID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// stats answers GET /api/workout-stats/{userId}?today=YYYY-MM-DD&tzOffset=M
// where today is the browser's local date and tzOffset its offset in minutes
// east of UTC (-new Date().getTimezoneOffset()); both optional.
func (h *HTTP) stats(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	if err := httpx.RequireSelf(r, me); err != nil {
		return err
	}
	q := r.URL.Query()
	st, err := h.svc.Stats(r.Context(), me.UserID, StatsInput{Today: q.Get("today"), TZOffset: q.Get("tzOffset")})
	return httpx.Reply(w, http.StatusOK, st, err)
}

// getLog answers one of my logs with its edit history and the records it
// holds; another user's log is a 404. (GET /api/workout-logs/{userId} is
// the list, so one log lives at .../{id}/detail.)
func (h *HTTP) getLog(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	d, err := h.svc.LogDetail(r.Context(), me.UserID, id)
	return httpx.Reply(w, http.StatusOK, d, err)
}

// comment answers POST /api/workout-logs/{id}/comments: the athlete's
// current coach comments on their log (docs/training-logs.md#coach-comments).
func (h *HTTP) comment(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return errCommentNoLog
	}
	var in CommentInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := h.writes.Allow("user:" + itoa(me.UserID)); err != nil {
		return err
	}
	c, err := h.svc.AddComment(r.Context(), me, id, in)
	return httpx.Reply(w, http.StatusCreated, c, err)
}

func (h *HTTP) records(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	recs, err := h.svc.PersonalRecords(r.Context(), me.UserID)
	return httpx.Reply(w, http.StatusOK, recs, err)
}

// load answers GET /api/training-load?today=YYYY-MM-DD&tzOffset=M (both
// optional, as for the stats).
func (h *HTTP) load(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	tl, err := h.svc.TrainingLoad(r.Context(), me.UserID, StatsInput{Today: q.Get("today"), TZOffset: q.Get("tzOffset")})
	return httpx.Reply(w, http.StatusOK, tl, err)
}

// home answers GET /api/home?today=YYYY-MM-DD&tzOffset=M: the signed-in
// home's training part.
func (h *HTTP) home(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	home, err := h.svc.Home(r.Context(), me.UserID, StatsInput{Today: q.Get("today"), TZOffset: q.Get("tzOffset")})
	return httpx.Reply(w, http.StatusOK, home, err)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
