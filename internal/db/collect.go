package db

import "database/sql"

// Collect scans every row with scan and closes rows: the one loop over a
// query's rows, so stores write only how one row scans. It answers a
// non-nil empty slice when there are no rows (a JSON list, never null).
func Collect[T any](rows *sql.Rows, scan func(*sql.Rows) (T, error)) ([]T, error) {
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
