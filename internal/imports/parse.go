package imports

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
)

// Parse reads one uploaded file into its activities. The format follows the
// name's extension (.fit, .tcx, .gpx, each optionally .gz, and .csv for the
// Concept2 logbook); loc is the athlete's zone, for files whose times carry
// none (the Concept2 CSV). Every error is a *FileError naming the file.
func Parse(name string, r io.Reader, loc *time.Location, lim Limits) ([]Activity, error) {
	base := baseName(name)
	lower := strings.ToLower(base)
	data, err := readCapped(r, lim.MaxFileBytes)
	if err != nil {
		return nil, fileErr(base, "could not be read")
	}
	if data == nil {
		return nil, fileErr(base, "is larger than %s", megabytes(lim.MaxFileBytes))
	}
	if inner, ok := strings.CutSuffix(lower, ".gz"); ok {
		lower = inner
		if data, err = gunzip(data, lim.MaxUnpackedBytes); err != nil {
			return nil, &FileError{Name: base, Reason: err.Error()}
		}
	}
	var acts []Activity
	switch path.Ext(lower) {
	case ".fit":
		acts, err = parseFIT(data)
	case ".tcx":
		acts, err = parseTCX(data)
	case ".gpx":
		acts, err = parseGPX(data)
	case ".csv":
		acts, err = parseConcept2(data, loc)
	default:
		return nil, fileErr(base, "is not a FIT, TCX, GPX (or .gz of one), Concept2 CSV or Strava export (.zip) file")
	}
	if err != nil {
		return nil, &FileError{Name: base, Reason: err.Error()}
	}
	if len(acts) == 0 {
		return nil, fileErr(base, "holds no activity")
	}
	for i := range acts {
		acts[i].finish()
	}
	return acts, nil
}

// readCapped reads r whole; nil (and no error) when it is longer than max.
func readCapped(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, nil
	}
	return data, nil
}

// gunzip decompresses data, stopping as soon as the output passes max (a
// gzip bomb costs at most max bytes).
func gunzip(data []byte, max int64) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("is not a valid gzip file")
	}
	out, err := readCapped(zr, max)
	if err != nil {
		return nil, fmt.Errorf("is not a valid gzip file (%v)", err)
	}
	if out == nil {
		return nil, fmt.Errorf("unpacks to more than %s", megabytes(max))
	}
	return out, nil
}

func megabytes(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}
