//go:build pprof

package main

// A profiling build for benchmarks only: `go build -tags pprof -o bin/hyrox-pprof
// ./cmd/hyrox` serves net/http/pprof on HYROX_PPROF_ADDR (a loopback address)
// beside the app. The shipped binary (`make build`) has no such listener
// (docs/benchmarks/2026-11-25.md#profiling-the-server-under-load).

import (
	"log/slog"
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof on http.DefaultServeMux
	"os"
)

func init() {
	addr := os.Getenv("HYROX_PPROF_ADDR")
	if addr == "" {
		return
	}
	go func() {
		if err := http.ListenAndServe(addr, nil); err != nil {
			slog.Error("pprof listener", "addr", addr, "err", err)
		}
	}()
}
