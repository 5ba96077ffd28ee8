package imports

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
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
	var size int64
	if s, ok := r.(interface{ Size() int64 }); ok { // bytes.Reader, an archive's entry
		size = s.Size()
	}
	data, err := readCapped(r, lim.MaxFileBytes, size)
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

// readCapped reads r whole; nil (and no error) when it is longer than limit.
// size, when known (else 0), is what r should hold: the buffer is made that
// large at once (up to sizeHintMax), not grown by doubling from 512 bytes
// (an import's garbage, which the collector pays for while it serves other
// athletes). The size comes from the file (a ZIP entry's header, a gzip
// trailer) and may lie: it only sizes the first buffer, at most limit+1
// bytes are read either way.
func readCapped(r io.Reader, limit, size int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, min(max(size, 0), limit, sizeHintMax)+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > limit {
		return nil, nil
	}
	return buf.Bytes(), nil
}

// sizeHintMax bounds the buffer a file's own size claim makes: more than
// any watch's activity file, little enough that a ZIP of lying headers
// makes no large allocations.
const sizeHintMax = 4 << 20

// gunzip decompresses data, stopping as soon as the output passes max (a
// gzip bomb costs at most max bytes).
func gunzip(data []byte, max int64) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("is not a valid gzip file")
	}
	// The trailer's last four bytes are the unpacked size (modulo 4 GiB).
	out, err := readCapped(zr, max, int64(binary.LittleEndian.Uint32(data[len(data)-4:])))
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
