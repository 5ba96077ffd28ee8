package httpx

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
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
