package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/auth"
	"hyrox/internal/billing"
	"hyrox/internal/billing/sandbox"
	"hyrox/internal/billing/stripe"
	"hyrox/internal/blog"
	"hyrox/internal/coaching"
	"hyrox/internal/community"
	"hyrox/internal/config"
	"hyrox/internal/db"
	"hyrox/internal/events"
	"hyrox/internal/httpx"
	"hyrox/internal/imports"
	"hyrox/internal/live"
	"hyrox/internal/mail"
	"hyrox/internal/notify"
	"hyrox/internal/nutrition"
	"hyrox/internal/racing"
	"hyrox/internal/training"
)

// routeTable is what every area's HTTP type offers: its rows of the route
// table (ARCHITECTURE.md#routes).
type routeTable interface {
	Routes() []httpx.Route
}

// tableOf collects the areas' rows.
func tableOf(areas ...routeTable) (table []httpx.Route) {
	for _, a := range areas {
		table = append(table, a.Routes()...)
	}
	return table
}

type wiring struct {
	// onShutdown runs when the server begins to shut down (long-lived
	// streams end so Shutdown does not wait for them).
	onShutdown   []func()
	routes       []httpx.Route
	authenticate func(http.Handler) http.Handler
	signedInHint func(http.Handler) http.Handler // the app's pages keep the signed-in hint cookie in step
	maySignIn    func(*http.Request) bool        // a session or hint cookie: no prerendered page
	public       map[string]http.Handler         // non-API paths such as /blog/rss.xml
	// useAPI hears of the built /api/ mux (the coach's read-only view serves
	// the areas' reads from it).
	useAPI []func(http.Handler)
	// liveLatest is a user's newest live event id: a page's first data says
	// where its live stream resumes (docs/product.md#first-data-with-the-html).
	liveLatest func(ctx context.Context, userID int64) (int64, error)
}

// areas builds every area and connects the ones that need each other.
func (a *App) areas() (wiring, error) {
	authStore := auth.NewStore(a.DB)
	authSvc := auth.NewService(authStore, a.Clock)
	a.bus.Subscribe(auth.SessionEvictions, authSvc.CacheSessions(a.bus).For(a.Config.SessionCache))
	// The reset e-mail goes out directly, not through the outbox: its link is
	// a bearer token that must not be kept in the jobs table
	// (docs/operations.md#background-jobs); the athlete can ask again.
	authSvc.UseMail(a.directMailer(), a.Config.PublicURL, a.Logger)
	authHTTP := auth.NewHTTP(authSvc, a.Config.SecureCookies())
	authHTTP.EnableRateLimits(a.Config.RateLimits)
	// Every area that holds a user's data joins the export (GET /api/user/export)
	// with authHTTP.AddExporter("<area>", <area>Svc); billing cancels a paid
	// subscription before an account is deleted with authHTTP.AddAccountCloser(billingSvc).

	// The live streams: one per signed-in user's tab, carrying the events any
	// area publishes through the outbox in its own transactions (docs/live.md);
	// capped per user and per instance, and each ends with its session, on
	// whichever instance the session ends (docs/security.md#live-streams).
	liveStore := live.NewStore(a.DB)
	streams := live.NewHub(liveStore, authSvc, live.Limits{PerUser: live.DefaultPerUser, Total: a.Config.LiveStreams}, a.Clock, a.Logger)
	outbox := live.NewOutbox(a.bus, streams, a.Clock)
	a.bus.Subscribe(live.Channel, live.Relay{Hub: streams})
	a.bus.Subscribe(auth.SessionEvictions, auth.EvictionRelay{L: streams})

	// Notifications: push to the browsers users allowed, for the kinds they
	// opted into, of the live events that concern them (docs/notifications.md).
	notifySvc := notify.NewService(notify.NewStore(a.DB), notify.NewPusher(notify.NewStore(a.DB), notify.PushConfig{
		PublicKey: a.Config.VAPIDPublicKey, PrivateKey: a.Config.VAPIDPrivateKey,
		Subject: "mailto:" + a.Config.SupportEmail, ExtraHosts: a.Config.PushHosts}), a.Clock, a.Logger)
	notifySvc.UseQueue(a.jobs)
	pushOnEvents(outbox, notifySvc)
	authHTTP.AddExporter("notifications", notifySvc)

	trainingSvc := training.NewService(training.NewStore(a.DB), a.Clock)
	trainingSvc.UseLive(outbox)
	a.sessionReminders = func(ctx context.Context) (int, error) {
		return notifySvc.SendSessionReminders(ctx, plannedSessions(trainingSvc), emailFallback(a.mailer(), authSvc, a.Config.PublicURL))
	}
	trainingHTTP := training.NewHTTP(trainingSvc)
	trainingHTTP.UsePublicURL(a.Config.PublicURL)
	authHTTP.AddExporter("training", trainingSvc)
	authHTTP.AddUsernameListener(trainingSvc) // coaches' names on log comments

	// Imports log activities through training, in the log's own transaction.
	importsSvc := imports.NewService(imports.NewStore(a.DB), importLogWriter(trainingSvc))
	importsSvc.UseQueue(a.jobs, outbox) // Strava archives and batches import in the background
	importsHTTP := imports.NewHTTP(importsSvc)
	authHTTP.AddExporter("imports", importsSvc)
	// A log typed by hand at the same time is the same activity (docs/import.md#duplicates).
	importsSvc.UseHandLogs(func(ctx context.Context, userID int64, from, to time.Time) ([]imports.HandLog, error) {
		logs, err := trainingSvc.LogsNear(ctx, userID, from, to)
		out := make([]imports.HandLog, len(logs))
		for i, l := range logs {
			out[i] = imports.HandLog(l)
		}
		return out, err
	})

	nutritionSvc := nutrition.NewService(nutrition.NewStore(a.DB), a.Clock)
	nutritionHTTP := nutrition.NewHTTP(nutritionSvc)
	nutritionSvc.UseOpenFoodFacts(nutrition.NewOFFClient(a.Config.OpenFoodFactsURL, a.Config.SupportEmail))
	FollowTrainingCalendar(nutritionSvc, trainingSvc)
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
	blogSvc.UseMail(a.mailer(), a.Config.PublicURL, a.Logger)
	a.newsletter = blogSvc
	blogHTTP := blog.NewHTTP(blogSvc, a.Config.PublicURL)
	authHTTP.AddExporter("blog", blogSvc)

	public := map[string]http.Handler{}
	for path, h := range blogHTTP.Public() {
		public[path] = h
	}
	for path, h := range trainingHTTP.Public() {
		public[path] = h
	}

	coachingSvc := coaching.NewService(coaching.NewStore(a.DB), a.Clock)
	coachingSvc.UseMail(a.mailer(), authSvc, a.Config.PublicURL, a.Logger)
	coachingSvc.UseLive(streams, outbox)
	coachingHTTP := coaching.NewHTTP(coachingSvc)
	a.coaching = coachingSvc
	authHTTP.AddExporter("coaching", coachingSvc)
	authHTTP.AddUsernameListener(coachingSvc)
	trainingSvc.UseCoachCheck(coachingSvc.IsCoachOf)
	trainingSvc.UseNames(coachingSvc.DisplayNames) // "From your coach Alex Morgan" on a coach's programs
	// A coach's comment on a log is a line in their thread with the athlete.
	trainingSvc.UseCommentNotice(func(ctx context.Context, coach httpx.Identity, athleteID int64, l training.Log, c training.LogComment) error {
		return coachingSvc.Note(ctx, coach, athleteID, coaching.CommentNote(l.ID, l.WorkoutName, c.Body))
	})
	// The coach's read-only view reads as the athlete, with their tier and role.
	coachingHTTP.UseViewAs(func(ctx context.Context, userID int64) (httpx.Identity, error) {
		u, err := authSvc.User(ctx, userID)
		return httpx.Identity{UserID: u.ID, Username: u.Username, Tier: u.SubscriptionTier, Role: u.Role}, err
	})

	billingSvc, billingRoutes, err := a.billing(authSvc)
	if err != nil {
		return wiring{}, err
	}
	authHTTP.AddExporter("billing", billingSvc)
	authHTTP.AddAccountCloser(billingSvc)
	a.trialReminders = func(ctx context.Context) (int, error) {
		return billingSvc.SendTrialReminders(ctx, trialReminderSender(a.mailer(), notifySvc, a.Config.PublicURL))
	}

	racingSvc := racing.NewService(racing.NewStore(a.DB), a.Clock)
	// Race boards rank the time at an average venue: after a refit (or the
	// migration) every stored race is ranked again (docs/analytics.md#venues).
	if _, err := racingSvc.CorrectVenues(context.Background()); err != nil {
		return wiring{}, err
	}
	racingHTTP := racing.NewHTTP(racingSvc)
	// A lapped HYROX activity is saved through racing's own create path
	// (docs/import.md#hyrox-races-and-simulations).
	importsSvc.UseRacing(importRacing{racingSvc})
	authHTTP.AddExporter("racing", racingSvc)
	billingSvc.SetPreviewSource(upgradePreviewSource{training: trainingSvc, racing: racingSvc, now: a.Clock})
	authHTTP.AddUsernameListener(racingSvc)
	authHTTP.AddRoleListener(racingSvc)
	// Readiness reads the athlete's training load and compliance.
	racingSvc.SetTrainingLoad(racing.TrainingLoadFunc(func(ctx context.Context, userID int64) (racing.LoadSummary, error) {
		s, err := trainingSvc.LoadSummary(ctx, userID)
		return racing.LoadSummary(s), err
	}))
	// A HYROX simulation logged as a workout counts in analytics as the same
	// effort as a simulation entered as a result (docs/analytics.md#a-simulation-logged-as-a-workout).
	racingSvc.SetSimulationLog(racing.SimulationLogFunc(func(ctx context.Context, userID int64, since string) ([]racing.LoggedSimulation, error) {
		sims, err := trainingSvc.LoggedSimulations(ctx, userID, since)
		out := make([]racing.LoggedSimulation, len(sims))
		for i, s := range sims {
			out[i] = racing.LoggedSimulation(s)
		}
		return out, err
	}))

	// The workspace's attention list reads training and racing for all of a
	// coach's athletes at once.
	coachingSvc.UseWorkspace(func(ctx context.Context, ids []int64) (map[int64]coaching.TrainingSignals, error) {
		sig, err := trainingSvc.AthleteSignals(ctx, ids)
		out := make(map[int64]coaching.TrainingSignals, len(sig))
		for id, s := range sig {
			out[id] = coaching.TrainingSignals{MissedSessions: s.MissedSessions, LoadRatio: s.LoadRatio, LoadSpike: s.LoadSpike}
		}
		return out, err
	}, racingSvc.NewResultsSince)

	routes := tableOf(append([]routeTable{authHTTP, trainingHTTP, importsHTTP, nutritionHTTP, communityHTTP, racingHTTP, blogHTTP, coachingHTTP,
		siteHTTP{siteInfo{SupportEmail: a.Config.SupportEmail, EmailDelivery: a.Config.EmailDelivery()}},
		liveHTTP{live.StreamHandler{Hub: streams}}, notify.NewHTTP(notifySvc)},
		billingRoutes...)...)
	return wiring{
		useAPI:       []func(http.Handler){coachingHTTP.UseReads},
		routes:       routes,
		authenticate: authHTTP.Authenticate,
		signedInHint: authHTTP.SignedInHint,
		maySignIn:    auth.MaySignIn,
		public:       public,
		onShutdown:   []func(){streams.Shutdown},
		liveLatest:   liveStore.Latest,
	}, nil
}

// importLogWriter is training's log creation as imports asks for it: the
// activity's rows become the log's actuals (docs/import.md#the-log).
func importLogWriter(svc *training.Service) imports.LogWriter {
	return func(ctx context.Context, userID int64, l imports.NewLog, also func(context.Context, *db.Tx, int64) error) (imports.SavedLog, error) {
		rows, err := json.Marshal(l.Exercises)
		if err != nil {
			return imports.SavedLog{}, err
		}
		in := training.LogInput{WorkoutName: &l.Name, Duration: &l.Minutes, Notes: &l.Notes, Exercises: rows, CompletedAt: &l.CompletedAt}
		saved, err := svc.ImportLog(ctx, userID, in, l.Day, l.SessionScore, func(ctx context.Context, tx *db.Tx, log training.Log) error {
			return also(ctx, tx, log.ID)
		})
		return imports.SavedLog{ID: saved.ID, PlannedSessionID: saved.PlannedSessionID}, err
	}
}

// importRacing is racing as imports asks for it: a confirmed lap mapping
// becomes a result through racing's create path and rules.
type importRacing struct{ svc *racing.Service }

func (r importRacing) CreateResult(ctx context.Context, id httpx.Identity, h imports.HyroxResult) (imports.ResultRef, error) {
	in := racing.ResultInput{Date: h.Date, EventName: h.EventName, Kind: h.Kind, Division: h.Division,
		RunSplits: make([]*float64, 8), StationSplits: make([]*float64, 8)}
	for i := range 8 {
		run := float64(h.Splits.Runs[i])
		in.RunSplits[i] = &run
		if st := h.Splits.Station[i]; st != nil {
			v := float64(*st)
			in.StationSplits[i] = &v
		}
	}
	rox := float64(h.Splits.Roxzone)
	in.RoxzoneSeconds = &rox
	res, err := r.svc.Create(ctx, id, in)
	return imports.ResultRef{ID: res.ID, Created: res.CreatedAt}, err
}

func (r importRacing) Result(ctx context.Context, userID, resultID int64) (imports.ResultRef, bool, error) {
	res, err := r.svc.Get(ctx, userID, resultID)
	if apperr.Is(err, apperr.CodeNotFound) {
		return imports.ResultRef{}, false, nil
	}
	return imports.ResultRef{ID: res.ID, Created: res.CreatedAt}, err == nil, err
}

func (r importRacing) DefaultDivision(ctx context.Context, userID int64) (string, error) {
	return r.svc.DefaultDivision(ctx, userID)
}

// mailer sends over SMTP when SMTP_HOST is set. Without it, e-mails go to
// the log, except in production, where a reset link must never reach the log
// (docs/security.md): there it is nil and reset requests say e-mail is off.
// With SMTP, e-mails go through the outbox: queued as jobs (in the caller's
// transaction with SendTx) and retried while SMTP fails.
func (a *App) mailer() mail.Sender {
	if a.outbox != nil {
		return a.outbox
	}
	return a.directMailer()
}

// directMailer sends at once, without the outbox.
func (a *App) directMailer() mail.Sender {
	if a.Config.SMTPHost == "" && a.Config.AppEnv == "production" {
		return nil
	}
	return a.smtp()
}

func (a *App) smtp() mail.Sender {
	return mail.New(mail.Config{Host: a.Config.SMTPHost, Port: a.Config.SMTPPort, Username: a.Config.SMTPUsername,
		Password: a.Config.SMTPPassword, From: a.Config.SMTPFrom}, a.Logger)
}

// billingArea is billing wired to the payment provider chosen by configuration.
type billingArea struct {
	svc     *billing.Service
	sandbox *sandbox.Sandbox // set when the sandbox is the provider
	webhook httpx.Handler    // set when Stripe is the provider
}

// tierListener is an area that billing tells about every tier it records,
// after auth (coaching ends an elite athlete's coaching below elite).
type tierListener interface {
	TierChanged(ctx context.Context, userID int64, tier string) error
}

// tierFanout is billing's TierSetter: auth records the tier, then each
// listener hears of it.
type tierFanout struct {
	auth      *auth.Service
	listeners []tierListener
}

func (f tierFanout) SetTier(ctx context.Context, userID int64, tier string) error {
	if err := f.auth.SetTier(ctx, userID, tier); err != nil {
		return err
	}
	for _, l := range f.listeners {
		if err := l.TierChanged(ctx, userID, tier); err != nil {
			return err
		}
	}
	return nil
}

// newBilling builds the payment provider chosen by configuration (sandbox,
// Stripe or none) and the billing service; every provider event reaches
// billing.Service.Apply. The server and the CLI tools share it.
func newBilling(cfg config.Config, d *db.DB, clock func() time.Time, authSvc *auth.Service) billingArea {
	tiers := tierFanout{auth: authSvc, listeners: []tierListener{coaching.NewService(coaching.NewStore(d), clock)}}
	switch cfg.PaymentProvider {
	case "sandbox":
		sb := sandbox.New(d, clock)
		sb.SetTaxRate(cfg.TaxRateBasisPoints)
		svc := billing.NewService(d, cfg, sb, tiers, authSvc, clock)
		sb.SetSink(svc.Apply)
		return billingArea{svc: svc, sandbox: sb}
	case "stripe":
		sp := stripe.New(stripe.Options{SecretKey: cfg.StripeSecretKey, PublishableKey: cfg.StripePublishableKey,
			APIBase: cfg.StripeAPIBase}, clock)
		svc := billing.NewService(d, cfg, sp, tiers, authSvc, clock)
		return billingArea{svc: svc, webhook: stripe.Webhook(cfg.StripeWebhookSecret, svc.Apply)}
	}
	return billingArea{svc: billing.NewService(d, cfg, nil, tiers, authSvc, clock)}
}

// billing builds the billing area and its routes.
func (a *App) billing(authSvc *auth.Service) (*billing.Service, []routeTable, error) {
	b := newBilling(a.Config, a.DB, a.Clock, authSvc)
	routes := []routeTable{billing.NewHTTP(b.svc, b.webhook)}
	if b.sandbox != nil {
		routes = append(routes, sandbox.NewHTTP(b.sandbox))
	}
	return b.svc, routes, nil
}

// AdvanceSandbox moves the sandbox clock forward and runs what falls due,
// with the same wiring as the server (hyrox sandbox advance).
func AdvanceSandbox(ctx context.Context, cfg config.Config, d *db.DB, clock func() time.Time, by time.Duration) (time.Time, error) {
	b := newBilling(cfg, d, clock, cliAuth(cfg, d, clock))
	if b.sandbox == nil {
		return time.Time{}, fmt.Errorf("the payment provider is %q, not sandbox", cfg.PaymentProvider)
	}
	if err := b.sandbox.Advance(ctx, by); err != nil {
		return time.Time{}, err
	}
	return b.sandbox.Now(ctx), nil
}

// GrantTier records an operator's grant of a tier to an account (hyrox users
// set-tier): no subscription event or status read undoes it; basic removes it.
func GrantTier(ctx context.Context, cfg config.Config, d *db.DB, clock func() time.Time, login, tier string) (username, granted string, err error) {
	authStore := auth.NewStore(d)
	u, err := authStore.UserByLogin(ctx, login)
	if err != nil {
		return "", "", fmt.Errorf("no account %q: %w", login, err)
	}
	b := newBilling(cfg, d, clock, cliAuth(cfg, d, clock))
	granted, err = b.svc.GrantTier(ctx, u.ID, tier)
	return u.Username, granted, err
}

// SetRole makes an account a coach or an athlete (hyrox users set-role);
// a new coach gets a starting profile (name = username) to complete, and a
// coach made an athlete again no longer coaches anyone.
func SetRole(ctx context.Context, cfg config.Config, d *db.DB, clock func() time.Time, login, role string) (string, error) {
	u, err := auth.NewStore(d).UserByLogin(ctx, login)
	if err != nil {
		return "", fmt.Errorf("no account %q: %w", login, err)
	}
	authSvc := cliAuth(cfg, d, clock)
	authSvc.AddRoleListener(racing.NewService(racing.NewStore(d), clock)) // coaches are left off the leaderboard
	if err := authSvc.SetRole(ctx, u.ID, role); err != nil {
		return "", err
	}
	coachingSvc := coaching.NewService(coaching.NewStore(d), clock)
	if role == "coach" {
		err = coachingSvc.EnsureProfile(ctx, u.ID, u.Username)
	} else {
		err = coachingSvc.CoachRemoved(ctx, u.ID)
	}
	if err != nil {
		return "", err
	}
	return u.Username, nil
}

// cliAuth is auth for the CLI tools: the tier changes they make evict the
// session caches of running instances at once on PostgreSQL (a SQLite server
// sees them within its 2 s cache).
func cliAuth(cfg config.Config, d *db.DB, clock func() time.Time) *auth.Service {
	svc := auth.NewService(auth.NewStore(d), clock)
	svc.CacheSessions(events.New(d, cfg.DatabaseURL, slog.Default()))
	return svc
}

// FollowTrainingCalendar makes nutrition's day targets follow training: the
// calendar's day types and the sessions the athlete logged (a hard session
// that was not on the calendar still raises the day's carbohydrate). The
// app wires it; make bench's same-SQL ceiling wires its services the same.
func FollowTrainingCalendar(n *nutrition.Service, t *training.Service) {
	n.UsePlanner(nutrition.DayPlannerFunc(func(ctx context.Context, userID int64, from, to string) ([]nutrition.DayType, error) {
		days, err := t.DayTypes(ctx, userID, from, to)
		out := make([]nutrition.DayType, len(days))
		for i, d := range days {
			out[i] = nutrition.DayType(d)
		}
		return out, err
	}))
	n.UseSessionLog(nutrition.SessionLogFunc(func(ctx context.Context, userID int64, from, to time.Time) ([]nutrition.LoggedSession, error) {
		logs, err := t.LoggedSessions(ctx, userID, from, to)
		out := make([]nutrition.LoggedSession, len(logs))
		for i, l := range logs {
			out[i] = nutrition.LoggedSession(l)
		}
		return out, err
	}))
}
