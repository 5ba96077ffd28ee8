package main

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hyrox/internal/db/dbtest"
)

func TestBackupCommandUsage(t *testing.T) {
	ctx := context.Background()
	dbPath := filepath.Join(t.TempDir(), "app.db")
	if err := run(ctx, []string{"backup"}, testEnv(dbPath), io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Fatalf("backup without a path: %v", err)
	}
	if err := run(ctx, []string{"backup", dbPath + ".bak"}, testEnv(dbPath), io.Discard, io.Discard); err == nil {
		t.Fatal("backup of a database that does not exist must fail")
	}
	if _, err := os.Stat(dbPath); err == nil {
		t.Fatal("backup created the database it was asked to copy")
	}
	pg := func(k string) string {
		if k == "DATABASE_URL" {
			return "postgres://hyrox:secret@db.internal/hyrox"
		}
		return testEnv(dbPath)(k)
	}
	err := run(ctx, []string{"backup", "/backups/hyrox.sql"}, pg, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), pgDumpCommand("/backups/hyrox.sql")) || strings.Contains(err.Error(), "secret") {
		t.Fatalf("on PostgreSQL backup must name the pg_dump command (without the password): %v", err)
	}
	if err := run(ctx, []string{"restore", "/backups/hyrox.sql"}, pg, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), pgRestoreCommand("/backups/hyrox.sql")) {
		t.Fatalf("restore on PostgreSQL: %v", err)
	}
}

// The commands `hyrox backup` prints for PostgreSQL bring back every table
// and row of the app, and the app works on the restored database.
func TestPgDumpRestoresTheAppTables(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	for _, tool := range []string{"pg_dump", "psql"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (apt-get install postgresql-client)", tool)
		}
	}
	ctx := context.Background()
	appURL := dbtest.PostgresURL(t)
	u, _ := url.Parse(appURL)
	schema := u.Query().Get("search_path")
	env := func(k string) string {
		if k == "DATABASE_URL" {
			return appURL
		}
		return testEnv("")(k)
	}
	if err := run(ctx, []string{"seed"}, env, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	before := tableCounts(t, admin, schema)
	if len(before) < 20 || before["users"] == 0 || before["goose_db_version"] == 0 {
		t.Fatalf("seeded schema looks empty: %v", before)
	}

	dump := filepath.Join(t.TempDir(), "hyrox.sql")
	// libpq takes no search_path in the URL: the test names its schema instead.
	shell(t, base, pgDumpCommand(dump)+" --schema="+schema)
	if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
		t.Fatal(err)
	}
	shell(t, base, pgRestoreCommand(dump))

	after := tableCounts(t, admin, schema)
	for table, n := range before {
		if after[table] != n {
			t.Errorf("%s: %d rows before the dump, %d after the restore", table, n, after[table])
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d tables before, %d after", len(before), len(after))
	}
	rowCount := 0
	for _, n := range before {
		rowCount += n
	}
	t.Logf("pg_dump and psql restored %d tables and %d rows", len(before), rowCount)
	// The restored database is the app's: nothing to migrate, sequences go on.
	var out bytes.Buffer
	if err := run(ctx, []string{"migrate"}, env, &out, io.Discard); err != nil || !strings.Contains(out.String(), "applied 0 migrations") {
		t.Fatalf("migrate on the restored database: %q %v", out.String(), err)
	}
	if err := run(ctx, []string{"users", "set-tier", "demo_basic", "elite"}, env, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`INSERT INTO ` + schema + `.users (username, username_key, email, password_hash, created_at)
		VALUES ('after_restore', 'after_restore', 'after@example.com', 'x', now())`); err != nil {
		t.Fatalf("insert after restore (sequences): %v", err)
	}
}

func tableCounts(t *testing.T, admin *sql.DB, schema string) map[string]int {
	t.Helper()
	rows, err := admin.Query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`, schema)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	counts := map[string]int{}
	for _, table := range tables {
		var n int
		if err := admin.QueryRow(`SELECT COUNT(*) FROM ` + schema + `.` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[table] = n
	}
	return counts
}

// shell runs a printed command line with DATABASE_URL set, as an operator would.
func shell(t *testing.T, databaseURL, command string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+databaseURL)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", command, err, out)
	}
}
