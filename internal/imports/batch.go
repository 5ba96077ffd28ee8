package imports

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"strings"
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
	// Archive is how far the batch got inside the Strava archive it reads
	// or read last (nil before any): a long archive is one file, so the
	// files read alone would not move for minutes.
	Archive   *ArchiveProgress `json:"archive,omitempty"`
	CreatedAt time.Time        `json:"createdAt"`
	UpdatedAt time.Time        `json:"updatedAt"`
}

// ArchiveProgress counts a Strava archive's activity files read of those its
// activities.csv lists.
type ArchiveProgress struct {
	Name  string `json:"name"`
	Read  int    `json:"read"`
	Total int    `json:"total"`
}

// archiveState is the progress as kept with the batch: FileID names the
// uploaded file it belongs to, so a read that was cut off knows where to go
// on.
type archiveState struct {
	FileID int64 `json:"fileId"`
	ArchiveProgress
}

// UploadedFile is one file of a batch as it arrived: Body holds its Size
// bytes (a part of the upload's temporary file).
type UploadedFile struct {
	Name string
	Size int64
	Body io.Reader
}

// batchArgs is the job that imports a batch.
type batchArgs struct {
	BatchID int64 `json:"batchId"`
}

func (batchArgs) Kind() string { return "import_batch" }

// batchOptions are kept with the batch (its options column): what the
// upload named and, once an archive is being read, how far it got. The
// archive's progress lives here rather than in columns of its own: one JSON
// value the worker writes whole.
type batchOptions struct {
	Zone    string        `json:"zone"`
	MaxHR   int           `json:"maxHr"`
	Archive *archiveState `json:"archive,omitempty"`
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
			if err := s.store.addBatchFile(ctx, tx, id, f); err != nil {
				return err
			}
		}
		return s.queue.InsertTx(ctx, tx, batchArgs{BatchID: id}, &river.InsertOpts{Queue: jobs.Heavy, MaxAttempts: 5})
	})
	if err != nil {
		return Batch{}, err
	}
	return s.Batch(ctx, userID, id)
}

var errBatchNotFound = apperr.Errorf(apperr.CodeNotFound, "Import not found.")

const batchColumns = `id, status, files_total, files_read, imported, duplicates, failed, results, options, created_at, updated_at`

func scanBatch(row interface{ Scan(...any) error }) (Batch, error) {
	var b Batch
	var results, rawOpt string
	if err := row.Scan(&b.ID, &b.Status, &b.FilesTotal, &b.FilesRead, &b.Imported, &b.Duplicates, &b.Failed, &results, &rawOpt,
		&b.CreatedAt, &b.UpdatedAt); err != nil {
		return b, err
	}
	b.CreatedAt, b.UpdatedAt = b.CreatedAt.UTC(), b.UpdatedAt.UTC()
	var bo batchOptions
	if err := json.Unmarshal([]byte(rawOpt), &bo); err != nil {
		return b, err
	}
	if bo.Archive != nil {
		b.Archive = &bo.Archive.ArchiveProgress
	}
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
// (a restart) and retried goes on with the files not read yet; inside a
// Strava archive it goes on after the archive's activity files recorded
// last (archiveBatch). An instance that stops ends the job after the file
// (or, in an archive, the activity file) it is reading and snoozes it: the
// next instance to start goes on at once (docs/import.md#background-imports).
func (w *batchWorker) Work(ctx context.Context, job *river.Job[batchArgs]) error {
	return w.svc.runBatch(ctx, job.Args.BatchID)
}

// errStopping ends a read inside an archive when the instance stops, once
// its progress is recorded.
var errStopping = errors.New("the instance is stopping")

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
		f := &batchFile{ctx: ctx, db: s.store.db}
		var name string
		err := s.store.db.QueryRow(ctx, `SELECT id, name, length(data) FROM import_batch_files WHERE batch_id = ? ORDER BY id LIMIT 1`, batchID).
			Scan(&f.id, &name, &f.size)
		if errors.Is(err, sql.ErrNoRows) {
			break
		}
		if err != nil {
			return err
		}
		var results []FileResult
		if isArchive(name) {
			a := &archiveBatch{svc: s, ctx: ctx, batchID: batchID, userID: userID, opt: &bo,
				state: archiveState{FileID: f.id, ArchiveProgress: ArchiveProgress{Name: baseName(name)}}}
			refused, err := s.readArchive(ctx, userID, baseName(name), f, opt, a)
			if errors.Is(err, errStopping) || ctx.Err() != nil {
				return river.JobSnooze(0)
			}
			if err != nil {
				return err
			}
			if refused != nil {
				results = []FileResult{*refused}
			} else {
				results = a.pending
				bo.Archive = &a.state
			}
		} else {
			results = s.Import(ctx, userID, name, f, opt)
			if ctx.Err() != nil {
				// Cut off inside the file: read it again (what it logged is found
				// again as already imported, not twice).
				return river.JobSnooze(0)
			}
		}
		if f.err != nil {
			// The database failed the read, not the file: try again later
			// rather than report the file as unreadable.
			return f.err
		}
		if err := s.record(ctx, batchID, userID, f.id, results, bo); err != nil {
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

// batchFileChunk is how much of an uploaded file one read takes.
const batchFileChunk = 4 << 20

// batchFile reads an uploaded file of a batch a piece at a time: a Strava
// archive of up to 100 MB goes to its temporary file (readArchive) without
// ever being held whole in memory.
type batchFile struct {
	ctx           context.Context
	db            *db.DB
	id, off, size int64
	buf           []byte
	err           error // the database's, kept apart from a bad file's
}

func (f *batchFile) Read(p []byte) (int, error) {
	if len(f.buf) == 0 {
		if f.off >= f.size {
			return 0, io.EOF
		}
		n := min(batchFileChunk, f.size-f.off)
		err := f.db.QueryRow(f.ctx, `SELECT substr(data, ?, ?) FROM import_batch_files WHERE id = ?`, f.off+1, n, f.id).Scan(&f.buf)
		if err == nil && len(f.buf) == 0 {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			f.err = err
			return 0, err
		}
		f.off += int64(len(f.buf))
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

// Progress inside an archive is recorded every progressEvery activity files
// or progressInterval, whichever comes first: the page moves about once a
// second while writes stay few (one per many activities, not one per row).
const (
	progressEvery    = 50
	progressInterval = time.Second
)

// archiveBatch is the sink of an archive read by a batch: the results of its
// activity files, the counts and how many were read commit together from
// time to time, so a read cut off (a restart, a crash) goes on after the
// last ones recorded. The last results commit with the file's end (runBatch).
type archiveBatch struct {
	svc             *Service
	ctx             context.Context
	batchID, userID int64
	opt             *batchOptions // the batch's options, progress included, as last written
	state           archiveState
	pending         []FileResult
	flushed         time.Time
}

func (a *archiveBatch) begin(total int) (int, error) {
	if p := a.opt.Archive; p != nil && p.FileID == a.state.FileID && p.Total == total {
		a.state, a.flushed = *p, time.Now()
		return p.Read, nil
	}
	a.state.Total = total
	return 0, a.flush() // the page shows "0 of N" at once
}

func (a *archiveBatch) entry(f FileResult) error {
	a.pending = append(a.pending, f)
	a.state.Read++
	if a.state.Read == a.state.Total {
		return nil
	}
	stopping := false
	select {
	case <-a.svc.queue.Stopping():
		stopping = true
	default:
	}
	if stopping || len(a.pending) >= progressEvery || time.Since(a.flushed) >= progressInterval {
		if err := a.flush(); err != nil {
			return err
		}
	}
	if stopping {
		return errStopping
	}
	return nil
}

func (a *archiveBatch) flush() error {
	st := a.state
	a.opt.Archive = &st
	err := a.svc.record(a.ctx, a.batchID, a.userID, 0, a.pending, *a.opt)
	a.pending, a.flushed = nil, time.Now()
	return err
}

// record adds results to the batch's counts and list and writes its options
// (the archive's progress), in one transaction with the live event; a
// fileID other than 0 is a file read to its end, counted and dropped.
func (s *Service) record(ctx context.Context, batchID, userID, fileID int64, results []FileResult, bo batchOptions) error {
	var sum Result
	for _, f := range results {
		sum.Add(f)
	}
	rawOpt, err := json.Marshal(bo)
	if err != nil {
		return err
	}
	read := 0
	if fileID != 0 {
		read = 1
	}
	event := map[string]any{"batchId": batchID, "status": BatchRunning}
	if bo.Archive != nil {
		event["archive"] = bo.Archive.ArchiveProgress
	}
	return s.store.db.InTx(ctx, func(tx *db.Tx) error {
		var raw string
		if err := tx.QueryRow(ctx, `SELECT results FROM import_batches WHERE id = ?`, batchID).Scan(&raw); err != nil {
			return err
		}
		all, err := appendResults(raw, sum.Files)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE import_batches SET files_read = files_read + ?, imported = imported + ?, duplicates = duplicates + ?,
			failed = failed + ?, results = ?, options = ?, updated_at = ? WHERE id = ?`,
			read, sum.Imported, sum.Duplicates, sum.Failed, all, string(rawOpt), time.Now().UTC(), batchID); err != nil {
			return err
		}
		if fileID != 0 {
			if _, err := tx.Exec(ctx, `DELETE FROM import_batch_files WHERE id = ?`, fileID); err != nil {
				return err
			}
		}
		return s.live.Publish(ctx, tx, EventImport, event, userID)
	})
}

// appendResults adds files to the batch's JSON list as text: the list of a
// long archive grows to thousands of results, which are not decoded again
// each time a few are added.
func appendResults(list string, files []FileResult) (string, error) {
	if len(files) == 0 {
		return list, nil
	}
	more, err := json.Marshal(files)
	if err != nil {
		return "", err
	}
	list = strings.TrimSpace(list)
	if list == "" || list == "[]" {
		return string(more), nil
	}
	return list[:len(list)-1] + "," + string(more[1:]), nil
}
