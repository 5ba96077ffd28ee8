package main

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// The closed-loop measurements use wrk (C, one thread, event loop): on one
// core it sends ~45,000 req/s to a bare handler, where vegeta in this process
// tops out near 13,000 and so was the limit for the cheap endpoints. wrk runs
// as a child of this process and so on its core (make bench pins it to CPU 1).

// wrkRequests is how many requests of an endpoint's rotation the script holds
// (the targeter's first n: every signed-in athlete, bodies included).
const wrkRequests = 2000

// wrkScript writes a Lua script that sends t's first n requests in turn and
// prints one result line at the end.
func wrkScript(t vegeta.Targeter, n int) (string, error) {
	var b strings.Builder
	b.WriteString("local raw = {\n")
	for range n {
		var tg vegeta.Target
		if err := t(&tg); err != nil {
			return "", err
		}
		u, err := url.Parse(tg.URL)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "{%s, %s, {", strconv.Quote(tg.Method), strconv.Quote(u.RequestURI()))
		for k, vs := range tg.Header {
			for _, v := range vs {
				fmt.Fprintf(&b, "[%s] = %s, ", strconv.Quote(k), strconv.Quote(v))
			}
		}
		body := "nil"
		if tg.Body != nil {
			body = strconv.Quote(string(tg.Body))
		}
		fmt.Fprintf(&b, "}, %s},\n", body)
	}
	b.WriteString(`}
local reqs, i = {}, 0
init = function(args)
  for k, r in ipairs(raw) do reqs[k] = wrk.format(r[1], r[2], r[3], r[4]) end
end
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
done = function(s, latency, requests)
  io.write(string.format("WRKRESULT %d %d %d %d %d %d %d\n", s.requests, s.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99),
    s.errors.status, s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout))
end
`)
	f, err := os.CreateTemp("", "hyrox-bench-*.lua")
	if err != nil {
		return "", err
	}
	defer f.Close()
	_, err = f.WriteString(b.String())
	return f.Name(), err
}

// wrkAttack drives ep closed loop with wrk: a warm-up run, then the measured one.
func wrkAttack(o options, base string, ep endpoint) result {
	r := wrkRun(o, base, ep)
	for _, e := range r.errors {
		fmt.Fprintf(os.Stderr, "  %s: %s\n", ep.name, e)
	}
	return r
}

func wrkRun(o options, base string, ep endpoint) result {
	r := result{name: ep.name, codes: map[string]int{}}
	conns := o.conns
	if ep.conns > 0 {
		conns = ep.conns
	}
	script, err := wrkScript(ep.target, wrkRequests)
	if err != nil {
		r.errors = append(r.errors, err.Error())
		return r
	}
	defer os.Remove(script)
	run := func(d time.Duration) (string, error) {
		cmd := exec.Command("wrk", "-t1", "-c"+strconv.Itoa(conns), "-d"+strconv.Itoa(int(wholeSeconds(d)/time.Second))+"s",
			"--timeout", "10s", "-s", script, base)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		return out.String(), err
	}
	if _, err := run(o.warmup); err != nil {
		r.errors = append(r.errors, "wrk warm-up: "+err.Error())
	}
	out, err := run(o.duration)
	if err != nil {
		r.errors = append(r.errors, fmt.Sprintf("wrk: %v: %s", err, out))
		return r
	}
	i := strings.Index(out, "WRKRESULT ")
	if i < 0 {
		r.errors = append(r.errors, "wrk printed no result: "+out)
		return r
	}
	var n, durUS, p50, p95, p99, bad, sockErr int64
	if _, err := fmt.Sscan(out[i+len("WRKRESULT "):], &n, &durUS, &p50, &p95, &p99, &bad, &sockErr); err != nil {
		r.errors = append(r.errors, "wrk result: "+err.Error())
		return r
	}
	ok := n - bad
	r.requests = uint64(n)
	r.throughput = float64(ok) / (float64(durUS) / 1e6)
	r.p50, r.p95, r.p99 = time.Duration(p50)*time.Microsecond, time.Duration(p95)*time.Microsecond, time.Duration(p99)*time.Microsecond
	if n > 0 {
		r.success = float64(ok) / float64(n)
	}
	r.codes["2xx/3xx"] = int(ok)
	if bad > 0 {
		r.codes["other"] = int(bad)
	}
	if sockErr > 0 {
		r.codes["socket errors"] = int(sockErr)
	}
	fmt.Fprintf(os.Stderr, "  %-40s %7d req %8.0f ok/s  p50 %-9s p99 %-9s %v\n", ep.name, r.requests, r.throughput,
		r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), r.codes)
	return r
}

// wholeSeconds is d as wrk runs it: whole seconds, at least one.
func wholeSeconds(d time.Duration) time.Duration {
	return max(time.Second, d.Round(time.Second))
}
