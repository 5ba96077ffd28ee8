package httpx

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

var lbNets = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32")}

func TestClientAddrFromTrustedProxiesOnly(t *testing.T) {
	for _, tc := range []struct {
		name    string
		peer    string
		xff     []string
		trusted []netip.Prefix
		want    string
	}{
		{"no proxies trusted: the header is ignored", "203.0.113.9:5555", []string{"198.51.100.1"}, nil, "203.0.113.9"},
		{"untrusted peer cannot claim another address", "203.0.113.9:5555", []string{"198.51.100.1"}, lbNets, "203.0.113.9"},
		{"trusted proxy names the client", "10.0.0.2:40000", []string{"198.51.100.1"}, lbNets, "198.51.100.1"},
		{"forged hops left of the client are ignored", "10.0.0.2:40000", []string{"1.1.1.1, 2.2.2.2, 198.51.100.1"}, lbNets, "198.51.100.1"},
		{"forged trusted address left of the client is ignored", "10.0.0.2:40000", []string{"10.9.9.9, 198.51.100.1"}, lbNets, "198.51.100.1"},
		{"chain of trusted proxies is skipped", "127.0.0.1:40000", []string{"198.51.100.1, 10.1.1.1,10.0.0.3"}, lbNets, "198.51.100.1"},
		{"several headers are one list", "10.0.0.2:40000", []string{"1.1.1.1", "198.51.100.1"}, lbNets, "198.51.100.1"},
		{"only trusted hops: the left-most", "10.0.0.2:40000", []string{"10.0.0.7, 10.0.0.8"}, lbNets, "10.0.0.7"},
		{"trusted peer without the header", "10.0.0.2:40000", nil, lbNets, "10.0.0.2"},
		{"garbage from the proxy falls back to the proxy", "10.0.0.2:40000", []string{"198.51.100.1, not-an-ip"}, lbNets, "10.0.0.2"},
		{"garbage behind a trusted hop stops at that hop", "10.0.0.2:40000", []string{"<script>, 10.0.0.5"}, lbNets, "10.0.0.5"},
		{"address with a port", "10.0.0.2:40000", []string{"198.51.100.1:1234"}, lbNets, "198.51.100.1"},
		{"IPv6 with a port", "10.0.0.2:40000", []string{"[2001:db8::1]:443"}, lbNets, "2001:db8::1"},
		{"zones are dropped", "10.0.0.2:40000", []string{"fe80::1%" + strings.Repeat("z", 5000)}, lbNets, "fe80::1"},
		{"IPv4-mapped IPv6 is the IPv4 address", "[::ffff:10.0.0.2]:40000", []string{"::ffff:198.51.100.1"}, lbNets, "198.51.100.1"},
		{"empty hop is not an address", "10.0.0.2:40000", []string{"198.51.100.1,"}, lbNets, "10.0.0.2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := clientAddr(tc.peer, tc.xff, tc.trusted); got != tc.want {
				t.Fatalf("clientAddr(%q, %q) = %q, want %q", tc.peer, tc.xff, got, tc.want)
			}
		})
	}
}

// Behind a trusted proxy every client has its own bucket, and no client can
// leave its bucket by sending X-Forwarded-For itself.
func TestRateLimitsArePerClientBehindTrustedProxy(t *testing.T) {
	l := NewRateLimiter(time.Hour, 2, "")
	h := Chain(l.Limit(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })), ClientAddr(lbNets))
	send := func(peer string, xff ...string) int {
		req := httptest.NewRequest("POST", "/api/login", nil)
		req.RemoteAddr = peer
		for _, v := range xff {
			req.Header.Add("X-Forwarded-For", v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	// Two clients through the same proxy: two buckets of two.
	for _, client := range []string{"198.51.100.1", "198.51.100.2"} {
		for i := range 2 {
			if got := send("10.0.0.2:40000", client); got != 204 {
				t.Fatalf("%s request %d through the proxy: %d, want 204", client, i+1, got)
			}
		}
	}
	if got := send("10.0.0.2:40000", "198.51.100.1"); got != 429 {
		t.Fatalf("third request of one client: %d, want 429", got)
	}
	// The limited client forges a fresh address in front of its own: the proxy
	// appends the real one, so it is still limited.
	if got := send("10.0.0.2:40000", "192.0.2.77, 198.51.100.1"); got != 429 {
		t.Fatalf("forged hop through the proxy: %d, want 429", got)
	}
	// Straight to the app, X-Forwarded-For is not believed.
	for i := range 2 {
		if got := send("203.0.113.9:5555", "192.0.2.1"+strings.Repeat("0", i)); got != 204 {
			t.Fatalf("direct request %d: %d", i+1, got)
		}
	}
	if got := send("203.0.113.9:5555", "192.0.2.99"); got != 429 {
		t.Fatalf("a direct client rotating X-Forwarded-For escaped its limit: %d, want 429", got)
	}
}

func TestClientIPWithoutMiddlewareIsThePeer(t *testing.T) {
	req := httptest.NewRequest("GET", "/", nil)
	req.RemoteAddr = "203.0.113.9:5555"
	req.Header.Set("X-Forwarded-For", "198.51.100.1")
	if got := ClientIP(req); got != "203.0.113.9" {
		t.Fatalf("got %q", got)
	}
}

func TestRequestLogNamesTheClient(t *testing.T) {
	var buf strings.Builder
	logger := slog.New(slog.NewTextHandler(&buf, nil))
	h := Chain(http.NotFoundHandler(), ClientAddr(lbNets), RequestLog(logger, nil))
	req := httptest.NewRequest("GET", "/x", nil)
	req.RemoteAddr = "10.0.0.2:40000"
	req.Header.Set("X-Forwarded-For", "198.51.100.1")
	h.ServeHTTP(httptest.NewRecorder(), req)
	if !strings.Contains(buf.String(), "client=198.51.100.1") {
		t.Fatalf("log line without the client address: %s", buf.String())
	}
}

func TestClientKeyGroupsIPv6By64AndKeepsIPv4PerAddress(t *testing.T) {
	for _, c := range []struct{ peer, want string }{
		{"192.0.2.7:1", "ip:192.0.2.7"},
		{"[::ffff:192.0.2.7]:1", "ip:192.0.2.7"},
		{"[2001:db8:1:2:aaaa:bbbb:cccc:dddd]:1", "ip:2001:db8:1:2::/64"},
		{"[2001:db8:1:2::1]:1", "ip:2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:1", "ip:2001:db8:1:3::/64"},
		{"[fe80::1%eth0]:1", "ip:fe80::/64"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if got := ClientKey(r); got != c.want {
			t.Errorf("%s: key %q, want %q", c.peer, got, c.want)
		}
	}
}
