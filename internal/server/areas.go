package server

import (
	"net/http"

	"hyrox/internal/auth"
	"hyrox/internal/racing"
)

// routeRegistrar is what every area's HTTP type offers.
type routeRegistrar interface {
	Register(mux *http.ServeMux)
}

type wiring struct {
	routes       []routeRegistrar
	authenticate func(http.Handler) http.Handler
	public       map[string]http.Handler // non-API paths such as /blog/rss.xml
}

// areas builds every area and connects the ones that need each other.
func (a *App) areas() (wiring, error) {
	authStore := auth.NewStore(a.DB)
	authSvc := auth.NewService(authStore, a.Clock)
	authHTTP := auth.NewHTTP(authSvc, a.Config.SecureCookies())

	racingSvc := racing.NewService(racing.NewStore(a.DB), a.Clock)
	racingHTTP := racing.NewHTTP(racingSvc)

	return wiring{
		routes:       []routeRegistrar{authHTTP, racingHTTP},
		authenticate: authHTTP.Authenticate,
		public:       map[string]http.Handler{},
	}, nil
}
