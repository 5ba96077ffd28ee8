package coaching

import (
	"context"
	"testing"
	"time"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

// DisplayNames: a coach by their profile name, anyone else by username,
// unknown ids left out, duplicates and long lists fine.
func TestDisplayNames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := NewService(NewStore(d), time.Now)
		athlete := dbtest.NewUser(t, d, "runner", "elite")
		coach := dbtest.NewUser(t, d, "coachy", "basic")
		if _, err := d.Exec(ctx, `UPDATE users SET role = 'coach' WHERE id = ?`, coach); err != nil {
			t.Fatal(err)
		}
		if err := svc.store.SaveProfile(ctx, Coach{ID: coach, Username: "coachy", Name: "Casey Coach", TimeZone: "UTC", Specialities: []string{}}); err != nil {
			t.Fatal(err)
		}
		ids := []int64{athlete, coach, coach, 999999}
		for i := range maxNames + 10 { // more than one query's worth
			ids = append(ids, int64(1_000_000+i))
		}
		got, err := svc.DisplayNames(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[athlete] != "runner" || got[coach] != "Casey Coach" {
			t.Fatalf("names %v", got)
		}
		if got, err := svc.DisplayNames(ctx, nil); err != nil || len(got) != 0 {
			t.Fatalf("no ids: %v %v", got, err)
		}
	})
}
