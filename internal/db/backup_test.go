package db_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func openSQLite(t *testing.T, path string) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}

func addUser(ctx context.Context, d *db.DB, name string) error {
	_, err := d.Exec(ctx, `INSERT INTO users (username, username_key, email, password_hash, created_at)
		VALUES (?, ?, ?, 'x', ?)`, name, name, name+"@example.com", time.Now().UTC())
	return err
}

func userCount(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A backup taken while a writer commits holds every row committed before it
// started, and restores into a working database.
func TestBackupWhileWritingThenRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	d := openSQLite(t, live)
	var committed atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := addUser(ctx, d, "w"+strings.Repeat("x", i%5)+time.Now().Format("150405.000000000")); err != nil {
				t.Error(err)
				return
			}
			committed.Add(1)
		}
	}()
	for committed.Load() < 50 {
		time.Sleep(time.Millisecond)
	}
	before := committed.Load()
	backup := filepath.Join(dir, "backup.db")
	if err := d.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	close(stop)
	wg.Wait()
	if err := d.Backup(ctx, backup); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("a second backup over the first: %v", err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}

	if err := db.RestoreSQLite(ctx, backup, live); err != nil {
		t.Fatal(err)
	}
	r := openSQLite(t, live)
	defer r.Close()
	if n := userCount(t, r); int64(n) < before {
		t.Fatalf("restored %d users, %d were committed before the backup", n, before)
	}
	if _, err := os.Stat(live + ".before-restore"); err != nil {
		t.Fatalf("the replaced database is not kept: %v", err)
	}
	if err := addUser(ctx, r, "after_restore"); err != nil {
		t.Fatalf("the restored database does not take writes: %v", err)
	}
}

func TestRestoreRefusesAnOpenDatabaseAndBadBackups(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	d := openSQLite(t, live)
	if err := addUser(ctx, d, "kept"); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "backup.db")
	if err := d.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	if err := addUser(ctx, d, "still_there"); err != nil {
		t.Fatal(err)
	}

	// A server has the database open: nothing changes.
	if err := db.RestoreSQLite(ctx, backup, live); !errors.Is(err, db.ErrInUse) {
		t.Fatalf("restore over an open database: %v", err)
	}
	if n := userCount(t, d); n != 2 {
		t.Fatalf("users after a refused restore: %d", n)
	}

	notSQLite := filepath.Join(dir, "notes.txt")
	os.WriteFile(notSQLite, []byte(strings.Repeat("not a database\n", 400)), 0o644)
	corrupt := filepath.Join(dir, "corrupt.db")
	data, _ := os.ReadFile(backup)
	for i := 4096; i < len(data); i++ { // every page after the first
		data[i] ^= 0x5a
	}
	os.WriteFile(corrupt, data, 0o644)
	otherApp := filepath.Join(dir, "other.db")
	o, _ := db.Open(ctx, "sqlite:"+otherApp)
	o.Exec(ctx, `CREATE TABLE notes (id INTEGER PRIMARY KEY)`)
	o.Close()
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, src, want string }{
		{"missing", filepath.Join(dir, "nope.db"), "no such file"},
		{"not sqlite", notSQLite, "not a readable SQLite database"},
		{"corrupt", corrupt, "SQLite"},
		{"another app's", otherApp, "not a HYROX database"},
	} {
		err := db.RestoreSQLite(ctx, tc.src, live)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("restore from a %s backup: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	r := openSQLite(t, live)
	defer r.Close()
	if n := userCount(t, r); n != 2 {
		t.Fatalf("a refused restore changed the database: %d users", n)
	}
}

func TestBackupSaysToUsePgDumpOnPostgres(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	d := dbtest.OpenPostgres(t)
	err := d.Backup(context.Background(), filepath.Join(t.TempDir(), "x"))
	if err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Fatalf("got %v", err)
	}
}
