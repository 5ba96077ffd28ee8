package httpx

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

type clientAddrKey struct{}

// ClientAddr works out each request's client address once, for the rate
// limits and the logs (docs/operations.md: trusted proxies). From a peer in
// trusted, the client is the right-most X-Forwarded-For hop that is not itself
// a trusted proxy: every hop to its right was appended by a proxy we trust,
// everything to its left was sent by the client and may be forged. From any
// other peer the header is ignored and the peer is the client.
func ClientAddr(trusted []netip.Prefix) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			addr := clientAddr(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), trusted)
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientAddrKey{}, addr)))
		})
	}
}

// ClientIP is the request's client address as ClientAddr found it, or the
// peer address when that middleware did not run.
func ClientIP(r *http.Request) string {
	if addr, ok := r.Context().Value(clientAddrKey{}).(string); ok {
		return addr
	}
	return peerAddr(r.RemoteAddr)
}

func clientAddr(remoteAddr string, forwardedFor []string, trusted []netip.Prefix) string {
	client := peerAddr(remoteAddr)
	if len(trusted) == 0 || len(forwardedFor) == 0 {
		return client
	}
	peer, err := netip.ParseAddr(client)
	if err != nil || !isTrusted(peer, trusted) {
		return client
	}
	// Several X-Forwarded-For headers form one list, in order.
	hops := strings.Split(strings.Join(forwardedFor, ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			// A trusted proxy appended something that is not an address:
			// the last hop we could read (a trusted proxy) is all we know.
			return client
		}
		client = hop.String()
		if !isTrusted(hop, trusted) {
			return client
		}
	}
	return client // every hop is a trusted proxy: the left-most is the client
}

// parseHop reads one X-Forwarded-For entry: an address, or an address with a
// port. Zones are dropped so a client cannot grow the rate-limit keys.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	addr, err := netip.ParseAddr(s)
	if err != nil {
		ap, err := netip.ParseAddrPort(s)
		if err != nil {
			return netip.Addr{}, false
		}
		addr = ap.Addr()
	}
	return addr.WithZone("").Unmap(), true
}

func isTrusted(addr netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// peerAddr is the host part of the connection's address.
func peerAddr(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		return remoteAddr
	}
	if addr, err := netip.ParseAddr(host); err == nil {
		return addr.WithZone("").Unmap().String()
	}
	return host
}

// ClientKey is the rate-limit key of the request's client (docs/security.md:
// limits per address): an IPv4 address (or IPv4-mapped IPv6) stands for
// itself, an IPv6 address for its /64, the block every home line and
// hosting plan hands one customer, so rotating through it gets no new bucket.
func ClientKey(r *http.Request) string { return "ip:" + addrKey(ClientIP(r)) }

func addrKey(client string) string {
	addr, err := netip.ParseAddr(client)
	if err != nil || !addr.Is6() || addr.Is4In6() {
		return client
	}
	return netip.PrefixFrom(addr, 64).Masked().String()
}
