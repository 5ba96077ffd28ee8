package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"hyrox/internal/db"
	"hyrox/internal/mail"
)

// mailArgs is one e-mail waiting in the outbox: the whole message, so the
// job needs nothing else to send it (docs/operations.md#background-jobs).
type mailArgs struct {
	Message mail.Message `json:"message"`
}

func (mailArgs) Kind() string { return "mail" }

// InsertOpts: an SMTP hiccup is retried with River's backoff (1 s, 16 s,
// 81 s, …) for about a day before the e-mail is given up.
func (mailArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 12} }

type mailWorker struct {
	river.WorkerDefaults[mailArgs]
	send mail.Sender
}

func (w *mailWorker) Work(ctx context.Context, job *river.Job[mailArgs]) error {
	return w.send.Send(ctx, job.Args.Message)
}

func (w *mailWorker) Timeout(*river.Job[mailArgs]) time.Duration { return time.Minute }

// Outbox is a mail.Sender that queues each e-mail as a job; the job hands
// it to the real sender and is retried when that fails, so an SMTP server
// that is down for a while loses nothing.
type Outbox struct{ q *Queue }

// UseOutbox registers the worker that sends queued e-mails through send;
// call it before Open. The returned Outbox queues e-mails once Open ran.
func (q *Queue) UseOutbox(send mail.Sender) *Outbox {
	AddWorker(q, &mailWorker{send: send})
	return &Outbox{q: q}
}

// Send queues m; it returns once the job is stored, not when it is sent.
func (o *Outbox) Send(ctx context.Context, m mail.Message) error {
	if o.q.client == nil {
		return errors.New("jobs: the outbox is used before the queue is open")
	}
	_, err := o.q.client.Insert(ctx, mailArgs{Message: m}, nil)
	return err
}

// SendTx queues m in tx: the e-mail leaves only if tx commits.
func (o *Outbox) SendTx(ctx context.Context, tx *db.Tx, m mail.Message) error {
	return o.q.InsertTx(ctx, tx, mailArgs{Message: m}, nil)
}
