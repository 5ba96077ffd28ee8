package httpx

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"hyrox/internal/apperr"
	"hyrox/internal/tier"
)

// The API's route table (ARCHITECTURE.md#routes): every area declares
// its routes as rows, and the gates of a row (session, tier, the path's id,
// the rate limit) are checked here, once, before its endpoint runs. An
// endpoint gets a Call with what the gates established and never checks
// them again.

// Route is one row of the table.
type Route struct {
	// Pattern is the http.ServeMux pattern, "GET /api/programs/{id}".
	Pattern string
	// Public routes answer without a session (Call.Me is set when there is one).
	Public bool
	// Tier is the lowest tier the route serves; "" is any signed-in user.
	Tier string
	// Limit, when set, is spent once per call, keyed by the user (or the
	// client address on a public route without a session): after the body is
	// decoded, so a malformed body spends nothing.
	Limit *RateLimiter
	// LimitFirst spends Limit before the body is decoded: every attempt
	// counts, a malformed one too (the newsletter's sign-ups).
	LimitFirst bool
	// NotFound answers a path id that is not a positive number; nil is the
	// generic "Not found.".
	NotFound error
	// CoachView lets a coach read this GET route as their athlete, read-only
	// (docs/coaching.md#reading-an-athletes-data).
	CoachView bool
	// Endpoint does the work (Read, Act, Write, Do, Stream).
	Endpoint Endpoint
}

// Call is one request, past its route's gates.
type Call struct {
	W http.ResponseWriter
	R *http.Request
	// Me is the signed-in user; on a public route, SignedIn says whether there is one.
	Me       Identity
	SignedIn bool
	// ID is the path's id ({id}, or {athleteId}, {foodId}: the one ending in
	// "Id" other than {userId}), a positive number.
	ID int64

	limit *RateLimiter
}

// Context is the request's context.
func (c *Call) Context() context.Context { return c.R.Context() }

// Query is the URL's query value of name.
func (c *Call) Query(name string) string { return c.R.URL.Query().Get(name) }

func (c *Call) spendLimit() error {
	if c.limit == nil {
		return nil
	}
	key := ClientKey(c.R)
	if c.SignedIn {
		key = "user:" + strconv.FormatInt(c.Me.UserID, 10)
	}
	return c.limit.Allow(key)
}

// Endpoint is a route's work; Read, Act, Write, Do and Stream make one.
type Endpoint struct {
	serve func(c *Call) error
}

// Read answers 200 with fn's value: a read without a body.
func Read[Out any](fn func(c *Call) (Out, error)) Endpoint { return Act(http.StatusOK, fn) }

// Act answers status with fn's value: an action without a body to read.
func Act[Out any](status int, fn func(c *Call) (Out, error)) Endpoint {
	return Endpoint{func(c *Call) error {
		if err := c.spendLimit(); err != nil {
			return err
		}
		v, err := fn(c)
		return Reply(c.W, status, v, err)
	}}
}

// Write decodes the JSON body into In and answers status with fn's value
// (204 answers no body).
func Write[In, Out any](status int, fn func(c *Call, in In) (Out, error)) Endpoint {
	return Endpoint{func(c *Call) error {
		var in In
		if err := DecodeJSON(c.W, c.R, &in); err != nil {
			return err
		}
		if err := c.spendLimit(); err != nil {
			return err
		}
		v, err := fn(c, in)
		if status == http.StatusNoContent && err == nil {
			c.W.WriteHeader(status)
			return nil
		}
		return Reply(c.W, status, v, err)
	}}
}

// Do runs fn, which has no body to read nor value to answer, and answers 204.
func Do(fn func(c *Call) error) Endpoint {
	return Endpoint{func(c *Call) error {
		if err := c.spendLimit(); err != nil {
			return err
		}
		if err := fn(c); err != nil {
			return err
		}
		c.W.WriteHeader(http.StatusNoContent)
		return nil
	}}
}

// Stream lets fn write its own answer through c.W: files, calendars,
// uploads, server-sent events, redirects.
func Stream(fn func(c *Call) error) Endpoint {
	return Endpoint{func(c *Call) error {
		if err := c.spendLimit(); err != nil {
			return err
		}
		return fn(c)
	}}
}

// Mount registers the routes on mux.
func Mount(mux *http.ServeMux, routes []Route) {
	for _, rt := range routes {
		mux.Handle(rt.Pattern, rt.Handler())
	}
}

// Handler is the route's gates and endpoint as one http.Handler.
func (rt Route) Handler() http.Handler {
	if rt.Endpoint.serve == nil {
		panic("httpx: route " + rt.Pattern + " has no endpoint")
	}
	if rt.Tier != "" && !tier.Valid(rt.Tier) {
		panic("httpx: route " + rt.Pattern + " names an unknown tier " + strconv.Quote(rt.Tier))
	}
	idName := PathIDName(rt.Pattern)
	self := strings.Contains(rt.Pattern, "{userId}")
	return Handler(func(w http.ResponseWriter, r *http.Request) error {
		c := &Call{W: w, R: r, limit: rt.Limit}
		c.Me, c.SignedIn = IdentityFrom(r.Context())
		if !rt.Public {
			if !c.SignedIn {
				return apperr.ErrUnauthorized
			}
			if rt.Tier != "" && tier.Rank(c.Me.Tier) < tier.Rank(rt.Tier) {
				return tier.Error(rt.Tier)
			}
		}
		if self {
			if err := checkSelf(r, c.Me); err != nil {
				return err
			}
		}
		if idName != "" {
			n, err := strconv.ParseInt(r.PathValue(idName), 10, 64)
			if err != nil || n <= 0 {
				if rt.NotFound != nil {
					return rt.NotFound
				}
				return apperr.ErrNotFound
			}
			c.ID = n
		}
		if rt.LimitFirst {
			if err := c.spendLimit(); err != nil {
				return err
			}
			c.limit = nil
		}
		return rt.Endpoint.serve(c)
	})
}

// PathIDName is the name of the pattern's numeric id placeholder: {id}, or
// the one ending in "Id" other than {userId}; "" when it has none.
func PathIDName(pattern string) string {
	for rest := pattern; ; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			return ""
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return ""
		}
		name := rest[open+1 : open+end]
		if name == "id" || (strings.HasSuffix(name, "Id") && name != "userId") {
			return name
		}
		rest = rest[open+end:]
	}
}

// checkSelf: a {userId} path must name the signed-in user
// (docs/product.md#accounts-and-sessions: such paths stay for compatibility).
func checkSelf(r *http.Request, me Identity) error {
	n, err := strconv.ParseInt(r.PathValue("userId"), 10, 64)
	if err != nil {
		return apperr.Errorf(apperr.CodeInvalid, "The user id must be a number.")
	}
	if n != me.UserID {
		return apperr.ErrForbidden
	}
	return nil
}
