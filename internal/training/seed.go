package training

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"hyrox/internal/db"
)

// SeedContent writes the workouts and plans of content.go, keyed by slug:
// missing ones are added and changed ones updated, so running it again
// changes nothing and ids stay stable.
func SeedContent(ctx context.Context, d *db.DB) error {
	return d.InTx(ctx, func(tx *db.Tx) error {
		workoutIDs := map[string]int64{}
		targets := map[string]int{}
		for i, w := range workoutContent {
			lines := make([]Exercise, len(w.Exercises))
			for j, l := range w.Exercises {
				lines[j] = Exercise{Name: l.Name, Reps: l.Reps}
			}
			ex, err := json.Marshal(lines)
			if err != nil {
				return err
			}
			var id int64
			err = tx.QueryRow(ctx, `INSERT INTO workouts (slug, position, name, description, target_time, exercises, pro_tip)
				VALUES (?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (slug) DO UPDATE SET position = excluded.position, name = excluded.name,
					description = excluded.description, target_time = excluded.target_time,
					exercises = excluded.exercises, pro_tip = excluded.pro_tip
				RETURNING id`, w.Slug, i+1, w.Name, w.Description, w.TargetTime, string(ex), w.ProTip).Scan(&id)
			if err != nil {
				return fmt.Errorf("seed workout %s: %w", w.Slug, err)
			}
			workoutIDs[w.Slug] = id
			targets[w.Slug] = w.TargetTime
		}
		// Catalogue plans are programs with a slug and no author (docs/training.md).
		now := time.Now().UTC().Truncate(time.Second)
		for i, p := range planContent {
			weeks, err := programWeeks(p, workoutIDs, targets)
			if err != nil {
				return err
			}
			var id int64
			err = tx.QueryRow(ctx, `INSERT INTO programs (slug, position, name, description, category, duration, frequency, level, required_tier, weeks, status, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'published', ?, ?)
				ON CONFLICT (slug) DO UPDATE SET position = excluded.position, name = excluded.name,
					description = excluded.description, category = excluded.category, duration = excluded.duration,
					frequency = excluded.frequency, level = excluded.level, required_tier = excluded.required_tier,
					weeks = excluded.weeks
				RETURNING id`, p.Slug, i+1, p.Name, p.Description, p.Category, p.Duration, p.Frequency, p.Level, p.RequiredTier,
				len(weeks), now, now).Scan(&id)
			if err != nil {
				return fmt.Errorf("seed plan %s: %w", p.Slug, err)
			}
			if err := replaceWeeks(ctx, tx, id, weeks); err != nil {
				return fmt.Errorf("seed plan %s: %w", p.Slug, err)
			}
		}
		return nil
	})
}

// Seed adds the content and, for each demo user without logs, a few weeks of
// logged workouts so the workout-log page has something to show.
func Seed(ctx context.Context, d *db.DB, demoUsers map[string]int64) error {
	if err := SeedContent(ctx, d); err != nil {
		return err
	}
	store := NewStore(d)
	workouts, err := store.ListWorkouts(ctx)
	if err != nil {
		return err
	}
	now := time.Now().UTC().Truncate(time.Second)
	for name, userID := range demoUsers {
		n, err := store.CountLogs(ctx, userID)
		if err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		count := 6
		if name != "demo_basic" {
			count = 12
		}
		for i := range count {
			w := workouts[(i*5)%len(workouts)]
			at := now.AddDate(0, 0, -(count-i)*2)
			rpe := 5 + i%4
			l := Log{UserID: userID, WorkoutID: &w.ID, WorkoutName: w.Name, Duration: w.TargetTime + (i%3)*5 - 5,
				Rating: 2 + i%4, RPE: &rpe, Notes: demoNotes[i%len(demoNotes)], Exercises: json.RawMessage(`[]`),
				CompletedAt: at, CreatedAt: at, UpdatedAt: at}
			if _, err := store.CreateLog(ctx, l, 0, nil); err != nil {
				return err
			}
		}
	}
	return SeedCalendars(ctx, d, demoUsers)
}

var demoNotes = []string{
	"Felt strong on the runs, wall balls were tough.",
	"Kept transitions under 20 seconds.",
	"",
	"Legs heavy from yesterday; kept it easy.",
	"New best on the SkiErg split.",
}
