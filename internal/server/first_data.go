package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The first data of a signed-in page comes with its HTML
// (docs/product.md#first-data-with-the-html): the server knows the session, so
// it answers the reads the page's first render makes before the browser asks,
// and the page renders without a round trip per read. Each page lists its
// reads here, written as the web app writes them, and the query that reads one
// starts with its answer (seedFromFirstData, apiQuery in web/src/lib);
// web/e2e/first-data.spec.ts fails when the app asks the network for one of
// them on a page's first load, or the page shows a loading placeholder.

// TimeZoneCookie holds the browser's IANA time zone, which the web app sets on
// every start: the day-based reads take the browser's local date.
const TimeZoneCookie = "hyrox_tz"

// liveLastEventID names the newest live event in the first data (not a read).
const liveLastEventID = "liveLastEventId"

// firstDataBudget bounds the time a page's HTML waits for its reads: a read
// that takes longer is left to the browser.
const firstDataBudget = time.Second

// everyPageReads are what the app shell reads on any signed-in page; the
// first, the athlete, is read before the others (their paths may name them).
var everyPageReads = []string{"/api/user", "/api/config", "/api/subscription-status"}

// firstDataPage is a page that comes with its first data: its module in the
// web app, named as the build's manifest names it (its path in web/, routed in
// web/src/app/router.tsx), whose chunks the HTML names (page_preloads.go); and
// its own reads for athlete id on the browser's local day d (d nil when the
// browser's zone is unknown: the day-based reads are then left to the browser).
type firstDataPage struct {
	module string
	reads  func(id int64, d *browserDay) []string
}

var firstDataPages = map[string]firstDataPage{
	"/": {module: "src/app/routes/home.tsx", reads: func(id int64, d *browserDay) []string {
		reads := []string{"/api/leaderboard?period=week&limit=3", "/api/community/posts?limit=20", "/api/analytics"}
		if d != nil {
			reads = append(reads, "/api/home?"+d.calendarQuery(), d.nutritionDay("/api/nutrition/"+strconv.FormatInt(id, 10)))
		}
		return reads
	}},
	"/calendar": {module: "src/features/training/pages/calendar-page.tsx", reads: func(_ int64, d *browserDay) []string {
		reads := []string{"/api/calendar/feed"}
		if d != nil {
			monday := d.date.AddDate(0, 0, -(int(d.date.Weekday())+6)%7)
			reads = append(reads, "/api/calendar?from="+monday.Format(time.DateOnly)+"&to="+monday.AddDate(0, 0, 6).Format(time.DateOnly))
		}
		return reads
	}},
	"/workout-logs/new": {module: "src/features/training/pages/workout-log-new-page.tsx", reads: func(int64, *browserDay) []string { return []string{"/api/workouts", "/api/exercises"} }},
	"/nutrition": {module: "src/features/nutrition/pages/nutrition-page.tsx", reads: func(id int64, d *browserDay) []string {
		reads := []string{"/api/nutrition/my-foods", "/api/nutrition/saved-meals"}
		if d != nil {
			reads = append(reads, "/api/food-entries?date="+d.date.Format(time.DateOnly),
				d.nutritionDay("/api/nutrition/"+strconv.FormatInt(id, 10)),
				d.nutritionDay("/api/nutrition/water"), d.nutritionDay("/api/nutrition/history"), d.nutritionDay("/api/nutrition/micros"),
				// The plan card's first request: no meal swapped yet (one 0 per meal of the plan).
				d.nutritionDay("/api/nutrition/plan")+"&swaps=0,0,0,0")
		}
		return reads
	}},
	"/analytics": {module: "src/features/racing/pages/analytics-page.tsx", reads: func(int64, *browserDay) []string { return []string{"/api/analytics", "/api/race-goal"} }},
}

// browserDay is the browser's local date, its zone and its offset now.
type browserDay struct {
	date    time.Time
	zone    string
	offsetM int // minutes east of UTC
}

// nutritionDay is path for the browser's day and zone, as the food diary asks.
func (d *browserDay) nutritionDay(path string) string {
	return path + "?" + url.Values{"date": {d.date.Format(time.DateOnly)}, "tz": {d.zone}}.Encode()
}

func (d *browserDay) calendarQuery() string {
	return url.Values{"today": {d.date.Format(time.DateOnly)}, "tzOffset": {strconv.Itoa(d.offsetM)}}.Encode()
}

// browserDayOf reads the browser's zone from its cookie; now is the wall
// clock (the browser's, not the app's clock that tests may move).
func browserDayOf(r *http.Request, now time.Time) *browserDay {
	c, err := r.Cookie(TimeZoneCookie)
	if err != nil || c.Value == "" || len(c.Value) > 64 {
		return nil
	}
	zone, err := url.QueryUnescape(c.Value)
	if err != nil {
		return nil
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return nil
	}
	local := now.In(loc)
	_, offset := local.Zone()
	y, m, day := local.Date()
	return &browserDay{date: time.Date(y, m, day, 0, 0, 0, 0, time.UTC), zone: zone, offsetM: offset / 60}
}

// firstDataKey is how both sides name a read: the path and its query sorted by
// name, as URLSearchParams.sort() then toString() write it in the browser.
func firstDataKey(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	if u.RawQuery == "" {
		return u.Path
	}
	return u.Path + "?" + u.Query().Encode()
}

// firstData answers a page's reads through the API handler with the request's
// own cookies (so every gate applies as to the browser's own request) and
// returns them as one JSON object by read, HTML-safe; nil when nobody is signed in.
// Only answers of 200 are kept: a read the athlete may not make stays the
// browser's, with its own error.
//
// It also names the athlete's newest live event, read before the others: the
// page's live stream resumes after it, so an event published while the page
// loads is sent on the stream, and nothing read here is read twice.
func firstData(api http.Handler, liveLatest func(ctx context.Context, userID int64) (int64, error)) func(r *http.Request) []byte {
	return func(r *http.Request) []byte {
		page, ok := firstDataPages[r.URL.Path]
		if !ok || r.URL.RawQuery != "" {
			return nil
		}
		ctx, cancel := context.WithTimeout(r.Context(), firstDataBudget)
		defer cancel()
		athlete := readFirst(ctx, api, r, everyPageReads[0])
		var me struct {
			ID int64 `json:"id"`
		}
		if athlete == nil || json.Unmarshal(athlete, &me) != nil || me.ID == 0 {
			return nil // not signed in after all
		}
		latest, err := liveLatest(ctx, me.ID)
		if err != nil {
			return nil
		}
		all := append(append([]string{}, everyPageReads[1:]...), page.reads(me.ID, browserDayOf(r, time.Now()))...)
		out := map[string]json.RawMessage{firstDataKey(everyPageReads[0]): athlete, liveLastEventID: json.RawMessage(strconv.FormatInt(latest, 10))}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, read := range all {
			wg.Go(func() {
				if answer := readFirst(ctx, api, r, read); answer != nil {
					mu.Lock()
					out[firstDataKey(read)] = answer
					mu.Unlock()
				}
			})
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-ctx.Done(): // what is not answered by now stays the browser's to ask
		}
		mu.Lock()
		defer mu.Unlock()
		// Marshal sorts the reads and escapes <, > and & in the answers too:
		// "</script>" in an athlete's text cannot end the element.
		data, err := json.Marshal(out)
		if err != nil {
			return nil
		}
		return data
	}
}

// readFirst makes one GET through api as the browser would; its body when the
// answer is 200 and JSON.
func readFirst(ctx context.Context, api http.Handler, page *http.Request, read string) json.RawMessage {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, read, nil)
	if err != nil {
		return nil
	}
	req.RemoteAddr = page.RemoteAddr
	req.Host = page.Host
	for _, h := range []string{"Cookie", "User-Agent", "Accept-Language"} {
		if v := page.Header.Get(h); v != "" {
			req.Header.Set(h, v)
		}
	}
	req.Header.Set("Accept", "application/json")
	rec := &recorder{header: http.Header{}}
	api.ServeHTTP(rec, req)
	if rec.status != http.StatusOK || !strings.HasPrefix(rec.header.Get("Content-Type"), "application/json") || !json.Valid(rec.body.Bytes()) {
		return nil
	}
	return bytes.TrimSpace(rec.body.Bytes())
}

// recorder keeps one internal answer.
type recorder struct {
	header http.Header
	body   bytes.Buffer
	status int
}

func (w *recorder) Header() http.Header { return w.header }
func (w *recorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}
func (w *recorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}
