package coaching

import (
	"context"
	"net/http"
	"strings"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// The read-only "view as" route (docs/coaching.md#reading-an-athletes-data):
// GET /api/coach/athletes/{athleteId}/{rest...} serves the area read
// /api/{rest} as the athlete, for their current coach, when {rest} is on
// the whitelist. Every area keeps its one read handler; this only chooses
// whose data it reads.

// IdentityFunc loads an account's identity (tier and role) as a session of
// theirs would carry it; the server wires it to auth.
type IdentityFunc func(ctx context.Context, userID int64) (httpx.Identity, error)

// viewRoute is a whitelisted read: segments of {rest}, where "{id}" is a
// positive number, and the API path it reads ("{athlete}" and "{id}" are
// filled in).
type viewRoute struct {
	match []string
	path  string
}

// viewRoutes is the whitelist: GET reads only, none with side effects.
var viewRoutes = []viewRoute{
	{[]string{"calendar"}, "/api/calendar"},
	{[]string{"calendar", "sessions", "{id}"}, "/api/calendar/sessions/{id}"},
	{[]string{"workout-logs"}, "/api/workout-logs/{athlete}"},
	{[]string{"workout-logs", "{id}", "detail"}, "/api/workout-logs/{id}/detail"},
	{[]string{"workout-stats"}, "/api/workout-stats/{athlete}"},
	{[]string{"personal-records"}, "/api/personal-records"},
	{[]string{"training-load"}, "/api/training-load"},
	{[]string{"programs"}, "/api/programs"},
	{[]string{"programs", "{id}"}, "/api/programs/{id}"},
	{[]string{"race-results"}, "/api/race-results"},
	{[]string{"analytics"}, "/api/analytics"},
	{[]string{"nutrition"}, "/api/nutrition/{athlete}"},
	{[]string{"food-entries"}, "/api/food-entries"},
	{[]string{"nutrition", "history"}, "/api/nutrition/history"},
	{[]string{"nutrition", "plan"}, "/api/nutrition/plan"},
}

// ViewPaths are the API paths on the whitelist, as written there ("{athlete}"
// is the athlete's id, "{id}" a path id): the server's tests hold them to the
// route table's CoachView rows (ARCHITECTURE.md#routes).
func ViewPaths() []string {
	paths := make([]string, len(viewRoutes))
	for i, r := range viewRoutes {
		paths[i] = r.path
	}
	return paths
}

// viewPath is the API path {rest} reads for athleteID, or false when {rest}
// is not on the whitelist.
func viewPath(rest, athleteID string) (string, bool) {
	segs := strings.Split(rest, "/")
	for _, r := range viewRoutes {
		if len(r.match) != len(segs) {
			continue
		}
		id, ok := "", true
		for i, m := range r.match {
			if m == "{id}" {
				if !positiveNumber(segs[i]) {
					ok = false
					break
				}
				id = segs[i]
			} else if m != segs[i] {
				ok = false
				break
			}
		}
		if ok {
			return strings.NewReplacer("{athlete}", athleteID, "{id}", id).Replace(r.path), true
		}
	}
	return "", false
}

func positiveNumber(s string) bool {
	if s == "" || len(s) > 18 || s[0] == '0' {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// UseViewAs enables the view-as route: identity loads the athlete's
// identity, reads is the API the whitelisted reads are served from (the
// server's /api/ mux, given once it is built).
func (h *HTTP) UseViewAs(identity IdentityFunc) { h.identity = identity }

// UseReads sets the handler the view-as route serves reads from.
func (h *HTTP) UseReads(reads http.Handler) { h.reads = reads }

// viewAs serves GET /api/coach/athletes/{athleteId}/{rest...}: the row
// checked the session and the athlete id, this checks the coach's athlete
// and the whitelist, then reads as the athlete.
func (h *HTTP) viewAs(c *httpx.Call) error {
	r := c.R
	if err := h.svc.checkCoachOf(c.Context(), c.Me, c.ID); err != nil {
		return err
	}
	path, ok := viewPath(r.PathValue("rest"), r.PathValue("athleteId"))
	if !ok || h.identity == nil || h.reads == nil {
		return apperr.Errorf(apperr.CodeNotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path)
	}
	athlete, err := h.identity(c.Context(), c.ID)
	if err != nil {
		return err
	}
	athlete.CoachViewer = c.Me.UserID
	inner := r.Clone(httpx.WithIdentity(c.Context(), athlete))
	inner.Method = http.MethodGet
	inner.URL.Path, inner.URL.RawPath = path, ""
	inner.RequestURI = ""
	inner.Body = http.NoBody
	h.reads.ServeHTTP(c.W, inner)
	return nil
}
