package db_test

import (
	"context"
	"errors"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func TestCollect(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		dbtest.NewUser(t, d, "ann", "basic")
		dbtest.NewUser(t, d, "bob", "pro")
		scanName := func(r db.Scanner) (string, error) {
			var s string
			return s, r.Scan(&s)
		}
		rows, err := d.Query(ctx, `SELECT username FROM users WHERE username IN (?, ?) ORDER BY username`, "ann", "bob")
		got, err := db.Collect(rows, err, scanName)
		if err != nil || len(got) != 2 || got[0] != "ann" || got[1] != "bob" {
			t.Fatalf("Collect = %v, %v", got, err)
		}
		rows, err = d.Query(ctx, `SELECT username FROM users WHERE username = ?`, "nobody")
		if got, err := db.Collect(rows, err, scanName); err != nil || got == nil || len(got) != 0 {
			t.Fatalf("no rows: Collect = %#v, %v; want a non-nil empty slice", got, err)
		}
		boom := errors.New("boom")
		rows, err = d.Query(ctx, `SELECT username FROM users`)
		if _, err := db.Collect(rows, err, func(db.Scanner) (string, error) { return "", boom }); !errors.Is(err, boom) {
			t.Fatalf("scan error: got %v", err)
		}
		rows, err = d.Query(ctx, `SELECT no_such_column FROM users`)
		if _, err := db.Collect(rows, err, scanName); err == nil {
			t.Fatal("a failed query: Collect answered no error")
		}
	})
}
