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
