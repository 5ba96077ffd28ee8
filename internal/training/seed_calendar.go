package training

import (
	"context"
	"time"

	"hyrox/internal/db"
)

// demoPlans is the catalogue plan each demo athlete follows from this week's
// Monday, so the calendar shows something on a fresh demo (docs/training.md).
var demoPlans = map[string]string{
	"demo_basic": "hyrox-wod-starter",
	"demo_pro":   "race-simulation-block",
	"demo_elite": "race-pace-builder",
}

// SeedCalendars starts a plan for each demo user whose calendar is empty;
// running it again changes nothing.
func SeedCalendars(ctx context.Context, d *db.DB, demoUsers map[string]int64) error {
	svc := NewService(NewStore(d), nil)
	for name, userID := range demoUsers {
		slug, ok := demoPlans[name]
		if !ok {
			continue
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM calendar_sessions WHERE user_id = ?`, userID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		var id int64
		if err := d.QueryRow(ctx, `SELECT id FROM programs WHERE slug = ?`, slug).Scan(&id); err != nil {
			return err
		}
		start := monday(svc.today()).Format(time.DateOnly)
		if _, err := svc.Start(ctx, userID, "elite", id, StartInput{StartDate: start}); err != nil {
			return err
		}
	}
	return nil
}
