package server

import (
	"context"
	"net/http"
	"time"

	"hyrox/internal/auth"
	"hyrox/internal/billing"
	"hyrox/internal/billing/sandbox"
	"hyrox/internal/billing/stripe"
	"hyrox/internal/blog"
	"hyrox/internal/community"
	"hyrox/internal/config"
	"hyrox/internal/db"
	"hyrox/internal/mail"
	"hyrox/internal/nutrition"
	"hyrox/internal/racing"
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
	authHTTP.AddUsernameListener(communitySvc)

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

	billingSvc, billingRoutes, err := a.billing(authSvc)
	if err != nil {
		return wiring{}, err
	}
	authHTTP.AddExporter("billing", billingSvc)
	authHTTP.AddAccountCloser(billingSvc)

	racingSvc := racing.NewService(racing.NewStore(a.DB), a.Clock)
	racingHTTP := racing.NewHTTP(racingSvc)
	authHTTP.AddExporter("racing", racingSvc)
	authHTTP.AddUsernameListener(racingSvc)

	return wiring{
		routes: append([]routeRegistrar{authHTTP, trainingHTTP, nutritionHTTP, communityHTTP, racingHTTP, blogHTTP},
			billingRoutes...),
		authenticate: authHTTP.Authenticate,
		public:       public,
	}, nil
}

// billing builds the payment provider chosen by configuration (docs/product.md#billing)
// and the billing service; every provider event reaches billing.Service.Apply.
func (a *App) billing(authSvc *auth.Service) (*billing.Service, []routeRegistrar, error) {
	var routes []routeRegistrar
	switch a.Config.PaymentProvider {
	case "sandbox":
		sb := sandbox.New(a.DB, a.Clock)
		svc := billing.NewService(a.DB, a.Config, sb, authSvc, authSvc, a.Clock)
		sb.SetSink(svc.Apply)
		routes = append(routes, sandbox.NewHTTP(sb), billing.NewHTTP(svc, nil))
		return svc, routes, nil
	case "stripe":
		sp := stripe.New(stripe.Options{SecretKey: a.Config.StripeSecretKey, PublishableKey: a.Config.StripePublishableKey,
			APIBase: a.Config.StripeAPIBase}, a.Clock)
		svc := billing.NewService(a.DB, a.Config, sp, authSvc, authSvc, a.Clock)
		routes = append(routes, billing.NewHTTP(svc, stripe.Webhook(a.Config.StripeWebhookSecret, svc.Apply)))
		return svc, routes, nil
	}
	svc := billing.NewService(a.DB, a.Config, nil, authSvc, authSvc, a.Clock)
	return svc, append(routes, billing.NewHTTP(svc, nil)), nil
}

// AdvanceSandbox moves the sandbox clock forward and runs what falls due,
// with the same wiring as the server (hyrox sandbox advance).
func AdvanceSandbox(ctx context.Context, cfg config.Config, d *db.DB, clock func() time.Time, by time.Duration) (time.Time, error) {
	a := &App{Config: cfg, DB: d, Clock: clock}
	authSvc := auth.NewService(auth.NewStore(d), a.Clock)
	sb := sandbox.New(d, a.Clock)
	svc := billing.NewService(d, cfg, sb, authSvc, authSvc, a.Clock)
	sb.SetSink(svc.Apply)
	if err := sb.Advance(ctx, by); err != nil {
		return time.Time{}, err
	}
	return sb.Now(ctx), nil
}
