package auth

import (
	"context"
	"maps"
	"testing"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
)

func TestSeedCreatesMissingAccountsOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		demo, err := SeedDemoUsers(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		athletes, err := SeedAthletes(ctx, d, []string{"kim_runs", "lea_rows"})
		if err != nil {
			t.Fatal(err)
		}
		if len(demo) != len(DemoUsers) || len(athletes) != 2 {
			t.Fatalf("demo %v athletes %v", demo, athletes)
		}
		// Seeding again finds the same accounts and creates none.
		demo2, err := SeedDemoUsers(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		athletes2, err := SeedAthletes(ctx, d, []string{"kim_runs", "lea_rows"})
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(demo, demo2) || !maps.Equal(athletes, athletes2) {
			t.Errorf("second seed: demo %v -> %v, athletes %v -> %v", demo, demo2, athletes, athletes2)
		}
		store := NewStore(d)
		pro, err := store.UserByLogin(ctx, "demo_pro")
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := CheckPassword(pro.PasswordHash, DemoPassword); !ok || pro.SubscriptionTier != "pro" {
			t.Errorf("demo_pro: tier %q, demo password ok %v", pro.SubscriptionTier, ok)
		}
		kim, err := store.UserByID(ctx, athletes["kim_runs"])
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := CheckPassword(kim.PasswordHash, DemoPassword); ok || kim.SubscriptionTier != "basic" {
			t.Errorf("kim_runs: tier %q, demo password works %v (want a password nobody knows)", kim.SubscriptionTier, ok)
		}
	})
}
