package imports

import (
	"context"
	"encoding/json"
	"io"
	"time"

	"hyrox/internal/db"
)

// Store is the imports area's SQL (imported_activities, migration 000901).
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// record is an activity with what the import adds to it.
type record struct {
	*Activity
	File  string
	Zones []int
}

// duplicateQuery finds an activity of the athlete, same sport, starting
// within the window (the index on user_id, started_epoch serves it).
const duplicateQuery = `SELECT COALESCE(MIN(id), 0) FROM imported_activities
	WHERE user_id = ? AND started_epoch BETWEEN ? AND ? AND sport = ?`

func windowOf(start time.Time) (int64, int64) {
	w := int64(DuplicateWindow / time.Second)
	return start.Unix() - w, start.Unix() + w
}

// Duplicate is the athlete's imported activity this one repeats (0: none).
func (s *Store) Duplicate(ctx context.Context, userID int64, sport string, start time.Time) (int64, error) {
	from, to := windowOf(start)
	var id int64
	err := s.db.QueryRow(ctx, duplicateQuery, userID, from, to, sport).Scan(&id)
	return id, err
}

// ImportedLogIDs are the logs of the athlete's activities imported with a
// start in [from, to] (seconds): the logs that are not typed by hand.
func (s *Store) ImportedLogIDs(ctx context.Context, userID int64, from, to int64) (map[int64]bool, error) {
	rows, err := s.db.Query(ctx, `SELECT log_id FROM imported_activities WHERE user_id = ? AND started_epoch BETWEEN ? AND ?`, userID, from, to)
	out := map[int64]bool{}
	return out, db.Each(rows, err, func(row db.Scanner) error {
		var id int64
		err := row.Scan(&id)
		out[id] = true
		return err
	})
}

// importLockClass namespaces the PostgreSQL advisory lock imports take per
// athlete.
const importLockClass = int64(901) << 40

// insert writes an activity's row in the log's transaction. It checks for a
// duplicate again under a per-athlete lock (SQLite's write transaction is
// exclusive already), so two uploads of the same file at once import it once;
// a duplicate rolls the whole transaction back, log included.
func (s *Store) insert(ctx context.Context, tx *db.Tx, userID, logID int64, r record) (int64, error) {
	if tx.Dialect() == db.Postgres {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(?)`, importLockClass|userID); err != nil {
			return 0, err
		}
	}
	from, to := windowOf(r.StartedAt)
	var dup int64
	if err := tx.QueryRow(ctx, duplicateQuery, userID, from, to, r.Sport).Scan(&dup); err != nil {
		return 0, err
	}
	if dup > 0 {
		return 0, errDuplicate
	}
	zones := r.Zones
	if zones == nil {
		zones = []int{}
	}
	splits := r.Splits
	if splits == nil {
		splits = []Split{}
	}
	laps := r.Laps
	if laps == nil {
		laps = []Split{}
	}
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO imported_activities (user_id, log_id, source, file_name, sport, started_at, started_epoch,
		duration_s, distance_m, elevation_gain_m, avg_hr, max_hr, calories, avg_watts, stroke_rate, zones, splits, laps, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		userID, logID, r.Source, r.File, r.Sport, r.StartedAt, r.StartedAt.Unix(),
		int(r.Duration.Seconds()), r.DistanceM, r.ElevationGainM, r.AvgHR, r.MaxHR, r.Calories, r.AvgWatts, r.StrokeRate,
		marshalJSON(zones), marshalJSON(splits), marshalJSON(laps), time.Now().UTC()).Scan(&id)
	return id, err
}

// addBatchFile stores an uploaded file of a batch, one file in memory at a
// time. On PostgreSQL it goes in pieces of batchFileChunk appended to the
// row: the driver copies a parameter twice on its way out, so a 35 MB
// archive in one statement held three copies at once. SQLite takes it
// whole: its || makes text of blobs and rewrites the value each time, and
// its driver's copy is outside the Go heap.
func (s *Store) addBatchFile(ctx context.Context, tx *db.Tx, batchID int64, f UploadedFile) error {
	piece := max(f.Size, 1)
	if tx.Dialect() == db.Postgres {
		piece = min(piece, batchFileChunk)
	}
	buf := make([]byte, piece)
	var id int64
	for off := int64(0); off == 0 || off < f.Size; {
		n := min(piece, f.Size-off)
		if _, err := io.ReadFull(f.Body, buf[:n]); err != nil {
			return err
		}
		var err error
		if off == 0 {
			err = tx.QueryRow(ctx, `INSERT INTO import_batch_files (batch_id, name, data) VALUES (?, ?, ?) RETURNING id`, batchID, f.Name, buf[:n]).Scan(&id)
		} else {
			_, err = tx.Exec(ctx, `UPDATE import_batch_files SET data = data || ? WHERE id = ?`, buf[:n], id)
		}
		if err != nil {
			return err
		}
		off += max(n, 1) // an empty file is one empty insert
	}
	return nil
}

// ExportedActivity is one imported activity in the athlete's data export.
type ExportedActivity struct {
	LogID          int64           `json:"logId"`
	Source         string          `json:"source"`
	FileName       string          `json:"fileName"`
	Sport          string          `json:"sport"`
	StartedAt      time.Time       `json:"startedAt"`
	DurationS      int             `json:"durationS"`
	DistanceM      float64         `json:"distanceM"`
	ElevationGainM float64         `json:"elevationGainM"`
	AvgHR          int             `json:"avgHr"`
	MaxHR          int             `json:"maxHr"`
	Calories       int             `json:"calories"`
	AvgWatts       int             `json:"avgWatts"`
	StrokeRate     int             `json:"strokeRate"`
	Zones          json.RawMessage `json:"zones"`
	Splits         json.RawMessage `json:"splits"`
	Laps           json.RawMessage `json:"laps"`
	RaceResultID   *int64          `json:"raceResultId"`
}

// Export lists every imported activity of the athlete, oldest first.
func (s *Store) Export(ctx context.Context, userID int64) ([]ExportedActivity, error) {
	rows, err := s.db.Query(ctx, `SELECT log_id, source, file_name, sport, started_at, duration_s, distance_m, elevation_gain_m,
		avg_hr, max_hr, calories, avg_watts, stroke_rate, zones, splits, laps, race_result_id
		FROM imported_activities WHERE user_id = ? ORDER BY started_epoch, id`, userID)
	return db.Collect(rows, err, func(row db.Scanner) (e ExportedActivity, err error) {
		var zones, splits, laps string
		err = row.Scan(&e.LogID, &e.Source, &e.FileName, &e.Sport, &e.StartedAt, &e.DurationS, &e.DistanceM, &e.ElevationGainM,
			&e.AvgHR, &e.MaxHR, &e.Calories, &e.AvgWatts, &e.StrokeRate, &zones, &splits, &laps, &e.RaceResultID)
		e.Zones, e.Splits, e.Laps = json.RawMessage(zones), json.RawMessage(splits), json.RawMessage(laps)
		e.StartedAt = e.StartedAt.UTC()
		return e, err
	})
}

// activity reads one imported activity of the athlete for its HYROX mapping.
func (s *Store) activity(ctx context.Context, userID, id int64) (storedActivity, error) {
	var (
		a    storedActivity
		laps string
	)
	err := s.db.QueryRow(ctx, `SELECT id, file_name, sport, started_at, duration_s, laps, race_result_id, race_result_created
		FROM imported_activities WHERE id = ? AND user_id = ?`, id, userID).
		Scan(&a.ID, &a.FileName, &a.Sport, &a.StartedAt, &a.DurationS, &laps, &a.RaceResultID, &a.created)
	a.Laps = lapsOf(laps)
	return a, err
}

// claimResult marks the activity as being saved as a result (race_result_id
// 0) when it holds none, or holds the result stored (one deleted since);
// false when another confirmation got there first.
func (s *Store) claimResult(ctx context.Context, userID, id, stored int64) (bool, error) {
	res, err := s.db.Exec(ctx, `UPDATE imported_activities SET race_result_id = 0
		WHERE id = ? AND user_id = ? AND (race_result_id IS NULL OR (race_result_id = ? AND race_result_id <> 0))`, id, userID, stored)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// setResult records the result saved from the activity (nil releases a claim).
func (s *Store) setResult(ctx context.Context, userID, id int64, ref *ResultRef) error {
	var resultID, created *int64
	if ref != nil {
		c := ref.Created.UnixMicro()
		resultID, created = &ref.ID, &c
	}
	_, err := s.db.Exec(ctx, `UPDATE imported_activities SET race_result_id = ?, race_result_created = ? WHERE id = ? AND user_id = ?`,
		resultID, created, id, userID)
	return err
}
