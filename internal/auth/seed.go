package auth

import (
	"context"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// DemoPassword is the password of every demo account (printed in the README).
const DemoPassword = "hyrox-demo"

// DemoUsers are one account per tier, so every tier can be tried at once,
// a coach (docs/coaching.md) and a second elite athlete for the coach.
var DemoUsers = []struct{ Username, Email, Tier, Role string }{
	{"demo_basic", "basic@demo.hyrox.local", "basic", "athlete"},
	{"demo_pro", "pro@demo.hyrox.local", "pro", "athlete"},
	{"demo_elite", "elite@demo.hyrox.local", "elite", "athlete"},
	{"demo_coach", "coach@demo.hyrox.local", "basic", "coach"},
	{"demo_elite_2", "elite2@demo.hyrox.local", "elite", "athlete"},
}

// SeedDemoUsers creates the demo accounts that are missing and returns every
// demo user id by username.
func SeedDemoUsers(ctx context.Context, d *db.DB) (map[string]int64, error) {
	store := NewStore(d)
	ids := map[string]int64{}
	for _, du := range DemoUsers {
		id, err := ensureUser(ctx, store, User{Username: du.Username, Email: du.Email, SubscriptionTier: du.Tier, Role: du.Role}, DemoPassword)
		if err != nil {
			return nil, err
		}
		ids[du.Username] = id
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
		password, _ := newToken()
		id, err := ensureUser(ctx, store, User{Username: name, Email: name + "@athletes.demo.hyrox.local", SubscriptionTier: "basic"}, password)
		if err != nil {
			return nil, err
		}
		ids[name] = id
	}
	return ids, nil
}

// ensureUser returns the id of the account named u.Username, creating it
// with password when it is missing (so seeding twice changes nothing).
func ensureUser(ctx context.Context, store *Store, u User, password string) (int64, error) {
	found, err := store.UserByLogin(ctx, u.Username)
	if !apperr.Is(err, apperr.CodeNotFound) {
		return found.ID, err
	}
	if u.PasswordHash, err = HashPassword(password); err != nil {
		return 0, err
	}
	u.CreatedAt = time.Now().UTC()
	created, err := store.CreateUser(ctx, u)
	return created.ID, err
}
