package db

import "database/sql"

// Scanner is one row to scan: *sql.Row and *sql.Rows both are, so one scan
// function of a store serves its single-row and its list queries.
type Scanner = interface {
	Scan(dest ...any) error
}

// Collect scans every row of a query with scan and closes rows: the one loop
// over a query's rows (ARCHITECTURE.md#stores), so stores write only how one
// row scans. err is the query's own error, so a store writes
//
//	rows, err := s.db.Query(ctx, q, args...)
//	return db.Collect(rows, err, scanPost)
//
// It answers a non-nil empty slice when there are no rows (a JSON list,
// never null).
func Collect[T any](rows *sql.Rows, err error, scan func(Scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, rows.Close()
}

// Each calls fn for every row of a query and closes rows: for a store that
// folds rows into something other than a list (a map, a sum, a best row).
func Each(rows *sql.Rows, err error, fn func(Scanner) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return rows.Close()
}

// ForUpdate is the row lock a read-then-write transaction takes on what it
// read: FOR UPDATE on PostgreSQL; nothing on SQLite, where a write
// transaction already holds the database's one writer lock.
func ForUpdate(tx *Tx) string {
	if tx.Dialect() == Postgres {
		return " FOR UPDATE"
	}
	return ""
}
