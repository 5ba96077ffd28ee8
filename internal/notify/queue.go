package notify

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"hyrox/internal/db"
	"hyrox/internal/jobs"
)

// Pushes of events go through the job queue (docs/notifications.md#when-they-are-sent):
// queued in the transaction of the change they announce, so a push is never
// sent for a change that rolled back and never lost for one that committed,
// and retried with the queue's backoff while a push service fails.

// pushAttempts bounds the tries of one push (River's backoff: about 1 s,
// 16 s, 81 s and 4 min between them).
const pushAttempts = 5

type pushArgs struct {
	UserID  int64   `json:"userId"`
	Of      Kind    `json:"kind"`
	Message Message `json:"message"`
}

func (pushArgs) Kind() string { return "push" }

type pushWorker struct {
	river.WorkerDefaults[pushArgs]
	svc *Service
}

func (w *pushWorker) Timeout(*river.Job[pushArgs]) time.Duration { return time.Minute }

// Work sends the push to every browser of the user. When a push service
// failed, the job is tried again for all of them: a browser that had it
// already gets the same tag again, which replaces it (one notification).
func (w *pushWorker) Work(ctx context.Context, job *river.Job[pushArgs]) error {
	_, failed, err := w.svc.send(ctx, job.Args.UserID, job.Args.Of, job.Args.Message)
	if err == nil && failed > 0 {
		err = fmt.Errorf("notify: %d push services failed", failed)
	}
	return err
}

// UseQueue sends the pushes queued with QueueTx through q.
func (s *Service) UseQueue(q *jobs.Queue) {
	s.queue = q
	jobs.AddWorker(q, &pushWorker{svc: s})
}

// QueueTx queues m for userID in tx, when they opted into kind and have a
// browser that allowed push: nothing is queued for the many who did not.
func (s *Service) QueueTx(ctx context.Context, tx *db.Tx, userID int64, kind Kind, m Message) error {
	if s.queue == nil {
		return nil
	}
	due, err := s.store.PushDue(ctx, userID, kind, !alwaysOn[kind])
	if err != nil || !due {
		return err
	}
	return s.queue.InsertTx(ctx, tx, pushArgs{UserID: userID, Of: kind, Message: m}, &river.InsertOpts{MaxAttempts: pushAttempts})
}
