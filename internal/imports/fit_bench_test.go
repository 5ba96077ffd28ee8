package imports

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muktihari/fit/decoder"
)

// The FIT import against the library's own decode, on the file the library
// benchmarks with (its testdata/big_activity.fit, 2.3 MB: about 100,000
// records). Run both in one command so they share the machine's state:
//
//	go test -run '^$' -bench 'FIT' ./internal/imports
//
// Goal (docs/import.md#formats): the import within 1.5 x of the decode.

func libraryFile(b *testing.B, name string) []byte {
	b.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/muktihari/fit").Output()
	if err != nil {
		b.Skipf("the fit module's files: %v", err)
	}
	data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "testdata", name))
	if err != nil {
		b.Skipf("the fit module's files: %v", err)
	}
	return data
}

func BenchmarkFITLibraryDecode(b *testing.B) {
	data := libraryFile(b, "big_activity.fit")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := decoder.New(bytes.NewReader(data)).Decode(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFITImport(b *testing.B) {
	data := libraryFile(b, "big_activity.fit")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		acts, err := parseFIT(data)
		if err != nil || len(acts) == 0 {
			b.Fatalf("parseFIT: %d activities, %v", len(acts), err)
		}
	}
}
