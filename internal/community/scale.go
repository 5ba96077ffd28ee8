package community

import (
	"context"
	"math/rand/v2"
	"time"

	"hyrox/internal/db"
)

// Scale ratios: likes and comments per generated post, on average.
const (
	ScaleLikesPerPost    = 3
	ScaleCommentsPerPost = 1
)

// GenerateScale adds in.Count posts by in's athletes over the last two years
// (50K a month at the default ratio), then about ScaleLikesPerPost likes and
// ScaleCommentsPerPost comments per post from other athletes. The count
// columns are kept by the migrations' triggers. For `hyrox seed --scale`;
// Progress counts posts, likes and comments together.
func GenerateScale(ctx context.Context, d *db.DB, in db.ScaleInput) error {
	users := len(in.UserIDs)
	if users == 0 || in.Count == 0 {
		return nil
	}
	r := rand.New(rand.NewPCG(in.Seed, 501))
	now := in.Now.UTC().Truncate(time.Second)
	first, err := d.MaxID(ctx, "community_posts")
	if err != nil {
		return err
	}
	texts := []string{
		"Sub-90 at last! The sleds were brutal but the pacing plan worked.",
		"Anyone else doing the 12-week plan? Week 4 done, wall balls feel easier.",
		"Tip: practise burpee broad jumps on the same surface you will race on.",
		"Rowing 1000 m in 3:50 today, the compromised running is the real test.",
		"Race day tomorrow. Nervous and excited. Any last-minute advice?",
		"Sandbag lunges are my nemesis. How do you train them?",
		"Doubles partner wanted for the next race, pro division.",
		"Recovery week. Mobility, sleep and lots of food.",
	}
	span := 730 * 24 * time.Hour
	// Posts are written oldest first, so ids follow created_at like in real life.
	step := span / time.Duration(in.Count)
	start := now.Add(-span)
	done := 0
	report := func(n int) { in.Report(done + n) }
	n := 0
	postAt := func(i int) time.Time { return start.Add(time.Duration(i) * step) }
	_, err = d.BulkInsert(ctx, "community_posts", []string{"user_id", "username", "content", "created_at",
		"like_count", "comment_count"}, func() ([]any, bool) {
		if n >= in.Count {
			return nil, false
		}
		u := r.IntN(users)
		at := postAt(n)
		n++
		return []any{in.UserIDs[u], in.Usernames[u], texts[r.IntN(len(texts))], at, 0, 0}, true
	}, report)
	if err != nil {
		return err
	}
	done += in.Count
	last, err := d.MaxID(ctx, "community_posts")
	if err != nil {
		return err
	}
	if d.Dialect == db.Postgres {
		// The per-row plpgsql count triggers would make the load ten times
		// slower: switch them off for these two tables, load, then set the
		// counts in one statement. The deferred ENABLE runs on errors too; a
		// process crash mid-seed needs a fresh database anyway.
		for _, t := range []string{"community_likes", "community_comments"} {
			if _, err := d.Exec(ctx, `ALTER TABLE `+t+` DISABLE TRIGGER USER`); err != nil {
				return err
			}
			defer d.Exec(context.WithoutCancel(ctx), `ALTER TABLE `+t+` ENABLE TRIGGER USER`)
		}
	}
	// Likes: distinct athletes per post (k small, users many: retry on a repeat).
	post, k, left := first, 0, 0
	picked := make([]int, 0, 2*ScaleLikesPerPost+1)
	nextLike := func() ([]any, bool) {
		for left == 0 {
			post++
			if post > last {
				return nil, false
			}
			left = min(r.IntN(2*ScaleLikesPerPost+1), users)
			k = 0
			picked = picked[:0]
		}
		u := r.IntN(users)
		for again := true; again; {
			again = false
			for _, p := range picked {
				if p == u {
					u, again = r.IntN(users), true
					break
				}
			}
		}
		picked = append(picked, u)
		left--
		k++
		return []any{post, in.UserIDs[u], postAt(int(post - first - 1)).Add(time.Duration(k) * time.Minute)}, true
	}
	likes, err := d.BulkInsert(ctx, "community_likes", []string{"post_id", "user_id", "created_at"}, nextLike, report)
	if err != nil {
		return err
	}
	done += likes
	comments := []string{"Great work!", "Congrats, see you at the next one.", "Same here, the sleds got me too.",
		"Thanks for the tip!", "What shoes do you race in?", "Strong!"}
	post, left = first, 0
	nextComment := func() ([]any, bool) {
		for left == 0 {
			post++
			if post > last {
				return nil, false
			}
			left = r.IntN(2*ScaleCommentsPerPost + 1)
			k = 0
		}
		left--
		k++
		u := r.IntN(users)
		return []any{post, in.UserIDs[u], in.Usernames[u], comments[r.IntN(len(comments))],
			postAt(int(post - first - 1)).Add(time.Duration(k) * time.Hour)}, true
	}
	if _, err = d.BulkInsert(ctx, "community_comments", []string{"post_id", "user_id", "username", "content", "created_at"},
		nextComment, report); err != nil {
		return err
	}
	if d.Dialect == db.Postgres {
		_, err = d.Exec(ctx, `UPDATE community_posts p SET
			like_count = (SELECT COUNT(*) FROM community_likes l WHERE l.post_id = p.id),
			comment_count = (SELECT COUNT(*) FROM community_comments c WHERE c.post_id = p.id)
			WHERE p.id > ? AND p.id <= ?`, first, last)
	}
	return err
}
