// Package jobs runs the app's background work on River
// (github.com/riverqueue/river), a maintained job queue that runs on both of
// the app's databases: SQLite (riversqlite) and PostgreSQL (riverdatabasesql,
// over the app's own connection pool). It gives retries, unique jobs, a
// leader per fleet for scheduled work, and a graceful stop
// (docs/operations.md#background-jobs).
package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"hyrox/internal/db"
)

// Scheduled is work that runs every Every, once per fleet: River's elected
// leader inserts it, one instance runs it, and a run still waiting or under
// way is not inserted again.
type Scheduled struct {
	Name  string
	Every time.Duration
	Run   func(ctx context.Context) error
}

// scheduledArgs is the job of a Scheduled run.
type scheduledArgs struct {
	Name string `json:"name"`
}

func (scheduledArgs) Kind() string { return "scheduled" }

// scheduledWorker runs Scheduled work by name.
type scheduledWorker struct {
	river.WorkerDefaults[scheduledArgs]
	runs map[string]Scheduled
}

func (w *scheduledWorker) Work(ctx context.Context, job *river.Job[scheduledArgs]) error {
	s, ok := w.runs[job.Args.Name]
	if !ok {
		return river.JobCancel(fmt.Errorf("jobs: no scheduled work named %q", job.Args.Name))
	}
	return s.Run(ctx)
}

// Timeout is how long a scheduled run may take before River cancels it.
func (w *scheduledWorker) Timeout(*river.Job[scheduledArgs]) time.Duration { return 5 * time.Minute }

// Options tune the queue; the zero value is the production setting.
type Options struct {
	// Poll is how often an idle instance looks for jobs (default 1 s).
	Poll time.Duration
	// Workers is how many jobs one instance runs at once (default 4).
	Workers int
	// HeavyWorkers is how many jobs of the Heavy queue one instance runs at
	// once, beside the others (default half its cores, at least one); a
	// negative number runs none (another instance of the fleet does).
	HeavyWorkers int
}

// Heavy is the queue of jobs that keep a core busy for long (an import of
// a thousand activity files): an instance runs at most HeavyWorkers of them
// at once, so the requests it serves keep the other cores
// (docs/operations.md#background-jobs).
const Heavy = "heavy"

// Queue is the app's job queue on one instance. Areas add their workers
// (AddWorker) before Open; Open makes it able to insert jobs (in the
// caller's transaction: a job is queued only if its change commits); Start
// makes this instance work them.
type Queue struct {
	d       *db.DB
	workers *river.Workers
	client  *river.Client[*sql.Tx]
	runs    map[string]Scheduled

	stopping chan struct{} // closed when Stop begins
	stopOnce sync.Once
}

// Migrate creates or updates River's tables on d (idempotent; safe when
// several instances start at once).
func Migrate(ctx context.Context, d *db.DB) error {
	m, err := rivermigrate.New(driverFor(d), nil)
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

func driverFor(d *db.DB) riverdriver.Driver[*sql.Tx] {
	if d.Dialect == db.SQLite {
		return riversqlite.New(d.WritePool())
	}
	return riverdatabasesql.New(d.WritePool())
}

// New returns the queue of d, to add workers to.
func New(d *db.DB) *Queue {
	q := &Queue{d: d, workers: river.NewWorkers(), runs: map[string]Scheduled{}, stopping: make(chan struct{})}
	river.AddWorker(q.workers, &scheduledWorker{runs: q.runs})
	return q
}

// AddWorker registers an area's worker; call it before Open.
func AddWorker[T river.JobArgs](q *Queue, w river.Worker[T]) { river.AddWorker(q.workers, w) }

// Open migrates River's tables and readies the queue with the scheduled
// work; jobs can be inserted from then on.
func (q *Queue) Open(ctx context.Context, scheduled []Scheduled, opts Options, logger *slog.Logger) error {
	if err := Migrate(ctx, q.d); err != nil {
		return fmt.Errorf("jobs: migrate: %w", err)
	}
	if opts.Poll <= 0 {
		opts.Poll = time.Second
	}
	if opts.Workers <= 0 {
		opts.Workers = 4
	}
	if opts.HeavyWorkers == 0 {
		opts.HeavyWorkers = max(1, runtime.GOMAXPROCS(0)/2)
	}
	queues := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: opts.Workers}}
	if opts.HeavyWorkers > 0 {
		queues[Heavy] = river.QueueConfig{MaxWorkers: opts.HeavyWorkers}
	}
	var periodic []*river.PeriodicJob
	for _, s := range scheduled {
		q.runs[s.Name] = s
		args := scheduledArgs{Name: s.Name}
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(s.Every),
			func() (river.JobArgs, *river.InsertOpts) {
				return args, &river.InsertOpts{MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByArgs: true,
					ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending,
						rivertype.JobStateRunning, rivertype.JobStateScheduled}}}
			}, &river.PeriodicJobOpts{ID: s.Name, RunOnStart: true}))
	}
	client, err := river.NewClient(driverFor(q.d), &river.Config{
		Queues:            queues,
		Workers:           q.workers,
		PeriodicJobs:      periodic,
		FetchPollInterval: opts.Poll,
		FetchCooldown:     min(opts.Poll, 100*time.Millisecond),
		Logger:            quiet(logger),
	})
	if err != nil {
		return err
	}
	q.client = client
	return nil
}

// Start makes this instance work jobs and, when elected, schedule work.
func (q *Queue) Start(ctx context.Context) error { return q.client.Start(ctx) }

// Unschedule drops the scheduled work from this instance (call it after
// Open, before Start): tests that run it themselves at a moved clock.
func (q *Queue) Unschedule() { q.client.PeriodicJobs().Clear() }

// InsertTx queues a job in tx: it exists once tx commits, never otherwise.
func (q *Queue) InsertTx(ctx context.Context, tx *db.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := q.client.InsertTx(ctx, tx.SQL(), args, opts)
	return err
}

// Start opens a queue on d with the scheduled work and starts it (a queue
// with no area workers: tests and tools).
func Start(ctx context.Context, d *db.DB, scheduled []Scheduled, opts Options, logger *slog.Logger) (*Queue, error) {
	q := New(d)
	if err := q.Open(ctx, scheduled, opts, logger); err != nil {
		return nil, err
	}
	return q, q.Start(ctx)
}

// Stopping is closed once the instance begins to stop: a long job (an
// import of many files) ends at its next safe point and snoozes
// (river.JobSnooze(0)), so the next instance to start goes on where it
// stopped, at once, without spending an attempt.
func (q *Queue) Stopping() <-chan struct{} { return q.stopping }

// Stop stops fetching new jobs and waits for the running ones, until ctx
// ends; then it cancels them (they run again later: River retries them).
func (q *Queue) Stop(ctx context.Context) error {
	q.stopOnce.Do(func() { close(q.stopping) })
	if err := q.client.Stop(ctx); err == nil {
		return nil
	}
	return q.client.StopAndCancel(context.Background())
}

// quiet passes River's warnings and errors to logger, not its routine
// information (job counts every few seconds).
func quiet(logger *slog.Logger) *slog.Logger {
	if logger == nil {
		logger = slog.Default()
	}
	return slog.New(atLeast{logger.Handler(), slog.LevelWarn})
}

type atLeast struct {
	slog.Handler
	min slog.Level
}

func (h atLeast) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}
func (h atLeast) WithAttrs(a []slog.Attr) slog.Handler { return atLeast{h.Handler.WithAttrs(a), h.min} }
func (h atLeast) WithGroup(n string) slog.Handler      { return atLeast{h.Handler.WithGroup(n), h.min} }
