package server_test

import (
	"os"
	"testing"
)

// TestMain runs the tests, or, started again by BenchmarkStravaExport1000
// with importWorkerEnv set, an import worker instance.
func TestMain(m *testing.M) {
	if dbURL := os.Getenv(importWorkerEnv); dbURL != "" {
		os.Exit(runImportWorker(dbURL))
	}
	os.Exit(m.Run())
}
