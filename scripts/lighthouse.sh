#!/usr/bin/env bash
# make lighthouse: Lighthouse (mobile preset, the default form factor with
# simulated throttling) on the real binary, printed as a Markdown table for
# BENCHMARKS.md: /, /pricing and /auth as a visitor (prerendered pages), then
# /blog and / signed in (a fresh account made through the API, its cookies
# passed with --extra-headers). Each page RUNS times (default 2); every row
# carries the load average at its start (`uptime`): Lighthouse's figures are
# noisy on a busy machine. Needs bin/hyrox (make build) and Chromium
# (CHROME_PATH). LIGHTHOUSE overrides the command (default: npx lighthouse@12).
# PAGES and SIGNED_IN_PAGES override the two lists of paths (space-separated;
# empty skips the list). REPORTS=dir keeps every run's JSON report there (the long tasks and the
# main thread's work by script are in it), named after the page and the run.
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
LH="${LIGHTHOUSE:-npx --yes lighthouse@12}"
RUNS="${RUNS:-2}"
tmp="$(mktemp -d)"
DATABASE_URL="sqlite:$tmp/lh.db" HOST=127.0.0.1 PORT=0 APP_ENV=production LOG_FORMAT=text PUBLIC_URL=http://127.0.0.1 \
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

# A signed-in athlete: register through the API and keep the two cookies it sets.
user="lh_$(date +%s)"
curl -fsS -D "$tmp/register.headers" -o /dev/null -H 'Content-Type: application/json' \
  -d "{\"username\":\"$user\",\"email\":\"$user@example.com\",\"password\":\"Lighthouse-pass-1\"}" "$addr/api/register"
cookie="$(grep -io '^set-cookie: hyrox_\(session\|signed_in\)=[^;]*' "$tmp/register.headers" | cut -d' ' -f2 | paste -sd';' - | sed 's/;/; /g')"
[ -n "$cookie" ] || { cat "$tmp/register.headers"; exit 1; }
printf '{"Cookie":"%s"}' "$cookie" >"$tmp/signed-in.json"

echo "| page | load avg (1 min) | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
run() { # label url [extra lighthouse flags]
  local label="$1" url="$2"
  shift 2
  for i in $(seq "$RUNS"); do
    local load
    load="$(cut -d' ' -f1 /proc/loadavg)"
    $LH "$url" --quiet --chrome-flags="--headless=new --no-sandbox" "$@" \
      --only-categories=performance,accessibility,best-practices,seo \
      --output=json --output-path="$tmp/report.json" >/dev/null 2>"$tmp/lh.log" || { cat "$tmp/lh.log"; exit 1; }
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
for page in ${PAGES-/ /pricing /auth}; do run "$page" "$addr$page"; done
for page in ${SIGNED_IN_PAGES-/blog /}; do run "$page (signed in)" "$addr$page" --extra-headers="$tmp/signed-in.json"; done
