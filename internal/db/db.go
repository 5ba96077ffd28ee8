// Package db opens SQLite or PostgreSQL from one URL, runs the embedded
// migrations and hides the few differences between the two dialects.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect names the SQL engine behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is the app's handle on its database. Queries are written once with "?"
// placeholders and rebound for PostgreSQL. On SQLite, reads use a pool and
// writes go through a single connection, so writers never fight over the lock.
type DB struct {
	Dialect Dialect
	read    *sql.DB
	write   *sql.DB
	binds   sync.Map // query text -> rebound text (PostgreSQL only)
	stmts   sync.Map // query text -> prepared read statement (SQLite only)
	path    string   // the SQLite file
	// writeTurn queues SQLite's writes for its one writing connection, first
	// come first served: a write holds it (a buffered channel of one) from
	// before BEGIN to after COMMIT. database/sql hands a freed connection to a
	// random waiter (connRequestSet.TakeRandom), so with 64 requests waiting
	// on one connection a few lost the draw again and again: at the p99, 282
	// other writes went first, against 63 first come first served
	// (BenchmarkSQLiteWriteQueue, docs/benchmarks/2026-11-28-writes.md).
	// Goroutines blocked sending on a full channel are let in in the order
	// they blocked. nil on PostgreSQL, whose pool has many connections.
	writeTurn chan struct{}
	ckpt      *checkpointer // SQLite only
}

// IsPostgresURL reports whether a DATABASE_URL names PostgreSQL.
func IsPostgresURL(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// SQLitePath returns the file path of a sqlite URL ("sqlite:path", "file:path" or a plain path).
func SQLitePath(url string) string {
	for _, prefix := range []string{"sqlite://", "sqlite:", "file:"} {
		if strings.HasPrefix(url, prefix) {
			url = strings.TrimPrefix(url, prefix)
			break
		}
	}
	if i := strings.IndexByte(url, '?'); i >= 0 {
		url = url[:i]
	}
	return url
}

// Open connects to the database named by url (DATABASE_URL). It does not migrate.
func Open(ctx context.Context, url string) (*DB, error) {
	if scheme, _, ok := strings.Cut(url, "://"); ok && !IsPostgresURL(url) && scheme != "sqlite" {
		return nil, fmt.Errorf("DATABASE_URL: %s:// is not supported: use sqlite:PATH or postgres://user:pass@host/db", scheme)
	}
	if IsPostgresURL(url) {
		return openPostgres(ctx, url)
	}
	return openSQLite(ctx, SQLitePath(url))
}

func openPostgres(ctx context.Context, url string) (*DB, error) {
	if _, err := pgx.ParseConfig(url); err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	pool := sql.OpenDB(watchConnector{dsn: url, driver: stdlib.GetDefaultDriver()})
	pool.SetMaxOpenConns(4 * runtime.GOMAXPROCS(0))
	pool.SetMaxIdleConns(4 * runtime.GOMAXPROCS(0))
	pool.SetConnMaxIdleTime(5 * time.Minute)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	return &DB{Dialect: Postgres, read: pool, write: pool}, nil
}

func openSQLite(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("sqlite: empty database path")
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("create database folder: %w", err)
		}
	}
	pragmas := "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(NORMAL)&_time_format=sqlite&_txlock=immediate"
	ckptConn := sql.OpenDB(watchConnector{dsn: "file:" + path + pragmas, driver: &sqlite.Driver{}, sqlite: true})
	ckptConn.SetMaxOpenConns(1)
	ckpt := startCheckpointer(ckptConn)
	// The writing connection never checkpoints: the checkpointer does,
	// told of each of its commits (checkpoint.go).
	write := sql.OpenDB(watchConnector{dsn: "file:" + path + pragmas + "&_pragma=wal_autocheckpoint(0)", driver: &sqlite.Driver{}, sqlite: true,
		onCommit: ckpt.committed})
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		_ = ckpt.stop()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	read := sql.OpenDB(watchConnector{dsn: "file:" + path + pragmas + "&_pragma=query_only(1)", driver: &sqlite.Driver{}, sqlite: true})
	n := max(4, 2*runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	read.SetConnMaxIdleTime(0)
	read.SetConnMaxLifetime(0)
	return &DB{Dialect: SQLite, read: read, write: write, path: path, writeTurn: make(chan struct{}, 1), ckpt: ckpt}, nil
}

// WritePool is the pool writes go through (SQLite: its one writing
// connection), for a library that runs its own statements on the app's
// database, such as the job queue (internal/jobs).
func (db *DB) WritePool() *sql.DB { return db.write }

// Close closes every connection.
func (db *DB) Close() error {
	var err error
	db.stmts.Range(func(_, s any) bool {
		err = errors.Join(err, s.(*sql.Stmt).Close())
		return true
	})
	if db.ckpt != nil {
		err = errors.Join(err, db.ckpt.stop())
	}
	err = errors.Join(err, db.write.Close())
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	return err
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	return db.read.PingContext(detach(ctx))
}

// Writer is the raw write pool, for tools such as migrations and bulk loads.
func (db *DB) Writer() *sql.DB { return db.write }

// Rebind turns "?" placeholders into "$1", "$2", ... on PostgreSQL.
func (db *DB) Rebind(query string) string {
	if db.Dialect != Postgres {
		return query
	}
	if q, ok := db.binds.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	q := b.String()
	db.binds.Store(query, q)
	return q
}

// Every call below hands database/sql a context that cannot be cancelled and
// lets the driver watch the caller's (see cancel.go): no goroutine per query.

// Query runs a read query.
func (db *DB) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	ctx = detach(ctx)
	if s := db.readStmt(ctx, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return db.read.QueryContext(ctx, db.Rebind(query), args...)
}

// QueryRow runs a read query that returns at most one row.
func (db *DB) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	ctx = detach(ctx)
	if s := db.readStmt(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return db.read.QueryRowContext(ctx, db.Rebind(query), args...)
}

// readStmt is the read pool's prepared statement for query on SQLite, or nil.
// The SQLite driver parses and plans every query it is given anew, which is a
// large share of a cheap read (the per-request session lookup above all);
// a statement prepared once is re-prepared by database/sql on each pool
// connection that needs it and then reused. The cache holds one entry per
// query text in the code (queries are built from fixed parts, never values).
// PostgreSQL's driver (pgx) keeps its own per-connection statement cache.
// nil (a failed prepare) falls back to the plain call, which reports the error.
func (db *DB) readStmt(ctx context.Context, query string) *sql.Stmt {
	if db.Dialect != SQLite {
		return nil
	}
	if s, ok := db.stmts.Load(query); ok {
		return s.(*sql.Stmt)
	}
	s, err := db.read.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	if prev, loaded := db.stmts.LoadOrStore(query, s); loaded {
		s.Close()
		return prev.(*sql.Stmt)
	}
	return s
}

// Exec runs one write statement outside an explicit transaction.
func (db *DB) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if err := db.takeWriteTurn(ctx); err != nil {
		return nil, err
	}
	defer db.giveWriteTurn()
	return db.write.ExecContext(detach(ctx), db.Rebind(query), args...)
}

// takeWriteTurn waits for SQLite's write turn (see writeTurn); a caller whose
// context ends while it waits leaves the queue with the context's error. It
// is free on PostgreSQL.
func (db *DB) takeWriteTurn(ctx context.Context) error {
	if db.writeTurn == nil {
		return nil
	}
	select {
	case db.writeTurn <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// giveWriteTurn lets the next queued write in.
func (db *DB) giveWriteTurn() {
	if db.writeTurn != nil {
		<-db.writeTurn
	}
}

// Tx is a write transaction with the same rebinding helpers as DB.
type Tx struct {
	tx          *sql.Tx
	db          *DB
	afterCommit []func()
}

// AfterCommit runs fn once the transaction has committed (never when it
// rolls back): what tells others of a write, such as a live event's
// wake-up, must not run before the write is visible.
func (tx *Tx) AfterCommit(fn func()) { tx.afterCommit = append(tx.afterCommit, fn) }

func (tx *Tx) Dialect() Dialect { return tx.db.Dialect }

// SQL is the transaction itself, for a library that writes in the caller's
// transaction, such as the job queue (internal/jobs).
func (tx *Tx) SQL() *sql.Tx { return tx.tx }

func (tx *Tx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return tx.tx.QueryContext(detach(ctx), tx.db.Rebind(query), args...)
}

func (tx *Tx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return tx.tx.QueryRowContext(detach(ctx), tx.db.Rebind(query), args...)
}

func (tx *Tx) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return tx.tx.ExecContext(detach(ctx), tx.db.Rebind(query), args...)
}

// InTx runs fn in a write transaction, committing when fn returns nil.
// On SQLite it waits for its write turn first (see writeTurn).
func (db *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	tx, err := db.runTx(ctx, fn)
	if err != nil {
		return err
	}
	// After the turn is given back: what runs here may write again.
	for _, f := range tx.afterCommit {
		f()
	}
	return nil
}

// runTx is InTx up to the commit, holding the write turn.
func (db *DB) runTx(ctx context.Context, fn func(tx *Tx) error) (*Tx, error) {
	if err := db.takeWriteTurn(ctx); err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	defer db.giveWriteTurn()
	sqlTx, err := db.write.BeginTx(detach(ctx), nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	committing := false
	defer func() {
		// fn failed or panicked: roll back before the turn is given back
		// (on a panic too, or the next write would wait for the connection
		// for ever).
		if !committing {
			_ = sqlTx.Rollback()
		}
	}()
	tx := &Tx{tx: sqlTx, db: db}
	if err := fn(tx); err != nil {
		return nil, err
	}
	committing = true
	if err := sqlTx.Commit(); err != nil {
		return nil, fmt.Errorf("commit: %w", err)
	}
	return tx, nil
}

// IsUniqueViolation reports whether err is a unique-constraint failure.
func IsUniqueViolation(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// IsForeignKeyViolation reports whether err is a foreign-key failure.
func IsForeignKeyViolation(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23503"
}
