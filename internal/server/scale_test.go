package server_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"hyrox/internal/auth"
	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/server"
)

func TestScaleSeedSmall(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := server.Seed(ctx, d, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		const n = 350 // 6,000 logs, 6,000 food entries, 2,400 posts, 4,000 race results
		if err := server.SeedScale(ctx, d, n, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "scale data ready") || !strings.Contains(out.String(), "100.0%") {
			t.Errorf("no progress output:\n%s", out.String())
		}
		count := func(q string, args ...any) int {
			t.Helper()
			var c int
			if err := d.QueryRow(ctx, q, args...).Scan(&c); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return c
		}
		if got := count(`SELECT COUNT(*) FROM users WHERE username_key LIKE 'athlete%'`); got != n {
			t.Errorf("athletes = %d, want %d", got, n)
		}
		for _, a := range server.ScaleAreas {
			want := a.PerScale * n / server.ScaleAthletes
			table := map[string]string{"workout logs": "workout_logs", "food entries": "food_entries", "community posts": "community_posts", "race results": "race_results"}[a.Name]
			if table == "" {
				continue
			}
			// Demo content adds a few rows of its own.
			if got := count(`SELECT COUNT(*) FROM ` + table); got < want || got > want+100 {
				t.Errorf("%s = %d, want about %d", table, got, want)
			}
		}
		if bad := count(`SELECT COUNT(*) FROM community_posts p WHERE like_count <> (SELECT COUNT(*) FROM community_likes l WHERE l.post_id = p.id)
			OR comment_count <> (SELECT COUNT(*) FROM community_comments c WHERE c.post_id = p.id)`); bad != 0 {
			t.Errorf("%d posts with wrong like or comment counts", bad)
		}
		if bad := count(`SELECT COUNT(*) FROM workout_log_totals t WHERE workouts <> (SELECT COUNT(*) FROM workout_logs l WHERE l.user_id = t.user_id)`); bad != 0 {
			t.Errorf("%d users with wrong workout totals", bad)
		}
		if got := count(`SELECT COUNT(*) FROM food_entries f JOIN users u ON u.id = f.user_id WHERE u.subscription_tier = 'basic' AND u.username_key LIKE 'athlete%'`); got != 0 {
			t.Errorf("%d food entries of basic athletes", got)
		}
		// About half the entries are logged from the food database: a real
		// food, its grams, and the macros of that portion.
		all, fromDB := count(`SELECT COUNT(*) FROM food_entries`), count(`SELECT COUNT(*) FROM food_entries e JOIN foods f ON f.id = e.food_id WHERE e.grams BETWEEN 50 AND 300`)
		if fromDB < all/3 || fromDB > 2*all/3 {
			t.Errorf("%d of %d food entries from the food database, want about half", fromDB, all)
		}
		if bad := count(`SELECT COUNT(*) FROM food_entries e JOIN foods f ON f.id = e.food_id WHERE ABS(e.calories - f.kcal * e.grams / 100) > 1 OR e.food_name <> f.name`); bad != 0 {
			t.Errorf("%d food-database entries whose name or calories are not their food's", bad)
		}
		// Every generated result is on the all-time board of its athlete, and
		// each athlete with results has exactly one all-time best per board.
		if got := count(`SELECT COUNT(DISTINCT user_id) FROM race_bests WHERE period = 'all' AND board = 'all'`); got != count(`SELECT COUNT(DISTINCT user_id) FROM race_results`) {
			t.Errorf("all-time board has %d athletes, want one per athlete with results", got)
		}
		if bad := count(`SELECT COUNT(*) FROM race_results WHERE total_seconds < 2400 OR total_seconds > 4*3600`); bad != 0 {
			t.Errorf("%d race results outside 40 min - 4 h", bad)
		}
		// The shared hash is a real one: the password signs in.
		u, err := auth.NewStore(d).UserByLogin(ctx, auth.ScaleUsername(2))
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := auth.CheckPassword(u.PasswordHash, auth.ScalePassword); !ok || err != nil {
			t.Errorf("scale password does not match: %v %v", ok, err)
		}
		if err := server.SeedScale(ctx, d, n, io.Discard); err == nil {
			t.Error("a second --scale run on the same database did not fail")
		}
		// New posts still count likes once the load is done (triggers back on).
		var post int64
		if err := d.QueryRow(ctx, `SELECT MAX(id) FROM community_posts`).Scan(&post); err != nil {
			t.Fatal(err)
		}
		before := count(`SELECT like_count FROM community_posts WHERE id = ?`, post)
		if _, err := d.Exec(ctx, `INSERT INTO community_likes (post_id, user_id, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)`, post, u.ID); err != nil && !db.IsUniqueViolation(err) {
			t.Fatal(err)
		} else if err == nil && count(`SELECT like_count FROM community_posts WHERE id = ?`, post) != before+1 {
			t.Error("the like trigger is off after the scale seed")
		}
	})
}
