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

// ScaleArea is one area's bulk generator with its rows per ScaleAthletes
// athletes (the marketing ratios). New areas add one line to ScaleAreas.
type ScaleArea struct {
	Name     string
	PerScale int // rows for ScaleAthletes athletes; scaled linearly to N
	// RowsPerItem is how many rows the generator writes (and reports as
	// progress) for each of its PerScale items.
	RowsPerItem int
	Generate    func(ctx context.Context, d *db.DB, in db.ScaleInput) error
	Unit        string // what the progress counts
}

// ScaleAreas is every area's generator, in the order they run.
var ScaleAreas = []ScaleArea{
	{Name: "workout logs", PerScale: 3_000_000, RowsPerItem: 1, Generate: training.GenerateScale, Unit: "logs"},
	{Name: "food entries", PerScale: 3_000_000, RowsPerItem: 1, Generate: nutrition.GenerateScale, Unit: "entries"},
	{Name: "community posts", PerScale: 1_200_000, RowsPerItem: 1 + community.ScaleLikesPerPost + community.ScaleCommentsPerPost,
		Generate: community.GenerateScale,
		Unit:     fmt.Sprintf("posts+likes+comments (~%d likes, ~%d comments a post)", community.ScaleLikesPerPost, community.ScaleCommentsPerPost)},
	{Name: "race results", PerScale: 2_000_000, RowsPerItem: 1, Generate: racing.GenerateScale, Unit: "results"},
}

// SeedScale adds n generated athletes and their data in every area's ratio,
// writing progress to out. The demo content must be there first (the
// catalogue), and it refuses to run twice on the same database.
func SeedScale(ctx context.Context, d *db.DB, n int, out io.Writer) error {
	if n <= 0 {
		return fmt.Errorf("--scale needs a positive number of athletes")
	}
	if err := d.PrepareBulkLoad(ctx); err != nil {
		return err
	}
	began := time.Now()
	fmt.Fprintf(out, "seeding %d athletes (password %q) into %s\n", n, auth.ScalePassword, d.Dialect)
	in, err := auth.GenerateScaleAthletes(ctx, d, n, time.Now().UTC(), progress(out, "athletes", n))
	if err != nil {
		return err
	}
	for _, a := range ScaleAreas {
		in.Count = int(int64(a.PerScale) * int64(n) / ScaleAthletes)
		in.Progress = progress(out, a.Name, in.Count*a.RowsPerItem)
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

// progress prints one step's rows done out of total, at most twice a second
// and always at the end.
func progress(out io.Writer, name string, total int) func(int) {
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
