package imports

import (
	"errors"
	"io"
	"io/fs"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"time"

	"hyrox/internal/apperr"
	"hyrox/internal/httpx"
)

// Upload limits of POST /api/imports (docs/import.md#limits-and-refusals).
const (
	MaxFiles       = 20
	MaxUploadBytes = 100 << 20
)

// HTTP serves POST /api/imports: any signed-in athlete, any tier.
type HTTP struct {
	svc      *Service
	uploads  *httpx.RateLimiter
	confirms *httpx.RateLimiter
}

func NewHTTP(svc *Service) *HTTP {
	return &HTTP{svc: svc,
		uploads:  httpx.NewRateLimiter(6*time.Second, 10, "You are importing too quickly. Please wait a moment and try again."),
		confirms: httpx.NewRateLimiter(3*time.Second, 20, "You are saving results too quickly. Please wait a moment and try again.")}
}

// Routes are the imports rows of the route table (ARCHITECTURE.md#routes).
// The uploads are Stream endpoints: they read the multipart body themselves.
func (h *HTTP) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/imports", Limit: h.uploads, Endpoint: httpx.Stream(h.upload)},
		{Pattern: "POST /api/imports/batches", Limit: h.uploads, Endpoint: httpx.Stream(h.queueBatch)},
		{Pattern: "GET /api/imports/batches", Endpoint: httpx.Read(h.batches)},
		{Pattern: "GET /api/imports/batches/{id}", NotFound: errBatchNotFound, Endpoint: httpx.Read(h.batch)},
		{Pattern: "GET /api/imports/activities/{id}/hyrox", Endpoint: httpx.Read(h.proposal)},
		{Pattern: "POST /api/imports/activities/{id}/hyrox", Limit: h.confirms, Endpoint: httpx.Write(http.StatusCreated, h.confirm)},
	}
}

// upload reads the multipart body as a stream, one file part at a time: each
// file is parsed and its activities logged before the next is read, so
// memory holds one file at most.
func (h *HTTP) upload(c *httpx.Call) error {
	opt, parts, err := openUpload(c)
	if err != nil {
		return err
	}
	res := Result{Files: []FileResult{}}
	seen := 0
	for {
		part, err := parts.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				res.Add(FileResult{Name: "(the rest of the upload)", Error: "was not read: the upload is larger than 100 MB", Activities: []ActivityResult{}})
				break
			}
			if seen == 0 {
				return apperr.Errorf(apperr.CodeInvalid, "The upload could not be read. Choose the files again.")
			}
			break
		}
		if part.FormName() != "files" || part.FileName() == "" {
			part.Close()
			continue
		}
		seen++
		if seen > MaxFiles {
			res.Add(FileResult{Name: baseName(part.FileName()), Error: "was not imported: at most 20 files at a time", Activities: []ActivityResult{}})
			part.Close()
			continue
		}
		for _, f := range h.svc.Import(c.Context(), c.Me.UserID, part.FileName(), part, opt) {
			res.Add(f)
		}
		part.Close()
	}
	if seen == 0 {
		return apperr.Invalid(map[string]string{"files": "Choose at least one file to import."}, "files")
	}
	return httpx.Reply(c.W, http.StatusOK, res, nil)
}

// options reads the athlete's zone and max heart rate from the query.
func options(r *http.Request) (Options, error) {
	var v apperr.Validator
	q := r.URL.Query()
	opt := Options{Zone: time.UTC}
	if tz := q.Get("timeZone"); tz != "" {
		loc, err := time.LoadLocation(tz)
		v.Check(err == nil && tz != "Local", "timeZone", "Unknown time zone")
		if err == nil {
			opt.Zone = loc
		}
	}
	if s := q.Get("maxHr"); s != "" {
		n, err := strconv.Atoi(s)
		v.Check(err == nil && n >= 100 && n <= 230, "maxHr", "Max heart rate must be between 100 and 230")
		opt.MaxHR = n
	}
	return opt, v.Err()
}

// queueBatch stores the uploaded files as a background import and answers
// 202 with the batch: a Strava archive or many files import on the job
// queue, with progress (docs/import.md#background-imports).
func (h *HTTP) queueBatch(c *httpx.Call) error {
	opt, parts, err := openUpload(c)
	if err != nil {
		return err
	}
	// The parts are spooled to a temporary file as they arrive and read back
	// one at a time as they are stored, so memory holds one file, never the
	// whole upload.
	spool, err := os.CreateTemp("", "hyrox-batch-*")
	if err != nil {
		return err
	}
	defer os.Remove(spool.Name())
	defer spool.Close()
	var files []UploadedFile
	var off int64
	for {
		part, err := parts.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return apperr.Errorf(apperr.CodeTooLarge, "The upload is larger than 100 MB. Import fewer files at a time.")
		}
		if err != nil {
			return apperr.Errorf(apperr.CodeInvalid, "The upload could not be read. Choose the files again.")
		}
		if part.FormName() != "files" || part.FileName() == "" {
			part.Close()
			continue
		}
		if len(files) == MaxFiles {
			part.Close()
			return apperr.Invalid(map[string]string{"files": "Import at most 20 files at a time."}, "files")
		}
		n, err := io.Copy(spool, part)
		part.Close()
		if errors.As(err, &tooBig) {
			return apperr.Errorf(apperr.CodeTooLarge, "The upload is larger than 100 MB. Import fewer files at a time.")
		}
		var pathErr *fs.PathError
		if errors.As(err, &pathErr) {
			return err // the temporary file, not the upload
		}
		if err != nil {
			return apperr.Errorf(apperr.CodeInvalid, "The upload could not be read. Choose the files again.")
		}
		files = append(files, UploadedFile{Name: part.FileName(), Size: n, Body: io.NewSectionReader(spool, off, n)})
		off += n
	}
	if len(files) == 0 {
		return apperr.Invalid(map[string]string{"files": "Choose at least one file to import."}, "files")
	}
	b, err := h.svc.QueueBatch(c.Context(), c.Me.UserID, files, opt)
	return httpx.Reply(c.W, http.StatusAccepted, b, err)
}

func (h *HTTP) batches(c *httpx.Call) ([]Batch, error) {
	return h.svc.Batches(c.Context(), c.Me.UserID)
}

func (h *HTTP) batch(c *httpx.Call) (Batch, error) {
	return h.svc.Batch(c.Context(), c.Me.UserID, c.ID)
}

// openUpload is what both uploads check first, past their row's gates: the
// options, the size and the multipart body.
func openUpload(c *httpx.Call) (Options, *multipart.Reader, error) {
	opt, err := options(c.R)
	if err != nil {
		return opt, nil, err
	}
	if c.R.ContentLength > MaxUploadBytes {
		return opt, nil, apperr.Errorf(apperr.CodeTooLarge, "The upload is larger than 100 MB. Import fewer files at a time.")
	}
	badBody := apperr.Errorf(apperr.CodeInvalid, "Send the files as multipart/form-data in the field 'files'.")
	if mt, _, _ := mime.ParseMediaType(c.R.Header.Get("Content-Type")); mt != "multipart/form-data" {
		return opt, nil, badBody
	}
	c.R.Body = http.MaxBytesReader(c.W, c.R.Body, MaxUploadBytes)
	parts, err := c.R.MultipartReader()
	if err != nil {
		return opt, nil, badBody
	}
	return opt, parts, nil
}
