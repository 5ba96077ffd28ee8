// Package dbtest opens throwaway databases for tests: SQLite always, and
// PostgreSQL when TEST_DATABASE_URL is set (each test in its own schema).
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"hyrox/internal/db"
)

// Each runs fn once per available database, as subtests named "sqlite" and
// "postgres", each on a freshly migrated database.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, OpenSQLite(t)) })
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, OpenPostgres(t)) })
	}
}

// Open opens one migrated database: PostgreSQL when DBTEST_ENGINE=postgres
// and TEST_DATABASE_URL is set, else SQLite.
func Open(tb testing.TB) *db.DB {
	if os.Getenv("DBTEST_ENGINE") == "postgres" && os.Getenv("TEST_DATABASE_URL") != "" {
		return OpenPostgres(tb)
	}
	return OpenSQLite(tb)
}

// OpenSQLite opens a migrated SQLite database in a temporary folder.
func OpenSQLite(tb testing.TB) *db.DB {
	tb.Helper()
	d, err := db.Open(context.Background(), "sqlite:"+filepath.Join(tb.TempDir(), "test.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(context.Background()); err != nil {
		tb.Fatal(err)
	}
	return d
}

// SQLiteURL returns a DATABASE_URL for a fresh SQLite file.
func SQLiteURL(tb testing.TB) string {
	return "sqlite:" + filepath.Join(tb.TempDir(), "test.db")
}

// PostgresURL creates an empty schema and returns a DATABASE_URL that uses it;
// the schema is dropped when the test ends. It skips without TEST_DATABASE_URL.
func PostgresURL(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		tb.Skip("TEST_DATABASE_URL not set")
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		a, err := sql.Open("pgx", base)
		if err == nil {
			_, _ = a.Exec("DROP SCHEMA " + schema + " CASCADE")
			a.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// OpenPostgres opens a migrated PostgreSQL database in a fresh schema.
func OpenPostgres(tb testing.TB) *db.DB {
	tb.Helper()
	d, err := db.Open(context.Background(), PostgresURL(tb))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(context.Background()); err != nil {
		tb.Fatal(err)
	}
	return d
}

// NewUser adds an account named name with the tier given, for the areas'
// tests: they need a users row for their foreign keys but never read that
// table (it is auth's). The column list is auth's; keep it in step with its
// migrations.
func NewUser(tb testing.TB, d *db.DB, name, tier string) int64 {
	tb.Helper()
	var id int64
	ctx := context.Background()
	err := d.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO users (username, username_key, email, password_hash, subscription_tier, created_at)
			VALUES (?, ?, ?, 'x', ?, ?) RETURNING id`, name, name, name+"@example.com", tier, time.Now().UTC()).Scan(&id)
	})
	if err != nil {
		tb.Fatal(err)
	}
	return id
}
