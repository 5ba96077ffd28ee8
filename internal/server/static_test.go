package server

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
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
