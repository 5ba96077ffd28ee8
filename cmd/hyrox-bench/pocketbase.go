package main

// PocketBase side by side (issue 19): with -pocketbase (make bench
// BENCH_POCKETBASE=1), PocketBase (bench/pocketbase, its own module) serves
// the same community posts as the scale data in a `posts` collection indexed
// on created, pinned like the app, and wrk drives its list-records on the
// first page right after the app's feed. The report puts both side by side.

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"hyrox/internal/db"
)

// pbName is the report row of PocketBase's list-records.
const pbName = "PocketBase list-records"

// pbListPath is PocketBase's first page of 20 posts, newest first, without the
// total count (the app's feed does not count either).
const pbListPath = "/api/collections/posts/records?page=1&perPage=20&sort=-created&skipTotal=1"

// preparePocketBase returns a PocketBase data folder holding the posts of the
// scale data at dbURL, loading it the first time (kept for later runs).
func preparePocketBase(o options, dbURL string) (string, error) {
	dir, err := filepath.Abs(filepath.Join(o.dataDir, fmt.Sprintf("pocketbase-%s-%d", o.database, o.athletes)))
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(dir, "ready")); err == nil {
		fmt.Fprintf(os.Stderr, "bench: reusing PocketBase data at %s\n", dir)
		return dir, nil
	}
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tsv := filepath.Join(dir, "posts.tsv")
	n, err := exportPosts(dbURL, tsv)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(os.Stderr, "bench: loading %d posts into PocketBase at %s\n", n, dir)
	cmd := exec.Command(o.pocketbase, "load", "--dir", dir, "--posts", tsv)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("pocketbase load: %w", err)
	}
	os.Remove(tsv)
	return dir, os.WriteFile(filepath.Join(dir, "ready"), nil, 0o644)
}

// exportPosts writes the public community posts as the TSV the loader reads.
func exportPosts(dbURL, file string) (int, error) {
	ctx := context.Background()
	d, err := db.Open(ctx, dbURL)
	if err != nil {
		return 0, err
	}
	defer d.Close()
	f, err := os.Create(file)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	rows, err := d.Query(ctx, `SELECT id, user_id, username, content, created_at, like_count, comment_count
		FROM community_posts WHERE channel = 'public' ORDER BY id`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id, user, likes, comments int64
		var name, content string
		var at time.Time
		if err := rows.Scan(&id, &user, &name, &content, &at, &likes, &comments); err != nil {
			return n, err
		}
		// PocketBase's datetime format (UTC, milliseconds).
		fmt.Fprintf(w, "%d\t%d\t%s\t%s\t%s\t%d\t%d\n", id, user, name, strconv.Quote(content),
			at.UTC().Format("2006-01-02 15:04:05.000Z"), likes, comments)
		n++
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	return n, w.Flush()
}

// startPocketBase serves dir with PocketBase on the server core, GOMAXPROCS=1
// as the app, and waits for its health check.
func startPocketBase(o options, dir string) (*proc, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	name, args := o.pocketbase, []string{"serve", "--dir", dir, "--http", addr}
	if o.pin {
		name, args = "taskset", append([]string{"-c", o.serverCPU, o.pocketbase}, args...)
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	logf, err := os.CreateTemp("", "hyrox-bench-pocketbase-*.log")
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, err
	}
	p := &proc{cmd: cmd, addr: addr, log: logf}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get("http://" + addr + pbListPath)
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return p, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.stop()
	b, _ := os.ReadFile(logf.Name())
	return nil, fmt.Errorf("pocketbase did not answer %s:\n%s", pbListPath, b)
}
