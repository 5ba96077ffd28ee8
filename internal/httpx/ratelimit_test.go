package httpx

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"hyrox/internal/apperr"
)

func TestRateLimiterAnswers429WithRetryAfter(t *testing.T) {
	l := NewRateLimiter(time.Minute, 2, "Too many login attempts.")
	h := l.Limit(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }))
	codes := []int{}
	for range 3 {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/login", nil)
		h.ServeHTTP(rec, req)
		codes = append(codes, rec.Code)
		if rec.Code == 429 && rec.Header().Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	}
	if codes[0] != 204 || codes[1] != 204 || codes[2] != 429 {
		t.Fatalf("codes %v", codes)
	}
	if err := l.Allow("other-key"); err != nil {
		t.Fatalf("another key must have its own bucket: %v", err)
	}
}

func TestRateLimiterCanBeTurnedOff(t *testing.T) {
	l := NewRateLimiter(time.Hour, 1, "").Enable(false)
	for range 5 {
		if err := l.Allow("ip:1"); err != nil {
			t.Fatal(err)
		}
	}
	l.Enable(true)
	_ = l.Allow("ip:1")
	err := l.Allow("ip:1")
	e := apperr.As(err)
	if err == nil || Status(e) != 429 || e.Extra["retryAfter"].(int) < 3000 {
		t.Fatalf("after Enable(true) the limit applies: %v", err)
	}
	var nilLimiter *RateLimiter
	if nilLimiter.Allow("x") != nil {
		t.Fatal("a nil limiter allows everything")
	}
}

// Unique keys (a flood of made-up usernames) must not grow the limiter past
// its table, however long the keys are.
func TestRateLimiterMemoryIsBoundedByItsTable(t *testing.T) {
	l := NewRateLimiter(time.Minute, 5, "").WithMaxBuckets(1000)
	big := strings.Repeat("x", 4<<10)
	before := heapInUse()
	for i := range 20_000 {
		_ = l.Allow(big + strconv.Itoa(i))
	}
	if n := l.Len(); n > 1000 {
		t.Fatalf("%d buckets, want at most 1000", n)
	}
	if grew := heapInUse() - before; grew > 8<<20 {
		t.Fatalf("heap grew by %d MiB for 20,000 unique keys", grew>>20)
	}
}

// A flood of unique keys must not reset a limit already running: when the
// table is full, newcomers share one overflow bucket and old ones stay.
func TestRateLimiterFloodDoesNotResetExistingLimits(t *testing.T) {
	l := NewRateLimiter(time.Hour, 2, "").WithMaxBuckets(100)
	_ = l.Allow("user:victim")
	_ = l.Allow("user:victim")
	for i := range 5000 {
		_ = l.Allow("flood" + strconv.Itoa(i))
	}
	if err := l.Allow("user:victim"); err == nil {
		t.Fatal("the victim's exhausted bucket was forgotten under the flood")
	}
	if err := l.Allow("newcomer"); err == nil {
		t.Fatal("while the table is full, newcomers share the (exhausted) overflow bucket")
	}
}

func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse)
}
