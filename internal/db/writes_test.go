package db

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// openQueueDB opens a fresh SQLite file with one table of numbers.
func openQueueDB(tb testing.TB) *DB {
	tb.Helper()
	ctx := context.Background()
	d, err := Open(ctx, "sqlite:"+filepath.Join(tb.TempDir(), "queue.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { d.Close() })
	if _, err := d.Exec(ctx, `CREATE TABLE arrivals (n INTEGER NOT NULL)`); err != nil {
		tb.Fatal(err)
	}
	return d
}

// waitingForTurn counts the goroutines blocked in takeWriteTurn.
func waitingForTurn() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for _, g := range bytes.Split(buf, []byte("\n\n")) {
		if bytes.Contains(g, []byte("(*DB).takeWriteTurn")) {
			n++
		}
	}
	return n
}

// untilWaiting waits until n goroutines queue for the write turn.
func untilWaiting(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for waitingForTurn() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines wait for the write turn, want %d", waitingForTurn(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// holdTurn starts a write that keeps the turn until the returned func is called.
func holdTurn(t *testing.T, d *DB) (release func()) {
	t.Helper()
	held, done := make(chan struct{}), make(chan struct{})
	finished := make(chan error, 1)
	go func() {
		finished <- d.InTx(context.Background(), func(*Tx) error {
			close(held)
			<-done
			return nil
		})
	}()
	<-held
	return func() {
		close(done)
		if err := <-finished; err != nil {
			t.Error(err)
		}
	}
}

// Writes queued on SQLite's one writing connection commit in the order they
// asked for it (database/sql alone picks a random waiter).
func TestSQLiteWritesCommitInArrivalOrder(t *testing.T) {
	d := openQueueDB(t)
	ctx := context.Background()
	release := holdTurn(t, d)
	const writers = 40
	var wg sync.WaitGroup
	for i := range writers {
		wg.Go(func() {
			var err error
			if i%2 == 0 { // both ways in: a transaction and a single statement
				err = d.InTx(ctx, func(tx *Tx) error {
					_, err := tx.Exec(ctx, `INSERT INTO arrivals (n) VALUES (?)`, i)
					return err
				})
			} else {
				_, err = d.Exec(ctx, `INSERT INTO arrivals (n) VALUES (?)`, i)
			}
			if err != nil {
				t.Error(err)
			}
		})
		untilWaiting(t, i+1) // i is queued before i+1 arrives
	}
	release()
	wg.Wait()
	rows, err := d.Query(ctx, `SELECT n FROM arrivals ORDER BY rowid`)
	got, err := Collect(rows, err, func(row Scanner) (n int, err error) { return n, row.Scan(&n) })
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, writers)
	for i := range want {
		want[i] = i
	}
	if !slices.Equal(got, want) {
		t.Fatalf("commit order %v, want arrival order %v", got, want)
	}
}

// A write whose request ends while it waits leaves the queue; the writes
// behind it go on.
func TestSQLiteWriteLeavesQueueWhenCancelled(t *testing.T) {
	d := openQueueDB(t)
	release := holdTurn(t, d)
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error, 1)
	go func() {
		gaveUp <- d.InTx(ctx, func(tx *Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO arrivals (n) VALUES (1)`)
			return err
		})
	}()
	untilWaiting(t, 1)
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled write: got %v, want context.Canceled", err)
	}
	release()
	bg := context.Background()
	if _, err := d.Exec(bg, `INSERT INTO arrivals (n) VALUES (2)`); err != nil {
		t.Fatal(err)
	}
	var ns []int
	rows, err := d.Query(bg, `SELECT n FROM arrivals ORDER BY rowid`)
	ns, err = Collect(rows, err, func(row Scanner) (n int, err error) { return n, row.Scan(&n) })
	if err != nil || !slices.Equal(ns, []int{2}) {
		t.Fatalf("rows %v (%v), want only the write that was not cancelled", ns, err)
	}
}

// A transaction whose function panics rolls back and gives the turn back.
func TestSQLiteWriteTurnSurvivesPanic(t *testing.T) {
	d := openQueueDB(t)
	ctx := context.Background()
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("InTx swallowed the panic")
			}
		}()
		_ = d.InTx(ctx, func(tx *Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO arrivals (n) VALUES (1)`); err != nil {
				return err
			}
			panic("boom")
		})
	}()
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := d.Exec(wctx, `INSERT INTO arrivals (n) VALUES (2)`); err != nil {
		t.Fatalf("the write after a panic: %v", err)
	}
	var n int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM arrivals WHERE n = 1`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("the panicking transaction left %d rows (%v)", n, err)
	}
}

// BenchmarkSQLiteWriteQueue is 64 writers (a request's insert and counter
// update) on SQLite's one writing connection: through the write turn (fifo)
// and through database/sql's pool alone (pool: random hand-off). It reports
// the latency of a write, waiting included, and how many other writes
// committed while it waited ("ahead"): the count does not depend on how busy
// the machine is, the latency does. FIFO lets at most the 63 others in first.
// Run it on one core as the server runs:
//
//	go test -run '^$' -bench SQLiteWriteQueue -benchtime 20000x -cpu 1 ./internal/db/
func BenchmarkSQLiteWriteQueue(b *testing.B) {
	for _, fifo := range []bool{true, false} {
		name := "fifo"
		if !fifo {
			name = "pool"
		}
		b.Run(name, func(b *testing.B) {
			d := openQueueDB(b)
			ctx := context.Background()
			for _, q := range []string{`CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`, `INSERT INTO counter VALUES (1, 0)`} {
				if _, err := d.Exec(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
			if !fifo {
				d.writeTurn = nil
			}
			const writers = 64
			lat := make([][]time.Duration, writers)
			ahead := make([][]uint64, writers)
			var commits atomic.Uint64
			per := b.N/writers + 1
			b.ResetTimer()
			var wg sync.WaitGroup
			for w := range writers {
				wg.Go(func() {
					for i := range per {
						began, first := time.Now(), commits.Load()
						var at uint64
						err := d.InTx(ctx, func(tx *Tx) error {
							at = commits.Add(1) // the one writer: no other write in between
							if _, err := tx.Exec(ctx, `INSERT INTO arrivals (n) VALUES (?)`, i); err != nil {
								return err
							}
							_, err := tx.Exec(ctx, `UPDATE counter SET n = n + 1 WHERE id = 1`)
							return err
						})
						if err != nil {
							b.Error(err)
							return
						}
						lat[w] = append(lat[w], time.Since(began))
						ahead[w] = append(ahead[w], at-first-1)
					}
				})
			}
			wg.Wait()
			b.StopTimer()
			all := slices.Concat(lat...)
			slices.Sort(all)
			ms := func(q float64) float64 { return float64(all[int(q*float64(len(all)-1))]) / 1e6 }
			b.ReportMetric(ms(0.50), "p50-ms")
			b.ReportMetric(ms(0.99), "p99-ms")
			b.ReportMetric(ms(1), "max-ms")
			n := slices.Concat(ahead...)
			slices.Sort(n)
			b.ReportMetric(float64(n[len(n)*99/100]), "p99-ahead")
			b.ReportMetric(float64(n[len(n)-1]), "max-ahead")
		})
	}
}

// The writing connection never checkpoints; the checkpointer copies the
// commits into the database file on its own connection, those made on the
// write pool directly (as the job queue makes them) as well as the app's.
func TestSQLiteCheckpointsBesideTheWriter(t *testing.T) {
	d := openQueueDB(t)
	ctx := context.Background()
	var auto int
	if err := d.write.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("the writing connection's wal_autocheckpoint is %d (%v), want 0", auto, err)
	}
	size := func() int64 {
		fi, err := os.Stat(d.path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	// Enough commits to nudge the checkpointer, far fewer pages than
	// SQLite's own 1,000-page checkpoint.
	pad := strings.Repeat("x", 1000)
	// On the write pool directly, as the job queue writes: the app's writes
	// (Exec, InTx) are commits on the same connection.
	for i := range 2 * checkpointEvery {
		if _, err := d.WritePool().ExecContext(ctx, `INSERT INTO arrivals (n) VALUES (?)`, fmt.Sprint(i, pad)); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for size() < before+int64(checkpointEvery)*1000 {
		if time.Now().After(deadline) {
			t.Fatalf("the database file is still %d bytes (%d before): the writes were not checkpointed", size(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// DB.Close may be called twice (an app closed by a restart test and by its
// cleanup), as sql.DB.Close may.
func TestSQLiteCloseTwice(t *testing.T) {
	d, err := Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "twice.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	_ = d.Close() // must not panic
}
