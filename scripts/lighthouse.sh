#!/usr/bin/env bash
# make lighthouse: Lighthouse (mobile preset, the default form factor with
# simulated throttling) on /, /pricing and /auth of the real binary, printed
# as a Markdown table for BENCHMARKS.md. Needs bin/hyrox (make build) and
# Chromium (CHROME_PATH). LIGHTHOUSE overrides the command (default: npx lighthouse@12).
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
LH="${LIGHTHOUSE:-npx --yes lighthouse@12}"
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
echo "| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for page in / /pricing /auth; do
  $LH "$addr$page" --quiet --chrome-flags="--headless=new --no-sandbox" \
    --only-categories=performance,accessibility,best-practices,seo \
    --output=json --output-path="$tmp/report.json" >/dev/null 2>"$tmp/lh.log" || { cat "$tmp/lh.log"; exit 1; }
  node -e '
    const r = require(process.argv[1]), c = r.categories, a = r.audits, s = (x) => Math.round(x.score * 100);
    console.log(`| ${process.argv[2]} | ${s(c.performance)} | ${s(c.accessibility)} | ${s(c["best-practices"])} | ${s(c.seo)} | ` +
      `${a["largest-contentful-paint"].displayValue} | ${a["total-blocking-time"].displayValue} | ${a["cumulative-layout-shift"].displayValue} |`);
  ' "$tmp/report.json" "$page"
done
