package server

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"hyrox/internal/auth"
)

func TestSPAServesPrecompressedImmutableAssetsAndFallsBackToIndex(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":              {Data: []byte("<!doctype html><title>app</title>")},
		"assets/app-abc123.js":    {Data: []byte("console.log('hi')")},
		"assets/app-abc123.js.gz": {Data: []byte("gz-bytes")},
		"assets/app-abc123.js.br": {Data: []byte("br-bytes")},
		"favicon.svg":             {Data: []byte("<svg/>")},
	}
	spa, err := NewSPA(dist)
	if err != nil {
		t.Fatal(err)
	}
	get := func(path, accept string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		spa.ServeHTTP(rec, req)
		return rec
	}
	br := get("/assets/app-abc123.js", "gzip, deflate, br")
	if br.Body.String() != "br-bytes" || br.Header().Get("Content-Encoding") != "br" {
		t.Errorf("brotli not served: %q %v", br.Body.String(), br.Header())
	}
	if br.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("hashed asset cache: %q", br.Header().Get("Cache-Control"))
	}
	if gz := get("/assets/app-abc123.js", "gzip"); gz.Body.String() != "gz-bytes" || gz.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("gzip not served: %q", gz.Body.String())
	}
	if raw := get("/assets/app-abc123.js", ""); raw.Body.String() != "console.log('hi')" || raw.Header().Get("Content-Encoding") != "" {
		t.Errorf("identity not served: %q", raw.Body.String())
	}
	for _, p := range []string{"/", "/training", "/no/such/page", "/index.html"} {
		rec := get(p, "")
		if rec.Code != 200 || rec.Body.String() != "<!doctype html><title>app</title>" || rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %d %q %q", p, rec.Code, rec.Body.String(), rec.Header().Get("Cache-Control"))
		}
	}
	if rec := get("/assets/missing-xyz.js", ""); rec.Code != http.StatusNotFound {
		t.Errorf("missing asset must 404, got %d", rec.Code)
	}
	etag := get("/favicon.svg", "").Header().Get("ETag")
	req := httptest.NewRequest("GET", "/favicon.svg", nil)
	req.Header.Set("If-None-Match", etag)
	rec := httptest.NewRecorder()
	spa.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("ETag revalidation: %d", rec.Code)
	}
}

// docs/product.md#prerendered-pages: a prerendered page answers its own path,
// without a query string, to a visitor holding neither the session cookie nor
// the signed-in hint; everyone else gets the app shell. Never by file name.
func TestSPAServesPrerenderedPagesToVisitorsWithoutSession(t *testing.T) {
	const shell = "<!doctype html><title>app</title><script>theme()</script><div id=\"root\"></div>"
	const landing = "<!doctype html><title>app</title><div id=\"root\"><h1>Train smarter.</h1></div>"
	dist := fstest.MapFS{
		"index.html":                  {Data: []byte(shell)},
		"prerendered/index.html":      {Data: []byte(landing)},
		"prerendered/index.html.br":   {Data: []byte("landing-br")},
		"prerendered/pricing.html":    {Data: []byte("<h1>Pricing Plans</h1>")},
		"prerendered/pricing.html.gz": {Data: []byte("pricing-gz")},
	}
	spa, err := NewSPA(dist)
	if err != nil {
		t.Fatal(err)
	}
	spa.MaySignIn = auth.MaySignIn
	get := func(path, accept string, cookies ...*http.Cookie) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Accept-Encoding", accept)
		for _, c := range cookies {
			req.AddCookie(c)
		}
		rec := httptest.NewRecorder()
		spa.ServeHTTP(rec, req)
		return rec
	}
	cases := []struct {
		path, accept string
		cookies      []*http.Cookie
		want         string
	}{
		{"/", "", nil, landing},
		{"/", "gzip, br", nil, "landing-br"},
		{"/pricing", "gzip", nil, "pricing-gz"},
		{"/pricing", "", nil, "<h1>Pricing Plans</h1>"},
		// The theme cookie or any other is no session.
		{"/", "", []*http.Cookie{{Name: "other", Value: "1"}}, landing},
		// Signed in, or maybe: the shell (the browser renders the signed-in home).
		{"/", "", []*http.Cookie{{Name: auth.SignedInCookie, Value: "1"}}, shell},
		{"/", "", []*http.Cookie{{Name: auth.SessionCookie, Value: "s"}}, shell},
		{"/pricing", "gzip", []*http.Cookie{{Name: auth.SessionCookie, Value: "s"}, {Name: auth.SignedInCookie, Value: "1"}}, shell},
		// An empty hint is no hint (a browser clearing it may send it empty).
		{"/", "", []*http.Cookie{{Name: auth.SignedInCookie, Value: ""}}, landing},
		// A query string the page was not rendered with: the shell.
		{"/?tab=signup", "", nil, shell},
		// Pages not prerendered, and the files themselves by name: the shell.
		{"/training", "", nil, shell},
		{"/prerendered/index.html", "", nil, shell},
		{"/prerendered/pricing.html", "", nil, shell},
	}
	for _, c := range cases {
		rec := get(c.path, c.accept, c.cookies...)
		if rec.Code != 200 || rec.Body.String() != c.want {
			t.Errorf("%s (accept %q, cookies %v): %d %q, want %q", c.path, c.accept, c.cookies, rec.Code, rec.Body.String(), c.want)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: HTML is never cached: %q", c.path, cc)
		}
	}
	if vary := get("/", "").Header().Values("Vary"); !slices.Contains(vary, "Cookie") || !slices.Contains(vary, "Accept-Encoding") {
		t.Errorf("a prerendered path varies by cookie and encoding: %q", vary)
	}
	if got := spa.ScriptSources(); len(got) != 1 || got[0] != "'sha256-"+sha256Base64("theme()")+"'" {
		t.Errorf("the shell's inline script is allowed by its hash: %q", got)
	}
}

func sha256Base64(s string) string {
	sum := sha256.Sum256([]byte(s))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// docs/offline.md#updates: the service worker and the manifest are asked for
// on every load (no-cache); hashed assets stay immutable.
func TestSPAServesServiceWorkerAndManifestUncached(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><title>app</title>")},
		"sw.js":                {Data: []byte("self.addEventListener('fetch',()=>{})")},
		"manifest.webmanifest": {Data: []byte(`{"name":"HYROX Training Hub"}`)},
		"assets/app-abc123.js": {Data: []byte("console.log('hi')")},
	}
	spa, err := NewSPA(dist)
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		spa.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec
	}
	sw := get("/sw.js")
	if sw.Code != 200 || sw.Header().Get("Cache-Control") != "no-cache" || !strings.Contains(sw.Header().Get("Content-Type"), "javascript") {
		t.Errorf("sw.js: %d %v", sw.Code, sw.Header())
	}
	m := get("/manifest.webmanifest")
	if m.Code != 200 || m.Header().Get("Cache-Control") != "no-cache" || m.Header().Get("Content-Type") != "application/manifest+json" {
		t.Errorf("manifest: %d %v", m.Code, m.Header())
	}
	if a := get("/assets/app-abc123.js"); a.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("hashed asset: %v", a.Header())
	}
}
