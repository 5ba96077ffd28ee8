package community

import (
	"context"
	"time"

	"hyrox/internal/db"
)

// demoPosts are the feed's demo content, written by the demo accounts; ago
// is how long before seeding each was posted.
var demoPosts = []struct {
	author   string
	ago      time.Duration
	content  string
	likedBy  []string
	comments []struct{ author, content string }
}{
	{"demo_elite", 30 * time.Minute,
		"Sub-60 Roxzone today! Practised running straight to the station and racking the sled rope before I even stopped. Transitions are free time - don't waste them.",
		[]string{"demo_pro", "demo_basic"},
		[]struct{ author, content string }{
			{"demo_pro", "That's quick. Do you walk any of the transitions?"},
			{"demo_elite", "Never walk - a slow jog is still faster and keeps the heart rate steady."},
		}},
	{"demo_pro", 3 * time.Hour,
		"Compromised running session done: 8 x (1 km run + 20 wall balls). Legs were jelly by round 5 but pace held at 4:35/km. Who's racing in the spring?",
		[]string{"demo_elite"},
		[]struct{ author, content string }{{"demo_basic", "Signed up for my first Open race in April!"}}},
	{"demo_basic", 26 * time.Hour,
		"First time on the SkiErg for a full 1000 m - 4:28. Any tips for pacing it without blowing up for the sled push right after?",
		[]string{"demo_pro", "demo_elite"},
		[]struct{ author, content string }{
			{"demo_elite", "Hold back the first 250 m, long strokes from the hips, then build. Save your legs for the sled."},
		}},
	{"demo_elite", 50 * time.Hour,
		"Race-week reminder: taper the volume, not the intensity. Short sharp efforts, lots of sleep, and practise your race-day breakfast. Guide: https://hyrox.com",
		[]string{"demo_basic"}, nil},
	{"demo_pro", 4 * 24 * time.Hour,
		"Burpee broad jumps: step-up instead of jumping up saved me almost a minute over 80 m. Try it in your next simulation.",
		nil, nil},
}

// Seed writes the demo posts, likes and comments once: it does nothing when
// any demo account already has a post.
func Seed(ctx context.Context, d *db.DB, demoUsers map[string]int64) error {
	for _, name := range []string{"demo_basic", "demo_pro", "demo_elite"} {
		if _, ok := demoUsers[name]; !ok {
			return nil
		}
	}
	var n int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM community_posts WHERE user_id IN (?, ?, ?)`,
		demoUsers["demo_basic"], demoUsers["demo_pro"], demoUsers["demo_elite"]).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	now := time.Now().UTC().Truncate(time.Second)
	return d.InTx(ctx, func(tx *db.Tx) error {
		// Oldest first, so ids grow with time like real posts.
		for i := len(demoPosts) - 1; i >= 0; i-- {
			dp := demoPosts[i]
			at := now.Add(-dp.ago)
			var id int64
			if err := tx.QueryRow(ctx, `INSERT INTO community_posts (user_id, username, content, created_at)
				VALUES (?, ?, ?, ?) RETURNING id`, demoUsers[dp.author], dp.author, dp.content, at).Scan(&id); err != nil {
				return err
			}
			for j, who := range dp.likedBy {
				if _, err := tx.Exec(ctx, `INSERT INTO community_likes (post_id, user_id, created_at) VALUES (?, ?, ?)`,
					id, demoUsers[who], at.Add(time.Duration(j+1)*time.Minute)); err != nil {
					return err
				}
			}
			for j, c := range dp.comments {
				if _, err := tx.Exec(ctx, `INSERT INTO community_comments (post_id, user_id, username, content, created_at)
					VALUES (?, ?, ?, ?, ?)`, id, demoUsers[c.author], c.author, c.content, at.Add(time.Duration(j+2)*time.Minute)); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
