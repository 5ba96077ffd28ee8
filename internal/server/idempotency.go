package server

import (
	"context"
	"time"
)

// PurgeInterval is how often the job queue deletes expired idempotency keys
// (docs/offline.md#idempotency-keys).
const PurgeInterval = time.Hour

// PurgeIdempotencyKeys runs one round of that job (tests call it with a moved clock).
func (a *App) PurgeIdempotencyKeys(ctx context.Context) (int64, error) {
	return a.idempotency.Purge(ctx, a.Clock())
}
