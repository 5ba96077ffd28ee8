package server

import (
	"context"
	"log/slog"

	"hyrox/internal/auth"
	"hyrox/internal/billing/sandbox"
	"hyrox/internal/db"
)

// Seed fills an empty database with demo content; running it again changes nothing.
func Seed(ctx context.Context, d *db.DB, logger *slog.Logger) error {
	users, err := auth.SeedDemoUsers(ctx, d)
	if err != nil {
		return err
	}
	if err := sandbox.Seed(ctx, d, users); err != nil {
		return err
	}
	logger.Info("demo content ready")
	return nil
}
