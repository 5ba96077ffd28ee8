package db

// How a request's cancellation reaches a query without a goroutine per query.
//
// database/sql starts a goroutine for every query made under a context that
// can be cancelled (Rows.awaitDone, Tx.awaitDone, alive until the rows or the
// transaction close), and modernc's SQLite driver one more per statement
// (interruptOnDone). On a server with one core those goroutines, started and
// woken twice per query, take the scheduler's "run next" slot again and again,
// and requests whose connections became readable wait behind them: that was
// the 200-400 ms p99 of every SQLite read under load (docs/benchmarks/2026-11-25.md#which-goroutines-made-the-tail).
//
// So DB hands database/sql a context that cannot be cancelled (detach), which
// carries the caller's context as a value, and the driver wrapper below
// (watchConn) takes it back:
//   - PostgreSQL: pgx gets the caller's context; it watches it with
//     context.AfterFunc (no goroutine) and cancels the query on the server.
//   - SQLite: the driver gets a context that cannot be cancelled, and one
//     context.AfterFunc per statement calls sqlite3_interrupt on that
//     connection when the caller's context ends (client gone, deadline).
// A context that is done already stops a query before it starts.

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"

	"modernc.org/libc"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

type callerKey struct{}

// detach returns the context database/sql should see for a query made under
// ctx. A ctx that is done already is kept: database/sql then fails at once.
func detach(ctx context.Context) context.Context {
	if ctx.Done() == nil || ctx.Err() != nil {
		return ctx
	}
	return context.WithValue(context.WithoutCancel(ctx), callerKey{}, ctx)
}

// caller is the context a query was made under (see detach).
func caller(ctx context.Context) context.Context {
	if c, ok := ctx.Value(callerKey{}).(context.Context); ok {
		return c
	}
	return ctx
}

// watchConnector opens driver connections wrapped in watchConn.
type watchConnector struct {
	dsn    string
	driver driver.Driver
	sqlite bool
	// onCommit, when set (SQLite's writing connection), is called by
	// SQLite for each commit on the connection, whoever made it: the app's
	// writes and the job queue's alike (checkpoint.go). It must not block.
	onCommit func()
}

func (c watchConnector) Connect(context.Context) (driver.Conn, error) {
	dc, err := c.driver.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	inner, ok := dc.(innerConn)
	if !ok {
		dc.Close()
		return nil, errors.New("db: driver connection lacks the context methods")
	}
	w := &watchConn{inner: inner}
	if c.sqlite {
		w.handle = sqliteHandle(dc)
		if w.handle == 0 {
			dc.Close()
			return nil, errors.New("db: cannot find the SQLite handle of the driver connection (modernc.org/sqlite changed?)")
		}
		if err := stablePlans(w.handle); err != nil {
			dc.Close()
			return nil, err
		}
		if c.onCommit != nil {
			hooks, ok := dc.(sqlite.HookRegisterer)
			if !ok {
				dc.Close()
				return nil, errors.New("db: the SQLite driver connection takes no commit hook (modernc.org/sqlite changed?)")
			}
			onCommit := c.onCommit
			hooks.RegisterCommitHook(func() int32 { onCommit(); return 0 }) // 0: the commit goes on
			w.hooks = hooks
		}
	}
	return w, nil
}

// stablePlans turns on SQLite's query planner stability guarantee
// (SQLITE_DBCONFIG_ENABLE_QPSG) for the connection: plans no longer depend on
// the values bound to a statement, so binding new values never expires a
// prepared statement. Without it SQLite parses and plans again, on every run,
// a statement whose plan looked at a bound value: a LIKE ? pattern, a range
// on a column with STAT4 samples, and FTS5's own segment lookup on
// foods_fts_idx, which made every food search prefix query re-parse an SQL
// statement (docs/benchmarks/2026-11-25.md#food-search-the-re-parse-was-sqlites). Results
// are the same; only the choice of plan stops looking at bound values (the
// app has no LIKE ? query, and its partial indexes are on IS NULL / IS NOT
// NULL, which need no bound value to match).
func stablePlans(handle uintptr) error { return setQPSG(handle, true) }

// setQPSG turns SQLITE_DBCONFIG_ENABLE_QPSG on or off for the connection.
func setQPSG(handle uintptr, on bool) error {
	tls := libc.NewTLS()
	defer tls.Close()
	const vaSlot = 8 // libc.VaList stride per argument
	bp := libc.Xmalloc(tls, 2*vaSlot)
	if bp == 0 {
		return errors.New("db: out of memory")
	}
	defer libc.Xfree(tls, bp)
	v := int32(0)
	if on {
		v = 1
	}
	if rc := sqlite3.Xsqlite3_db_config(tls, handle, sqlite3.SQLITE_DBCONFIG_ENABLE_QPSG, libc.VaList(bp, v, uintptr(0))); rc != sqlite3.SQLITE_OK {
		return fmt.Errorf("db: sqlite3_db_config(ENABLE_QPSG) returned %d", rc)
	}
	return nil
}

func (c watchConnector) Driver() driver.Driver { return c.driver }

// innerConn is what both drivers' connections implement.
type innerConn interface {
	driver.Conn
	driver.ConnPrepareContext
	driver.ConnBeginTx
	driver.QueryerContext
	driver.ExecerContext
	driver.Pinger
	driver.SessionResetter
}

// watchConn passes the caller's cancellation to the driver (see the top of this file).
type watchConn struct {
	inner innerConn

	mu     sync.Mutex // guards handle between interrupt and Close
	handle uintptr    // SQLite's sqlite3*; 0 on PostgreSQL or once closed

	hooks sqlite.HookRegisterer // set when a commit hook was registered
}

// sqliteHandle reads the sqlite3* of a modernc connection. The driver keeps
// sqlite3_interrupt to itself (it calls it from its per-statement goroutine),
// so the handle is read from its connection's "db" field; a change of that
// field gives 0 and Connect fails loudly (TestSQLiteInterruptsALongQuery too).
func sqliteHandle(dc driver.Conn) uintptr {
	v := reflect.ValueOf(dc)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return 0
	}
	f := v.Elem().FieldByName("db")
	if !f.IsValid() || f.Kind() != reflect.Uintptr {
		return 0
	}
	return uintptr(f.Uint())
}

// interrupt stops the statement running on the connection, if any
// (sqlite3_interrupt; an interrupt with no statement running is dropped by
// SQLite when the next one starts).
func (c *watchConn) interrupt() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handle == 0 {
		return
	}
	// A fresh TLS: this runs on the goroutine that cancelled the context,
	// while the statement runs on another (as the driver does it).
	tls := libc.NewTLS()
	sqlite3.Xsqlite3_interrupt(tls, c.handle)
	tls.Close()
}

// watch is one statement's link to its caller's context.
type watch struct {
	caller context.Context
	stop   func() bool
	fired  atomic.Bool

	mu    sync.Mutex // orders the interrupt before the end of the statement
	ended bool
}

// begin returns the context for the driver and the watch to end with done.
func (c *watchConn) begin(ctx context.Context) (context.Context, *watch, error) {
	cc := caller(ctx)
	if err := cc.Err(); err != nil {
		return nil, nil, err
	}
	if c.handle == 0 { // PostgreSQL: pgx watches the caller's context itself
		return cc, nil, nil
	}
	if cc.Done() == nil {
		return ctx, nil, nil
	}
	w := &watch{caller: cc}
	w.stop = context.AfterFunc(cc, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if !w.ended {
			w.fired.Store(true)
			c.interrupt()
		}
	})
	return context.WithoutCancel(ctx), w, nil
}

// done ends the watch; err becomes the caller's context error when the
// context ended the statement. Once done returns, no interrupt of this
// watch can reach a later statement on the connection.
func (w *watch) done(err error) error {
	if w == nil {
		return err
	}
	if !w.stop() { // the interrupt has started: wait for it
		w.mu.Lock()
		w.ended = true
		w.mu.Unlock()
	}
	return w.err(err)
}

func (w *watch) err(err error) error {
	if w != nil && err != nil && w.fired.Load() {
		return w.caller.Err()
	}
	return err
}

func (c *watchConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *watchConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	dctx, w, err := c.begin(ctx)
	if err != nil {
		return nil, err
	}
	s, err := c.inner.PrepareContext(dctx, query)
	if err = w.done(err); err != nil {
		return nil, err
	}
	inner, ok := s.(innerStmt)
	if !ok {
		s.Close()
		return nil, errors.New("db: driver statement lacks the context methods")
	}
	return &watchStmt{c: c, inner: inner}, nil
}

func (c *watchConn) Close() error {
	c.mu.Lock()
	c.handle = 0
	c.mu.Unlock()
	if c.hooks != nil {
		c.hooks.RegisterCommitHook(nil) // the driver keeps hooks in a table of its own
	}
	return c.inner.Close()
}

func (c *watchConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *watchConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	dctx, w, err := c.begin(ctx)
	if err != nil {
		return nil, err
	}
	tx, err := c.inner.BeginTx(dctx, opts)
	return tx, w.done(err)
}

func (c *watchConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	dctx, w, err := c.begin(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := c.inner.QueryContext(dctx, query, args)
	return w.rows(rows, err)
}

func (c *watchConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	dctx, w, err := c.begin(ctx)
	if err != nil {
		return nil, err
	}
	res, err := c.inner.ExecContext(dctx, query, args)
	return res, w.done(err)
}

func (c *watchConn) Ping(ctx context.Context) error {
	dctx, w, err := c.begin(ctx)
	if err != nil {
		return err
	}
	return w.done(c.inner.Ping(dctx))
}

func (c *watchConn) ResetSession(ctx context.Context) error {
	return c.inner.ResetSession(caller(ctx))
}

func (c *watchConn) IsValid() bool {
	if v, ok := c.inner.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

// CheckNamedValue lets pgx take its own argument types (driver.ErrSkip: the default conversion).
func (c *watchConn) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := c.inner.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

// Unwrap is the driver's own connection (pgx's COPY in BulkInsert).
func (c *watchConn) Unwrap() driver.Conn { return c.inner }

// rows keeps the watch until the rows close: SQLite produces rows as they
// are read, so a long scan is interrupted in Next.
func (w *watch) rows(rows driver.Rows, err error) (driver.Rows, error) {
	if w == nil {
		return rows, err
	}
	if err != nil {
		return nil, w.done(err)
	}
	return &watchRows{Rows: rows, w: w}, nil
}

type watchRows struct {
	driver.Rows
	w *watch
}

func (r *watchRows) Next(dest []driver.Value) error {
	if r.w.fired.Load() {
		// the interrupt may have come before the statement started
		return r.w.caller.Err()
	}
	return r.w.err(r.Rows.Next(dest))
}

func (r *watchRows) Close() error {
	err := r.Rows.Close()
	return r.w.done(err)
}

// innerStmt is what both drivers' statements implement.
type innerStmt interface {
	driver.Stmt
	driver.StmtQueryContext
	driver.StmtExecContext
}

type watchStmt struct {
	c     *watchConn
	inner innerStmt
}

func (s *watchStmt) Close() error  { return s.inner.Close() }
func (s *watchStmt) NumInput() int { return s.inner.NumInput() }

func (s *watchStmt) Exec(args []driver.Value) (driver.Result, error) {
	return s.ExecContext(context.Background(), namedValues(args))
}

func (s *watchStmt) Query(args []driver.Value) (driver.Rows, error) {
	return s.QueryContext(context.Background(), namedValues(args))
}

func (s *watchStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	dctx, w, err := s.c.begin(ctx)
	if err != nil {
		return nil, err
	}
	res, err := s.inner.ExecContext(dctx, args)
	return res, w.done(err)
}

func (s *watchStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	dctx, w, err := s.c.begin(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.inner.QueryContext(dctx, args)
	return w.rows(rows, err)
}

func namedValues(args []driver.Value) []driver.NamedValue {
	nv := make([]driver.NamedValue, len(args))
	for i, v := range args {
		nv[i] = driver.NamedValue{Ordinal: i + 1, Value: v}
	}
	return nv
}
