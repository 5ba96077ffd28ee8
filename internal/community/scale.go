package community

import (
	"context"
	"math/rand/v2"
	"slices"
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
	if len(in.UserIDs) == 0 || in.Count == 0 {
		return nil
	}
	r := rand.New(rand.NewPCG(in.Seed, 501))
	first, err := d.MaxID(ctx, "community_posts")
	if err != nil {
		return err
	}
	const span = 730 * 24 * time.Hour
	now := in.Now.UTC().Truncate(time.Second)
	g := &scaleGen{d: d, in: in, r: r, users: len(in.UserIDs), start: now.Add(-span),
		step: span / time.Duration(in.Count), first: first}
	if err := g.posts(ctx); err != nil {
		return err
	}
	if g.last, err = d.MaxID(ctx, "community_posts"); err != nil {
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
	if err := g.likes(ctx); err != nil {
		return err
	}
	if err := g.comments(ctx); err != nil {
		return err
	}
	if d.Dialect == db.Postgres {
		return g.recount(ctx)
	}
	return nil
}

// scaleGen is one GenerateScale run: the random source, the time span the
// posts cover and the ids of the posts it wrote.
type scaleGen struct {
	d           *db.DB
	in          db.ScaleInput
	r           *rand.Rand
	users       int
	start       time.Time
	step        time.Duration // between two posts
	first, last int64         // the generated posts are first < id <= last
	done        int           // rows written by the finished steps, for progress
}

func (g *scaleGen) report(n int) { g.in.Report(g.done + n) }

// postAt is when the i-th generated post (0-based) was written.
func (g *scaleGen) postAt(i int) time.Time { return g.start.Add(time.Duration(i) * g.step) }

// scalePostTexts and scaleCommentTexts are what generated athletes write.
var (
	scalePostTexts = []string{
		"Sub-90 at last! The sleds were brutal but the pacing plan worked.",
		"Anyone else doing the 12-week plan? Week 4 done, wall balls feel easier.",
		"Tip: practise burpee broad jumps on the same surface you will race on.",
		"Rowing 1000 m in 3:50 today, the compromised running is the real test.",
		"Race day tomorrow. Nervous and excited. Any last-minute advice?",
		"Sandbag lunges are my nemesis. How do you train them?",
		"Doubles partner wanted for the next race, pro division.",
		"Recovery week. Mobility, sleep and lots of food.",
	}
	scaleCommentTexts = []string{"Great work!", "Congrats, see you at the next one.", "Same here, the sleds got me too.",
		"Thanks for the tip!", "What shoes do you race in?", "Strong!"}
)

// posts writes the posts oldest first, so ids follow created_at like in real life.
func (g *scaleGen) posts(ctx context.Context) error {
	n := 0
	_, err := g.d.BulkInsert(ctx, "community_posts", []string{"user_id", "username", "content", "created_at",
		"like_count", "comment_count"}, func() ([]any, bool) {
		if n >= g.in.Count {
			return nil, false
		}
		u := g.r.IntN(g.users)
		at := g.postAt(n)
		n++
		return []any{g.in.UserIDs[u], g.in.Usernames[u], scalePostTexts[g.r.IntN(len(scalePostTexts))], at, 0, 0}, true
	}, g.report)
	g.done += g.in.Count
	return err
}

// likes gives each post 0 to 2*ScaleLikesPerPost likes from distinct athletes
// (k small, users many: retry on a repeat), a minute apart after the post.
func (g *scaleGen) likes(ctx context.Context) error {
	post, k, left := g.first, 0, 0
	picked := make([]int, 0, 2*ScaleLikesPerPost+1)
	next := func() ([]any, bool) {
		for left == 0 {
			post++
			if post > g.last {
				return nil, false
			}
			left = min(g.r.IntN(2*ScaleLikesPerPost+1), g.users)
			k = 0
			picked = picked[:0]
		}
		u := g.r.IntN(g.users)
		for slices.Contains(picked, u) {
			u = g.r.IntN(g.users)
		}
		picked = append(picked, u)
		left--
		k++
		return []any{post, g.in.UserIDs[u], g.postAt(int(post - g.first - 1)).Add(time.Duration(k) * time.Minute)}, true
	}
	likes, err := g.d.BulkInsert(ctx, "community_likes", []string{"post_id", "user_id", "created_at"}, next, g.report)
	g.done += likes
	return err
}

// comments gives each post 0 to 2*ScaleCommentsPerPost comments from any
// athletes, an hour apart after the post.
func (g *scaleGen) comments(ctx context.Context) error {
	post, k, left := g.first, 0, 0
	next := func() ([]any, bool) {
		for left == 0 {
			post++
			if post > g.last {
				return nil, false
			}
			left = g.r.IntN(2*ScaleCommentsPerPost + 1)
			k = 0
		}
		left--
		k++
		u := g.r.IntN(g.users)
		return []any{post, g.in.UserIDs[u], g.in.Usernames[u], scaleCommentTexts[g.r.IntN(len(scaleCommentTexts))],
			g.postAt(int(post - g.first - 1)).Add(time.Duration(k) * time.Hour)}, true
	}
	comments, err := g.d.BulkInsert(ctx, "community_comments", []string{"post_id", "user_id", "username", "content", "created_at"},
		next, g.report)
	g.done += comments
	return err
}

// recount sets the generated posts' like and comment counts in one statement
// (PostgreSQL loads with the count triggers off).
func (g *scaleGen) recount(ctx context.Context) error {
	_, err := g.d.Exec(ctx, `UPDATE community_posts p SET
		like_count = (SELECT COUNT(*) FROM community_likes l WHERE l.post_id = p.id),
		comment_count = (SELECT COUNT(*) FROM community_comments c WHERE c.post_id = p.id)
		WHERE p.id > ? AND p.id <= ?`, g.first, g.last)
	return err
}
