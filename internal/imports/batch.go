package imports

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/jobs"
	"hyrox/internal/live"
)

// Background imports (docs/import.md#background-imports): a Strava archive
// or several files are stored with a batch and imported by a job on the
// queue, any instance of the fleet; the batch shows the progress, which a
// reload or a restart does not lose.

// Batch statuses.
const (
	BatchQueued  = "queued"
	BatchRunning = "running"
	BatchDone    = "done"
)

// EventImport is the live event (docs/live.md) of a batch's progress.
const EventImport = "import"

// Batch is a background import and how far it got.
type Batch struct {
	ID         int64        `json:"id"`
	Status     string       `json:"status"`
	FilesTotal int          `json:"filesTotal"`
	FilesRead  int          `json:"filesRead"`
	Imported   int          `json:"imported"`
	Duplicates int          `json:"duplicates"`
	Failed     int          `json:"failed"`
	Files      []FileResult `json:"files"`
	CreatedAt  time.Time    `json:"createdAt"`
	UpdatedAt  time.Time    `json:"updatedAt"`
}

// UploadedFile is one file of a batch as it arrived.
type UploadedFile struct {
	Name string
	Data []byte
}

// batchArgs is the job that imports a batch.
type batchArgs struct {
	BatchID int64 `json:"batchId"`
}

func (batchArgs) Kind() string { return "import_batch" }

type batchOptions struct {
	Zone  string `json:"zone"`
	MaxHR int    `json:"maxHr"`
}

// UseQueue registers the batch worker on q; batches are queued on it.
func (s *Service) UseQueue(q *jobs.Queue, outbox *live.Outbox) {
	s.queue, s.live = q, outbox
	jobs.AddWorker(q, &batchWorker{svc: s})
}

var errNoQueue = apperr.Errorf(apperr.CodeUnavailable, "Background imports are not available right now. Import fewer files at a time.")

// QueueBatch stores files as a batch of userID's and queues its import, in
// one transaction: either both are kept or neither.
func (s *Service) QueueBatch(ctx context.Context, userID int64, files []UploadedFile, opt Options) (Batch, error) {
	if s.queue == nil {
		return Batch{}, errNoQueue
	}
	zone := "UTC"
	if opt.Zone != nil {
		zone = opt.Zone.String()
	}
	rawOpt, _ := json.Marshal(batchOptions{Zone: zone, MaxHR: opt.MaxHR})
	now := time.Now().UTC()
	var id int64
	err := s.store.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO import_batches (user_id, status, options, files_total, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, userID, BatchQueued, string(rawOpt), len(files), now, now).Scan(&id); err != nil {
			return err
		}
		for _, f := range files {
			if _, err := tx.Exec(ctx, `INSERT INTO import_batch_files (batch_id, name, data) VALUES (?, ?, ?)`, id, f.Name, f.Data); err != nil {
				return err
			}
		}
		return s.queue.InsertTx(ctx, tx, batchArgs{BatchID: id}, &river.InsertOpts{MaxAttempts: 5})
	})
	if err != nil {
		return Batch{}, err
	}
	return s.Batch(ctx, userID, id)
}

var errBatchNotFound = apperr.Errorf(apperr.CodeNotFound, "Import not found.")

const batchColumns = `id, status, files_total, files_read, imported, duplicates, failed, results, created_at, updated_at`

func scanBatch(row interface{ Scan(...any) error }) (Batch, error) {
	var b Batch
	var results string
	if err := row.Scan(&b.ID, &b.Status, &b.FilesTotal, &b.FilesRead, &b.Imported, &b.Duplicates, &b.Failed, &results,
		&b.CreatedAt, &b.UpdatedAt); err != nil {
		return b, err
	}
	b.CreatedAt, b.UpdatedAt = b.CreatedAt.UTC(), b.UpdatedAt.UTC()
	b.Files = []FileResult{}
	return b, json.Unmarshal([]byte(results), &b.Files)
}

// Batch is one of userID's batches; anyone else's is not found.
func (s *Service) Batch(ctx context.Context, userID, id int64) (Batch, error) {
	b, err := scanBatch(s.store.db.QueryRow(ctx, `SELECT `+batchColumns+` FROM import_batches WHERE id = ? AND user_id = ?`, id, userID))
	return b, apperr.NotFoundIfNoRows(err, errBatchNotFound)
}

// Batches are userID's latest five batches, newest first (the import page
// shows a running one after a reload).
func (s *Service) Batches(ctx context.Context, userID int64) ([]Batch, error) {
	rows, err := s.store.db.Query(ctx, `SELECT `+batchColumns+` FROM import_batches WHERE user_id = ? ORDER BY id DESC LIMIT 5`, userID)
	return db.Collect(rows, err, scanBatch)
}

type batchWorker struct {
	river.WorkerDefaults[batchArgs]
	svc *Service
}

// Timeout: a Strava archive of thousands of activities takes minutes.
func (w *batchWorker) Timeout(*river.Job[batchArgs]) time.Duration { return time.Hour }

// Work imports the batch's files one at a time. Each file's results, the
// counts and the file's removal commit together, so a job that is stopped
// (a restart) and retried goes on with the files not read yet. An instance
// that stops ends the job after the file it is reading and snoozes it: the
// next instance to start goes on at once (docs/import.md#background-imports).
func (w *batchWorker) Work(ctx context.Context, job *river.Job[batchArgs]) error {
	return w.svc.runBatch(ctx, job.Args.BatchID)
}

func (s *Service) runBatch(ctx context.Context, batchID int64) error {
	var userID int64
	var rawOpt string
	err := s.store.db.QueryRow(ctx, `SELECT user_id, options FROM import_batches WHERE id = ?`, batchID).Scan(&userID, &rawOpt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // the account went, and its batch with it
	}
	if err != nil {
		return err
	}
	var bo batchOptions
	_ = json.Unmarshal([]byte(rawOpt), &bo)
	opt := Options{Zone: time.UTC, MaxHR: bo.MaxHR}
	if loc, err := time.LoadLocation(bo.Zone); err == nil {
		opt.Zone = loc
	}
	if _, err := s.store.db.Exec(ctx, `UPDATE import_batches SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
		BatchRunning, time.Now().UTC(), batchID, BatchQueued); err != nil {
		return err
	}
	for {
		var fileID int64
		var name string
		var data []byte
		err := s.store.db.QueryRow(ctx, `SELECT id, name, data FROM import_batch_files WHERE batch_id = ? ORDER BY id LIMIT 1`, batchID).
			Scan(&fileID, &name, &data)
		if errors.Is(err, sql.ErrNoRows) {
			break
		}
		if err != nil {
			return err
		}
		results := s.Import(ctx, userID, name, bytes.NewReader(data), opt)
		if ctx.Err() != nil {
			// Cut off inside the file: read it again (what it logged is found
			// again as already imported, not twice).
			return river.JobSnooze(0)
		}
		if err := s.fileRead(ctx, batchID, userID, fileID, results); err != nil {
			return err
		}
		select {
		case <-s.queue.Stopping():
			return river.JobSnooze(0)
		default:
		}
	}
	return s.store.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE import_batches SET status = ?, updated_at = ? WHERE id = ?`, BatchDone, time.Now().UTC(), batchID); err != nil {
			return err
		}
		return s.live.Publish(ctx, tx, EventImport, map[string]any{"batchId": batchID, "status": BatchDone}, userID)
	})
}

// fileRead records one file's results and drops the file, in one transaction.
func (s *Service) fileRead(ctx context.Context, batchID, userID, fileID int64, results []FileResult) error {
	var sum Result
	for _, f := range results {
		sum.Add(f)
	}
	return s.store.db.InTx(ctx, func(tx *db.Tx) error {
		var raw string
		if err := tx.QueryRow(ctx, `SELECT results FROM import_batches WHERE id = ?`, batchID).Scan(&raw); err != nil {
			return err
		}
		var all []FileResult
		_ = json.Unmarshal([]byte(raw), &all)
		out, err := json.Marshal(append(all, sum.Files...))
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE import_batches SET files_read = files_read + 1, imported = imported + ?, duplicates = duplicates + ?,
			failed = failed + ?, results = ?, updated_at = ? WHERE id = ?`, sum.Imported, sum.Duplicates, sum.Failed, string(out), time.Now().UTC(), batchID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM import_batch_files WHERE id = ?`, fileID); err != nil {
			return err
		}
		return s.live.Publish(ctx, tx, EventImport, map[string]any{"batchId": batchID, "status": BatchRunning}, userID)
	})
}
