package server

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"log/slog"
	"maps"
	"time"

	"hyrox/internal/auth"
	"hyrox/internal/billing/sandbox"
	"hyrox/internal/blog"
	"hyrox/internal/community"
	"hyrox/internal/db"
	"hyrox/internal/nutrition"
	"hyrox/internal/racing"
	"hyrox/internal/training"
)

// Seed fills an empty database with demo content; running it again changes nothing.
func Seed(ctx context.Context, d *db.DB, logger *slog.Logger) error {
	users, err := auth.SeedDemoUsers(ctx, d)
	if err != nil {
		return err
	}
	if err := training.Seed(ctx, d, users); err != nil {
		return err
	}
	if err := nutrition.Seed(ctx, d, users); err != nil {
		return err
	}
	if err := community.Seed(ctx, d, users); err != nil {
		return err
	}
	if err := blog.Seed(ctx, d, users); err != nil {
		return err
	}
	if err := sandbox.Seed(ctx, d, users); err != nil {
		return err
	}
	if err := seedRacing(ctx, d, users); err != nil {
		return err
	}
	logger.Info("demo content ready")
	return nil
}

// seedRacing creates the extra demo athletes that fill the leaderboard (with
// an unusable random password) and seeds everyone's race results.
func seedRacing(ctx context.Context, d *db.DB, users map[string]int64) error {
	store := auth.NewStore(d)
	all := maps.Clone(users)
	for _, name := range racing.DemoAthletes {
		u, err := store.UserByLogin(ctx, name)
		if errors.Is(err, sql.ErrNoRows) {
			var b [24]byte
			_, _ = rand.Read(b[:])
			hash, herr := auth.HashPassword(hex.EncodeToString(b[:]))
			if herr != nil {
				return herr
			}
			u, err = store.CreateUser(ctx, auth.User{Username: name, Email: name + "@athletes.demo.hyrox.local",
				PasswordHash: hash, SubscriptionTier: "basic", CreatedAt: time.Now().UTC()})
		}
		if err != nil {
			return err
		}
		all[name] = u.ID
	}
	return racing.Seed(ctx, d, all)
}
