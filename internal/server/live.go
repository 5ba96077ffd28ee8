package server

import (
	"hyrox/internal/httpx"
	"hyrox/internal/live"
)

// liveHTTP serves GET /api/live, every signed-in user's stream of the events
// the areas publish for them (docs/live.md).
type liveHTTP struct{ stream live.StreamHandler }

// Routes are the live stream's row of the route table (ARCHITECTURE.md#routes).
func (h liveHTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/live", Endpoint: httpx.Stream(h.serve)},
	}
}

func (h liveHTTP) serve(c *httpx.Call) error { return h.stream.Serve(c.W, c.R) }
