package server

import (
	"context"
	"net/http"

	"hyrox/internal/auth"
	"hyrox/internal/blog"
	"hyrox/internal/community"
	"hyrox/internal/mail"
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
	authSvc.UseMail(mail.New(mail.Config{Host: a.Config.SMTPHost, Port: a.Config.SMTPPort, Username: a.Config.SMTPUsername,
		Password: a.Config.SMTPPassword, From: a.Config.SMTPFrom}, a.Logger), a.Config.PublicURL, a.Logger)
	authHTTP := auth.NewHTTP(authSvc, a.Config.SecureCookies())
	authHTTP.EnableRateLimits(a.Config.RateLimits)
	// Every area that holds a user's data joins the export (GET /api/user/export)
	// with authHTTP.AddExporter("<area>", <area>Svc); billing cancels a paid
	// subscription before an account is deleted with authHTTP.AddAccountCloser(billingSvc).

	trainingSvc := training.NewService(training.NewStore(a.DB), a.Clock)
	trainingHTTP := training.NewHTTP(trainingSvc)
	authHTTP.AddExporter("training", trainingSvc)

	nutritionSvc := nutrition.NewService(nutrition.NewStore(a.DB), a.Clock)
	nutritionHTTP := nutrition.NewHTTP(nutritionSvc)
	authHTTP.AddExporter("nutrition", nutritionSvc)

	communitySvc := community.NewService(community.NewStore(a.DB), a.Clock)
	communityHTTP := community.NewHTTP(communitySvc, community.DefaultLimits())
	authHTTP.AddExporter("community", communitySvc)

	// Articles ship in the binary: every start upserts them by slug (idempotent,
	// safe when several instances start at once), so a deployment never needs
	// the demo seed to have its blog.
	if err := blog.Seed(context.Background(), a.DB, nil); err != nil {
		return wiring{}, err
	}
	blogSvc := blog.NewService(blog.NewStore(a.DB), a.Clock)
	blogHTTP := blog.NewHTTP(blogSvc, a.Config.PublicURL)
	authHTTP.AddExporter("blog", blogSvc)

	public := map[string]http.Handler{}
	for path, h := range blogHTTP.Public() {
		public[path] = h
	}

	return wiring{
		routes:       []routeRegistrar{authHTTP, trainingHTTP, nutritionHTTP, communityHTTP, blogHTTP},
		authenticate: authHTTP.Authenticate,
		public:       public,
	}, nil
}
