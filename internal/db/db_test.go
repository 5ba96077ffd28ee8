package db_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func TestMigrateIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		n, err := d.Migrate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("second migrate applied %d migrations", n)
		}
	})
}

func TestTimesAndUniqueViolationsAcrossDialects(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 3, 1, 23, 30, 15, 0, time.UTC)
		insert := func(name string) error {
			return d.InTx(ctx, func(tx *db.Tx) error {
				_, err := tx.Exec(ctx, `INSERT INTO users (username, username_key, email, password_hash, created_at)
					VALUES (?, ?, ?, 'x', ?)`, name, name, name+"@example.com", now)
				return err
			})
		}
		if err := insert("ana"); err != nil {
			t.Fatal(err)
		}
		err := insert("ana")
		if !db.IsUniqueViolation(err) {
			t.Fatalf("want a unique violation, got %v", err)
		}
		var got time.Time
		if err := d.QueryRow(ctx, `SELECT created_at FROM users WHERE username_key = ?`, "ana").Scan(&got); err != nil {
			t.Fatal(err)
		}
		if !got.Equal(now) {
			t.Fatalf("time round trip: got %v want %v", got, now)
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE created_at >= ? AND created_at < ?`,
			now.Add(-time.Second), now.Add(time.Second)).Scan(&n); err != nil || n != 1 {
			t.Fatalf("range query: n=%d err=%v", n, err)
		}
		if err := d.Ping(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

func TestRebind(t *testing.T) {
	d := &db.DB{Dialect: db.Postgres}
	if got := d.Rebind("a = ? AND b = ?"); got != "a = $1 AND b = $2" {
		t.Fatal(got)
	}
}

// Reads reuse prepared statements on SQLite: they must still see later
// writes, work from many goroutines over the pool at once, and report a
// broken query every time it is run.
func TestPreparedReads(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		const count = `SELECT COUNT(*) FROM users WHERE username_key LIKE ?`
		read := func() int {
			t.Helper()
			var n int
			if err := d.QueryRow(ctx, count, "prep%").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := read()
		for i, name := range []string{"prep1", "prep2"} {
			if _, err := d.Exec(ctx, `INSERT INTO users (username, username_key, email, password_hash, created_at)
				VALUES (?, ?, ?, 'x', ?)`, name, name, name+"@example.com", time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
			if got := read(); got != before+i+1 {
				t.Fatalf("after %d inserts the cached read sees %d rows, want %d", i+1, got, before+i+1)
			}
		}
		var wg sync.WaitGroup
		errs := make(chan error, 32)
		for range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rows, err := d.Query(ctx, `SELECT username FROM users WHERE username_key LIKE ? ORDER BY id`, "prep%")
				if err != nil {
					errs <- err
					return
				}
				defer rows.Close()
				n := 0
				for rows.Next() {
					n++
				}
				if err := rows.Err(); err != nil || n != 2 {
					errs <- fmt.Errorf("%d rows, %v", n, err)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		for range 2 {
			if err := d.QueryRow(ctx, `SELECT nope FROM users`).Scan(new(int)); err == nil {
				t.Fatal("a broken query did not report its error")
			}
		}
	})
}

func TestOpenRefusesUnknownDatabaseSchemes(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	_, err := db.Open(context.Background(), "mysql://user:secret@host/db")
	if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") || strings.Contains(err.Error(), "secret") {
		t.Fatalf("want a start-up message naming DATABASE_URL without the password, got %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("nothing may be created for a refused URL: %v", entries)
	}
}
