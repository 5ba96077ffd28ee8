package server

import (
	"encoding/json"
	"errors"
	"html"
	"io/fs"
	"maps"
	"strings"
)

// A page that comes with its first data also names its scripts in its HTML
// (docs/product.md#first-data-with-the-html): the browser fetches the page's
// chunk and the chunks it imports beside the entry script, instead of finding
// them one level at a time once the entry runs. The web app's build writes
// which chunks each module needs (Vite's manifest); firstDataPages says which
// module each of these pages is.

// viteManifest is the build's manifest (build.manifest in web/vite.config.ts).
const viteManifest = ".vite/manifest.json"

// manifestChunk is what the server reads of a manifest entry.
type manifestChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	IsEntry bool     `json:"isEntry"`
}

// pagePreloads reads the build's manifest and returns, for each page of
// firstDataPages, the <link rel="modulepreload"> elements of its chunk and of
// every chunk it imports that the entry does not (index.html preloads those).
// A build without a manifest gets none; a page whose module is not in it is
// an error, so a moved page fails the server's start and its tests.
func pagePreloads(dist fs.FS) (map[string][]byte, error) {
	raw, err := fs.ReadFile(dist, viteManifest)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var manifest map[string]manifestChunk
	if err := json.Unmarshal(raw, &manifest); err != nil {
		return nil, errors.New(viteManifest + ": " + err.Error())
	}
	// imported walks key and what it imports, in import order, once each.
	imported := func(key string, seen map[string]bool) []string {
		var files []string
		var walk func(string)
		walk = func(key string) {
			if seen[key] {
				return
			}
			seen[key] = true
			chunk := manifest[key]
			files = append(files, chunk.File)
			for _, k := range chunk.Imports {
				walk(k)
			}
		}
		walk(key)
		return files
	}
	byEntry := map[string]bool{}
	for key, chunk := range manifest {
		if chunk.IsEntry {
			imported(key, byEntry)
		}
	}
	preloads := make(map[string][]byte, len(firstDataPages))
	for path, page := range firstDataPages {
		if _, ok := manifest[page.module]; !ok {
			return nil, errors.New(viteManifest + " has no " + page.module + " (the module of " + path + ")")
		}
		var links strings.Builder
		for _, file := range imported(page.module, maps.Clone(byEntry)) {
			links.WriteString(`<link rel="modulepreload" crossorigin href="/` + html.EscapeString(file) + `">`)
		}
		preloads[path] = []byte(links.String())
	}
	return preloads, nil
}
