package training

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"hyrox/internal/db"
)

// GenerateScale adds in.Count workout logs spread over in.UserIDs (about two
// years back, denser lately), then their running totals. It is for
// `hyrox seed --scale`; the catalogue (Seed) must be there first.
func GenerateScale(ctx context.Context, d *db.DB, in db.ScaleInput) error {
	if len(in.UserIDs) == 0 || in.Count == 0 {
		return nil
	}
	type wk struct {
		id   int64
		name string
	}
	rows, err := d.Query(ctx, `SELECT id, name FROM workouts ORDER BY position, id`)
	workouts, err := db.Collect(rows, err, func(row db.Scanner) (w wk, err error) {
		return w, row.Scan(&w.id, &w.name)
	})
	if err != nil {
		return err
	}
	if len(workouts) == 0 {
		return errors.New("training: no workouts: seed the catalogue first")
	}
	r := rand.New(rand.NewPCG(in.Seed, 301))
	now := in.Now.UTC().Truncate(time.Second)
	const span = 730 * 24 * time.Hour
	notes := []string{"", "", "Felt strong", "Legs heavy after the sleds", "New PB on the row", "Easy day", "Wall balls unbroken"}
	n := 0
	src := func() ([]any, bool) {
		if n >= in.Count {
			return nil, false
		}
		// Users take turns so each gets about Count/len(users) logs.
		uid := in.UserIDs[n%len(in.UserIDs)]
		n++
		w := workouts[r.IntN(len(workouts))]
		// Squared uniform: more logs in recent months.
		f := r.Float64()
		at := now.Add(-time.Duration(f * f * float64(span))).Add(-time.Duration(r.IntN(3600)) * time.Second)
		dur := 20 + r.IntN(70)
		return []any{uid, w.id, w.name, dur, 1 + r.IntN(5), notes[r.IntN(len(notes))], "{}",
			at.Unix(), at, at, at}, true
	}
	_, err = d.BulkInsert(ctx, "workout_logs", []string{"user_id", "workout_id", "workout_name", "duration", "rating",
		"notes", "exercises", "completed_epoch", "completed_at", "created_at", "updated_at"}, src, in.Progress)
	if err != nil {
		return err
	}
	// The generated athletes are new, so their totals rows do not exist yet.
	_, err = d.Exec(ctx, `INSERT INTO workout_log_totals (user_id, workouts, minutes, rating_sum)
		SELECT user_id, COUNT(*), SUM(duration), SUM(rating) FROM workout_logs
		WHERE user_id >= ? AND user_id <= ? GROUP BY user_id`,
		in.UserIDs[0], in.UserIDs[len(in.UserIDs)-1])
	return err
}
