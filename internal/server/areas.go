package server

import (
	"net/http"

	"hyrox/internal/auth"
	"hyrox/internal/mail"
	"hyrox/internal/nutrition"
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
	authSvc.UseMail(mail.New(mail.Config{Host: a.Config.SMTPHost, Port: a.Config.SMTPPort, Username: a.Config.SMTPUsername,
		Password: a.Config.SMTPPassword, From: a.Config.SMTPFrom}, a.Logger), a.Config.PublicURL, a.Logger)
	authHTTP := auth.NewHTTP(authSvc, a.Config.SecureCookies())
	authHTTP.EnableRateLimits(a.Config.RateLimits)
	// Every area that holds a user's data joins the export (GET /api/user/export)
	// with authHTTP.AddExporter("<area>", <area>Svc); billing cancels a paid
	// subscription before an account is deleted with authHTTP.AddAccountCloser(billingSvc).

	nutritionSvc := nutrition.NewService(nutrition.NewStore(a.DB), a.Clock)
	nutritionHTTP := nutrition.NewHTTP(nutritionSvc)
	authHTTP.AddExporter("nutrition", nutritionSvc)

	return wiring{
		routes:       []routeRegistrar{authHTTP, nutritionHTTP},
		authenticate: authHTTP.Authenticate,
		public:       map[string]http.Handler{},
	}, nil
}
