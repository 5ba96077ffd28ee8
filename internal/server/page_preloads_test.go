package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

type testChunk struct {
	File           string   `json:"file"`
	IsEntry        bool     `json:"isEntry,omitempty"`
	IsDynamicEntry bool     `json:"isDynamicEntry,omitempty"`
	Imports        []string `json:"imports,omitempty"`
	DynamicImports []string `json:"dynamicImports,omitempty"`
}

// distWithManifest is a build whose manifest holds chunks and, for each
// first-data page, a chunk of its own.
func distWithManifest(t *testing.T, chunks map[string]testChunk) fstest.MapFS {
	t.Helper()
	for path, page := range firstDataPages {
		if _, ok := chunks[page.module]; !ok {
			chunks[page.module] = testChunk{File: "assets/page" + strings.ReplaceAll(path, "/", "-") + ".js", IsDynamicEntry: true}
		}
	}
	manifest, err := json.Marshal(chunks)
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html><html><head><title>app</title></head><body></body></html>")},
		viteManifest:        {Data: manifest},
		"assets/index-1.js": {Data: []byte("")},
	}
}

func TestFirstDataPageNamesItsChunksButNotTheEntrys(t *testing.T) {
	dist := distWithManifest(t, map[string]testChunk{
		"index.html":  {File: "assets/index-1.js", IsEntry: true, Imports: []string{"_react-1.js"}},
		"_react-1.js": {File: "assets/react-1.js"},
		"_ui-1.js":    {File: "assets/ui-1.js", Imports: []string{"_react-1.js", "_icon-1.js"}},
		"_icon-1.js":  {File: "assets/icon-1.js"},
		"_chart-1.js": {File: "assets/chart-1.js", Imports: []string{"_ui-1.js", "index.html"}},
		firstDataPages["/nutrition"].module: {File: "assets/nutrition-page-1.js", IsDynamicEntry: true,
			Imports: []string{"_ui-1.js", "_chart-1.js", "index.html"}, DynamicImports: []string{"node_modules/scanner.js"}},
		"node_modules/scanner.js": {File: "assets/scanner-1.js", IsDynamicEntry: true},
	})
	spa, err := NewSPA(dist)
	if err != nil {
		t.Fatal(err)
	}
	spa.MaySignIn = func(*http.Request) bool { return true }
	spa.FirstData = func(*http.Request) []byte { return []byte(`{}`) }
	get := func(path string) string {
		rec := httptest.NewRecorder()
		spa.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Body.String()
	}

	// The page's chunk first, then what it imports, each once; nothing the
	// entry loads (index.html names those), nothing it imports on demand.
	link := func(file string) string { return `<link rel="modulepreload" crossorigin href="/assets/` + file + `">` }
	want := link("nutrition-page-1.js") + link("ui-1.js") + link("icon-1.js") + link("chart-1.js") + `<script type="application/json" id="first-data">`
	if html := get("/nutrition"); !strings.Contains(html, want) || strings.Count(html, "modulepreload") != 4 {
		t.Errorf("/nutrition, want %s in:\n%s", want, html)
	}
	if html := get("/calendar"); !strings.Contains(html, link("page-calendar.js")) || strings.Count(html, "modulepreload") != 1 {
		t.Errorf("/calendar names its own chunk only:\n%s", html)
	}
	// A page without first data names nothing, and the manifest is not served.
	spa.FirstData = func(*http.Request) []byte { return nil }
	if html := get("/nutrition"); strings.Contains(html, "modulepreload") {
		t.Errorf("without first data: %s", html)
	}
	if rec := httptest.NewRecorder(); func() int { spa.ServeHTTP(rec, httptest.NewRequest("GET", "/"+viteManifest, nil)); return rec.Code }() == 200 &&
		strings.Contains(rec.Body.String(), "isEntry") {
		t.Error("the build's manifest is served")
	}
}

// A page moved in the web app without its module here fails the start.
func TestPageModuleMissingFromTheManifestFailsTheStart(t *testing.T) {
	dist := distWithManifest(t, map[string]testChunk{"index.html": {File: "assets/index-1.js", IsEntry: true}})
	var manifest map[string]testChunk
	_ = json.Unmarshal(dist[viteManifest].Data, &manifest)
	delete(manifest, firstDataPages["/analytics"].module)
	dist[viteManifest].Data, _ = json.Marshal(manifest)
	if _, err := NewSPA(dist); err == nil || !strings.Contains(err.Error(), firstDataPages["/analytics"].module) {
		t.Errorf("NewSPA: %v, want the missing module named", err)
	}
	dist[viteManifest].Data = []byte("{not json")
	if _, err := NewSPA(dist); err == nil {
		t.Error("a manifest that is not JSON was taken")
	}
}
