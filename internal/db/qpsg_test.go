package db

import (
	"context"
	"database/sql/driver"
	"path/filepath"
	"reflect"
	"testing"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// Binding new values never re-prepares a statement on the app's SQLite
// connections (stablePlans): a LIKE ? on an indexed column is the classic
// statement SQLite re-prepares on every bind, and it does so here once the
// guarantee is turned off, which shows the test can see a re-prepare.
func TestSQLiteStatementsAreNotRepreparedOnBind(t *testing.T) {
	ctx := context.Background()
	d, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, q := range []string{`CREATE TABLE words (w TEXT COLLATE NOCASE)`, `CREATE INDEX words_w ON words (w)`,
		`INSERT INTO words VALUES ('chicken'), ('cheese'), ('banana')`} {
		if _, err := d.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	for _, pool := range []struct {
		name string
		conn func() (*watchConn, func(), error)
	}{{"read", func() (*watchConn, func(), error) { return rawConn(ctx, d, false) }},
		{"write", func() (*watchConn, func(), error) { return rawConn(ctx, d, true) }}} {
		t.Run(pool.name, func(t *testing.T) {
			c, release, err := pool.conn()
			if err != nil {
				t.Fatal(err)
			}
			defer release()
			if n := reprepares(t, c); n != 0 {
				t.Fatalf("with QPSG: %d re-prepares for 5 runs, want 0", n)
			}
			if err := setQPSG(c.handle, false); err != nil {
				t.Fatal(err)
			}
			defer setQPSG(c.handle, true)
			if n := reprepares(t, c); n == 0 {
				t.Fatal("without QPSG the LIKE ? statement was not re-prepared: the test sees nothing")
			}
		})
	}
}

// rawConn holds one pool connection and returns its driver connection.
func rawConn(ctx context.Context, d *DB, write bool) (*watchConn, func(), error) {
	pool := d.read
	if write {
		pool = d.write
	}
	conn, err := pool.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	var wc *watchConn
	err = conn.Raw(func(dc any) error { wc = dc.(*watchConn); return nil })
	return wc, func() { conn.Close() }, err
}

// reprepares runs a LIKE ? statement with five patterns and returns how often
// SQLite prepared it again (SQLITE_STMTSTATUS_REPREPARE).
func reprepares(t *testing.T, c *watchConn) int {
	t.Helper()
	st, err := c.PrepareContext(context.Background(), `SELECT w FROM words WHERE w LIKE ? ORDER BY w`)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ws := st.(*watchStmt)
	for _, p := range []string{"ch%", "b%", "c%", "chi%", "x%"} {
		rows, err := ws.QueryContext(context.Background(), []driver.NamedValue{{Ordinal: 1, Value: p}})
		if err != nil {
			t.Fatal(err)
		}
		dest := make([]driver.Value, 1)
		for rows.Next(dest) == nil {
		}
		rows.Close()
	}
	pstmt := reflect.ValueOf(ws.inner).Elem().FieldByName("pstmt")
	if !pstmt.IsValid() || pstmt.Uint() == 0 {
		t.Fatal("cannot find the driver statement's sqlite3_stmt (modernc.org/sqlite changed?)")
	}
	tls := libc.NewTLS()
	defer tls.Close()
	return int(sqlite3.Xsqlite3_stmt_status(tls, uintptr(pstmt.Uint()), sqlite3.SQLITE_STMTSTATUS_REPREPARE, 0))
}
