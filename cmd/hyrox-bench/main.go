// Command hyrox-bench is `make bench`: it seeds scale data (once per size and
// database), starts the real `hyrox serve` pinned to core 0, drives each
// endpoint and a realistic mix closed loop with wrk (from core 1: the bench
// runs there and wrk is its child), and each read endpoint open loop with
// vegeta (as a library) at half the rate wrk just measured; then measures two
// ceilings on core 0 the same way: a bare net/http handler that writes a fixed
// JSON body of similar size, and for each read endpoint a minimal handler that
// runs the same service call (the same SQL) and writes the same bytes the real
// endpoint answered. It repeats that -runs times and prints the medians as a
// Markdown table.
//
//	hyrox-bench -athletes 20000 -database sqlite -runs 3 -duration 3s
//	hyrox-bench ceiling   (internal: the ceiling server the bench starts)
package main

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"hyrox/internal/auth"
	"hyrox/internal/db"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "ceiling" {
		if err := ceilingMain(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "hyrox-bench ceiling:", err)
			os.Exit(1)
		}
		return
	}
	if err := benchMain(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "hyrox-bench:", err)
		os.Exit(1)
	}
}

type options struct {
	athletes   int
	database   string // sqlite or postgres
	pgURL      string
	runs       int
	duration   time.Duration
	warmup     time.Duration
	conns      int
	maxReqs    uint64
	bin        string
	dataDir    string
	sessions   int
	pin        bool
	serverCPU  string
	pocketbase string // the pocketbase-bench binary ("": PocketBase is not measured)
	only       string // comma-separated endpoint names to measure ("": all)
}

func benchMain(args []string) error {
	var o options
	fs := flag.NewFlagSet("hyrox-bench", flag.ContinueOnError)
	fs.IntVar(&o.athletes, "athletes", 20000, "athletes of scale data (175000 = the marketing claim)")
	fs.StringVar(&o.database, "database", "sqlite", "sqlite or postgres")
	fs.StringVar(&o.pgURL, "pg", os.Getenv("BENCH_DATABASE_URL"), "PostgreSQL URL for -database postgres (a schema bench_N is made in it)")
	fs.IntVar(&o.runs, "runs", 3, "runs; the report shows the median")
	fs.DurationVar(&o.duration, "duration", 3*time.Second, "time per endpoint per run")
	fs.DurationVar(&o.warmup, "warmup", 500*time.Millisecond, "unmeasured load before each measurement")
	fs.IntVar(&o.conns, "conns", 64, "connections (and vegeta workers)")
	fs.Uint64Var(&o.maxReqs, "max-requests", 100000, "cap on requests per endpoint per run")
	fs.StringVar(&o.bin, "bin", "bin/hyrox", "the hyrox binary")
	fs.StringVar(&o.dataDir, "data", "data/bench", "folder for the SQLite scale files (kept between runs)")
	fs.IntVar(&o.sessions, "sessions", 2000, "signed-in pro athletes the load spreads over")
	fs.BoolVar(&o.pin, "pin", true, "pin the server to core 0 with taskset (run the bench itself on core 1)")
	fs.StringVar(&o.serverCPU, "server-cpu", "0", "taskset CPU list for the server")
	fs.StringVar(&o.pocketbase, "pocketbase", "", "pocketbase-bench binary (bench/pocketbase): measure PocketBase's list-records on the same posts beside the feed")
	fs.StringVar(&o.only, "only", "", "measure only these endpoints (comma-separated names, e.g. 'food search,feed'), to profile one of them")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.pin {
		if _, err := exec.LookPath("taskset"); err != nil {
			fmt.Fprintln(os.Stderr, "taskset not found: not pinning")
			o.pin = false
		}
	}
	dbURL, err := prepareData(o)
	if err != nil {
		return err
	}
	pbDir := ""
	if o.pocketbase != "" {
		if pbDir, err = preparePocketBase(o, dbURL); err != nil {
			return err
		}
	}
	ctx := context.Background()
	d, err := db.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	users, err := makeSessions(ctx, d, o.sessions)
	d.Close()
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bench: %d athletes on %s, %d sessions, %d runs x %s per endpoint, %d connections\n",
		o.athletes, o.database, len(users), o.runs, o.duration, o.conns)

	results := map[string][]result{} // name -> one per run
	var order []string
	add := func(r result) {
		if _, ok := results[r.name]; !ok {
			order = append(order, r.name)
		}
		results[r.name] = append(results[r.name], r)
	}
	bodies := map[string][]byte{}
	for run := 1; run <= o.runs; run++ {
		fmt.Fprintf(os.Stderr, "run %d/%d\n", run, o.runs)
		if err := benchRun(o, dbURL, pbDir, users, bodies, add); err != nil {
			return err
		}
	}
	printReport(os.Stdout, o, order, results)
	return nil
}

// benchRun measures every endpoint once. The app and the ceiling server run
// side by side (both pinned to the server core, idle unless driven), and each
// read endpoint is measured right after its same-SQL ceiling: on a machine
// whose load varies, the two figures of a ratio are taken moments apart.
func benchRun(o options, dbURL, pbDir string, users []benchUser, bodies map[string][]byte, add func(result)) error {
	srv, err := startServer(o, dbURL, o.bin, "serve")
	if err != nil {
		return err
	}
	defer srv.stop()
	base := "http://" + srv.addr
	eps, err := endpoints(base, users)
	if err != nil {
		return err
	}
	if o.only != "" {
		names := strings.Split(o.only, ",")
		eps = slices.DeleteFunc(eps, func(ep endpoint) bool { return !slices.Contains(names, ep.name) })
	}
	bodies["__cursor"], _ = json.Marshal(laterCursor)
	for _, ep := range eps {
		if ep.read && bodies[ep.name] == nil {
			bodies[ep.name] = ep.sample
		}
	}
	for q, b := range foodSamples {
		if bodies[foodSearchBody+q] == nil {
			bodies[foodSearchBody+q] = b
		}
	}
	bodyFile := filepath.Join(os.TempDir(), fmt.Sprintf("hyrox-bench-bodies-%d.json", os.Getpid()))
	b, _ := json.Marshal(bodies)
	if err := os.WriteFile(bodyFile, b, 0o600); err != nil {
		return err
	}
	defer os.Remove(bodyFile)
	self, _ := os.Executable()
	cs, err := startServerEnv(o, dbURL, self, []string{"ceiling", "-bodies", bodyFile})
	if err != nil {
		return err
	}
	defer cs.stop()
	cbase := "http://" + cs.addr
	var pb *proc
	if pbDir != "" {
		if pb, err = startPocketBase(o, pbDir); err != nil {
			return err
		}
		defer pb.stop()
	}

	add(wrkAttack(o, cbase, endpoint{name: bareName, target: staticTarget("GET", cbase+"/bare", nil, nil), size: len(bodies["feed"])}))
	add(wrkAttack(o, cbase, endpoint{name: bareTinyName, target: staticTarget("GET", cbase+"/bare-tiny", nil, nil)}))
	for _, ep := range eps {
		if ep.read {
			add(wrkAttack(o, cbase, endpoint{name: sameSQL + ep.name, target: ceilingTarget(cbase, ep.name, users)}))
		}
		if ep.ceiling != nil {
			add(wrkAttack(o, cbase, endpoint{name: sameSQL + ep.name, target: ep.ceiling(cbase)}))
		}
		closed := wrkAttack(o, base, ep)
		add(closed)
		if ep.read && closed.throughput > 0 {
			// Open loop at half the rate just measured: the latency a
			// request sees when the server is not saturated.
			open := ep
			open.name, open.rate = openLoop+ep.name, closed.throughput/2
			add(attack(o, open))
		}
		if ep.name == "feed" && pb != nil {
			// Right after the app's feed: the same page of the same rows.
			pbBase := "http://" + pb.addr
			add(wrkAttack(o, pbBase, endpoint{name: pbName, target: staticTarget("GET", pbBase+pbListPath, nil, nil)}))
		}
	}
	add(wrkAttack(o, base, mixEndpoint(eps)))
	return nil
}

// prepareData returns a DATABASE_URL holding scale data for o.athletes,
// seeding it the first time (SQLite file or PostgreSQL schema kept for reuse).
func prepareData(o options) (string, error) {
	var url string
	var exists bool
	switch o.database {
	case "sqlite":
		if err := os.MkdirAll(o.dataDir, 0o755); err != nil {
			return "", err
		}
		path := filepath.Join(o.dataDir, fmt.Sprintf("scale-%d.db", o.athletes))
		url = "sqlite:" + path
		_, err := os.Stat(path + ".ready")
		exists = err == nil
		if !exists {
			for _, suffix := range []string{"", "-wal", "-shm"} {
				os.Remove(path + suffix)
			}
		}
	case "postgres":
		if o.pgURL == "" {
			return "", fmt.Errorf("-database postgres needs -pg or BENCH_DATABASE_URL")
		}
		schema := fmt.Sprintf("bench_%d", o.athletes)
		d, err := db.Open(context.Background(), o.pgURL)
		if err != nil {
			return "", err
		}
		var ready int
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = 'bench_ready'`, schema).Scan(&ready)
		exists = ready > 0
		if !exists {
			if _, err := d.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+schema+" CASCADE"); err != nil {
				d.Close()
				return "", err
			}
			if _, err := d.Exec(context.Background(), "CREATE SCHEMA "+schema); err != nil {
				d.Close()
				return "", err
			}
		}
		d.Close()
		sep := "?"
		if strings.Contains(o.pgURL, "?") {
			sep = "&"
		}
		url = o.pgURL + sep + "search_path=" + schema
	default:
		return "", fmt.Errorf("unknown -database %q", o.database)
	}
	if exists {
		fmt.Fprintf(os.Stderr, "bench: reusing scale data at %s\n", redact(url))
		return url, nil
	}
	fmt.Fprintf(os.Stderr, "bench: seeding %d athletes into %s\n", o.athletes, redact(url))
	cmd := exec.Command(o.bin, "seed", "--scale", fmt.Sprint(o.athletes))
	cmd.Env = append(os.Environ(), "DATABASE_URL="+url, "APP_ENV=test")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	began := time.Now()
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("seed: %w", err)
	}
	fmt.Fprintf(os.Stderr, "bench: seeded in %s\n", time.Since(began).Round(time.Second))
	if o.database == "sqlite" {
		return url, os.WriteFile(db.SQLitePath(url)+".ready", nil, 0o644)
	}
	d, err := db.Open(context.Background(), url)
	if err != nil {
		return "", err
	}
	defer d.Close()
	_, err = d.Exec(context.Background(), "CREATE TABLE bench_ready (x INTEGER)")
	return url, err
}

func redact(url string) string {
	return regexp.MustCompile(`//[^@/]*@`).ReplaceAllString(url, "//***@")
}

// laterCursor is the feed's tenth page cursor (the ceiling uses the same).
var laterCursor string

// foodSamples is the app's answer to each of foodQueries (for u0), for the
// ceiling; foodSearchBody prefixes their keys in the bodies file.
var foodSamples = map[string][]byte{}

const foodSearchBody = "food search|"

// benchUser is one signed-in athlete of the load.
type benchUser struct {
	id      int64
	name    string
	cookie  string
	foodDay string // the latest day with entries logged from the food database ("" if none)
}

// makeSessions signs n pro/elite athletes in by writing sessions the way
// auth does (random token, SHA-256 stored), so the load needs no n logins.
func makeSessions(ctx context.Context, d *db.DB, n int) ([]benchUser, error) {
	rows, err := d.Query(ctx, `SELECT id, username FROM users WHERE username_key LIKE 'athlete%' AND subscription_tier <> 'basic' ORDER BY id LIMIT ?`, n)
	if err != nil {
		return nil, err
	}
	var users []benchUser
	for rows.Next() {
		var u benchUser
		if err := rows.Scan(&u.id, &u.name); err != nil {
			rows.Close()
			return nil, err
		}
		users = append(users, u)
	}
	rows.Close()
	if len(users) == 0 {
		return nil, fmt.Errorf("no scale athletes in the database")
	}
	now := time.Now().UTC()
	err = d.InTx(ctx, func(tx *db.Tx) error {
		for i := range users {
			var b [32]byte
			_, _ = rand.Read(b[:])
			token := base64.RawURLEncoding.EncodeToString(b[:])
			sum := sha256.Sum256([]byte(token))
			if _, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
				hex.EncodeToString(sum[:]), users[i].id, now, now.Add(30*24*time.Hour)); err != nil {
				return err
			}
			// Both cookies a signed-in browser sends: sign-in sets the
			// session and the signed-in hint (auth.SignedInCookie); without
			// the hint every answer would carry a Set-Cookie putting it back.
			users[i].cookie = "hyrox_session=" + token + "; hyrox_signed_in=1"
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return users, foodDays(ctx, d, users)
}

// foodDays sets each user's foodDay in one query (the diary day read).
func foodDays(ctx context.Context, d *db.DB, users []benchUser) error {
	rows, err := d.Query(ctx, `SELECT user_id, MAX(entry_date) FROM food_entries
		WHERE user_id BETWEEN ? AND ? AND food_id IS NOT NULL AND deleted_at IS NULL GROUP BY user_id`,
		users[0].id, users[len(users)-1].id)
	if err != nil {
		return err
	}
	defer rows.Close()
	days := map[int64]string{}
	for rows.Next() {
		var id int64
		var day string
		if err := rows.Scan(&id, &day); err != nil {
			return err
		}
		days[id] = day
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for i := range users {
		users[i].foodDay = days[users[i].id]
	}
	return nil
}

// foodQueries are what athletes type in the food search box: whole words,
// prefixes while typing, two words in either order.
var foodQueries = []string{"chicken breast", "banana", "oat", "egg", "yogurt pla", "rice white", "salmon", "milk", "pasta", "apple"}

// proc is a child server.
type proc struct {
	cmd  *exec.Cmd
	addr string
	log  *os.File
}

var listenRE = regexp.MustCompile(`addr=http://(127\.0\.0\.1:\d+)`)

func startServer(o options, dbURL, bin, sub string) (*proc, error) {
	return startServerEnv(o, dbURL, bin, []string{sub})
}

func startServerEnv(o options, dbURL, bin string, args []string) (*proc, error) {
	name := bin
	if o.pin {
		args = append([]string{"-c", o.serverCPU, bin}, args...)
		name = "taskset"
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "HOST=127.0.0.1", "PORT=0", "DATABASE_URL="+dbURL, "APP_ENV=test", "LOG_FORMAT=text", "GOMAXPROCS=1")
	// The server logs every request: to a file, as in production, never to a
	// pipe the busy load tool drains late (a full pipe would stall the server).
	logf, err := os.CreateTemp("", "hyrox-bench-server-*.log")
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, err
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		b, _ := os.ReadFile(logf.Name())
		if m := listenRE.FindSubmatch(b); m != nil {
			return &proc{cmd: cmd, addr: string(m[1]), log: logf}, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Kill()
	b, _ := os.ReadFile(logf.Name())
	return nil, fmt.Errorf("%s did not start:\n%s", bin, b)
}

func (p *proc) stop() {
	_ = p.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		p.cmd.Process.Kill()
	}
	if b, err := os.ReadFile(p.log.Name()); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, "level=ERROR") {
				fmt.Fprintln(os.Stderr, "server:", line)
			}
		}
	}
	p.log.Close()
	// BENCH_KEEP_LOG=1 keeps the request log (server-side durations) to compare with the client's.
	if os.Getenv("BENCH_KEEP_LOG") == "" {
		os.Remove(p.log.Name())
	} else {
		fmt.Fprintln(os.Stderr, "server log kept:", p.log.Name())
	}
}

// endpoint is one request kind of the load.
type endpoint struct {
	name   string
	read   bool
	weight int // share in the mix
	target vegeta.Targeter
	sample []byte // a real answer body (reads), for the ceilings
	// ceiling is a write's same-SQL ceiling at the ceiling server's base:
	// the same requests in the same order, done by the service call alone.
	ceiling func(cbase string) vegeta.Targeter
	size    int
	conns   int     // 0: o.conns
	rate    float64 // requests per second, open loop (vegeta); 0: closed loop
}

// Result names of the measurements beside the app's own.
const (
	bareName     = "ceiling: bare net/http"
	bareTinyName = "ceiling: bare net/http, 15-byte body"
	sameSQL      = "ceiling: same SQL "
	openLoop     = "open loop: "
)

func staticTarget(method, url string, body []byte, hdr http.Header) vegeta.Targeter {
	return func(t *vegeta.Target) error {
		t.Method, t.URL, t.Body, t.Header = method, url, body, hdr
		return nil
	}
}

// perUser cycles through the users, building each request with mk.
func perUser(users []benchUser, mk func(u benchUser, n uint64) (method, url string, body []byte)) vegeta.Targeter {
	return perUserCounted(new(atomic.Uint64), users, mk)
}

// perUserCounted is perUser on a counter the caller may share between targeters.
func perUserCounted(n *atomic.Uint64, users []benchUser, mk func(u benchUser, n uint64) (method, url string, body []byte)) vegeta.Targeter {
	return func(t *vegeta.Target) error {
		i := n.Add(1)
		u := users[int(i%uint64(len(users)))]
		t.Method, t.URL, t.Body = mk(u, i)
		t.Header = http.Header{"Cookie": {u.cookie}}
		if t.Body != nil {
			t.Header.Set("Content-Type", "application/json")
		}
		return nil
	}
}

func endpoints(base string, users []benchUser) ([]endpoint, error) {
	u0 := users[0]
	get := func(path string) ([]byte, error) {
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Cookie", u0.cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			return nil, fmt.Errorf("GET %s: %d %s", path, res.StatusCode, b)
		}
		return b, err
	}
	// The tenth page of the feed: follow the cursor.
	cursor := ""
	for i := 0; i < 9; i++ {
		b, err := get("/api/community/posts?limit=20&cursor=" + cursor)
		if err != nil {
			return nil, err
		}
		var p struct {
			NextCursor string `json:"nextCursor"`
		}
		_ = json.Unmarshal(b, &p)
		cursor = p.NextCursor
	}
	laterCursor = cursor
	laterPath := "/api/community/posts?limit=20&cursor=" + cursor
	var postIDs []int64
	{
		b, err := get("/api/community/posts?limit=100")
		if err != nil {
			return nil, err
		}
		var p struct {
			Items []struct {
				ID int64 `json:"id"`
			} `json:"items"`
		}
		_ = json.Unmarshal(b, &p)
		for _, it := range p.Items {
			postIDs = append(postIDs, it.ID)
		}
	}
	if len(postIDs) == 0 {
		return nil, fmt.Errorf("no posts")
	}
	today := time.Now().UTC().Format("2006-01-02")
	const weeklyBoard, fullBoard = "/api/leaderboard?period=week&limit=3", "/api/leaderboard?period=month&division=open_men&limit=100"
	reads := []struct {
		name, path string
		weight     int
		mk         func(u benchUser) string
	}{
		{"feed", "/api/community/posts?limit=20", 30, func(benchUser) string { return "/api/community/posts?limit=20" }},
		{"feed page 10", laterPath, 10, func(benchUser) string { return laterPath }},
		{"nutrition today", fmt.Sprintf("/api/nutrition/%d?date=%s", u0.id, today), 10,
			func(u benchUser) string { return fmt.Sprintf("/api/nutrition/%d?date=%s", u.id, today) }},
		{"food entries today", "/api/food-entries?date=" + today, 10,
			func(benchUser) string { return "/api/food-entries?date=" + today }},
		// Food search (GET /api/nutrition/foods): the queries rotate, as athletes type them.
		{"food search", "/api/nutrition/foods?q=" + url.QueryEscape(foodQueries[0]), 10,
			func(u benchUser) string {
				return "/api/nutrition/foods?q=" + url.QueryEscape(foodQueries[int(u.id)%len(foodQueries)])
			}},
		// The diary of a day whose entries were logged from the food database.
		{"food diary day", "/api/food-entries?date=" + u0.foodDay, 10,
			func(u benchUser) string { return "/api/food-entries?date=" + cmp.Or(u.foodDay, today) }},
		{"workout stats", fmt.Sprintf("/api/workout-stats/%d", u0.id), 15,
			func(u benchUser) string { return fmt.Sprintf("/api/workout-stats/%d", u.id) }},
		// The weekly block of Home and Community (top 3), and the full board.
		{"weekly leaderboard", weeklyBoard, 10, func(benchUser) string { return weeklyBoard }},
		{"leaderboard top 100", fullBoard, 3, func(benchUser) string { return fullBoard }},
	}
	noFoodDay := u0.foodDay == ""
	if noFoodDay {
		fmt.Fprintf(os.Stderr, "bench: no food entries from the food database for %s (scale data seeded before issue 15): "+
			"food diary day is left out; remove the scale data to seed it again\n", u0.name)
	}
	var eps []endpoint
	for _, r := range reads {
		if r.name == "food diary day" && noFoodDay {
			continue
		}
		sample, err := get(r.path)
		if err != nil {
			return nil, err
		}
		mk := r.mk
		if r.name == "food search" {
			// The ceiling answers each query with the app's own answer to it.
			for _, q := range foodQueries {
				b, err := get("/api/nutrition/foods?q=" + url.QueryEscape(q))
				if err != nil {
					return nil, err
				}
				foodSamples[q] = b
			}
		}
		eps = append(eps, endpoint{name: r.name, read: true, weight: r.weight, sample: sample, size: len(sample),
			target: perUser(users, func(u benchUser, _ uint64) (string, string, []byte) { return "GET", base + mk(u), nil })})
	}
	eps = append(eps,
		writeEndpoint("log a workout", base, users, nil, func(u benchUser, n uint64) (string, []byte) {
			return "/api/workout-logs", []byte(fmt.Sprintf(`{"workoutId":1,"workoutName":"Bench","duration":%d,"rating":4}`, 20+n%60))
		}),
		writeEndpoint("log food", base, users, nil, func(u benchUser, n uint64) (string, []byte) {
			// Back-dated over 60 days: today's answer (read above) does not grow run
			// after run, and no day reaches the 200-entry cap. Each pass over the
			// athletes moves one day back, so every athlete's entries spread over
			// all 60 days (n%60 gave each of 2,000 athletes only 3 days, which
			// reached the cap after some 30 runs on the same scale data).
			day := time.Now().UTC().AddDate(0, 0, -1-int(n/uint64(len(users))%60)).Format("2006-01-02")
			return "/api/food-entries", []byte(`{"foodName":"Banana","calories":105,"protein":1,"carbs":27,"fat":0,"quantity":"1","mealType":"snack","date":"` + day + `"}`)
		}),
		// One counter for the app's and the ceiling's runs: each (athlete, post)
		// pair is liked once in a bench, so every like is an insert (with a counter
		// per run, the ceiling's run liked the pairs first and the app's likes
		// all met ON CONFLICT DO NOTHING). Scale data kept across benches runs out
		// of fresh pairs after some 100 passes over the athletes in all.
		writeEndpoint("like a post", base, users, new(atomic.Uint64), func(u benchUser, n uint64) (string, []byte) {
			return fmt.Sprintf("/api/community/posts/%d/like", postIDs[int(n/uint64(len(users)))%len(postIDs)]), nil
		}),
		// argon2id (19 MiB, t=2) is meant to be slow: few connections, or memory balloons.
		// No cookie: signing in over a session ends that session (fixation), which
		// would sign the other requests of this athlete out.
		endpoint{name: "sign in", weight: 1, conns: 4, target: signIn(base, users)},
	)
	return eps, nil
}

// writeEndpoint is a POST of each athlete in turn (mk gives its path and
// body) and its same-SQL ceiling: the same requests, in the same order, to
// the ceiling server's POST /sql, which runs the endpoint's service call for
// the athlete (the path and body as sent) in place of the app. A shared counter
// (nil: one per run) carries n on from run to run, the app's and the ceiling's.
func writeEndpoint(name, base string, users []benchUser, shared *atomic.Uint64, mk func(u benchUser, n uint64) (path string, body []byte)) endpoint {
	counter := func() *atomic.Uint64 {
		if shared != nil {
			return shared
		}
		return new(atomic.Uint64)
	}
	return endpoint{name: name, weight: 8,
		target: perUserCounted(counter(), users, func(u benchUser, n uint64) (string, string, []byte) {
			path, body := mk(u, n)
			return "POST", base + path, body
		}),
		ceiling: func(cbase string) vegeta.Targeter {
			return perUserCounted(counter(), users, func(u benchUser, n uint64) (string, string, []byte) {
				path, body := mk(u, n)
				return "POST", fmt.Sprintf("%s/sql?ep=%s&user=%d&path=%s", cbase, url.QueryEscape(name), u.id, url.QueryEscape(path)), body
			})
		}}
}

func signIn(base string, users []benchUser) vegeta.Targeter {
	var n atomic.Uint64
	hdr := http.Header{"Content-Type": {"application/json"}}
	return func(t *vegeta.Target) error {
		u := users[int(n.Add(1)%uint64(len(users)))]
		t.Method, t.URL, t.Header = "POST", base+"/api/login", hdr
		t.Body = []byte(`{"username":"` + u.name + `","password":"` + auth.ScalePassword + `"}`)
		return nil
	}
}

// mixEndpoint interleaves every endpoint by weight.
func mixEndpoint(eps []endpoint) endpoint {
	var wheel []vegeta.Targeter
	for _, ep := range eps {
		for i := 0; i < ep.weight; i++ {
			wheel = append(wheel, ep.target)
		}
	}
	var n atomic.Uint64
	return endpoint{name: "mix (all of the above by weight)", target: func(t *vegeta.Target) error {
		return wheel[int(n.Add(1)%uint64(len(wheel)))](t)
	}}
}

func ceilingTarget(base, name string, users []benchUser) vegeta.Targeter {
	var n atomic.Uint64
	return func(t *vegeta.Target) error {
		u := users[int(n.Add(1)%uint64(len(users)))]
		t.Method = "GET"
		t.URL = fmt.Sprintf("%s/sql?ep=%s&user=%d&date=%s&q=%s", base, strings.ReplaceAll(name, " ", "+"), u.id,
			cmp.Or(u.foodDay, time.Now().UTC().Format("2006-01-02")),
			url.QueryEscape(foodQueries[int(u.id)%len(foodQueries)]))
		return nil
	}
}

// result is one attack's figures.
type result struct {
	name          string
	requests      uint64
	throughput    float64 // successful requests per second
	p50, p95, p99 time.Duration
	success       float64
	codes         map[string]int
	errors        []string
}

func attack(o options, ep endpoint) result {
	conns := o.conns
	if ep.conns > 0 {
		conns = ep.conns
	}
	// Open loop: a request is sent every 1/rate s whatever the answers do;
	// vegeta adds workers (and connections) up to 4 x conns when they are busy.
	atk := vegeta.NewAttacker(vegeta.Workers(uint64(conns)), vegeta.MaxWorkers(uint64(4*conns)),
		vegeta.Connections(4*conns), vegeta.MaxConnections(4*conns), vegeta.KeepAlive(true),
		vegeta.Timeout(10*time.Second), vegeta.MaxBody(1<<20))
	var m vegeta.Metrics
	var n uint64
	var slow []string
	began := time.Now()
	// One attack on the same connections: the first o.warmup (opening 64
	// connections at once, page caches, pools) is not measured.
	for res := range atk.Attack(ep.target, vegeta.Rate{Freq: int(ep.rate), Per: time.Second}, o.warmup+o.duration, ep.name) {
		if res.Timestamp.Before(began.Add(o.warmup)) {
			continue
		}
		if res.Latency > 200*time.Millisecond && len(slow) < 12 && os.Getenv("BENCH_TRACE") != "" {
			slow = append(slow, fmt.Sprintf("%s+%s", res.Timestamp.Sub(began).Round(time.Millisecond), res.Latency.Round(time.Millisecond)))
		}
		m.Add(res)
		n++
		if n >= o.maxReqs {
			atk.Stop()
		}
	}
	m.Close()
	if len(slow) > 0 {
		fmt.Fprintf(os.Stderr, "    slow (start+latency): %s\n", strings.Join(slow, " "))
	}
	r := result{name: ep.name, requests: m.Requests, throughput: m.Throughput, p50: m.Latencies.P50,
		p95: m.Latencies.P95, p99: m.Latencies.P99, success: m.Success, codes: m.StatusCodes, errors: m.Errors}
	fmt.Fprintf(os.Stderr, "  %-40s %7d req %8.0f ok/s  p50 %-9s p99 %-9s codes %v\n", ep.name, r.requests, r.throughput,
		r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), r.codes)
	return r
}

func median[T any](rs []result, f func(result) T, less func(a, b T) bool) T {
	vals := make([]T, len(rs))
	for i, r := range rs {
		vals[i] = f(r)
	}
	sort.Slice(vals, func(i, j int) bool { return less(vals[i], vals[j]) })
	return vals[len(vals)/2]
}

func printReport(w io.Writer, o options, order []string, results map[string][]result) {
	host, _ := os.Hostname()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(w, "\n### %s, %d athletes, %s\n\n", o.database, o.athletes, time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(w, "Machine: %s, %d CPUs (%s), %s. Load average at the end: %s. Server pinned to CPU %s (GOMAXPROCS=1): %v. "+
		"Closed loop: wrk, %d connections, %s per endpoint per run after a %s warm-up run. Open loop: vegeta at half the "+
		"closed-loop rate of the same run, %s after a %s warm-up. Each ceiling is measured right before its endpoint. Median of %d runs.\n\n",
		host, cpuCount(), cpuModel(), runtime.Version(), strings.TrimSpace(string(load)), o.serverCPU, o.pin,
		o.conns, wholeSeconds(o.duration), wholeSeconds(o.warmup), o.duration, o.warmup, o.runs)
	med := func(name string) (result, bool) {
		rs := results[name]
		if len(rs) == 0 {
			return result{}, false
		}
		r := rs[0]
		r.throughput = median(rs, func(r result) float64 { return r.throughput }, func(a, b float64) bool { return a < b })
		dl := func(a, b time.Duration) bool { return a < b }
		r.p50 = median(rs, func(r result) time.Duration { return r.p50 }, dl)
		r.p95 = median(rs, func(r result) time.Duration { return r.p95 }, dl)
		r.p99 = median(rs, func(r result) time.Duration { return r.p99 }, dl)
		codes := map[string]int{}
		for _, x := range rs {
			for c, n := range x.codes {
				codes[c] += n
			}
		}
		r.codes = codes
		return r, true
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }
	fmt.Fprintln(w, "| endpoint | app req/s | app p50 | app p99 | same-SQL req/s | same-SQL p99 | app / same-SQL (goal >= 75 %) | "+
		"p99 / same-SQL p99 (goal <= 3 x) | open-loop rate | open-loop p99 (goal < 20 ms) | answers (all runs) |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
	for _, name := range order {
		if strings.HasPrefix(name, "ceiling") || strings.HasPrefix(name, openLoop) || name == pbName {
			continue
		}
		r, _ := med(name)
		cols := []string{name, fmt.Sprintf("%.0f", r.throughput), ms(r.p50), ms(r.p99), "", "", "", "", "", "", codeList(r.codes)}
		if c, ok := med(sameSQL + name); ok && c.throughput > 0 && c.p99 > 0 {
			cols[4], cols[5] = fmt.Sprintf("%.0f", c.throughput), ms(c.p99)
			cols[6] = fmt.Sprintf("%.0f %%", 100*r.throughput/c.throughput)
			cols[7] = fmt.Sprintf("%.1f x", float64(r.p99)/float64(c.p99))
		}
		if ol, ok := med(openLoop + name); ok {
			cols[8], cols[9] = fmt.Sprintf("%.0f/s", ol.throughput), ms(ol.p99)
			if ol.success < 1 {
				cols[10] += fmt.Sprintf("; open loop: %s", codeList(ol.codes))
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cols, " | "))
	}
	for _, name := range []string{bareName, bareTinyName} {
		if bare, ok := med(name); ok {
			fmt.Fprintf(w, "| %s | %.0f | %s | %s |  |  |  |  |  |  | %s |\n", name, bare.throughput, ms(bare.p50), ms(bare.p99), codeList(bare.codes))
		}
	}
	if pb, ok := med(pbName); ok {
		feed, _ := med("feed")
		fmt.Fprintf(w, "| %s (same page of the same posts, no session) | %.0f | %s | %s |  |  |  |  |  |  | %s |\n",
			pbName, pb.throughput, ms(pb.p50), ms(pb.p99), codeList(pb.codes))
		// The ratio of each run (the two measured moments apart), then their
		// median: on a machine whose load varies, a ratio of medians taken
		// minutes apart says less.
		var ratios []float64
		for i, p := range results[pbName] {
			if i < len(results["feed"]) && p.throughput > 0 {
				ratios = append(ratios, results["feed"][i].throughput/p.throughput)
			}
		}
		if len(ratios) > 0 {
			each := make([]string, len(ratios))
			for i, r := range ratios {
				each[i] = fmt.Sprintf("%.1f", r)
			}
			slices.Sort(ratios)
			fmt.Fprintf(w, "\nThe feed answers %.1f x PocketBase's list-records req/s (goal >= 3 x; median of the runs' ratios %s); p99 %.1f ms against %.1f ms.\n",
				ratios[len(ratios)/2], strings.Join(each, ", "), float64(feed.p99)/1e6, float64(pb.p99)/1e6)
		}
	}
}

func codeList(codes map[string]int) string {
	keys := make([]string, 0, len(codes))
	for c := range codes {
		keys = append(keys, c)
	}
	slices.Sort(keys)
	var out []string
	for _, c := range keys {
		out = append(out, fmt.Sprintf("%s: %d", c, codes[c]))
	}
	return strings.Join(out, ", ")
}

func cpuCount() int {
	b, _ := os.ReadFile("/proc/cpuinfo")
	if n := strings.Count(string(b), "\nprocessor"); n > 0 {
		return n + 1
	}
	return runtime.NumCPU()
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "model name") {
			if i := strings.IndexByte(line, ':'); i >= 0 {
				return strings.TrimSpace(line[i+1:])
			}
		}
	}
	return "unknown CPU"
}
