package auth

import (
	"context"
	"time"

	"hyrox/internal/apperr"
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
		if apperr.Is(err, apperr.CodeNotFound) {
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

// SeedAthletes creates the basic accounts named that are missing, each with
// a random password nobody knows (they only fill the leaderboard), and
// returns every one's id by username.
func SeedAthletes(ctx context.Context, d *db.DB, names []string) (map[string]int64, error) {
	store := NewStore(d)
	ids := map[string]int64{}
	for _, name := range names {
		u, err := store.UserByLogin(ctx, name)
		if apperr.Is(err, apperr.CodeNotFound) {
			password, _ := newToken()
			hash, herr := HashPassword(password)
			if herr != nil {
				return nil, herr
			}
			u, err = store.CreateUser(ctx, User{Username: name, Email: name + "@athletes.demo.hyrox.local",
				PasswordHash: hash, SubscriptionTier: "basic", CreatedAt: time.Now().UTC()})
		}
		if err != nil {
			return nil, err
		}
		ids[name] = u.ID
	}
	return ids, nil
}
