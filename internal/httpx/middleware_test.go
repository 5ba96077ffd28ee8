package httpx

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// Made-up methods must not add metric series: they all count as "other".
func TestMetricsMethodLabelIsAFixedSet(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := NewMetrics(reg)
	h := RequestLog(slog.New(slog.NewTextHandler(io.Discard, nil)), m)(http.NotFoundHandler())
	for i := range 500 {
		req := httptest.NewRequest("GET", "/x", nil)
		req.Method = "M" + strings.Repeat("X", 200) + strconv.Itoa(i)
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/x", nil))
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string]float64{}
	for _, f := range families {
		if f.GetName() != "http_requests_total" {
			continue
		}
		for _, s := range f.GetMetric() {
			for _, l := range s.GetLabel() {
				if l.GetName() == "method" {
					methods[l.GetValue()] += s.GetCounter().GetValue()
				}
			}
		}
	}
	if len(methods) != 2 || methods["other"] != 500 || methods["GET"] != 1 {
		t.Fatalf("request series by method %v, want GET 1 and other 500", methods)
	}
}

// The security headers' values are built once and shared by every answer: a
// handler that adds to one of them on one answer must not change the next.
func TestSecurityHeadersSharedValuesStayPerAnswer(t *testing.T) {
	first := true
	h := SecurityHeaders("default-src 'self'", true, nil)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if first {
			w.Header().Add("Permissions-Policy", "usb=()")
			w.Header().Add("Content-Security-Policy", "frame-ancestors 'none'")
			first = false
		}
		WriteJSON(w, http.StatusOK, nil)
		w.Header().Add("Cache-Control", "private")
	}))
	for i, want := range [][]string{{"camera=(), microphone=(), geolocation=()", "usb=()"}, {"camera=(), microphone=(), geolocation=()"}} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x", nil))
		if got := rec.Result().Header.Values("Permissions-Policy"); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("answer %d: Permissions-Policy %q, want %q", i+1, got, want)
		}
		if got := rec.Result().Header.Values("Content-Security-Policy"); len(got) != 2-i || got[0] != "default-src 'self'" {
			t.Fatalf("answer %d: Content-Security-Policy %q", i+1, got)
		}
		if got := rec.Result().Header.Get("Strict-Transport-Security"); got != "max-age=63072000" {
			t.Fatalf("answer %d: HSTS %q", i+1, got)
		}
	}
	// WriteJSON's shared values: the Add after WriteHeader above did not reach them.
	rec := httptest.NewRecorder()
	WriteJSON(rec, http.StatusOK, nil)
	if got := rec.Header().Values("Cache-Control"); len(got) != 1 || got[0] != "no-store" {
		t.Fatalf("Cache-Control %q after an Add on another answer", got)
	}
	if got := rec.Header().Get("Content-Type"); got != "application/json" {
		t.Fatalf("Content-Type %q", got)
	}
}
