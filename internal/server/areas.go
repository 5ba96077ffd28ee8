package server

import (
	"net/http"

	"hyrox/internal/auth"
	"hyrox/internal/nutrition"
	"hyrox/internal/training"
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

	trainingSvc := training.NewService(training.NewStore(a.DB), a.Clock)
	trainingHTTP := training.NewHTTP(trainingSvc)

	nutritionSvc := nutrition.NewService(nutrition.NewStore(a.DB), a.Clock)
	nutritionHTTP := nutrition.NewHTTP(nutritionSvc)

	return wiring{
		routes:       []routeRegistrar{authHTTP, trainingHTTP, nutritionHTTP},
		authenticate: authHTTP.Authenticate,
		public:       map[string]http.Handler{},
	}, nil
}
