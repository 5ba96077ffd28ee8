//go:build crash

package main

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"hyrox/internal/db/dbtest"
)

// snapshot is w with what was acknowledged so far.
func (w *crashWorker) snapshot() *crashWorker {
	w.acked.mu.Lock()
	defer w.acked.mu.Unlock()
	return &crashWorker{c: w.c, acked: acked{logs: maps.Clone(w.acked.logs), foods: maps.Clone(w.acked.foods), posts: maps.Clone(w.acked.posts)}}
}

func (w *crashWorker) ackedWrites() int {
	w.acked.mu.Lock()
	defer w.acked.mu.Unlock()
	return len(w.acked.logs) + len(w.acked.foods) + len(w.acked.posts)
}

// TestBackupUnderLoad runs `hyrox backup` while clients write through the
// server, restores the backup with `hyrox restore` and finds every write
// acknowledged before the backup started. Restore refuses while the server
// has the database open.
func TestBackupUnderLoad(t *testing.T) {
	bin := hyroxBinary(t)
	dbURL := dbtest.SQLiteURL(t)
	p := startProc(t, bin, dbURL)
	base := "http://" + p.addr
	const workers = 8
	ws := make([]*crashWorker, workers)
	for i := range ws {
		ws[i] = newCrashWorker(registerPro(t, bin, dbURL, base, fmt.Sprintf("backup%d_%d", i, rand.IntN(1e6))))
	}
	var stats loadStats
	stop := startWriting(ws, func() string { return base }, &stats, nil)
	// Early, while the per-user write limits still have their bursts, so
	// the backup runs under real writes.
	time.Sleep(300 * time.Millisecond)

	before := make([]*crashWorker, workers)
	ackedBefore := 0
	for i, w := range ws {
		before[i] = w.snapshot()
		ackedBefore += before[i].ackedWrites()
	}
	backup := filepath.Join(t.TempDir(), "hyrox-backup.db")
	began := time.Now()
	runCLI(t, bin, dbURL, "backup", backup)
	took := time.Since(began)
	during := -ackedBefore
	for _, w := range ws {
		during += w.ackedWrites()
	}
	time.Sleep(300 * time.Millisecond) // writes go on after the backup
	stop()
	ackedTotal := 0
	for _, w := range ws {
		ackedTotal += w.ackedWrites()
	}
	if n := stats.serverErrors.Load(); n > 0 {
		t.Errorf("%d writes answered 5xx during the backup (last %v)", n, stats.lastServerError.Load())
	}

	restore := exec.Command(bin, "restore", backup)
	restore.Env = procEnv(dbURL)
	if out, err := restore.CombinedOutput(); err == nil || !strings.Contains(string(out), "in use") {
		t.Fatalf("restore while the server runs must refuse: %v\n%s", err, out)
	}
	if err := p.stop(t, syscall.SIGTERM); err != nil {
		t.Fatalf("serve exited with %v", err)
	}
	runCLI(t, bin, dbURL, "restore", backup)
	p = startProc(t, bin, dbURL)
	defer p.stop(t, syscall.SIGTERM)
	base = "http://" + p.addr
	for _, w := range before {
		checkAcked(t, w, base)
	}
	if ackedBefore < workers*3 {
		t.Errorf("only %d writes acknowledged before the backup: the load did not run", ackedBefore)
	}
	t.Logf("backup under load took %s (%d writes acknowledged meanwhile); %d writes acknowledged before it started, all found after restore (%d acknowledged in all)",
		took.Round(time.Millisecond), during, ackedBefore, ackedTotal)
}
