package server

import (
	"context"
	"time"

	"hyrox/internal/config"
	"hyrox/internal/db"
	"net/http"

	"hyrox/internal/auth"
	"hyrox/internal/billing"
	"hyrox/internal/billing/sandbox"
	"hyrox/internal/billing/stripe"
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

	billingHTTP, billingRoutes, err := a.billing(authSvc)
	if err != nil {
		return wiring{}, err
	}
	_ = billingHTTP

	return wiring{
		routes:       append([]routeRegistrar{authHTTP}, billingRoutes...),
		authenticate: authHTTP.Authenticate,
		public:       map[string]http.Handler{},
	}, nil
}

// billing builds the payment provider chosen by configuration (DECISIONS §4)
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
