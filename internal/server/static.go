package server

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// staticFile is one built asset with its pre-compressed variants.
type staticFile struct {
	body, gzip, brotli []byte
	contentType        string
	etag               string
}

// SPA serves the built web app: hashed assets under /assets/ are cached
// forever, index.html never; any other path without a file answers
// index.html so the client router can show the page (or its 404).
type SPA struct {
	files map[string]*staticFile
	index *staticFile
}

// NewSPA indexes every file in dist once, at start.
func NewSPA(dist fs.FS) (*SPA, error) {
	s := &SPA{files: map[string]*staticFile{}}
	err := fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".gz") || strings.HasSuffix(p, ".br") || path.Base(p) == ".gitkeep" {
			return err
		}
		body, err := fs.ReadFile(dist, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		f := &staticFile{body: body, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		f.contentType = mime.TypeByExtension(path.Ext(p))
		if f.contentType == "" {
			f.contentType = http.DetectContentType(body)
		}
		f.gzip, _ = fs.ReadFile(dist, p+".gz")
		f.brotli, _ = fs.ReadFile(dist, p+".br")
		s.files["/"+p] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.index = s.files["/index.html"]
	if s.index == nil {
		s.index = &staticFile{contentType: "text/html; charset=utf-8",
			body: []byte("<!doctype html><title>HYROX</title><p>The web app is not built. Run <code>make run</code>.</p>")}
	}
	return s, nil
}

func (s *SPA) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	f, ok := s.files[r.URL.Path]
	switch {
	case ok && r.URL.Path != "/index.html":
		if strings.HasPrefix(r.URL.Path, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "public, max-age=3600")
		}
	case !ok && strings.HasPrefix(r.URL.Path, "/assets/"):
		// A missing hashed asset must not turn into index.html (a stale tab would parse HTML as JS).
		http.NotFound(w, r)
		return
	default:
		f = s.index
		w.Header().Set("Cache-Control", "no-store")
	}
	s.write(w, r, f)
}

func (s *SPA) write(w http.ResponseWriter, r *http.Request, f *staticFile) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", f.etag)
	if f.etag != "" && r.Header.Get("If-None-Match") == f.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	accept := r.Header.Get("Accept-Encoding")
	switch {
	case f.brotli != nil && acceptsEncoding(accept, "br"):
		h.Set("Content-Encoding", "br")
		body = f.brotli
	case f.gzip != nil && acceptsEncoding(accept, "gzip"):
		h.Set("Content-Encoding", "gzip")
		body = f.gzip
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), enc) {
			return !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0") || strings.Contains(params, "q=0.")
		}
	}
	return false
}
