package db_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// The SQLite and PostgreSQL migrations are written twice, one folder per
// database. This test migrates both and compares what they made: the same
// tables, the same columns with the same kind of type, the same indexes. A
// migration added to one folder only, or a column spelled differently, fails it.

// schemaOnlyOn lists what exists on one database by design, with the reason.
var schemaOnlyOn = map[string]string{
	// SQLite's full-text search is an FTS5 virtual table with shadow tables;
	// PostgreSQL searches foods through a tsvector column and a GIN index.
	"sqlite table foods_fts":         "FTS5 index of food names",
	"sqlite table foods_fts_config":  "FTS5 shadow table",
	"sqlite table foods_fts_data":    "FTS5 shadow table",
	"sqlite table foods_fts_docsize": "FTS5 shadow table",
	"sqlite table foods_fts_idx":     "FTS5 shadow table",
	"sqlite table foods_fts_content": "FTS5 shadow table",
	"sqlite table sqlite_sequence":   "AUTOINCREMENT counters",
	"postgres column foods.search":   "tsvector of the food names (SQLite: foods_fts)",
	"postgres index foods_search":    "GIN index on the food names' tsvector (SQLite: foods_fts)",
}

type schemaShape struct {
	columns map[string]string // "table.column" -> type family
	indexes map[string]string // index name -> table
}

func TestSQLiteAndPostgresSchemasMatch(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("TEST_DATABASE_URL not set: the PostgreSQL schema cannot be compared")
	}
	ctx := context.Background()
	lite := readSQLiteSchema(t, ctx, dbtest.OpenSQLite(t))
	pg := readPostgresSchema(t, ctx, dbtest.OpenPostgres(t))

	var diffs []string
	used := map[string]bool{}
	only := func(engine, kind, name string) {
		if _, ok := schemaOnlyOn[engine+" "+kind+" "+name]; ok {
			used[engine+" "+kind+" "+name] = true
			return
		}
		if kind == "column" {
			table := strings.SplitN(name, ".", 2)[0]
			if _, ok := schemaOnlyOn[engine+" table "+table]; ok {
				used[engine+" table "+table] = true
				return
			}
		}
		diffs = append(diffs, fmt.Sprintf("%s %s exists only on %s", kind, name, engine))
	}
	for col, family := range lite.columns {
		other, ok := pg.columns[col]
		switch {
		case !ok:
			only("sqlite", "column", col)
		case other != family:
			diffs = append(diffs, fmt.Sprintf("column %s is %s on SQLite, %s on PostgreSQL", col, family, other))
		}
	}
	for col := range pg.columns {
		if _, ok := lite.columns[col]; !ok {
			only("postgres", "column", col)
		}
	}
	for name, table := range lite.indexes {
		other, ok := pg.indexes[name]
		switch {
		case !ok:
			only("sqlite", "index", name)
		case other != table:
			diffs = append(diffs, fmt.Sprintf("index %s is on %s on SQLite, on %s on PostgreSQL", name, table, other))
		}
	}
	for name := range pg.indexes {
		if _, ok := lite.indexes[name]; !ok {
			only("postgres", "index", name)
		}
	}
	for entry := range schemaOnlyOn {
		if !used[entry] {
			diffs = append(diffs, fmt.Sprintf("schemaOnlyOn lists %q, which is not (or no longer) on one database only", entry))
		}
	}
	slices.Sort(diffs)
	for _, d := range diffs {
		t.Error(d)
	}
}

// typeFamily maps a declared type to what the app relies on: both databases
// must store the same kind of value in a column.
func typeFamily(declared string) string {
	d := strings.ToLower(strings.TrimSpace(declared))
	switch {
	case d == "" || d == "text" || strings.HasPrefix(d, "varchar") || strings.HasPrefix(d, "character") || d == "json" || d == "jsonb":
		return "text"
	case strings.Contains(d, "int") || d == "serial" || d == "bigserial":
		return "integer"
	case d == "boolean" || d == "bool":
		// SQLite has no boolean type: its flags are INTEGER 0/1, which the
		// drivers read into a Go bool as PostgreSQL's boolean.
		return "integer"
	case d == "real" || strings.HasPrefix(d, "double") || strings.HasPrefix(d, "numeric") || strings.HasPrefix(d, "float") || strings.HasPrefix(d, "decimal"):
		return "real"
	case strings.HasPrefix(d, "timestamp") || d == "datetime":
		return "timestamp"
	case d == "date":
		return "date"
	case d == "blob" || d == "bytea":
		return "bytes"
	}
	return d
}

func collect(t *testing.T, d *db.DB, ctx context.Context, query string, fn func(a, b, c string)) {
	t.Helper()
	rows, err := d.Query(ctx, query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var a, b, c string
		if err := rows.Scan(&a, &b, &c); err != nil {
			t.Fatal(err)
		}
		fn(a, b, c)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

var autoIndex = regexp.MustCompile(`^sqlite_autoindex_`)

func readSQLiteSchema(t *testing.T, ctx context.Context, d *db.DB) schemaShape {
	s := schemaShape{columns: map[string]string{}, indexes: map[string]string{}}
	collect(t, d, ctx, `SELECT m.name, p.name, p.type FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'goose_%'`, func(table, col, typ string) {
		s.columns[table+"."+col] = typeFamily(typ)
	})
	// Virtual tables have no pragma_table_info columns; list them by name.
	collect(t, d, ctx, `SELECT name, '', '' FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'`, func(table, _, _ string) {
		s.columns[table+"."] = "virtual"
	})
	collect(t, d, ctx, `SELECT name, tbl_name, '' FROM sqlite_master WHERE type = 'index'`, func(name, table, _ string) {
		if !autoIndex.MatchString(name) {
			s.indexes[name] = table
		}
	})
	return s
}

func readPostgresSchema(t *testing.T, ctx context.Context, d *db.DB) schemaShape {
	s := schemaShape{columns: map[string]string{}, indexes: map[string]string{}}
	collect(t, d, ctx, `SELECT table_name, column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name NOT LIKE 'goose_%'`, func(table, col, typ string) {
		s.columns[table+"."+col] = typeFamily(typ)
	})
	// Indexes that back a PRIMARY KEY or UNIQUE constraint are made by the
	// constraint (SQLite names its own sqlite_autoindex_*): left out on both.
	collect(t, d, ctx, `SELECT i.indexname, i.tablename, '' FROM pg_indexes i
		WHERE i.schemaname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint c
			WHERE c.conname = i.indexname AND c.connamespace = current_schema()::regnamespace)`, func(name, table, _ string) {
		if !strings.HasPrefix(table, "goose_") {
			s.indexes[name] = table
		}
	})
	return s
}
