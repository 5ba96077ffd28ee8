//go:build race

package server_test

// raceDetector is on: timings are several times slower, so latency goals
// are reported, not asserted.
const raceDetector = true
