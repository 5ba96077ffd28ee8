package imports

import (
	"archive/zip"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"runtime"
	"slices"
	"strings"
)

// Limits of a Strava bulk export (docs/import.md#strava-archives).
const (
	maxArchiveEntries  = 50_000
	maxArchiveUnpacked = 4 << 30 // everything read from one archive
)

// errUnsafeArchive refuses an archive whose names climb out of it or are
// absolute: nothing is ever written to disk, but such a file is not a Strava
// export and may target other tools.
var errUnsafeArchive = errors.New("holds unsafe file names (absolute or with ..) and was refused")

// archiveSink takes an archive's results as its activity files are read: a
// background batch records them as it goes (batch.go), a direct upload
// collects them for its answer.
type archiveSink interface {
	// begin is told how many activity files the archive lists and answers
	// how many of them an earlier, cut-off read already recorded: those are
	// passed over.
	begin(total int) (done int, err error)
	// entry takes the result of the next activity file; an error stops the
	// read (a failed write, or an instance that is stopping).
	entry(FileResult) error
}

// collected is the sink of a direct upload.
type collected struct{ files []FileResult }

func (c *collected) begin(int) (int, error)   { return 0, nil }
func (c *collected) entry(f FileResult) error { c.files = append(c.files, f); return nil }

// importArchive imports a Strava bulk export for a direct upload: one result
// per activity file in it, or one naming the archive when it is refused.
func (s *Service) importArchive(ctx context.Context, userID int64, name string, r io.Reader, opt Options) []FileResult {
	var c collected
	// Collecting never fails; a read cut off (the upload's client went away)
	// answers what was read by then.
	refused, _ := s.readArchive(ctx, userID, name, r, opt, &c)
	if refused != nil {
		return []FileResult{*refused}
	}
	return c.files
}

// readArchive imports a Strava bulk export (a .zip with activities.csv and
// the activity files under activities/), handing each activity file's result
// to sink. The upload is spooled to a temporary file (zip's index is at its
// end), deleted when the import ends; entries are then decompressed one at a
// time with the per-file limits, so memory holds one activity file at most.
// It answers the archive's refusal when it cannot be read at all (nothing
// was written then), or the sink's error.
func (s *Service) readArchive(ctx context.Context, userID int64, name string, r io.Reader, opt Options, sink archiveSink) (*FileResult, error) {
	fail := func(reason string) (*FileResult, error) {
		return &FileResult{Name: name, Error: reason, Activities: []ActivityResult{}}, nil
	}
	tmp, err := os.CreateTemp("", "hyrox-import-*.zip")
	if err != nil {
		return fail("could not be stored for reading; please try again")
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	n, err := io.Copy(tmp, io.LimitReader(r, s.limits.MaxArchiveBytes+1))
	if err != nil {
		return fail("could not be read")
	}
	if n > s.limits.MaxArchiveBytes {
		return fail(fmt.Sprintf("is larger than %s", megabytes(s.limits.MaxArchiveBytes)))
	}
	zr, err := zip.NewReader(tmp, n)
	if err != nil {
		return fail("is not a valid ZIP archive")
	}
	if len(zr.File) > maxArchiveEntries {
		return fail("holds too many files")
	}
	entries := make(map[string]*zip.File, len(zr.File))
	for _, f := range zr.File {
		if unsafeName(f.Name) {
			return fail(errUnsafeArchive.Error())
		}
		entries[f.Name] = f
	}
	index, ok := entries["activities.csv"]
	if !ok {
		return fail("is not a Strava export (it has no activities.csv)")
	}
	rows, err := stravaIndex(index, s.limits.MaxFileBytes)
	if err != nil {
		return fail(err.Error())
	}
	// Activities without a file (added by hand on Strava) are passed over.
	rows = slices.DeleteFunc(rows, func(r stravaRow) bool { return r.file == "" })
	if len(rows) == 0 {
		return fail("holds no activity files")
	}
	done, err := sink.begin(len(rows))
	if err != nil {
		return nil, err
	}
	budget := int64(maxArchiveUnpacked)
	for _, row := range rows[min(done, len(rows)):] {
		var res FileResult
		f, ok := entries[row.file]
		switch {
		case !ok:
			res = FileResult{Name: row.file, Error: "is listed in activities.csv but missing from the archive", Activities: []ActivityResult{}}
		case budget <= 0:
			res = FileResult{Name: row.file, Error: "was not read: the archive unpacks to more than 4 GB", Activities: []ActivityResult{}}
		default:
			res = s.importEntry(ctx, userID, f, row.sport, opt, &budget)
		}
		if err := ctx.Err(); err != nil {
			// Cut off inside the entry: its result may be a failure that is
			// not the file's; it is read again.
			return nil, err
		}
		if err := sink.entry(res); err != nil {
			return nil, err
		}
		// Each activity is some milliseconds of decoding: between two, the
		// requests waiting for the server's core go first. Go's scheduler looks
		// at newly ready work (a read's answer from the network) far less often
		// than at the goroutine it just preempted, so without this an import
		// held other athletes' reads back by hundreds of milliseconds
		// (docs/import.md#background-imports).
		runtime.Gosched()
	}
	return nil, nil
}

// importEntry imports one activity file of an archive; the Strava type names
// the sport when the file does not.
func (s *Service) importEntry(ctx context.Context, userID int64, f *zip.File, sport string, opt Options, budget *int64) FileResult {
	rc, err := f.Open()
	if err != nil {
		return FileResult{Name: f.Name, Error: "could not be unpacked", Activities: []ActivityResult{}}
	}
	defer rc.Close()
	counted := &countingReader{r: rc, size: int64(f.UncompressedSize64)}
	acts, err := Parse(f.Name, counted, opt.Zone, s.limits)
	*budget -= counted.n
	var fe *FileError
	if errors.As(err, &fe) {
		return FileResult{Name: f.Name, Error: fe.Reason, Activities: []ActivityResult{}}
	}
	res := FileResult{Name: f.Name, Activities: make([]ActivityResult, 0, len(acts))}
	for i := range acts {
		if acts[i].Sport == SportOther && sport != SportOther {
			acts[i].Sport = sport
		}
		res.Activities = append(res.Activities, s.importActivity(ctx, userID, baseName(f.Name), &acts[i], opt))
	}
	return res
}

type countingReader struct {
	r    io.Reader
	n    int64
	size int64 // what the archive says the entry unpacks to
}

// Size lets Parse make its buffer as large as the entry at once.
func (c *countingReader) Size() int64 { return c.size }

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// unsafeName is an archive path that is absolute or climbs out (../),
// with either slash.
func unsafeName(name string) bool {
	n := strings.ReplaceAll(name, `\`, "/")
	if strings.HasPrefix(n, "/") || (len(n) > 1 && n[1] == ':') {
		return true
	}
	for _, part := range strings.Split(n, "/") {
		if part == ".." {
			return true
		}
	}
	return false
}

type stravaRow struct {
	file  string
	sport string
}

// stravaIndex reads activities.csv: each activity's file and type.
func stravaIndex(f *zip.File, max int64) ([]stravaRow, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, errors.New("has an activities.csv that cannot be unpacked")
	}
	defer rc.Close()
	data, err := readCapped(rc, max, int64(f.UncompressedSize64))
	if err != nil || data == nil {
		return nil, errors.New("has an activities.csv that cannot be read or is too large")
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(data), "\ufeff")))
	r.FieldsPerRecord = -1
	head, err := r.Read()
	if err != nil {
		return nil, errors.New("has an empty activities.csv")
	}
	col := map[string]int{}
	for i, h := range head {
		if _, seen := col[strings.TrimSpace(h)]; !seen { // Strava repeats some headings; the first is the summary
			col[strings.TrimSpace(h)] = i
		}
	}
	fileCol, ok1 := col["Filename"]
	typeCol, ok2 := col["Activity Type"]
	if !ok1 || !ok2 {
		return nil, errors.New("is not a Strava export (activities.csv lacks Activity Type or Filename)")
	}
	var rows []stravaRow
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errors.New("has an activities.csv that is not valid CSV")
		}
		row := stravaRow{sport: SportOther}
		if fileCol < len(rec) {
			row.file = path.Clean(strings.TrimSpace(rec[fileCol]))
			if row.file == "." {
				row.file = ""
			}
		}
		if typeCol < len(rec) {
			row.sport = textSport(rec[typeCol])
		}
		rows = append(rows, row)
	}
	return rows, nil
}
