package imports

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
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

func (h *HTTP) Register(mux *http.ServeMux) {
	mux.Handle("POST /api/imports", httpx.Handler(h.upload))
	mux.Handle("POST /api/imports/batches", httpx.Handler(h.queueBatch))
	mux.Handle("GET /api/imports/batches", httpx.Handler(h.batches))
	mux.Handle("GET /api/imports/batches/{id}", httpx.Handler(h.batch))
	mux.Handle("GET /api/imports/activities/{id}/hyrox", httpx.Handler(h.proposal))
	mux.Handle("POST /api/imports/activities/{id}/hyrox", httpx.Handler(h.confirm))
}

// upload reads the multipart body as a stream, one file part at a time: each
// file is parsed and its activities logged before the next is read, so
// memory holds one file at most.
func (h *HTTP) upload(w http.ResponseWriter, r *http.Request) error {
	me, opt, parts, err := h.openUpload(w, r)
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
		for _, f := range h.svc.Import(r.Context(), me.UserID, part.FileName(), part, opt) {
			res.Add(f)
		}
		part.Close()
	}
	if seen == 0 {
		return apperr.Invalid(map[string]string{"files": "Choose at least one file to import."}, "files")
	}
	return httpx.Reply(w, http.StatusOK, res, nil)
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
func (h *HTTP) queueBatch(w http.ResponseWriter, r *http.Request) error {
	me, opt, parts, err := h.openUpload(w, r)
	if err != nil {
		return err
	}
	var files []UploadedFile
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
		data, err := io.ReadAll(part)
		part.Close()
		if errors.As(err, &tooBig) {
			return apperr.Errorf(apperr.CodeTooLarge, "The upload is larger than 100 MB. Import fewer files at a time.")
		}
		if err != nil {
			return apperr.Errorf(apperr.CodeInvalid, "The upload could not be read. Choose the files again.")
		}
		files = append(files, UploadedFile{Name: part.FileName(), Data: data})
	}
	if len(files) == 0 {
		return apperr.Invalid(map[string]string{"files": "Choose at least one file to import."}, "files")
	}
	b, err := h.svc.QueueBatch(r.Context(), me.UserID, files, opt)
	return httpx.Reply(w, http.StatusAccepted, b, err)
}

func (h *HTTP) batches(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	out, err := h.svc.Batches(r.Context(), me.UserID)
	return httpx.Reply(w, http.StatusOK, out, err)
}

func (h *HTTP) batch(w http.ResponseWriter, r *http.Request) error {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return errBatchNotFound
	}
	b, err := h.svc.Batch(r.Context(), me.UserID, id)
	return httpx.Reply(w, http.StatusOK, b, err)
}

// openUpload is what both uploads check first: the signed-in athlete within
// the upload limit, the options, the size and the multipart body.
func (h *HTTP) openUpload(w http.ResponseWriter, r *http.Request) (httpx.Identity, Options, *multipart.Reader, error) {
	me, err := httpx.RequireUser(r)
	if err != nil {
		return me, Options{}, nil, err
	}
	if err := h.uploads.Allow("user:" + strconv.FormatInt(me.UserID, 10)); err != nil {
		return me, Options{}, nil, err
	}
	opt, err := options(r)
	if err != nil {
		return me, opt, nil, err
	}
	if r.ContentLength > MaxUploadBytes {
		return me, opt, nil, apperr.Errorf(apperr.CodeTooLarge, "The upload is larger than 100 MB. Import fewer files at a time.")
	}
	badBody := apperr.Errorf(apperr.CodeInvalid, "Send the files as multipart/form-data in the field 'files'.")
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "multipart/form-data" {
		return me, opt, nil, badBody
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxUploadBytes)
	parts, err := r.MultipartReader()
	if err != nil {
		return me, opt, nil, badBody
	}
	return me, opt, parts, nil
}
