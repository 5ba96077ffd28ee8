package auth

import (
	"context"
	"fmt"
	"hyrox/internal/tier"
	"time"

	"hyrox/internal/db"
)

// ScalePassword is the password of every generated athlete (athlete000001 ...).
// All of them share ONE argon2id hash computed once: hashing 175,000 passwords
// would take longer than the rest of the load, and a shared salt is harmless
// for throwaway benchmark accounts. Signing in still verifies it for real.
const ScalePassword = "hyrox-scale"

// ScaleUsername names the i-th generated athlete (1-based).
func ScaleUsername(i int) string { return fmt.Sprintf("athlete%06d", i) }

// ScaleTier is the i-th athlete's tier: 70 % basic, 20 % pro, 10 % elite.
func ScaleTier(i int) string {
	switch i % 10 {
	case 1, 4:
		return tier.Pro
	case 7:
		return tier.Elite
	}
	return tier.Basic
}

// GenerateScaleAthletes adds n athletes for `hyrox seed --scale`, registered
// two years before now, and returns them as the input of every area's
// generator (ids ascending). It refuses to run on a database that has them.
func GenerateScaleAthletes(ctx context.Context, d *db.DB, n int, now time.Time, progress func(int)) (db.ScaleInput, error) {
	in := db.ScaleInput{Now: now, Seed: uint64(n)}
	var exists int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE username_key = ?`, ScaleUsername(1)).Scan(&exists); err != nil {
		return in, err
	}
	if exists > 0 {
		return in, fmt.Errorf("scale data is already in this database (%s exists): use a fresh DATABASE_URL", ScaleUsername(1))
	}
	hash, err := HashPassword(ScalePassword)
	if err != nil {
		return in, err
	}
	first, err := d.MaxID(ctx, "users")
	if err != nil {
		return in, err
	}
	i := 0
	created := now.AddDate(-2, 0, 0)
	if _, err := d.BulkInsert(ctx, "users", []string{"username", "username_key", "email", "password_hash",
		"subscription_tier", "created_at"}, func() ([]any, bool) {
		if i >= n {
			return nil, false
		}
		i++
		name := ScaleUsername(i)
		return []any{name, name, name + "@scale.example.com", hash, ScaleTier(i), created}, true
	}, progress); err != nil {
		return in, err
	}
	rows, err := d.Query(ctx, `SELECT id, username, subscription_tier FROM users WHERE id > ? ORDER BY id`, first)
	err = db.Each(rows, err, func(row db.Scanner) error {
		var id int64
		var name, userTier string
		if err := row.Scan(&id, &name, &userTier); err != nil {
			return err
		}
		in.UserIDs = append(in.UserIDs, id)
		in.Usernames = append(in.Usernames, name)
		in.Tiers = append(in.Tiers, userTier)
		return nil
	})
	return in, err
}
