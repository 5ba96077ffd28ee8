#!/usr/bin/env bash
# make lighthouse: Lighthouse (mobile preset, the default form factor with
# simulated throttling) on the real binary, printed as a Markdown table for
# BENCHMARKS.md: /, /pricing and /auth as a visitor (prerendered pages), then
# the signed-in pages as the demo Pro athlete (the demo content is seeded), whose cookies
# are put in the cookie jar of a Chromium started here, which Lighthouse then
# drives (--port). Not --extra-headers: a header is not in document.cookie,
# where the app looks for the signed-in hint, so the page would render signed
# out (/blog sent to /auth). Each page RUNS times (default 2); every row
# carries the load average at its start (`uptime`): Lighthouse's figures are
# noisy on a busy machine. Needs bin/hyrox (make build) and Chromium
# (CHROME_PATH). LIGHTHOUSE overrides the command (default: npx lighthouse@12).
# PAGES and SIGNED_IN_PAGES override the two lists of paths (space-separated;
# empty skips the list). REPORTS=dir keeps every run's JSON report there (the long tasks and the
# main thread's work by script are in it), named after the page and the run.
# The pages are served as in production (README: HAProxy in front): HTTPS with
# HTTP/2, here by HAProxy with a throwaway self-signed certificate that Chromium
# is told to accept. Lighthouse's simulation models the protocol it sees: over
# HTTP/1.1 each of a page's ~50 module files waits for one of six connections,
# over HTTP/2 they share one. TLS=0 measures the app directly over plain HTTP/1.1.
# LH_FLAGS adds Lighthouse flags to every run, e.g.
# LH_FLAGS=--throttling.cpuSlowdownMultiplier=8: what a machine half as fast as this one
# (its benchmarkIndex, in each JSON report, half) would measure at the default 4 x.
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
LH="${LIGHTHOUSE:-npx --yes lighthouse@12}"
RUNS="${RUNS:-2}"
tmp="$(mktemp -d)"
# The demo content (make run's), so the signed-in pages show a real athlete's data.
DATABASE_URL="sqlite:$tmp/lh.db" APP_ENV=production ./bin/hyrox seed >"$tmp/seed.log" 2>&1 || { cat "$tmp/seed.log"; exit 1; }
TLS="${TLS:-1}"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
public=http://127.0.0.1
if [ "$TLS" = 1 ]; then public="https://127.0.0.1:$(free_port)"; fi
DATABASE_URL="sqlite:$tmp/lh.db" HOST=127.0.0.1 PORT=0 APP_ENV=production LOG_FORMAT=text PUBLIC_URL="$public" \
  ./bin/hyrox serve 2>"$tmp/server.log" &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$tmp"' EXIT
addr=""
for _ in $(seq 200); do
  addr="$(grep -o 'addr=http://127.0.0.1:[0-9]*' "$tmp/server.log" | head -n1 | cut -d= -f2 || true)"
  [ -n "$addr" ] && break
  sleep 0.1
done
[ -n "$addr" ] || { cat "$tmp/server.log"; exit 1; }
chrome_flags="--headless=new --no-sandbox"
if [ "$TLS" = 1 ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
    -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null
  cat "$tmp/cert.pem" "$tmp/key.pem" >"$tmp/haproxy.pem"
  cat >"$tmp/haproxy.cfg" <<CFG
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
frontend hyrox
  bind ${public#https://} ssl crt $tmp/haproxy.pem alpn h2,http/1.1
  option forwardfor
  default_backend app
backend app
  server app1 ${addr#http://}
CFG
  "${HAPROXY:-haproxy}" -f "$tmp/haproxy.cfg" -db 2>"$tmp/haproxy.log" &
  proxy=$!
  trap 'kill $pid $proxy 2>/dev/null || true; rm -rf "$tmp"' EXIT
  for _ in $(seq 100); do curl -ksfo /dev/null "$public/healthz" && break; sleep 0.1; done
  curl -ksfo /dev/null "$public/healthz" || { cat "$tmp/haproxy.log"; exit 1; }
  addr="$public"
  chrome_flags="$chrome_flags --ignore-certificate-errors"
fi

# A signed-in athlete: the demo Pro athlete (SIGNED_IN_USER), signed in through the
# API; the two cookies it sets, and the time zone the app keeps after its first start
# with the UTC offset it was read with (hyrox_tz and hyrox_tz_offset,
# docs/product.md#first-data-with-the-html): a returning athlete's page.
user="${SIGNED_IN_USER:-demo_pro}"
curl -kfsS -D "$tmp/login.headers" -o /dev/null -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"password\":\"hyrox-demo\"}" "$addr/api/login"
cookies="$(grep -io '^set-cookie: hyrox_\(session\|signed_in\)=[^;]*' "$tmp/login.headers" | cut -d' ' -f2)"
[ "$(printf '%s\n' "$cookies" | grep -c .)" = 2 ] || { cat "$tmp/login.headers"; exit 1; }
cookies="$cookies hyrox_tz=$(node -p 'encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)') hyrox_tz_offset=$(node -p 'new Date().getTimezoneOffset()')"

echo "| page | load avg (1 min) | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
run() { # label url [extra lighthouse flags]
  local label="$1" url="$2"
  shift 2
  for i in $(seq "$RUNS"); do
    local load
    load="$(cut -d' ' -f1 /proc/loadavg)"
    # On a busy machine Lighthouse now and then loses the trace (NO_NAVSTART): one more try.
    lh() {
      $LH "$url" --quiet --chrome-flags="$chrome_flags" "$@" \
        --only-categories=performance,accessibility,best-practices,seo \
        --output=json --output-path="$tmp/report.json" >/dev/null 2>"$tmp/lh.log"
    }
    lh "$@" || lh "$@" || { cat "$tmp/lh.log"; exit 1; }
    node -e '
      const r = require(process.argv[1]), c = r.categories, a = r.audits, s = (x) => Math.round(x.score * 100);
      console.log(`| ${process.argv[2]} | ${process.argv[3]} | ${s(c.performance)} | ${s(c.accessibility)} | ${s(c["best-practices"])} | ${s(c.seo)} | ` +
        `${a["first-contentful-paint"].displayValue} | ${a["largest-contentful-paint"].displayValue} | ${a["total-blocking-time"].displayValue} | ${a["cumulative-layout-shift"].displayValue} |`);
    ' "$tmp/report.json" "$label" "$load"
    if [ -n "${REPORTS:-}" ]; then
      mkdir -p "$REPORTS"
      cp "$tmp/report.json" "$REPORTS/$(printf '%s' "$label" | tr -c 'a-z0-9' '_')-$i.json"
    fi
  done
}
for page in ${PAGES-/ /pricing /auth}; do run "$page" "$addr$page" ${LH_FLAGS:-}; done
signed_in=(${SIGNED_IN_PAGES-/ /calendar /workout-logs/new /nutrition /analytics /blog})
[ ${#signed_in[@]} -gt 0 ] || exit 0
# A Chromium of our own, holding the two cookies in its jar (set over the
# DevTools protocol); Lighthouse drives it by its port and keeps cookies.
"$CHROME_PATH" $chrome_flags --remote-debugging-port=0 --user-data-dir="$tmp/chrome" about:blank 2>"$tmp/chrome.log" &
chrome=$!
trap 'kill $pid ${proxy:-} $chrome 2>/dev/null || true; wait $chrome 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 600); do [ -s "$tmp/chrome/DevToolsActivePort" ] && break; sleep 0.1; done
port="$(head -n1 "$tmp/chrome/DevToolsActivePort")"
ws="ws://127.0.0.1:$port$(sed -n 2p "$tmp/chrome/DevToolsActivePort")"
node $(node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' || echo --experimental-websocket) -e '
  const [ws, url, ...pairs] = process.argv.slice(1);
  const cookies = pairs.map((p) => { const i = p.indexOf("="); return { name: p.slice(0, i), value: p.slice(i + 1), url }; });
  const s = new WebSocket(ws);
  s.onopen = () => s.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } }));
  s.onmessage = (m) => { const r = JSON.parse(m.data); if (r.id !== 1) return; if (r.error) { console.error(r.error); process.exit(1); } s.close(); };
  s.onclose = () => process.exit(0);
' "$ws" "$addr" $cookies
for page in "${signed_in[@]}"; do run "$page (signed in)" "$addr$page" --port="$port" ${LH_FLAGS:-}; done
