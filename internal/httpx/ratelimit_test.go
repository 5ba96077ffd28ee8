package httpx

import (
	"net/http"
	"net/http/httptest"
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
