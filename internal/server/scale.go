package server

import (
	"context"
	"fmt"
	"io"
	"time"

	"hyrox/internal/auth"
	"hyrox/internal/community"
	"hyrox/internal/db"
	"hyrox/internal/nutrition"
	"hyrox/internal/racing"
	"hyrox/internal/training"
)

// ScaleAthletes is the marketing claim `hyrox seed --scale` reproduces by default.
const ScaleAthletes = 175_000

// ScalePassword is the password of every generated athlete (athlete000001 ...).
// All of them share ONE argon2id hash computed once: hashing 175,000 passwords
// would take longer than the rest of the load, and a shared salt is harmless
// for throwaway benchmark accounts. Signing in still verifies it for real.
const ScalePassword = "hyrox-scale"

// ScaleArea is one area's bulk generator with its rows per ScaleAthletes
// athletes (the marketing ratios). New areas add one line to ScaleAreas.
type ScaleArea struct {
	Name     string
	PerScale int // rows for ScaleAthletes athletes; scaled linearly to N
	Generate func(ctx context.Context, d *db.DB, in db.ScaleInput) error
	Unit     string // what the progress counts
}

// ScaleAreas is every area's generator, in the order they run.
var ScaleAreas = []ScaleArea{
	{Name: "workout logs", PerScale: 3_000_000, Generate: training.GenerateScale, Unit: "logs"},
	{Name: "food entries", PerScale: 3_000_000, Generate: nutrition.GenerateScale, Unit: "entries"},
	{Name: "community posts", PerScale: 1_200_000, Generate: community.GenerateScale,
		Unit: fmt.Sprintf("posts+likes+comments (~%d likes, ~%d comments a post)", community.ScaleLikesPerPost, community.ScaleCommentsPerPost)},
	{Name: "race results", PerScale: 2_000_000, Generate: racing.GenerateScale, Unit: "results"},
}

// ScaleUsername names the i-th generated athlete (1-based).
func ScaleUsername(i int) string { return fmt.Sprintf("athlete%06d", i) }

// ScaleTier is the i-th athlete's tier: 70 % basic, 20 % pro, 10 % elite.
func ScaleTier(i int) string {
	switch i % 10 {
	case 1, 4:
		return "pro"
	case 7:
		return "elite"
	}
	return "basic"
}

// SeedScale adds n generated athletes and their data in every area's ratio,
// writing progress to out. It seeds the demo content first (the catalogue),
// and refuses to run twice on the same database.
func SeedScale(ctx context.Context, d *db.DB, n int, out io.Writer) error {
	if n <= 0 {
		return fmt.Errorf("--scale needs a positive number of athletes")
	}
	var exists int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE username_key = ?`, ScaleUsername(1)).Scan(&exists); err != nil {
		return err
	}
	if exists > 0 {
		return fmt.Errorf("scale data is already in this database (%s exists): use a fresh DATABASE_URL", ScaleUsername(1))
	}
	if d.Dialect == db.SQLite {
		// This process only loads data: a big page cache on the single writer
		// connection keeps the randomly-inserted index pages in memory, and no
		// fsync per commit (a crash mid-seed means "seed a fresh file again").
		for _, p := range []string{"PRAGMA cache_size = -524288", "PRAGMA synchronous = OFF"} {
			if _, err := d.Exec(ctx, p); err != nil {
				return err
			}
		}
	}
	began := time.Now()
	now := time.Now().UTC()
	step := func(name string, total int) func(int) {
		last := time.Time{}
		t0 := time.Now()
		return func(done int) {
			if time.Since(last) < 500*time.Millisecond && done < total {
				return
			}
			last = time.Now()
			rate := float64(done) / max(time.Since(t0).Seconds(), 0.001)
			fmt.Fprintf(out, "  %-16s %9d / %-9d %5.1f%%  %8.0f rows/s\n", name, done, total, 100*float64(done)/float64(max(total, 1)), rate)
		}
	}
	hash, err := auth.HashPassword(ScalePassword)
	if err != nil {
		return err
	}
	first, err := d.MaxID(ctx, "users")
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "seeding %d athletes (password %q) into %s\n", n, ScalePassword, d.Dialect)
	i := 0
	created := now.AddDate(-2, 0, 0)
	if _, err := d.BulkInsert(ctx, "users", []string{"username", "username_key", "email", "password_hash",
		"subscription_tier", "created_at"}, func() ([]any, bool) {
		if i >= n {
			return nil, false
		}
		i++
		name := ScaleUsername(i)
		return []any{name, name, name + "@scale.example.com", hash, ScaleTier(i), created}, true
	}, step("athletes", n)); err != nil {
		return err
	}
	in := db.ScaleInput{Now: now, Seed: uint64(n)}
	rows, err := d.Query(ctx, `SELECT id, username, subscription_tier FROM users WHERE id > ? ORDER BY id`, first)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var name, tier string
		if err := rows.Scan(&id, &name, &tier); err != nil {
			rows.Close()
			return err
		}
		in.UserIDs = append(in.UserIDs, id)
		in.Usernames = append(in.Usernames, name)
		in.Tiers = append(in.Tiers, tier)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, a := range ScaleAreas {
		in.Count = int(int64(a.PerScale) * int64(n) / ScaleAthletes)
		total := in.Count
		if a.Name == "community posts" {
			total = in.Count * (1 + community.ScaleLikesPerPost + community.ScaleCommentsPerPost)
		}
		in.Progress = step(a.Name, total)
		t0 := time.Now()
		if err := a.Generate(ctx, d, in); err != nil {
			return fmt.Errorf("%s: %w", a.Name, err)
		}
		fmt.Fprintf(out, "  %-16s done in %s (%d %s)\n", a.Name, time.Since(t0).Round(time.Millisecond), in.Count, a.Unit)
	}
	// Fresh statistics so both planners pick the list indexes at this size.
	if _, err := d.Exec(ctx, `ANALYZE`); err != nil {
		return err
	}
	fmt.Fprintf(out, "scale data ready in %s\n", time.Since(began).Round(time.Second))
	return nil
}
