package server

import (
	"net/http"

	"hyrox/internal/httpx"
	"hyrox/internal/live"
)

// liveHTTP serves GET /api/live, every signed-in user's stream of the events
// the areas publish for them (docs/live.md).
type liveHTTP struct{ stream live.StreamHandler }

func (h liveHTTP) Register(mux *http.ServeMux) {
	mux.Handle("GET /api/live", httpx.Handler(h.stream.Serve))
}
