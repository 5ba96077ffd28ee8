// Command hyrox runs the HYROX Training Hub: the API and the web app in one binary.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"hyrox/internal/config"
	"hyrox/internal/db"
	"hyrox/internal/httpx"
	"hyrox/internal/server"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `hyrox - the HYROX Training Hub server

Usage:
  hyrox serve      migrate the database, then serve the API and the web app
  hyrox migrate    apply pending database migrations (safe to run again)
  hyrox seed       add demo accounts and content (safe to run again)
  hyrox seed --scale N
                   also generate N athletes (175000 = the marketing claim) with workout
                   logs, food entries, posts, likes and comments in the same ratios;
                   password of athlete000001... is hyrox-scale; once per database
  hyrox version    print the version
  hyrox backup PATH
                   SQLite: write a consistent copy of the database to PATH while the
                   server runs; PostgreSQL: prints the pg_dump command to use
  hyrox restore PATH
                   SQLite: check the backup at PATH, then replace the database with it
                   (stop every server first; the old file is kept as *.before-restore)
  hyrox users set-tier USERNAME basic|pro|elite
                   give an account a tier without payment (support and tests)
  hyrox users set-role USERNAME coach|athlete
                   make an account a coach (with a starting profile) or an athlete again
  hyrox sandbox advance --days N
                   move the sandbox payment clock forward N days and run the
                   renewals, retries and cancellations that fall due

Settings (environment variables):
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "hyrox:", err)
		}
		os.Exit(1)
	}
}

func printUsage(w io.Writer) {
	fmt.Fprint(w, usage)
	fmt.Fprint(w, config.Usage())
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(stdout)
		return nil
	}
	cmd, rest := args[0], args[1:]
	for _, a := range rest {
		if a == "-h" || a == "--help" {
			printUsage(stdout)
			return nil
		}
	}
	if cmd == "version" {
		fmt.Fprintln(stdout, "hyrox", version)
		return nil
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	logger := newLogger(cfg, stderr)
	switch cmd {
	case "serve":
		return serve(ctx, cfg, logger)
	case "migrate":
		d, err := db.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			return err
		}
		defer d.Close()
		n, err := d.Migrate(ctx)
		if err != nil {
			return err
		}
		if err := server.LoadReferenceData(ctx, d); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "applied %d migrations\n", n)
		return nil
	case "seed":
		d, err := db.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			return err
		}
		defer d.Close()
		if _, err := d.Migrate(ctx); err != nil {
			return err
		}
		scale, err := scaleFlag(rest)
		if err != nil {
			return err
		}
		if err := server.Seed(ctx, d, logger); err != nil {
			return err
		}
		if scale > 0 {
			return server.SeedScale(ctx, d, scale, stdout)
		}
		return nil
	case "backup":
		return backupCommand(ctx, cfg, rest, stdout)
	case "restore":
		return restoreCommand(ctx, cfg, rest, stdout)
	case "users":
		return usersCommand(ctx, cfg, rest, stdout)
	case "sandbox":
		return sandboxCommand(ctx, cfg, rest, stdout)
	default:
		printUsage(stderr)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

func usersCommand(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	if len(args) == 3 && args[0] == "set-role" {
		return setRoleCommand(ctx, cfg, args[1], args[2], stdout)
	}
	if len(args) != 3 || args[0] != "set-tier" {
		return errors.New("usage: hyrox users set-tier USERNAME basic|pro|elite\n       hyrox users set-role USERNAME coach|athlete")
	}
	if httpx.TierRank(args[2]) == 0 {
		return fmt.Errorf("unknown tier %q: use basic, pro or elite", args[2])
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return err
	}
	username, tier, err := server.GrantTier(ctx, cfg, d, time.Now, args[1], args[2])
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s is now %s\n", username, tier)
	return nil
}

// setRoleCommand runs `hyrox users set-role USERNAME coach|athlete`
// (docs/coaching.md).
func setRoleCommand(ctx context.Context, cfg config.Config, login, role string, stdout io.Writer) error {
	if role != "coach" && role != "athlete" {
		return fmt.Errorf("unknown role %q: use coach or athlete", role)
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return err
	}
	username, err := server.SetRole(ctx, cfg, d, time.Now, login, role)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s is now a %s\n", username, role)
	return nil
}

// backupCommand runs `hyrox backup PATH`: an online copy on SQLite; on
// PostgreSQL it names pg_dump, the tool that does it properly (docs/operations.md).
func backupCommand(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	if len(args) != 1 || args[0] == "" {
		return errors.New("usage: hyrox backup PATH")
	}
	if db.IsPostgresURL(cfg.DatabaseURL) {
		return fmt.Errorf("hyrox backup copies SQLite databases; for PostgreSQL use pg_dump:\n"+
			"  %s\nand to restore (into an empty database, with every server stopped):\n  %s",
			pgDumpCommand(args[0]), pgRestoreCommand(args[0]))
	}
	if _, err := os.Stat(db.SQLitePath(cfg.DatabaseURL)); err != nil {
		return fmt.Errorf("no database to back up: %w", err)
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	start := time.Now()
	if err := d.Backup(ctx, args[0]); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup written to %s in %s\n", args[0], time.Since(start).Round(time.Millisecond))
	return nil
}

// The PostgreSQL backup and restore commands (docs/operations.md); the URL
// stays in the environment so no password reaches the terminal.
func pgDumpCommand(path string) string {
	return fmt.Sprintf(`pg_dump --no-owner --no-privileges --file=%s "$DATABASE_URL"`, path)
}

func pgRestoreCommand(path string) string {
	return fmt.Sprintf(`psql --no-psqlrc --set=ON_ERROR_STOP=1 --single-transaction --file=%s "$DATABASE_URL"`, path)
}

// restoreCommand runs `hyrox restore PATH` (SQLite only).
func restoreCommand(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	if len(args) != 1 || args[0] == "" {
		return errors.New("usage: hyrox restore PATH")
	}
	if db.IsPostgresURL(cfg.DatabaseURL) {
		return fmt.Errorf("hyrox restore restores SQLite backups; for PostgreSQL load the pg_dump file into an empty database,\n"+
			"with every server stopped:\n  %s", pgRestoreCommand(args[0]))
	}
	target := db.SQLitePath(cfg.DatabaseURL)
	if err := db.RestoreSQLite(ctx, args[0], target); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "restored %s from %s (the previous database, if any, is %s.before-restore)\n", target, args[0], target)
	return nil
}

// scaleFlag reads `--scale N` (or --scale=N) from the seed command's arguments.
func scaleFlag(args []string) (int, error) {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	n := fs.Int("scale", 0, "athletes to generate")
	if err := fs.Parse(args); err != nil {
		return 0, fmt.Errorf("usage: hyrox seed [--scale N]: %w", err)
	}
	if fs.NArg() > 0 || *n < 0 {
		return 0, errors.New("usage: hyrox seed [--scale N]")
	}
	return *n, nil
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func serve(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	start := time.Now()
	app, err := server.Open(ctx, cfg, logger)
	if err != nil {
		return err
	}
	if err := server.LoadReferenceData(ctx, app.DB); err != nil {
		app.Close()
		return err
	}
	if err := app.Start(); err != nil {
		app.Close()
		return err
	}
	logger.Info("listening", "addr", "http://"+app.Addr(), "env", cfg.AppEnv, "database", string(app.DB.Dialect),
		"payments", cfg.PaymentProvider, "startup", time.Since(start).Round(time.Millisecond).String())
	if m := app.MetricsAddr(); m != "" {
		logger.Info("metrics", "addr", "http://"+m+"/metrics")
	}
	<-ctx.Done()
	logger.Info("shutting down: finishing requests in flight")
	return app.Close()
}

// sandboxCommand runs `hyrox sandbox advance --days N` against DATABASE_URL.
// A running server sees the new time at its next request: the offset lives
// in the database, and due work also runs lazily when a status is read.
func sandboxCommand(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "advance" {
		return errors.New("usage: hyrox sandbox advance --days N")
	}
	fs := flag.NewFlagSet("sandbox advance", flag.ContinueOnError)
	days := fs.Int("days", 0, "days to move the sandbox clock forward (1-3650)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *days < 1 || *days > 3650 {
		return errors.New("--days must be a whole number from 1 to 3650")
	}
	if cfg.PaymentProvider != "sandbox" {
		return fmt.Errorf("the payment provider is %q, not sandbox", cfg.PaymentProvider)
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return err
	}
	now, err := server.AdvanceSandbox(ctx, cfg, d, time.Now, time.Duration(*days)*24*time.Hour)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "sandbox clock: %s\n", now.Format(time.RFC3339))
	return nil
}
