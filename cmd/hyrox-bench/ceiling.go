package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/community"
	"hyrox/internal/config"
	"hyrox/internal/db"
	"hyrox/internal/nutrition"
	"hyrox/internal/racing"
	"hyrox/internal/server"
	"hyrox/internal/training"
)

// ceilingMain serves the two ceilings on the same database as the app:
//
//	GET /bare                  a fixed JSON body (the feed's answer), nothing else
//	GET /bare-tiny             a fixed 15-byte JSON body, nothing else
//	GET /sql?ep=NAME&user=ID   the endpoint's own service call (the same SQL the
//	                           app runs, no session lookup, routing, middleware or
//	                           JSON encoding), then the bytes the app answered
//	POST /sql?ep=NAME&user=ID&path=P
//	                           a write's service call with the body and path the
//	                           app got (the same statements in one transaction,
//	                           on the same pool), then 201 and a fixed body
func ceilingMain(args []string) error {
	fs := flag.NewFlagSet("ceiling", flag.ContinueOnError)
	bodyFile := fs.String("bodies", "", "JSON object: endpoint name -> answer body")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var bodies map[string][]byte
	b, err := os.ReadFile(*bodyFile)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, &bodies); err != nil {
		return err
	}
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	now := func() time.Time { return time.Now().UTC() }
	feed := community.NewService(community.NewStore(d), now)
	food := nutrition.NewService(nutrition.NewStore(d), now)
	train := training.NewService(training.NewStore(d), now)
	server.FollowTrainingCalendar(food, train) // as the app: a day's targets read the calendar and the logs
	race := racing.NewService(racing.NewStore(d), now)
	var later string
	_ = json.Unmarshal(bodies["__cursor"], &later)
	today := now().Format("2006-01-02")

	// The two food reads take the request's date and query (see ceilingTarget).
	var (
		reqDate  = func(ctx context.Context) string { return ctx.Value(dateKey{}).(string) }
		reqQuery = func(ctx context.Context) string { return ctx.Value(queryKey{}).(string) }
	)
	calls := map[string]func(ctx context.Context, user int64) error{
		"food search": func(ctx context.Context, u int64) error {
			_, err := food.SearchFoods(ctx, u, reqQuery(ctx), 0)
			return err
		},
		"food diary day": func(ctx context.Context, u int64) error { _, err := food.Day(ctx, u, reqDate(ctx)); return err },
		"feed":           func(ctx context.Context, u int64) error { _, err := feed.Posts(ctx, u, "", 20); return err },
		"feed page 10": func(ctx context.Context, u int64) error {
			_, err := feed.Posts(ctx, u, later, 20)
			return err
		},
		"nutrition today":    func(ctx context.Context, u int64) error { _, err := food.Profile(ctx, u, today); return err },
		"food entries today": func(ctx context.Context, u int64) error { _, err := food.Day(ctx, u, today); return err },
		"workout stats": func(ctx context.Context, u int64) error {
			_, err := train.Stats(ctx, u, training.StatsInput{})
			return err
		},
		"weekly leaderboard":  leaderboardCall(race, "week", "", 3),
		"leaderboard top 100": leaderboardCall(race, "month", "open_men", 100),
	}
	writes := map[string]func(ctx context.Context, user int64, path string, body []byte) error{
		"log a workout": func(ctx context.Context, u int64, _ string, body []byte) error {
			var in training.LogInput
			if err := json.Unmarshal(body, &in); err != nil {
				return err
			}
			_, err := train.CreateLog(ctx, u, in)
			return err
		},
		"log food": func(ctx context.Context, u int64, _ string, body []byte) error {
			var in nutrition.NewFoodEntry
			if err := json.Unmarshal(body, &in); err != nil {
				return err
			}
			_, err := food.AddEntry(ctx, u, in)
			return err
		},
		"like a post": func(ctx context.Context, u int64, path string, _ []byte) error {
			id, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimPrefix(path, "/api/community/posts/"), "/like"), 10, 64)
			if err != nil {
				return err
			}
			_, err = feed.Like(ctx, id, u)
			return err
		},
	}
	mux := http.NewServeMux()
	created := []byte(`{"ok":true}`)
	mux.HandleFunc("POST /sql", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		write := writes[q.Get("ep")]
		if write == nil {
			http.Error(w, "unknown ep", 404)
			return
		}
		user, _ := strconv.ParseInt(q.Get("user"), 10, 64)
		body, err := io.ReadAll(r.Body)
		if err == nil {
			err = write(r.Context(), user, q.Get("path"), body)
		}
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		w.Write(created)
	})
	bare := bodies["feed"]
	mux.HandleFunc("GET /bare", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(bare)
	})
	// The same with a 15-byte body: what the load tool and one core can do at all.
	tiny := []byte(`{"status":"ok"}`)
	mux.HandleFunc("GET /bare-tiny", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(tiny)
	})
	mux.HandleFunc("GET /sql", func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Query().Get("ep")
		call, body := calls[name], bodies[name]
		user, _ := strconv.ParseInt(r.URL.Query().Get("user"), 10, 64)
		if call == nil {
			http.Error(w, "unknown ep", 404)
			return
		}
		if b, ok := bodies[foodSearchBody+r.URL.Query().Get("q")]; ok && name == "food search" {
			body = b
		}
		ctx := context.WithValue(context.WithValue(r.Context(), dateKey{}, r.URL.Query().Get("date")), queryKey{}, r.URL.Query().Get("q"))
		if err := call(ctx, user); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port)))
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	logger.Info("listening", "addr", "http://"+ln.Addr().String())
	go srv.Serve(ln)
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}

type dateKey struct{}
type queryKey struct{}

// leaderboardCall is what GET /api/leaderboard does: the board for the
// period and division, then its top entries.
func leaderboardCall(race *racing.Service, period, division string, limit int) func(context.Context, int64) error {
	return func(ctx context.Context, u int64) error {
		// Without a division the app shows the caller's own: one more query.
		division := division
		if division == "" {
			var err error
			if division, err = race.DefaultDivision(ctx, u); err != nil {
				return err
			}
		}
		b, err := race.BoardFor(period, division, "")
		if err != nil {
			return err
		}
		_, err = race.Leaderboard(ctx, b, limit)
		return err
	}
}
