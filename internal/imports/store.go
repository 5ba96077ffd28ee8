package imports

import (
	"context"
	"encoding/json"
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
const duplicateQuery = `SELECT COUNT(*) FROM imported_activities
	WHERE user_id = ? AND started_epoch BETWEEN ? AND ? AND sport = ?`

func windowOf(start time.Time) (int64, int64) {
	w := int64(DuplicateWindow / time.Second)
	return start.Unix() - w, start.Unix() + w
}

// HasDuplicate reports whether the athlete already has this activity.
func (s *Store) HasDuplicate(ctx context.Context, userID int64, sport string, start time.Time) (bool, error) {
	from, to := windowOf(start)
	var n int
	err := s.db.QueryRow(ctx, duplicateQuery, userID, from, to, sport).Scan(&n)
	return n > 0, err
}

// importLockClass namespaces the PostgreSQL advisory lock imports take per
// athlete.
const importLockClass = int64(901) << 40

// insert writes an activity's row in the log's transaction. It checks for a
// duplicate again under a per-athlete lock (SQLite's write transaction is
// exclusive already), so two uploads of the same file at once import it once;
// a duplicate rolls the whole transaction back, log included.
func (s *Store) insert(ctx context.Context, tx *db.Tx, userID, logID int64, r record) error {
	if tx.Dialect() == db.Postgres {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(?)`, importLockClass|userID); err != nil {
			return err
		}
	}
	from, to := windowOf(r.StartedAt)
	var n int
	if err := tx.QueryRow(ctx, duplicateQuery, userID, from, to, r.Sport).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errDuplicate
	}
	zones := r.Zones
	if zones == nil {
		zones = []int{}
	}
	splits := r.Splits
	if splits == nil {
		splits = []Split{}
	}
	_, err := tx.Exec(ctx, `INSERT INTO imported_activities (user_id, log_id, source, file_name, sport, started_at, started_epoch,
		duration_s, distance_m, elevation_gain_m, avg_hr, max_hr, calories, avg_watts, stroke_rate, zones, splits, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		userID, logID, r.Source, r.File, r.Sport, r.StartedAt, r.StartedAt.Unix(),
		int(r.Duration.Seconds()), r.DistanceM, r.ElevationGainM, r.AvgHR, r.MaxHR, r.Calories, r.AvgWatts, r.StrokeRate,
		marshalJSON(zones), marshalJSON(splits), time.Now().UTC())
	return err
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
}

// Export lists every imported activity of the athlete, oldest first.
func (s *Store) Export(ctx context.Context, userID int64) ([]ExportedActivity, error) {
	rows, err := s.db.Query(ctx, `SELECT log_id, source, file_name, sport, started_at, duration_s, distance_m, elevation_gain_m,
		avg_hr, max_hr, calories, avg_watts, stroke_rate, zones, splits
		FROM imported_activities WHERE user_id = ? ORDER BY started_epoch, id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []ExportedActivity{}
	for rows.Next() {
		var (
			e             ExportedActivity
			zones, splits string
		)
		if err := rows.Scan(&e.LogID, &e.Source, &e.FileName, &e.Sport, &e.StartedAt, &e.DurationS, &e.DistanceM, &e.ElevationGainM,
			&e.AvgHR, &e.MaxHR, &e.Calories, &e.AvgWatts, &e.StrokeRate, &zones, &splits); err != nil {
			return nil, err
		}
		e.Zones, e.Splits = json.RawMessage(zones), json.RawMessage(splits)
		e.StartedAt = e.StartedAt.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}
