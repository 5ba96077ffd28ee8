package db_test

// The A/B of issue 19 (docs/benchmarks/2026-11-25.md#pgxpool-or-databasesql-on-postgresql-measured-databasesql-kept): the same
// three reads on PostgreSQL through the app's path (database/sql, pgx's
// stdlib driver behind the cancellation wrapper of cancel.go) and through
// pgxpool directly, 64 goroutines, A and B interleaved three times so that a
// change of the machine's load shows in both. It needs scale data:
//
//	BENCH_PG_URL='postgres://...&search_path=bench_20000' \
//	  go test -run '^$' -bench PostgresDriver -benchtime 20000x -cpu 1 ./internal/db/
//
// Each run reports ns/op (wall time over the 64 goroutines: the inverse of
// the throughput) and p99-ns (one query's latency, 99th percentile).

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"hyrox/internal/db"
)

// The reads, as the stores write them (community.Store.ChannelPosts,
// nutrition.Store.ProfileForDay, auth.Store.SessionIdentity).
const (
	benchFeedSQL = `SELECT p.id, p.user_id, p.username, p.content, p.channel, p.created_at, p.like_count, p.comment_count,
	EXISTS (SELECT 1 FROM community_likes l WHERE l.post_id = p.id AND l.user_id = ?) FROM community_posts p WHERE p.channel = ?
			ORDER BY p.created_at DESC, p.id DESC LIMIT ?`
	benchNutritionSQL = `SELECT p.daily_calories, p.protein_target, p.carbs_target, p.fat_target, p.updated_at,
			COALESCE(SUM(e.calories), 0), COALESCE(SUM(e.protein), 0), COALESCE(SUM(e.carbs), 0), COALESCE(SUM(e.fat), 0)
		FROM nutrition_profiles p
		LEFT JOIN food_entries e ON e.user_id = p.user_id AND e.entry_date = ? AND e.deleted_at IS NULL
		WHERE p.user_id = ?
		GROUP BY p.user_id`
	benchSessionSQL = `SELECT u.id, u.username, u.subscription_tier, u.role, s.created_at, s.expires_at
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ? AND s.created_at > ?`
)

// rowsLike is what both paths' rows offer.
type rowsLike interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// benchPath runs the three reads on one of the two paths.
type benchPath struct {
	name  string
	query func(ctx context.Context, q string, args ...any) (rowsLike, func(), error)
	row   func(ctx context.Context, q string, args ...any) interface{ Scan(...any) error }
}

func BenchmarkPostgresDriver(b *testing.B) {
	url := os.Getenv("BENCH_PG_URL")
	if url == "" {
		b.Skip("BENCH_PG_URL (a PostgreSQL URL whose search_path holds scale data) is not set")
	}
	ctx := context.Background()
	d, err := db.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		b.Fatal(err)
	}
	// The same pool size as internal/db gives database/sql.
	cfg.MaxConns = int32(4 * runtime.GOMAXPROCS(0))
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close()

	users, hashes := benchSessions(b, d)
	day := time.Now().UTC().Format("2006-01-02")
	paths := []benchPath{
		{name: "database-sql",
			query: func(ctx context.Context, q string, args ...any) (rowsLike, func(), error) {
				r, err := d.Query(ctx, q, args...)
				if err != nil {
					return nil, nil, err
				}
				return r, func() { r.Close() }, nil
			},
			row: func(ctx context.Context, q string, args ...any) interface{ Scan(...any) error } {
				return d.QueryRow(ctx, q, args...)
			}},
		{name: "pgxpool",
			query: func(ctx context.Context, q string, args ...any) (rowsLike, func(), error) {
				r, err := pool.Query(ctx, d.Rebind(q), args...)
				if err != nil {
					return nil, nil, err
				}
				return r, r.Close, nil
			},
			row: func(ctx context.Context, q string, args ...any) interface{ Scan(...any) error } {
				return pool.QueryRow(ctx, d.Rebind(q), args...)
			}},
	}
	reads := []struct {
		name string
		run  func(ctx context.Context, p benchPath, i int) error
	}{
		{"feed", func(ctx context.Context, p benchPath, i int) error {
			rows, done, err := p.query(ctx, benchFeedSQL, users[i%len(users)], "public", 20)
			if err != nil {
				return err
			}
			defer done()
			n := 0
			for rows.Next() {
				var id, uid int64
				var name, content, channel string
				var at time.Time
				var likes, comments int
				var liked bool
				if err := rows.Scan(&id, &uid, &name, &content, &channel, &at, &likes, &comments, &liked); err != nil {
					return err
				}
				n++
			}
			if n != 20 {
				return fmt.Errorf("feed: %d posts", n)
			}
			return rows.Err()
		}},
		{"nutrition-today", func(ctx context.Context, p benchPath, i int) error {
			var kcal, prot, carbs, fat, c1, c2, c3, c4 int
			var at time.Time
			return p.row(ctx, benchNutritionSQL, day, users[i%len(users)]).Scan(&kcal, &prot, &carbs, &fat, &at, &c1, &c2, &c3, &c4)
		}},
		{"session", func(ctx context.Context, p benchPath, i int) error {
			now := time.Now().UTC()
			var id int64
			var name, tier, role string
			var created, expires time.Time
			return p.row(ctx, benchSessionSQL, hashes[i%len(hashes)], now, now.Add(-90*24*time.Hour)).
				Scan(&id, &name, &tier, &role, &created, &expires)
		}},
	}
	// 64 goroutines whatever GOMAXPROCS is.
	par := max(1, 64/runtime.GOMAXPROCS(0))
	for _, r := range reads {
		for round := 1; round <= 3; round++ {
			for _, p := range paths {
				b.Run(fmt.Sprintf("%s/round%d/%s", r.name, round, p.name), func(b *testing.B) {
					var mu sync.Mutex
					var all []time.Duration
					var next int64
					b.SetParallelism(par)
					b.ResetTimer()
					b.RunParallel(func(pb *testing.PB) {
						lat := make([]time.Duration, 0, 1024)
						mu.Lock()
						i := int(next)
						next += 7919
						mu.Unlock()
						for pb.Next() {
							i++
							began := time.Now()
							if err := r.run(ctx, p, i); err != nil {
								b.Error(err)
								return
							}
							lat = append(lat, time.Since(began))
						}
						mu.Lock()
						all = append(all, lat...)
						mu.Unlock()
					})
					b.StopTimer()
					if len(all) > 0 {
						slices.Sort(all)
						b.ReportMetric(float64(all[len(all)*99/100]), "p99-ns")
					}
				})
			}
		}
	}
}

// benchSessions signs 2,000 pro or elite athletes in (sessions removed at the
// end) and returns their ids and session token hashes.
func benchSessions(b *testing.B, d *db.DB) ([]int64, []string) {
	ctx := context.Background()
	rows, err := d.Query(ctx, `SELECT user_id FROM nutrition_profiles ORDER BY user_id LIMIT 2000`)
	if err != nil {
		b.Fatal(err)
	}
	var users []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			b.Fatal(err)
		}
		users = append(users, id)
	}
	rows.Close()
	if len(users) == 0 {
		b.Fatal("no nutrition profiles: BENCH_PG_URL must point at scale data")
	}
	now := time.Now().UTC()
	var hashes []string
	err = d.InTx(ctx, func(tx *db.Tx) error {
		for i, id := range users {
			sum := sha256.Sum256(fmt.Appendf(nil, "pgxpool-bench-%d-%d", now.UnixNano(), i))
			h := hex.EncodeToString(sum[:])
			if _, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
				h, id, now, now.Add(time.Hour)); err != nil {
				return err
			}
			hashes = append(hashes, h)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		for _, h := range hashes {
			_, _ = d.Exec(context.Background(), `DELETE FROM sessions WHERE token_hash = ?`, h)
		}
	})
	return users, hashes
}
