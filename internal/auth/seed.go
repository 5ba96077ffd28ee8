package auth

import (
	"context"
	"time"

	"hyrox/internal/db"
)

// DemoPassword is the password of every demo account (printed in the README).
const DemoPassword = "hyrox-demo"

// DemoUsers are one account per tier, so every tier can be tried at once.
var DemoUsers = []struct{ Username, Email, Tier string }{
	{"demo_basic", "basic@demo.hyrox.local", "basic"},
	{"demo_pro", "pro@demo.hyrox.local", "pro"},
	{"demo_elite", "elite@demo.hyrox.local", "elite"},
}

// SeedDemoUsers creates the demo accounts that are missing and returns every
// demo user id by username.
func SeedDemoUsers(ctx context.Context, d *db.DB) (map[string]int64, error) {
	store := NewStore(d)
	ids := map[string]int64{}
	for _, du := range DemoUsers {
		u, err := store.UserByLogin(ctx, du.Username)
		if isNotFound(err) {
			hash, herr := HashPassword(DemoPassword)
			if herr != nil {
				return nil, herr
			}
			u, err = store.CreateUser(ctx, User{Username: du.Username, Email: du.Email, PasswordHash: hash,
				SubscriptionTier: du.Tier, CreatedAt: time.Now().UTC()})
		}
		if err != nil {
			return nil, err
		}
		ids[du.Username] = u.ID
	}
	return ids, nil
}
