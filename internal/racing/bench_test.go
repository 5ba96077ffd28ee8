package racing

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// BenchmarkRacingLeaderboard loads 175,000 athletes and 2,000,000 results
// (RACING_BENCH_ATHLETES and RACING_BENCH_RESULTS change the size) and times
// the leaderboard reads on SQLite and, with TEST_DATABASE_URL, PostgreSQL:
//
//	go test ./internal/racing -run '^$' -bench Leaderboard -benchtime 200x
//
// The target is under 20 ms per leaderboard.
func BenchmarkRacingLeaderboard(b *testing.B) {
	athletes, results := envInt("RACING_BENCH_ATHLETES", 175_000), envInt("RACING_BENCH_RESULTS", 2_000_000)
	engines := map[string]func(testing.TB) *db.DB{"sqlite": dbtest.OpenSQLite}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		engines["postgres"] = dbtest.OpenPostgres
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open, ok := engines[name]
		// RACING_BENCH_ENGINE=sqlite or postgres runs one engine only.
		if only := os.Getenv("RACING_BENCH_ENGINE"); !ok || (only != "" && only != name) {
			continue
		}
		b.Run(name, func(b *testing.B) {
			d := open(b)
			start := time.Now()
			firstUser := loadBenchData(b, d, athletes, results)
			b.Logf("%s: loaded %d athletes and %d results in %s", name, athletes, results, time.Since(start).Round(time.Second))
			s := svcFor(d)
			ctx := context.Background()
			for _, c := range []struct{ period, division string }{
				{"week", "all"}, {"week", "open_men"}, {"month", "all"}, {"all", "all"}, {"all", "pro_women"},
			} {
				board, err := s.BoardFor(c.period, c.division, "")
				if err != nil {
					b.Fatal(err)
				}
				b.Run("top100/"+c.period+"/"+c.division, func(b *testing.B) {
					for b.Loop() {
						entries, err := s.Leaderboard(ctx, board, 100)
						if err != nil || len(entries) == 0 {
							b.Fatalf("%v %d", err, len(entries))
						}
					}
				})
				b.Run("myRank/"+c.period+"/"+c.division, func(b *testing.B) {
					i := 0
					for b.Loop() {
						if _, _, err := s.MyEntry(ctx, board, firstUser+int64(i%athletes)); err != nil {
							b.Fatal(err)
						}
						i += 7919
					}
				})
			}
		})
	}
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// loadBenchData inserts users, athletes and results in batched multi-row
// inserts, then rebuilds the bests. It returns the first user id.
func loadBenchData(b *testing.B, d *db.DB, athletes, results int) int64 {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	const batch = 500
	insert := func(table, cols string, n int, row func(i int) []any) {
		ncol := strings.Count(cols, ",") + 1
		ph := "(" + strings.TrimSuffix(strings.Repeat("?,", ncol), ",") + ")"
		for lo := 0; lo < n; {
			err := d.InTx(ctx, func(tx *db.Tx) error {
				for k := 0; k < 40 && lo < n; k++ {
					hi := min(lo+batch, n)
					args := make([]any, 0, (hi-lo)*ncol)
					phs := make([]string, 0, hi-lo)
					for i := lo; i < hi; i++ {
						args = append(args, row(i)...)
						phs = append(phs, ph)
					}
					if _, err := tx.Exec(ctx, "INSERT INTO "+table+" ("+cols+") VALUES "+strings.Join(phs, ","), args...); err != nil {
						return err
					}
					lo = hi
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	insert("users", "username, username_key, email, password_hash, subscription_tier, created_at", athletes, func(i int) []any {
		name := fmt.Sprintf("bench%06d", i)
		return []any{name, name, name + "@example.com", "x", "basic", testNow}
	})
	var first int64
	if err := d.QueryRow(ctx, `SELECT MIN(id) FROM users`).Scan(&first); err != nil {
		b.Fatal(err)
	}
	insert("racing_athletes", "user_id, username, updated_at", athletes, func(i int) []any {
		return []any{first + int64(i), fmt.Sprintf("bench%06d", i), testNow}
	})
	runs, stations := "300,320,320,320,320,320,320,360", "260,180,270,280,280,130,290,360"
	insert("race_results", "user_id, date, week_start, month_start, event_name, kind, division, run_splits, station_splits, roxzone_seconds, total_seconds, ranked_seconds, complete, created_at",
		results, func(i int) []any {
			u := rng.IntN(athletes)
			date := testNow.AddDate(0, 0, -rng.IntN(730))
			division := Divisions[u%len(Divisions)]
			kind := KindSimulation
			if rng.IntN(3) == 0 {
				kind = KindRace
			}
			total := 3300 + rng.IntN(5400)
			return []any{first + int64(u), date.Format(time.DateOnly), WeekStart(date), MonthStart(date), "Bench", kind, division,
				runs, stations, 400, total, total, true, testNow}
		})
	if err := NewStore(d).RebuildBests(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := d.Exec(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
	return first
}
