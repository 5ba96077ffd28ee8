package server

import (
	"context"
	"time"
)

// PurgeInterval is how often expired idempotency keys are deleted. A plain
// loop per instance for now; the job queue takes it over when it lands
// (docs/offline.md#idempotency-keys).
const PurgeInterval = time.Hour

func (a *App) startPurge() {
	ctx, stop := context.WithCancel(context.Background())
	a.stopPurge, a.purgeStopped = stop, make(chan struct{})
	go func() {
		defer close(a.purgeStopped)
		a.idempotency.RunPurge(ctx, PurgeInterval, a.Clock, func(err error) {
			a.Logger.Error("idempotency: purge expired keys", "err", err)
		})
	}()
}

// PurgeIdempotencyKeys runs one round of that loop (tests call it with a moved clock).
func (a *App) PurgeIdempotencyKeys(ctx context.Context) (int64, error) {
	return a.idempotency.Purge(ctx, a.Clock())
}
