package db

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
)

// SQLite in WAL mode appends each commit to the -wal file and copies the
// pages back into the database file at a checkpoint. By default the commit
// that takes the WAL past 1,000 pages runs that checkpoint itself, fsyncs
// (the WAL, then the database file) included, holding the one writing
// connection: every write queued behind it waits. Under load that was a
// checkpoint every ~200 likes, each two fsyncs of 6-10 ms on the bench VM
// (docs/benchmarks/2026-11-28-writes.md). So the writing connection never
// checkpoints (wal_autocheckpoint(0)) and this goroutine runs a PASSIVE
// checkpoint on a connection of its own, which copies what it can without
// waiting for readers or writers and never blocks them (sqlite.org/wal.html,
// "Application-initiated checkpoints"). Durability is unchanged: a commit is
// as durable once in the WAL as it was before; a checkpoint only moves pages.
//
// SQLite tells it of every commit on the writing connection (a commit hook:
// the app's writes and the job queue's on WritePool alike), and it runs
// every checkpointEvery commits, about SQLite's own 1,000 pages for the
// app's small writes, and after each commit of a bulk load. A checkpoint
// with nothing to copy does nothing.
type checkpointer struct {
	conn  *sql.DB
	nudge chan struct{}
	quit  chan struct{}
	done  chan struct{}
	n     atomic.Uint64 // commits since start

	stopOnce sync.Once
}

const checkpointEvery = 128

func startCheckpointer(conn *sql.DB) *checkpointer {
	c := &checkpointer{conn: conn, nudge: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
	go c.run()
	return c
}

func (c *checkpointer) run() {
	defer close(c.done)
	for {
		select {
		case <-c.quit:
			return
		case <-c.nudge:
		}
		// An error (SQLITE_BUSY while another connection checkpoints, such
		// as a backup tool's) is left to the next turn: the WAL only grows
		// meanwhile.
		_, _ = c.conn.ExecContext(context.Background(), `PRAGMA wal_checkpoint(PASSIVE)`)
	}
}

// committed counts a commit and nudges the checkpointer every
// checkpointEvery. SQLite calls it inside the commit, on the writing
// connection: it never waits.
func (c *checkpointer) committed() {
	if c.n.Add(1)%checkpointEvery == 0 {
		c.nudgeSoon()
	}
}

func (c *checkpointer) nudgeSoon() {
	select {
	case c.nudge <- struct{}{}:
	default:
	}
}

// checkpointSoon nudges the checkpointer, after a commit as large as many
// small ones (a bulk load's). It never waits: a checkpoint already under way
// takes the nudge after it.
func (db *DB) checkpointSoon() {
	if c := db.ckpt; c != nil {
		c.nudgeSoon()
	}
}

// stop ends the goroutine and closes its connection; a second call (DB.Close
// twice, as sql.DB allows) does nothing more. A write still under way may
// nudge after it: nobody takes the nudge, nothing waits.
func (c *checkpointer) stop() error {
	c.stopOnce.Do(func() { close(c.quit) })
	<-c.done
	return c.conn.Close()
}
