// Package server wires the areas into one HTTP server: routes, middleware
// order, health, metrics and the embedded web app.
package server

import (
	"cmp"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"hyrox/internal/apperr"
	"hyrox/internal/blog"
	"hyrox/internal/coaching"
	"hyrox/internal/config"
	"hyrox/internal/db"
	"hyrox/internal/events"
	"hyrox/internal/httpx"
	"hyrox/internal/idempotency"
	"hyrox/internal/jobs"
	"hyrox/internal/training"
	"hyrox/web"
)

// contentSecurityPolicy allows only our own scripts (no eval; inline only the
// app shell's own scripts, by hash: scriptSources). Inline style attributes
// are allowed because UI primitives position popovers with them. Stripe.js is
// allowed for the Stripe payment provider only.
func contentSecurityPolicy(scriptSources []string) string {
	scripts := strings.Join(append([]string{"'self'"}, scriptSources...), " ")
	return "default-src 'self'; script-src " + scripts + " https://js.stripe.com; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:; font-src 'self'; connect-src 'self' https://api.stripe.com; " +
		"frame-src https://js.stripe.com https://hooks.stripe.com; frame-ancestors 'none'; base-uri 'self'; " +
		"form-action 'self'; object-src 'none'"
}

// App is the whole program: open it, Start it, then Close it. Tests start it
// on port 0 and read Addr.
type App struct {
	Config config.Config
	DB     *db.DB
	Logger *slog.Logger
	Clock  func() time.Time

	handler  http.Handler
	routes   []httpx.Route // the route table, for the tests that check it
	server   *http.Server
	listener net.Listener

	// metrics is the Prometheus handler; Start serves it on METRICS_ADDR.
	metrics         http.Handler
	metricsServer   *http.Server
	metricsListener net.Listener
	bus             *events.Bus // session evictions between instances
	onShutdown      []func()    // areas' hooks: end long-lived streams
	stopBus         context.CancelFunc
	busStopped      chan struct{}

	// newsletter e-mails new articles (docs/product.md#blog) while the server runs.
	newsletter *blog.Service
	// coaching sends session reminders (docs/coaching.md#11-sessions).
	coaching *coaching.Service
	// trialReminders tells athletes three days before a trial becomes a charge.
	trialReminders func(context.Context) (int, error)
	// sessionReminders tells athletes in the evening of the next day's sessions.
	sessionReminders func(context.Context) (int, error)
	// jobs runs the areas' jobs and the scheduled work above once per fleet
	// (internal/jobs); jobsStarted once this instance works them.
	jobs        *jobs.Queue
	jobsStarted bool
	// idempotency keeps the answers of keyed writes (docs/offline.md#idempotency-keys).
	idempotency *idempotency.Store
	// outbox queues the areas' e-mails as jobs when SMTP is configured, so an
	// SMTP hiccup is retried, not lost (docs/operations.md#background-jobs).
	outbox *jobs.Outbox
}

// ReminderInterval is how often the server looks for sessions to remind.
const ReminderInterval = time.Minute

// TrialReminderInterval is how often the server looks for trials and
// evenings to remind of (docs/notifications.md).
const TrialReminderInterval = 15 * time.Minute

// NewsletterInterval is how often the server looks for new articles to e-mail.
const NewsletterInterval = 10 * time.Minute

// Open connects to the database, migrates it and builds the handler.
func Open(ctx context.Context, cfg config.Config, logger *slog.Logger) (*App, error) {
	return OpenWithClock(ctx, cfg, logger, time.Now)
}

// OpenWithClock is Open with the clock every area reads (tests move it).
func OpenWithClock(ctx context.Context, cfg config.Config, logger *slog.Logger, clock func() time.Time) (*App, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if _, err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	a := &App{Config: cfg, DB: d, Logger: logger, Clock: clock, bus: events.New(d, cfg.DatabaseURL, logger), jobs: jobs.New(d)}
	if cfg.SMTPHost != "" {
		a.outbox = a.jobs.UseOutbox(a.smtp())
	}
	if err := a.build(); err != nil {
		d.Close()
		return nil, err
	}
	// The areas added their workers in build; from here jobs can be queued.
	// HEAVY_JOBS=0 runs no imports here; to the queue a negative number says so.
	if err := a.jobs.Open(ctx, a.scheduled(), jobs.Options{HeavyWorkers: cmp.Or(cfg.HeavyJobs, -1)}, logger); err != nil {
		d.Close()
		return nil, fmt.Errorf("open the job queue: %w", err)
	}
	busCtx, stop := context.WithCancel(context.Background())
	a.stopBus, a.busStopped = stop, make(chan struct{})
	go func() {
		defer close(a.busStopped)
		a.bus.Run(busCtx)
	}()
	return a, nil
}

func (a *App) build() error {
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return err
	}
	spa, err := NewSPA(dist)
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	// The scheduler metrics (go_sched_latencies_seconds: how long goroutines wait to run;
	// goroutines created) show a starved single core, as in docs/benchmarks/2026-11-25.md#which-goroutines-made-the-tail.
	reg.MustRegister(collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(collectors.MetricsScheduler)),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	metrics := httpx.NewMetrics(reg)

	api := http.NewServeMux()
	areas, err := a.areas()
	if err != nil {
		return err
	}
	a.routes = areas.routes
	httpx.Mount(api, areas.routes)
	a.onShutdown = areas.onShutdown
	for _, f := range areas.useAPI {
		f(api)
	}
	api.Handle("/api/", httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		if allow := allowedMethods(api, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			return apperr.Errorf(apperr.CodeMethodNotAllowed, "This method is not allowed on %s: use %s.", r.URL.Path, strings.Join(allow, " or "))
		}
		return apperr.Errorf(apperr.CodeNotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path)
	}))

	root := http.NewServeMux()
	a.idempotency = idempotency.NewStore(a.DB)
	root.Handle("/api/", httpx.Chain(api, httpx.CrossOrigin(), areas.authenticate,
		idempotency.Middleware(a.idempotency, a.Clock, a.Logger)))
	root.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	root.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := a.DB.Ping(ctx); err != nil {
			httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "database unreachable"})
			return
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	})
	// docs/security.md: /metrics is never open on the public port.
	a.metrics = promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	if a.Config.MetricsAddr == "" && a.Config.MetricsToken != "" {
		root.Handle("GET /metrics", bearerToken(a.Config.MetricsToken, a.metrics))
	} else {
		root.Handle("/metrics", http.NotFoundHandler()) // not the app's page either
	}
	for path, h := range areas.public {
		root.Handle(path, h)
	}
	spa.MaySignIn = areas.maySignIn
	spa.FirstData = firstData(httpx.Chain(api, areas.authenticate), areas.liveLatest)
	root.Handle("/", areas.signedInHint(spa))

	a.handler = httpx.Chain(root, httpx.ClientAddr(a.Config.TrustedProxies), httpx.RequestLog(a.Logger, metrics, training.FeedPathPrefix),
		httpx.SecurityHeaders(contentSecurityPolicy(spa.ScriptSources()), a.Config.HSTS(), isSubresource), httpx.RefuseNUL())
	return nil
}

// allowedMethods lists the methods mux serves r's path with, for a 405.
func allowedMethods(mux *http.ServeMux, r *http.Request) []string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := &http.Request{Method: m, URL: r.URL, Host: r.Host, Header: http.Header{}}
		if _, pattern := mux.Handler(probe); pattern != "/api/" && pattern != "" {
			allow = append(allow, m)
		}
	}
	if slices.Contains(allow, http.MethodGet) {
		allow = append(allow, http.MethodHead)
	}
	return allow
}

// bearerToken serves h only to requests carrying "Authorization: Bearer token".
func bearerToken(token string, h http.Handler) http.Handler {
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			httpx.WriteError(w, r, apperr.ErrUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Handler is the app's root handler, for in-process tests.
func (a *App) Handler() http.Handler { return a.handler }

// Start listens on the configured address; Addr then tells the real one.
func (a *App) Start() error {
	ln, err := net.Listen("tcp", a.Config.Addr())
	if err != nil {
		return fmt.Errorf("listen on %s: %w", a.Config.Addr(), err)
	}
	a.listener = ln
	a.server = &http.Server{
		Handler:           a.handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(a.Logger.Handler(), slog.LevelWarn),
	}
	for _, f := range a.onShutdown {
		a.server.RegisterOnShutdown(f)
	}
	go func() {
		if err := a.server.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.Logger.Error("server stopped", "err", err)
		}
	}()
	if err := a.StartJobs(context.Background()); err != nil {
		return err
	}
	if a.Config.MetricsAddr != "" {
		return a.startMetrics()
	}
	return nil
}

// startMetrics serves /metrics alone on METRICS_ADDR (a private address).
func (a *App) startMetrics() error {
	ln, err := net.Listen("tcp", a.Config.MetricsAddr)
	if err != nil {
		return fmt.Errorf("listen on METRICS_ADDR %s: %w", a.Config.MetricsAddr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", a.metrics)
	a.metricsListener = ln
	a.metricsServer = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := a.metricsServer.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.Logger.Error("metrics server stopped", "err", err)
		}
	}()
	return nil
}

// MetricsAddr is the address /metrics listens on after Start (METRICS_ADDR).
func (a *App) MetricsAddr() string {
	if a.metricsListener == nil {
		return ""
	}
	return a.metricsListener.Addr().String()
}

// Addr is the address the server listens on, after Start.
func (a *App) Addr() string {
	if a.listener == nil {
		return ""
	}
	return a.listener.Addr().String()
}

// Close stops accepting connections, lets requests in flight finish (up to
// 20 seconds), then closes the database.
func (a *App) Close() error {
	var err error
	if a.server != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		err = a.server.Shutdown(ctx)
	}
	if a.metricsServer != nil {
		err = errors.Join(err, a.metricsServer.Close())
	}
	for _, f := range a.onShutdown { // also when tests serve Handler themselves
		f()
	}
	if a.jobsStarted {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err = errors.Join(err, a.jobs.Stop(ctx))
		cancel()
	}
	a.stopBus()
	<-a.busStopped
	return errors.Join(err, a.DB.Close())
}

// StartJobs makes this instance work queued jobs and scheduled work (Start
// does; tests that serve Handler themselves call it when they need jobs run).
func (a *App) StartJobs(ctx context.Context) error {
	if a.jobsStarted {
		return nil
	}
	if err := a.jobs.Start(ctx); err != nil {
		return fmt.Errorf("start the job queue: %w", err)
	}
	a.jobsStarted = true
	return nil
}

// StartJobsUnscheduled makes this instance work queued jobs (the e-mail
// outbox, imports) without the scheduled work: tests that run a round of it
// themselves, at a moved clock, call this instead of StartJobs.
func (a *App) StartJobsUnscheduled(ctx context.Context) error {
	a.jobs.Unschedule()
	return a.StartJobs(ctx)
}

// scheduled is the work the server runs every so often, once per fleet
// (docs/operations.md#background-jobs).
func (a *App) scheduled() []jobs.Scheduled {
	return []jobs.Scheduled{
		{Name: "newsletter", Every: NewsletterInterval, Run: func(ctx context.Context) error {
			n, err := a.newsletter.SendNewArticles(ctx)
			if n > 0 {
				a.Logger.InfoContext(ctx, "newsletter e-mails sent", "count", n)
			}
			return err
		}},
		{Name: "calendar_reminders", Every: TrialReminderInterval, Run: func(ctx context.Context) error {
			_, err := a.sessionReminders(ctx)
			return err
		}},
		{Name: "trial_reminders", Every: TrialReminderInterval, Run: func(ctx context.Context) error {
			_, err := a.trialReminders(ctx)
			return err
		}},
		{Name: "idempotency_purge", Every: PurgeInterval, Run: func(ctx context.Context) error {
			_, err := a.PurgeIdempotencyKeys(ctx)
			return err
		}},
		{Name: "session_reminders", Every: ReminderInterval, Run: func(ctx context.Context) error {
			_, err := a.coaching.SendReminders(ctx)
			_, cerr := a.coaching.SendCancelNotices(ctx)
			return errors.Join(err, cerr)
		}},
	}
}

// SendSessionReminders runs one round of the coaching reminders (tests
// call it with a moved clock; Start runs it every ReminderInterval).
func (a *App) SendSessionReminders(ctx context.Context) (int, error) {
	return a.coaching.SendReminders(ctx)
}

// SendTrialReminders runs one round of the trial reminders (tests call it
// with a moved sandbox clock; Start runs it every TrialReminderInterval).
func (a *App) SendTrialReminders(ctx context.Context) (int, error) { return a.trialReminders(ctx) }

// SendCalendarReminders runs one round of the evening reminders of the next
// day's planned sessions (tests call it with a moved clock).
func (a *App) SendCalendarReminders(ctx context.Context) (int, error) { return a.sessionReminders(ctx) }

// SendSessionCancellations runs the other half of that loop: the e-mails of
// sessions cancelled because their coaching ended.
func (a *App) SendSessionCancellations(ctx context.Context) (int, error) {
	return a.coaching.SendCancelNotices(ctx)
}

// Routes is the API's route table (ARCHITECTURE.md#routes), once the
// handler is built.
func (a *App) Routes() []httpx.Route { return a.routes }
