package server

import (
	"context"
	"log/slog"
	"maps"

	"hyrox/internal/auth"
	"hyrox/internal/billing/sandbox"
	"hyrox/internal/blog"
	"hyrox/internal/coaching"
	"hyrox/internal/community"
	"hyrox/internal/db"
	"hyrox/internal/nutrition"
	"hyrox/internal/racing"
	"hyrox/internal/training"
)

// Seed fills an empty database with demo content; running it again changes nothing.
func Seed(ctx context.Context, d *db.DB, logger *slog.Logger) error {
	if err := LoadReferenceData(ctx, d); err != nil {
		return err
	}
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
	if err := coaching.Seed(ctx, d, users); err != nil {
		return err
	}
	athletes, err := auth.SeedAthletes(ctx, d, racing.DemoAthletes)
	if err != nil {
		return err
	}
	maps.Copy(athletes, users)
	if err := racing.Seed(ctx, d, athletes); err != nil {
		return err
	}
	logger.Info("demo content ready")
	return nil
}

// LoadReferenceData puts the data every installation needs (the food
// database) into d; quick when it is already there. migrate, seed and serve
// run it after the migrations.
func LoadReferenceData(ctx context.Context, d *db.DB) error {
	return nutrition.LoadFoods(ctx, d)
}
