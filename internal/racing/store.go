package racing

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
)

// Store is the SQL of the racing area.
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Periods of the leaderboard.
var Periods = []string{"week", "month", "all"}

// WeekStart is the Monday of date's week; MonthStart the first of its month.
func WeekStart(d time.Time) string {
	off := (int(d.Weekday()) + 6) % 7
	return d.AddDate(0, 0, -off).Format(time.DateOnly)
}
func MonthStart(d time.Time) string { return d.Format("2006-01") + "-01" }

// boardsOf lists the leaderboards a complete result of a kind counts in.
func boardsOf(date time.Time, division, kind string) []Board {
	var out []Board
	for _, b := range []string{division, "all"} {
		out = append(out,
			Board{"week", WeekStart(date), b, kind},
			Board{"month", MonthStart(date), b, kind},
			Board{"all", "", b, kind})
	}
	return out
}

func joinSplits(xs []string) string { return strings.Join(xs, ",") }

func encodeRuns(r [8]int) string {
	s := make([]string, 8)
	for i, v := range r {
		s[i] = strconv.Itoa(v)
	}
	return joinSplits(s)
}

func encodeStations(r [8]*int) string {
	s := make([]string, 8)
	for i, v := range r {
		if v != nil {
			s[i] = strconv.Itoa(*v)
		}
	}
	return joinSplits(s)
}

func decodeSplits(runs, stations string, r *Result) error {
	rp, sp := strings.Split(runs, ","), strings.Split(stations, ",")
	if len(rp) != 8 || len(sp) != 8 {
		return errors.New("racing: bad stored splits")
	}
	for i := range 8 {
		n, err := strconv.Atoi(rp[i])
		if err != nil {
			return err
		}
		r.RunSplits[i] = n
		if sp[i] != "" {
			m, err := strconv.Atoi(sp[i])
			if err != nil {
				return err
			}
			r.StationSplits[i] = &m
		}
	}
	return nil
}

const resultColumns = `id, user_id, date, event_name, kind, division, run_splits, station_splits, roxzone_seconds, total_seconds, complete, created_at`

func scanResult(row interface{ Scan(...any) error }) (Result, error) {
	var r Result
	var runs, stations string
	err := row.Scan(&r.ID, &r.UserID, &r.Date, &r.EventName, &r.Kind, &r.Division, &runs, &stations,
		&r.RoxzoneSeconds, &r.TotalSeconds, &r.Complete, &r.CreatedAt)
	if err != nil {
		return r, err
	}
	r.CreatedAt = r.CreatedAt.UTC()
	return r, decodeSplits(runs, stations, &r)
}

// upsertBest keeps (board, user) pointing at the better of its current best
// and the given result: the lower ranked time (a race at an average venue,
// docs/analytics.md#venues), then the earlier date, then the earlier result.
const upsertBest = `INSERT INTO race_bests (period, period_start, board, kind, user_id, result_id, division, total_seconds, ranked_seconds, date)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (period, period_start, board, kind, user_id) DO UPDATE SET
		result_id = excluded.result_id, division = excluded.division,
		total_seconds = excluded.total_seconds, ranked_seconds = excluded.ranked_seconds, date = excluded.date
	WHERE (excluded.ranked_seconds, excluded.date, excluded.result_id) < (race_bests.ranked_seconds, race_bests.date, race_bests.result_id)`

// CreateResult inserts a result, records the athlete's username (and, on
// their first result, whether they are a coach: coaches are left off the
// leaderboard; later role changes arrive through SetCoach, not from a
// session that may predate them) and updates the athlete's bests.
func (s *Store) CreateResult(ctx context.Context, r Result, username string, coach bool) (Result, error) {
	date, err := time.Parse(time.DateOnly, r.Date)
	if err != nil {
		return r, err
	}
	ranked := RankedSeconds(fitted.Venues, r)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO racing_athletes (user_id, username, coach, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, updated_at = excluded.updated_at`,
			r.UserID, username, coach, r.CreatedAt); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO race_results (user_id, date, week_start, month_start, event_name, kind, division,
				run_splits, station_splits, roxzone_seconds, total_seconds, ranked_seconds, complete, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			r.UserID, r.Date, WeekStart(date), MonthStart(date), r.EventName, r.Kind, r.Division,
			encodeRuns(r.RunSplits), encodeStations(r.StationSplits), r.RoxzoneSeconds, r.TotalSeconds, ranked, r.Complete, r.CreatedAt).Scan(&r.ID); err != nil {
			return err
		}
		if !r.Complete {
			return nil
		}
		for _, b := range boardsOf(date, r.Division, r.Kind) {
			if _, err := tx.Exec(ctx, upsertBest, b.Period, b.PeriodStart, b.Division, b.Kind, r.UserID, r.ID,
				r.Division, r.TotalSeconds, ranked, r.Date); err != nil {
				return err
			}
		}
		return nil
	})
	return r, err
}

// refillBest puts the athlete's best remaining complete result back on one board.
const refillBest = `INSERT INTO race_bests (period, period_start, board, kind, user_id, result_id, division, total_seconds, ranked_seconds, date)
	SELECT ?, ?, ?, kind, user_id, id, division, total_seconds, ranked_seconds, date FROM (
		SELECT user_id, id, division, kind, total_seconds, ranked_seconds, date FROM race_results
		WHERE user_id = ? AND complete = ? AND kind = ? AND date >= ? AND date < ? AND (? OR division = ?)
		ORDER BY ranked_seconds, date, id LIMIT 1) best
	WHERE true
	ON CONFLICT (period, period_start, board, kind, user_id) DO NOTHING`

// GetResult is one of the user's results; another user's is a 404.
func (s *Store) GetResult(ctx context.Context, userID, id int64) (Result, error) {
	r, err := scanResult(s.db.QueryRow(ctx, `SELECT `+resultColumns+` FROM race_results WHERE id = ? AND user_id = ?`, id, userID))
	return r, apperr.NotFoundIfNoRows(err, apperr.ErrNotFound)
}

// UpdateResult replaces one of the user's results (r.ID, r.UserID) and keeps
// the bests right: the boards of its old date and division drop it and are
// refilled from the athlete's results (the edited one included), then the
// edited result competes on the boards of its new date and division.
func (s *Store) UpdateResult(ctx context.Context, r Result) (Result, error) {
	date, err := time.Parse(time.DateOnly, r.Date)
	if err != nil {
		return r, err
	}
	ranked := RankedSeconds(fitted.Venues, r)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var oldDate, oldDivision, oldKind string
		if err := tx.QueryRow(ctx, `SELECT date, division, kind FROM race_results WHERE id = ? AND user_id = ?`, r.ID, r.UserID).
			Scan(&oldDate, &oldDivision, &oldKind); err != nil {
			return apperr.NotFoundIfNoRows(err, apperr.ErrNotFound)
		}
		if err := tx.QueryRow(ctx, `UPDATE race_results SET date = ?, week_start = ?, month_start = ?, event_name = ?, kind = ?,
				division = ?, run_splits = ?, station_splits = ?, roxzone_seconds = ?, total_seconds = ?, ranked_seconds = ?, complete = ?
			WHERE id = ? AND user_id = ? RETURNING created_at`,
			r.Date, WeekStart(date), MonthStart(date), r.EventName, r.Kind, r.Division,
			encodeRuns(r.RunSplits), encodeStations(r.StationSplits), r.RoxzoneSeconds, r.TotalSeconds, ranked, r.Complete,
			r.ID, r.UserID).Scan(&r.CreatedAt); err != nil {
			return err
		}
		r.CreatedAt = r.CreatedAt.UTC()
		if _, err := tx.Exec(ctx, `DELETE FROM race_bests WHERE result_id = ?`, r.ID); err != nil {
			return err
		}
		old, err := time.Parse(time.DateOnly, oldDate)
		if err != nil {
			return err
		}
		for _, b := range boardsOf(old, oldDivision, oldKind) {
			from, to := periodRange(b.Period, b.PeriodStart)
			if _, err := tx.Exec(ctx, refillBest, b.Period, b.PeriodStart, b.Division, r.UserID, true, oldKind, from, to, b.Division == "all", b.Division); err != nil {
				return err
			}
		}
		if !r.Complete {
			return nil
		}
		for _, b := range boardsOf(date, r.Division, r.Kind) {
			if _, err := tx.Exec(ctx, upsertBest, b.Period, b.PeriodStart, b.Division, b.Kind, r.UserID, r.ID,
				r.Division, r.TotalSeconds, ranked, r.Date); err != nil {
				return err
			}
		}
		return nil
	})
	return r, err
}

// DeleteResult deletes one of the user's results; another user's is a 404.
// The bests it held (removed by the cascade) are refilled from what remains.
func (s *Store) DeleteResult(ctx context.Context, userID, id int64) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var date, division, kind string
		var complete bool
		err := tx.QueryRow(ctx, `DELETE FROM race_results WHERE id = ? AND user_id = ? RETURNING date, division, kind, complete`,
			id, userID).Scan(&date, &division, &kind, &complete)
		if err != nil || !complete {
			return apperr.NotFoundIfNoRows(err, apperr.ErrNotFound)
		}
		d, err := time.Parse(time.DateOnly, date)
		if err != nil {
			return err
		}
		for _, b := range boardsOf(d, division, kind) {
			from, to := periodRange(b.Period, b.PeriodStart)
			if _, err := tx.Exec(ctx, refillBest, b.Period, b.PeriodStart, b.Division, userID, true, kind, from, to, b.Division == "all", b.Division); err != nil {
				return err
			}
		}
		return nil
	})
}

// periodRange is the half-open date range [from, to) of a board's period.
func periodRange(period, start string) (string, string) {
	if period == "all" {
		return "0000-01-01", "9999-12-31"
	}
	d, _ := time.Parse(time.DateOnly, start)
	if period == "week" {
		return start, d.AddDate(0, 0, 7).Format(time.DateOnly)
	}
	return start, d.AddDate(0, 1, 0).Format(time.DateOnly)
}

// ListResults is one page of the user's results, newest first (date, then id).
func (s *Store) ListResults(ctx context.Context, userID int64, afterDate string, afterID int64, limit int) ([]Result, error) {
	var rows *sql.Rows
	var err error
	if afterDate == "" {
		rows, err = s.db.Query(ctx, `SELECT `+resultColumns+` FROM race_results WHERE user_id = ?
			ORDER BY date DESC, id DESC LIMIT ?`, userID, limit)
	} else {
		rows, err = s.db.Query(ctx, `SELECT `+resultColumns+` FROM race_results WHERE user_id = ? AND (date, id) < (?, ?)
			ORDER BY date DESC, id DESC LIMIT ?`, userID, afterDate, afterID, limit)
	}
	return db.Collect(rows, err, scanResult)
}

// RecentResults is the user's latest results (at most limit), newest first.
func (s *Store) RecentResults(ctx context.Context, userID int64, limit int) ([]Result, error) {
	return s.ListResults(ctx, userID, "", 0, limit)
}

// Leaderboard reads the top of one board: each athlete's best of the board's
// kind, ranked by time (a race's at an average venue), ties broken by the earlier result. One index range read on race_bests;
// coaches' bests are skipped (docs/coaching.md: coaches are not on the board).
func (s *Store) Leaderboard(ctx context.Context, b Board, limit int) ([]Entry, error) {
	rows, err := s.db.Query(ctx, `SELECT b.result_id, a.username, b.division, b.total_seconds, b.ranked_seconds, b.kind, b.date, b.user_id
		FROM race_bests b JOIN racing_athletes a ON a.user_id = b.user_id
		WHERE b.period = ? AND b.period_start = ? AND b.board = ? AND b.kind = ? AND a.coach = ?
		ORDER BY b.ranked_seconds, b.date, b.result_id
		LIMIT ?`, b.Period, b.PeriodStart, b.Division, b.Kind, false, limit)
	rank := 0
	return db.Collect(rows, err, func(row db.Scanner) (e Entry, err error) {
		var ranked int
		err = row.Scan(&e.ID, &e.Username, &e.Division, &e.Time, &ranked, &e.RecordType, &e.Date, &e.UserID)
		e.setRanked(ranked)
		rank++
		e.Rank = rank // the order is the ranking: no window over the whole board
		return e, err
	})
}

// RankCountCap bounds the count behind a rank: past it the rank is shown as
// "RankCountCap+" so the read stays fast on boards of any size.
var RankCountCap = 5000

// MyEntry is the user's own entry on a board with its rank, or nil (also for
// a coach, who is not on the board). The rank counts the athletes' entries
// ahead (an index range read, at most RankCountCap rows); capped reports that
// there are at least that many.
func (s *Store) MyEntry(ctx context.Context, b Board, userID int64) (*Entry, bool, error) {
	var e Entry
	var ahead, ranked int
	err := s.db.QueryRow(ctx, `WITH me AS (
			SELECT result_id, division, total_seconds, ranked_seconds, kind, date, user_id FROM race_bests
			WHERE period = ? AND period_start = ? AND board = ? AND kind = ? AND user_id = ?)
		SELECT me.result_id, a.username, me.division, me.total_seconds, me.ranked_seconds, me.kind, me.date, me.user_id,
			(SELECT COUNT(*) FROM (
				SELECT 1 FROM race_bests o JOIN me m
					ON (o.ranked_seconds, o.date, o.result_id) < (m.ranked_seconds, m.date, m.result_id)
				JOIN racing_athletes oa ON oa.user_id = o.user_id
				WHERE o.period = ? AND o.period_start = ? AND o.board = ? AND o.kind = ? AND oa.coach = ?
				LIMIT ?) ahead)
		FROM me JOIN racing_athletes a ON a.user_id = me.user_id
		WHERE a.coach = ?`,
		b.Period, b.PeriodStart, b.Division, b.Kind, userID, b.Period, b.PeriodStart, b.Division, b.Kind, false, RankCountCap, false).
		Scan(&e.ID, &e.Username, &e.Division, &e.Time, &ranked, &e.RecordType, &e.Date, &e.UserID, &ahead)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	e.setRanked(ranked)
	e.Rank = ahead + 1
	return &e, ahead >= RankCountCap, nil
}

// CountResults counts the user's results (tests use it to check that bad input changed nothing).
func (s *Store) CountResults(ctx context.Context, userID int64) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM race_results WHERE user_id = ?`, userID).Scan(&n)
	return n, err
}

// RebuildBests recomputes every leaderboard's bests from race_results (for
// bulk loads and repairs); writes keep race_bests current without it.
func (s *Store) RebuildBests(ctx context.Context) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error { return rebuildBests(ctx, tx) })
}

func rebuildBests(ctx context.Context, tx *db.Tx) error {
	if _, err := tx.Exec(ctx, `DELETE FROM race_bests`); err != nil {
		return err
	}
	// Each partition is one board of one kind (races and simulations apart).
	for _, q := range []struct{ period, start, board, partition string }{
		{"week", "week_start", "division", "user_id, week_start, division, kind"},
		{"week", "week_start", "'all'", "user_id, week_start, kind"},
		{"month", "month_start", "division", "user_id, month_start, division, kind"},
		{"month", "month_start", "'all'", "user_id, month_start, kind"},
		{"all", "''", "division", "user_id, division, kind"},
		{"all", "''", "'all'", "user_id, kind"},
	} {
		if _, err := tx.Exec(ctx, `INSERT INTO race_bests (period, period_start, board, user_id, result_id, division, kind, total_seconds, ranked_seconds, date)
			SELECT '`+q.period+`', ps, b, user_id, id, division, kind, total_seconds, ranked_seconds, date FROM (
				SELECT `+q.start+` AS ps, `+q.board+` AS b, user_id, id, division, kind, total_seconds, ranked_seconds, date,
					ROW_NUMBER() OVER (PARTITION BY `+q.partition+` ORDER BY ranked_seconds, date, id) AS rn
				FROM race_results WHERE complete = ?) ranked
			WHERE rn = 1`, true); err != nil {
			return err
		}
	}
	return nil
}

// CorrectVenues brings every race's ranked time in line with venues (the
// shipped factors, docs/analytics.md#venues) when they differ from the ones
// it was computed with, and rebuilds the bests. Otherwise it only repairs
// results written without a ranked time (0: by a server of the version
// before it, during a rolling deploy), a read of a partial index that is
// empty otherwise. The fingerprint row is updated first, so of several
// servers starting at once one does the work and the others wait for it.
func (s *Store) CorrectVenues(ctx context.Context, venues []Venue) (bool, error) {
	fingerprint := venueFingerprint(venues)
	changed := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE racing_venue_model SET fingerprint = ? WHERE id = 1 AND fingerprint <> ?`, fingerprint, fingerprint)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		changed = n > 0
		query := `SELECT id, event_name, kind, total_seconds, ranked_seconds FROM race_results WHERE ranked_seconds = 0`
		if changed {
			query = `SELECT id, event_name, kind, total_seconds, ranked_seconds FROM race_results WHERE kind = 'race' OR ranked_seconds = 0`
		}
		rows, err := tx.Query(ctx, query)
		type fix struct{ id, ranked int64 }
		var fixes []fix
		if err := db.Each(rows, err, func(row db.Scanner) error {
			var r Result
			var ranked int
			if err := row.Scan(&r.ID, &r.EventName, &r.Kind, &r.TotalSeconds, &ranked); err != nil {
				return err
			}
			if want := RankedSeconds(venues, r); want != ranked {
				fixes = append(fixes, fix{r.ID, int64(want)})
			}
			return nil
		}); err != nil {
			return err
		}
		for _, f := range fixes {
			if _, err := tx.Exec(ctx, `UPDATE race_results SET ranked_seconds = ? WHERE id = ?`, f.ranked, f.id); err != nil {
				return err
			}
		}
		if len(fixes) == 0 {
			return nil
		}
		return rebuildBests(ctx, tx)
	})
	return changed, err
}

// SetCoach records whether userID is a coach (coaches are left off the
// leaderboard). An account with no result yet has no row: its first result
// records the role from the session.
func (s *Store) SetCoach(ctx context.Context, userID int64, coach bool, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE racing_athletes SET coach = ?, updated_at = ? WHERE user_id = ?`, coach, now, userID)
	return err
}

// RenameAthlete updates the username the leaderboard shows for userID.
func (s *Store) RenameAthlete(ctx context.Context, userID int64, username string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE racing_athletes SET username = ?, updated_at = ? WHERE user_id = ?`, username, now, userID)
	return err
}

// LatestDivision is the division of the user's latest result ("" when none):
// one index read on race_results_user_date.
func (s *Store) LatestDivision(ctx context.Context, userID int64) (string, error) {
	var division string
	err := s.db.QueryRow(ctx, `SELECT division FROM race_results WHERE user_id = ? ORDER BY date DESC, id DESC LIMIT 1`, userID).Scan(&division)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return division, err
}
