package db

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// ScaleInput is what every area's GenerateScale gets from `hyrox seed --scale`:
// the generated athletes and how many rows of its main table to make.
type ScaleInput struct {
	UserIDs   []int64  // the generated athletes, ascending
	Usernames []string // same order as UserIDs
	Tiers     []string // same order as UserIDs: basic, pro or elite
	Count     int      // rows of the area's main table to add in total
	Now       time.Time
	Seed      uint64      // for a deterministic math/rand/v2 source
	Progress  func(n int) // rows added so far in this area (may be nil)
}

// Report calls Progress when it is set.
func (in ScaleInput) Report(n int) {
	if in.Progress != nil {
		in.Progress(n)
	}
}

// RowSource yields rows for BulkInsert: next returns false when done.
type RowSource func() (row []any, ok bool)

// bulkChunk is how many rows go into one transaction (SQLite) or one COPY
// (PostgreSQL) between progress reports.
const bulkChunk = 50_000

// BulkInsert appends every row of src to table, fast, for data generation
// (not for request paths): on PostgreSQL with COPY on a raw pgx connection,
// on SQLite with one prepared multi-row INSERT reused inside large
// transactions on the single writer connection. progress (may be nil) gets
// the number of rows written so far after each chunk. It returns the count.
func (d *DB) BulkInsert(ctx context.Context, table string, cols []string, src RowSource, progress func(n int)) (int, error) {
	if d.Dialect == Postgres {
		return d.copyFrom(ctx, table, cols, src, progress)
	}
	return d.sqliteBulk(ctx, table, cols, src, progress)
}

func (d *DB) copyFrom(ctx context.Context, table string, cols []string, src RowSource, progress func(n int)) (int, error) {
	conn, err := d.write.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	total := 0
	for {
		chunk := &chunkSource{src: src, limit: bulkChunk}
		err := conn.Raw(func(dc any) error {
			pc := dc.(*watchConn).Unwrap().(*stdlib.Conn).Conn()
			_, err := pc.CopyFrom(ctx, pgx.Identifier{table}, cols, chunk)
			return err
		})
		total += chunk.n
		if err != nil {
			return total, fmt.Errorf("copy into %s: %w", table, err)
		}
		if progress != nil {
			progress(total)
		}
		if chunk.done {
			return total, nil
		}
	}
}

// chunkSource adapts a RowSource to pgx.CopyFromSource, stopping after limit rows.
type chunkSource struct {
	src   RowSource
	limit int
	n     int
	row   []any
	done  bool
}

func (c *chunkSource) Next() bool {
	if c.n >= c.limit || c.done {
		return false
	}
	row, ok := c.src()
	if !ok {
		c.done = true
		return false
	}
	c.row = row
	c.n++
	return true
}
func (c *chunkSource) Values() ([]any, error) { return c.row, nil }
func (c *chunkSource) Err() error             { return nil }

func (d *DB) sqliteBulk(ctx context.Context, table string, cols []string, src RowSource, progress func(n int)) (int, error) {
	// SQLite allows 32766 parameters per statement; 256 rows keeps well under.
	perStmt := min(256, 32000/len(cols))
	insert := func(rows int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "INSERT INTO %s (%s) VALUES ", table, strings.Join(cols, ", "))
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
		for i := 0; i < rows; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(one)
		}
		return b.String()
	}
	full := insert(perStmt)
	total := 0
	args := make([]any, 0, perStmt*len(cols))
	done := false
	for !done {
		err := func() error {
			tx, err := d.write.BeginTx(ctx, nil)
			if err != nil {
				return err
			}
			defer tx.Rollback()
			stmt, err := tx.PrepareContext(ctx, full)
			if err != nil {
				return err
			}
			defer stmt.Close()
			inTx := 0
			for inTx < bulkChunk {
				args = args[:0]
				rows := 0
				for rows < perStmt {
					row, ok := src()
					if !ok {
						done = true
						break
					}
					args = append(args, row...)
					rows++
				}
				if rows == perStmt {
					_, err = stmt.ExecContext(ctx, args...)
				} else if rows > 0 {
					_, err = tx.ExecContext(ctx, insert(rows), args...)
				}
				if err != nil {
					return fmt.Errorf("insert into %s: %w", table, err)
				}
				inTx += rows
				if done {
					break
				}
			}
			if err := tx.Commit(); err != nil {
				return err
			}
			d.checkpointSoon()
			total += inTx
			return nil
		}()
		if err != nil {
			return total, err
		}
		if progress != nil {
			progress(total)
		}
	}
	return total, nil
}

// MaxID returns the largest id in table (0 when empty), so a generator can
// find the ids of the rows it is about to add: they are all greater.
func (d *DB) MaxID(ctx context.Context, table string) (int64, error) {
	var id sql.NullInt64
	err := d.write.QueryRowContext(ctx, "SELECT MAX(id) FROM "+table).Scan(&id)
	return id.Int64, err
}

// PrepareBulkLoad tunes this connection for a process that only loads
// generated data. On SQLite: a big page cache on the single writer connection
// keeps the randomly-inserted index pages in memory, and no fsync per commit
// (a crash mid-load means "load a fresh file again"). PostgreSQL needs nothing.
func (d *DB) PrepareBulkLoad(ctx context.Context) error {
	if d.Dialect != SQLite {
		return nil
	}
	for _, p := range []string{"PRAGMA cache_size = -524288", "PRAGMA synchronous = OFF"} {
		if _, err := d.Exec(ctx, p); err != nil {
			return err
		}
	}
	return nil
}
