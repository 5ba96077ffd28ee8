package db_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// countTo counts to ? with a recursive query: seconds of work for 10^8 on
// both engines, one row at the end (or one row per number without COUNT).
const countTo = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?)`

// A request whose client left or whose deadline passed stops its query,
// although database/sql only ever sees a context that cannot be cancelled.
func TestLongQueryStopsWithItsContext(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		quick := func(t *testing.T) {
			t.Helper()
			var n int
			if err := d.QueryRow(context.Background(), countTo+` SELECT COUNT(*) FROM c`, 1000).Scan(&n); err != nil || n != 1000 {
				t.Fatalf("the next query on the pool: n=%d err=%v", n, err)
			}
		}
		// stops runs a long call and checks it ends soon after ctx with ctx's error.
		stops := func(t *testing.T, want error, newCtx func() (context.Context, context.CancelFunc), call func(ctx context.Context) error) {
			t.Helper()
			ctx, cancel := newCtx()
			defer cancel()
			began := time.Now()
			err := call(ctx)
			if !errors.Is(err, want) {
				t.Fatalf("want %v, got %v after %s", want, err, time.Since(began))
			}
			if took := time.Since(began); took > 5*time.Second {
				t.Fatalf("the query ran %s after its context ended", took)
			}
			quick(t)
		}
		deadline := func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 300*time.Millisecond)
		}
		clientLeft := func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(300*time.Millisecond, cancel)
			return ctx, cancel
		}
		count := func(ctx context.Context) error {
			return d.QueryRow(ctx, countTo+` SELECT COUNT(*) FROM c`, 100_000_000).Scan(new(int))
		}
		scan := func(ctx context.Context) error {
			rows, err := d.Query(ctx, countTo+` SELECT x FROM c`, 100_000_000)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
			}
			return rows.Err()
		}
		write := func(ctx context.Context) error {
			return d.InTx(ctx, func(tx *db.Tx) error {
				return tx.QueryRow(ctx, countTo+` SELECT COUNT(*) FROM c`, 100_000_000).Scan(new(int))
			})
		}
		exec := func(ctx context.Context) error {
			_, err := d.Exec(ctx, countTo+` SELECT COUNT(*) FROM c`, 100_000_000)
			return err
		}
		t.Run("deadline, one row", func(t *testing.T) { stops(t, context.DeadlineExceeded, deadline, count) })
		t.Run("client left, one row", func(t *testing.T) { stops(t, context.Canceled, clientLeft, count) })
		t.Run("client left, while reading rows", func(t *testing.T) { stops(t, context.Canceled, clientLeft, scan) })
		t.Run("deadline, in a transaction", func(t *testing.T) { stops(t, context.DeadlineExceeded, deadline, write) })
		t.Run("client left, exec", func(t *testing.T) { stops(t, context.Canceled, clientLeft, exec) })
		t.Run("done before the query", func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			stops(t, context.Canceled, func() (context.Context, context.CancelFunc) { return ctx, cancel }, count)
		})
	})
}

// Queries under a context that can be cancelled start no goroutine to watch
// it (database/sql's Rows.awaitDone and the SQLite driver's watcher did, one
// each per query: docs/benchmarks/2026-11-25.md#which-goroutines-made-the-tail).
func TestQueriesStartNoWatcherGoroutines(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		open := func() func() {
			var closers []func() error
			for range 3 {
				rows, err := d.Query(ctx, countTo+` SELECT x FROM c`, 10)
				if err != nil {
					t.Fatal(err)
				}
				if !rows.Next() {
					t.Fatal(rows.Err())
				}
				closers = append(closers, rows.Close)
			}
			return func() {
				for _, c := range closers {
					c()
				}
			}
		}
		open()() // the pool's connections and statements exist
		time.Sleep(50 * time.Millisecond)
		before := runtime.NumGoroutine()
		closeAll := open()
		during := runtime.NumGoroutine()
		closeAll()
		if during != before {
			t.Fatalf("three open queries run %d more goroutines", during-before)
		}
	})
}
