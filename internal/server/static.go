package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
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
// index.html so the client router can show the page (or its 404). A page
// prerendered at build time (prerendered/<page>.html) answers its path instead
// for a visitor without a session (docs/product.md#prerendered-pages).
type SPA struct {
	files map[string]*staticFile
	index *staticFile
	// shell is the app shell with the signed-in chrome in #root, sent to a
	// visitor who may be signed in (docs/product.md#the-signed-in-shell); index
	// when the build has none.
	shell *staticFile
	pages map[string]*staticFile // prerendered pages by path
	// MaySignIn tells whether a request carries a session or the signed-in hint
	// (auth supplies it); such a visitor gets the app shell. Unset: nobody does.
	MaySignIn func(*http.Request) bool
	// FirstData answers a signed-in page's first reads for its HTML (JSON,
	// HTML-safe), nil when there are none (docs/product.md#first-data-with-the-html).
	FirstData func(*http.Request) []byte
	scripts   []string // CSP sources of index.html's inline scripts
	// preloads are the first-data pages' script links, by path (page_preloads.go).
	preloads map[string][]byte
}

const prerenderedDir = "prerendered/"

// assetsPrefix is where the build's hashed files are served: cached for ever.
const assetsPrefix = "/assets/"

// signedInShell is the signed-in shell's file in prerenderedDir: a leading _ that
// no page path has, so no request answers it by name.
const signedInShell = "_signed-in-shell"

// noCache are the unhashed files that must be revalidated on every load.
var noCache = map[string]bool{"/sw.js": true, "/manifest.webmanifest": true}

// inlineScript matches a <script> element without attributes: its body is inline.
var inlineScript = regexp.MustCompile(`<script>([^<]*)</script>`)

// NewSPA indexes every file in dist once, at start.
func NewSPA(dist fs.FS) (*SPA, error) {
	s := &SPA{files: map[string]*staticFile{}, pages: map[string]*staticFile{}}
	err := fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && p == path.Dir(viteManifest) {
			return fs.SkipDir // the build's manifest, read below, is not served
		}
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
		if path.Ext(p) == ".webmanifest" {
			f.contentType = "application/manifest+json"
		}
		if f.contentType == "" {
			f.contentType = http.DetectContentType(body)
		}
		f.gzip, _ = fs.ReadFile(dist, p+".gz")
		f.brotli, _ = fs.ReadFile(dist, p+".br")
		if page, ok := strings.CutPrefix(p, prerenderedDir); ok {
			// prerendered/index.html is /, prerendered/pricing.html /pricing; never served by file name.
			page = strings.TrimSuffix(page, ".html")
			if page == signedInShell {
				s.shell = f
				return nil
			}
			if page == "index" {
				page = ""
			}
			s.pages["/"+page] = f
			return nil
		}
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
	if s.shell == nil {
		s.shell = s.index
	}
	if s.preloads, err = pagePreloads(dist); err != nil {
		return nil, err
	}
	for _, m := range inlineScript.FindAllSubmatch(s.index.body, -1) {
		sum := sha256.Sum256(m[1])
		s.scripts = append(s.scripts, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return s, nil
}

// ScriptSources are the Content-Security-Policy sources that allow the app
// shell's inline scripts (the theme set before the first paint), by hash.
func (s *SPA) ScriptSources() []string { return s.scripts }

func (s *SPA) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	f, ok := s.files[r.URL.Path]
	switch {
	case ok && r.URL.Path != "/index.html":
		switch {
		case strings.HasPrefix(r.URL.Path, assetsPrefix):
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		case noCache[r.URL.Path]:
			// The service worker and the manifest name the build: the browser
			// asks every time (an ETag keeps it cheap), so a deploy is seen at
			// once (docs/offline.md#updates).
			w.Header().Set("Cache-Control", "no-cache")
			if r.URL.Path == "/sw.js" {
				w.Header().Set("Service-Worker-Allowed", "/")
			}
		default:
			w.Header().Set("Cache-Control", "public, max-age=3600")
		}
	case !ok && strings.HasPrefix(r.URL.Path, assetsPrefix):
		// A missing hashed asset must not turn into index.html (a stale tab would parse HTML as JS).
		http.NotFound(w, r)
		return
	default:
		// What a path answers depends on the cookies: caches must know.
		w.Header().Set("Vary", "Cookie")
		w.Header().Set("Cache-Control", "no-store")
		if s.MaySignIn != nil && s.MaySignIn(r) {
			if s.FirstData != nil && r.Method == http.MethodGet {
				if data := s.FirstData(r); data != nil {
					s.writeWithData(w, r, data)
					return
				}
			}
			f = s.shell
			break
		}
		f = s.index
		// A prerendered page was rendered for its path alone (no query string), signed out.
		if page, ok := s.pages[r.URL.Path]; ok && r.URL.RawQuery == "" {
			f = page
		}
	}
	s.write(w, r, f)
}

// writeWithData sends the app shell with the page's first data in a JSON
// script element (not executed, so the CSP has nothing to allow) and the
// page's scripts named for preloading, compressed here: the page is the
// athlete's own, never cached.
func (s *SPA) writeWithData(w http.ResponseWriter, r *http.Request, data []byte) {
	head := bytes.Index(s.shell.body, []byte("</head>"))
	if head < 0 {
		s.write(w, r, s.shell)
		return
	}
	var page bytes.Buffer
	preloads := s.preloads[r.URL.Path]
	page.Grow(len(s.shell.body) + len(preloads) + len(data) + 64)
	page.Write(s.shell.body[:head])
	page.Write(preloads)
	page.WriteString(`<script type="application/json" id="first-data">`)
	page.Write(data)
	page.WriteString(`</script>`)
	page.Write(s.shell.body[head:])
	h := w.Header()
	h.Set("Content-Type", s.shell.contentType)
	h.Add("Vary", "Accept-Encoding")
	body := page.Bytes()
	if acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
		var zipped bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestSpeed)
		_, _ = zw.Write(body)
		_ = zw.Close()
		h.Set("Content-Encoding", "gzip")
		body = zipped.Bytes()
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

func (s *SPA) write(w http.ResponseWriter, r *http.Request, f *staticFile) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Add("Vary", "Accept-Encoding")
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

// isSubresource tells a built script, style sheet or font: what a page loads,
// never a document (an SVG under /assets/ can be opened as one, so it is not).
func isSubresource(r *http.Request) bool {
	if !strings.HasPrefix(r.URL.Path, assetsPrefix) {
		return false
	}
	switch path.Ext(r.URL.Path) {
	case ".js", ".css", ".woff2":
		return true
	}
	return false
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
