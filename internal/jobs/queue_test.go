package jobs_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"hyrox/internal/db"
	"hyrox/internal/db/dbtest"
	"hyrox/internal/jobs"
	"hyrox/internal/mail"
	"hyrox/internal/mail/mailtest"
)

type countArgs struct {
	Key string `json:"key"`
}

func (countArgs) Kind() string { return "test_count" }

// countWorker fails the first failFirst attempts, then succeeds.
type countWorker struct {
	river.WorkerDefaults[countArgs]
	failFirst int32
	attempts  atomic.Int32
	done      atomic.Int32
}

func (w *countWorker) Work(ctx context.Context, job *river.Job[countArgs]) error {
	if w.attempts.Add(1) <= w.failFirst {
		return errors.New("a passing failure")
	}
	w.done.Add(1)
	return nil
}

func bothDBs(t *testing.T, test func(t *testing.T, d *db.DB)) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			url := dbtest.SQLiteURL(t)
			if name == "postgres" {
				url = dbtest.PostgresURL(t)
			}
			d, err := db.Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			test(t, d)
		})
	}
}

func start(t *testing.T, q *jobs.Queue) { startWith(t, q, jobs.Options{Poll: 50 * time.Millisecond}) }

func startWith(t *testing.T, q *jobs.Queue, opts jobs.Options) {
	t.Helper()
	ctx := context.Background()
	if err := q.Open(ctx, nil, opts, nil); err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stop, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		_ = q.Stop(stop)
	})
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after 20 s: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A job queued in a transaction runs once it commits; a failing job is
// retried until it succeeds; a job rolled back never runs.
func TestJobRunsAndFailingJobIsRetried(t *testing.T) {
	bothDBs(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		q := jobs.New(d)
		w := &countWorker{failFirst: 1}
		jobs.AddWorker(q, w)
		start(t, q)
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			return q.InsertTx(ctx, tx, countArgs{Key: "a"}, nil)
		}); err != nil {
			t.Fatal(err)
		}
		rolledBack := errors.New("rolled back")
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := q.InsertTx(ctx, tx, countArgs{Key: "b"}, nil); err != nil {
				return err
			}
			return rolledBack
		}); !errors.Is(err, rolledBack) {
			t.Fatal(err)
		}
		waitFor(t, "the failed job ran again and succeeded", func() bool { return w.done.Load() == 1 })
		time.Sleep(300 * time.Millisecond)
		if a, n := w.attempts.Load(), w.done.Load(); a != 2 || n != 1 {
			t.Fatalf("attempts %d, done %d; want 2 attempts (one failed) and 1 done (the rolled-back job never runs)", a, n)
		}
	})
}

// A unique job queued twice while the first is waiting exists once.
func TestUniqueJobIsNotDoubled(t *testing.T) {
	bothDBs(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		q := jobs.New(d)
		w := &countWorker{}
		jobs.AddWorker(q, w)
		if err := q.Open(ctx, nil, jobs.Options{Poll: 50 * time.Millisecond}, nil); err != nil {
			t.Fatal(err)
		}
		unique := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
		for range 3 { // queued before any instance works: all three wait at once
			if err := d.InTx(ctx, func(tx *db.Tx) error {
				return q.InsertTx(ctx, tx, countArgs{Key: "once"}, unique)
			}); err != nil {
				t.Fatal(err)
			}
		}
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			stop, cancel := context.WithTimeout(ctx, 5*time.Second)
			defer cancel()
			_ = q.Stop(stop)
		})
		waitFor(t, "the unique job ran", func() bool { return w.done.Load() >= 1 })
		time.Sleep(500 * time.Millisecond)
		if n := w.done.Load(); n != 1 {
			t.Fatalf("the unique job ran %d times", n)
		}
	})
}

// hiccup fails its first sends as an SMTP server that is down would, then
// hands the e-mails to the real one.
type hiccup struct {
	fails atomic.Int32
	real  mail.Sender
}

func (h *hiccup) Send(ctx context.Context, m mail.Message) error {
	if h.fails.Add(-1) >= 0 {
		return errors.New("dial tcp: connection refused")
	}
	return h.real.Send(ctx, m)
}

// An e-mail sent through the outbox while SMTP fails arrives once SMTP is
// back; one queued in a transaction that rolls back never leaves.
func TestOutboxRetriesUntilSMTPAnswers(t *testing.T) {
	bothDBs(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		srv := mailtest.Start(t, mailtest.Options{})
		smtp := &hiccup{real: &mail.SMTPSender{Config: mail.Config{Host: srv.Host, Port: srv.Port, From: "app@example.com"}}}
		smtp.fails.Store(1)
		q := jobs.New(d)
		outbox := q.UseOutbox(smtp)
		start(t, q)
		if err := outbox.Send(ctx, mail.Message{To: "athlete@example.com", Subject: "Reset your password", Body: "The link."}); err != nil {
			t.Fatal(err)
		}
		rolledBack := errors.New("rolled back")
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := outbox.SendTx(ctx, tx, mail.Message{To: "other@example.com", Subject: "Never", Body: "x"}); err != nil {
				return err
			}
			return rolledBack
		}); !errors.Is(err, rolledBack) {
			t.Fatal(err)
		}
		got := srv.Wait(t, 30*time.Second)
		if !strings.Contains(got.Header("Subject"), "Reset your password") {
			t.Fatalf("subject %q", got.Header("Subject"))
		}
		if smtp.fails.Load() > -1 {
			t.Fatalf("the e-mail arrived before the failure was retried")
		}
		select {
		case m := <-srv.Messages:
			t.Fatalf("a second e-mail arrived: %q", m.Header("Subject"))
		case <-time.After(500 * time.Millisecond):
		}
	})
}

type heavyArgs struct {
	N int `json:"n"`
}

func (heavyArgs) Kind() string { return "test_heavy" }

// heavyWorker holds each job until release closes, counting how many run at once.
type heavyWorker struct {
	river.WorkerDefaults[heavyArgs]
	running, most, done atomic.Int32
	release             chan struct{}
}

func (w *heavyWorker) Work(ctx context.Context, job *river.Job[heavyArgs]) error {
	n := w.running.Add(1)
	defer w.running.Add(-1)
	for m := w.most.Load(); n > m && !w.most.CompareAndSwap(m, n); m = w.most.Load() {
	}
	select {
	case <-w.release:
	case <-ctx.Done():
		return ctx.Err()
	}
	w.done.Add(1)
	return nil
}

// Jobs of the Heavy queue run at most HeavyWorkers at once on an instance,
// and the default queue's jobs run beside them.
func TestHeavyQueueRunsBesideTheOthers(t *testing.T) {
	bothDBs(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		q := jobs.New(d)
		heavy := &heavyWorker{release: make(chan struct{})}
		light := &countWorker{}
		jobs.AddWorker(q, heavy)
		jobs.AddWorker(q, light)
		startWith(t, q, jobs.Options{Poll: 50 * time.Millisecond, Workers: 4, HeavyWorkers: 1})
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			for i := range 3 {
				if err := q.InsertTx(ctx, tx, heavyArgs{N: i}, &river.InsertOpts{Queue: jobs.Heavy}); err != nil {
					return err
				}
			}
			return q.InsertTx(ctx, tx, countArgs{Key: "light"}, nil)
		}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "a heavy job runs", func() bool { return heavy.running.Load() == 1 })
		waitFor(t, "the light job runs while a heavy one holds its worker", func() bool { return light.done.Load() == 1 })
		time.Sleep(300 * time.Millisecond) // time for a second heavy job to start, were it let
		if n := heavy.most.Load(); n != 1 {
			t.Fatalf("%d heavy jobs ran at once; want 1", n)
		}
		close(heavy.release)
		waitFor(t, "every heavy job done", func() bool { return heavy.done.Load() == 3 })
		if n := heavy.most.Load(); n != 1 {
			t.Fatalf("%d heavy jobs ran at once; want 1", n)
		}
	})
}
