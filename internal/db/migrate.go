package db

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// Migrations are numbered per area so areas never collide:
// 0001xx core and accounts, 0002xx billing, 0003xx training, 0004xx nutrition,
// 0005xx community, 0006xx racing, 0007xx blog.
//
//go:embed migrations
var migrations embed.FS

// Migrate applies every pending migration. It is idempotent, and on
// PostgreSQL a session lock keeps concurrent instances from racing.
func (db *DB) Migrate(ctx context.Context) (applied int, err error) {
	return db.MigrateTo(ctx, 0)
}

// MigrateTo applies the pending migrations up to version (0 = all); tests
// use it to check that a migration keeps the rows written before it.
func (db *DB) MigrateTo(ctx context.Context, version int64) (applied int, err error) {
	sub, err := fs.Sub(migrations, "migrations/"+string(db.Dialect))
	if err != nil {
		return 0, err
	}
	dialect := goose.DialectSQLite3
	opts := []goose.ProviderOption{goose.WithAllowOutofOrder(true), goose.WithDisableGlobalRegistry(true)}
	if db.Dialect == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return 0, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db.write, sub, opts...)
	if err != nil {
		return 0, fmt.Errorf("migrations: %w", err)
	}
	var results []*goose.MigrationResult
	if version > 0 {
		results, err = p.UpTo(ctx, version)
	} else {
		results, err = p.Up(ctx)
	}
	if err != nil {
		return len(results), fmt.Errorf("migrate: %w", err)
	}
	return len(results), nil
}
