package db_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// migrationCase is one database, migrated up to just before the migration
// under test, with a helper that writes rows the old schema's way.
type migrationCase struct {
	ctx context.Context
	db  *db.DB
	t   *testing.T
}

// exec runs one statement in a transaction; with RETURNING it returns the id.
func (c migrationCase) exec(q string, args ...any) int64 {
	c.t.Helper()
	var id int64
	err := c.db.InTx(c.ctx, func(tx *db.Tx) error {
		if !strings.Contains(q, "RETURNING") {
			_, err := tx.Exec(c.ctx, q, args...)
			return err
		}
		return tx.QueryRow(c.ctx, q, args...).Scan(&id)
	})
	if err != nil {
		c.t.Fatal(err)
	}
	return id
}

// migrateRest applies every migration after the one the case stopped at.
func (c migrationCase) migrateRest() {
	c.t.Helper()
	if _, err := c.db.Migrate(c.ctx); err != nil {
		c.t.Fatal(err)
	}
}

// onBothDatabases runs check on a fresh SQLite file and a fresh PostgreSQL
// schema (when TEST_DATABASE_URL is set), each migrated up to version before.
func onBothDatabases(t *testing.T, before int64, check func(c migrationCase)) {
	urls := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "m.db") },
		"postgres": func(t *testing.T) string { return dbtest.PostgresURL(t) },
	}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			d, err := db.Open(ctx, urls[name](t))
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if _, err := d.MigrateTo(ctx, before); err != nil {
				t.Fatal(err)
			}
			check(migrationCase{ctx: ctx, db: d, t: t})
		})
	}
}
