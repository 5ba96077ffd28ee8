package community

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/keyset"
)

// BenchmarkCommunityFeed loads 1,000,000 posts (COMMUNITY_BENCH_POSTS to
// change) into SQLite and, when TEST_DATABASE_URL is set, PostgreSQL, then
// times the feed's first page and a page from the middle of the feed. The
// rows are only generated when -bench selects this benchmark. Target: under
// 10 ms a page on both.
//
//	go test -run XXX -bench CommunityFeed -benchtime 200x ./internal/community/
func BenchmarkCommunityFeed(b *testing.B) {
	total := 1_000_000
	if s := os.Getenv("COMMUNITY_BENCH_POSTS"); s != "" {
		fmt.Sscan(s, &total)
	}
	engines := map[string]func(testing.TB) *db.DB{"sqlite": dbtest.OpenSQLite}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		engines["postgres"] = dbtest.OpenPostgres
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open, ok := engines[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) {
			d := open(b)
			ctx := context.Background()
			users := makeUsers(b, d, 2)
			start := time.Now()
			base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
			fillPosts(b, d, users[0], base, total)
			b.Logf("%s: loaded %d posts in %s", name, total, time.Since(start).Round(time.Millisecond))
			svc := NewService(NewStore(d), time.Now)
			// Some likes by the reader, so likedByMe has rows to find.
			for i := int64(1); i <= 50; i++ {
				if _, err := svc.Like(ctx, int64(total)-i*3, users[1].UserID); err != nil {
					b.Fatal(err)
				}
			}
			var mid Post
			if err := d.QueryRow(ctx, `SELECT id, created_at FROM community_posts ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?`,
				total/2).Scan(&mid.ID, &mid.CreatedAt); err != nil {
				b.Fatal(err)
			}
			later := keyset.Cursor{At: mid.CreatedAt, ID: mid.ID}.String()

			b.Run("first-page", func(b *testing.B) {
				for b.Loop() {
					page, err := svc.Posts(ctx, users[1].UserID, "", DefaultPageSize)
					if err != nil || len(page.Items) != DefaultPageSize {
						b.Fatal(err, len(page.Items))
					}
				}
			})
			b.Run("later-page", func(b *testing.B) {
				for b.Loop() {
					page, err := svc.Posts(ctx, users[1].UserID, later, DefaultPageSize)
					if err != nil || len(page.Items) != DefaultPageSize || page.Items[0].ID >= mid.ID {
						b.Fatal(err, len(page.Items))
					}
				}
			})
		})
	}
}

// fillPosts inserts n posts one second apart in one transaction, 1000 rows
// per multi-row INSERT, then refreshes the planner's statistics.
func fillPosts(b *testing.B, d *db.DB, u Author, base time.Time, n int) {
	const batch = 1000
	ctx := context.Background()
	row := "(?, ?, ?, ?)"
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for done := 0; done < n; {
			k := min(batch, n-done)
			query := `INSERT INTO community_posts (user_id, username, content, created_at) VALUES ` +
				strings.TrimSuffix(strings.Repeat(row+",", k), ",")
			args := make([]any, 0, 4*k)
			for i := range k {
				j := done + i
				args = append(args, u.UserID, u.Username,
					fmt.Sprintf("Benchmark post %d: 1 km run, 50 m sled push, 1 km run, 80 m burpee broad jumps.", j),
					base.Add(time.Duration(j)*time.Second))
			}
			if _, err := tx.Exec(ctx, query, args...); err != nil {
				return err
			}
			done += k
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.Exec(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
}
