#!/usr/bin/env bash
# Runs every fuzz target (each JSON body decoder and the Stripe webhook) for a
# short, bounded time: FUZZTIME per target (default 5s). The corpus lives in
# each package's testdata/fuzz/<Target>/ and is replayed by plain `go test`
# too; `scripts/fuzz.sh --save` copies what the fuzzer found interesting from
# Go's cache into it, so the next run starts from there.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-5s}"
save=false
[ "${1:-}" = "--save" ] && save=true
cache="$(go env GOCACHE)/fuzz"
bins="$(mktemp -d)"
trap 'rm -rf "$bins" /tmp/fuzz-$$.log' EXIT
count=0

# fuzz_one runs one target. Go 1.26's fuzz coordinator can end a run that
# found nothing with a bare "context deadline exceeded" when -fuzztime expires
# while a worker is mid-call (go.dev/issue/75804, fixed in Go 1.27): no input
# is written and nothing reproduces. That case answers 1 so the caller runs the
# target once more; a real finding (a failing input written, a panic, any
# other failure) answers 2 and is never retried.
fuzz_one() {
  local dir=$1 bin=$2 t=$3 cachedir=$4
  (cd "$dir" && "$bin" -test.run '^$' -test.fuzz "^${t}\$" -test.fuzztime "$fuzztime" -test.fuzzcachedir "$cachedir") >/tmp/fuzz-$$.log 2>&1 && return 0
  if grep -q 'context deadline exceeded' /tmp/fuzz-$$.log && ! grep -qE 'Failing input written|panic:|_test\.go:[0-9]+:' /tmp/fuzz-$$.log; then
    echo "fuzz: $t ended on the fuzz engine's deadline race (go.dev/issue/75804), nothing found; running it again"
    return 1
  fi
  return 2
}
for pkg in $(go list ./internal/...); do
  dir="$(go list -f '{{.Dir}}' "$pkg")"
  targets=$(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' || true)
  [ -n "$targets" ] || continue
  # One instrumented test binary per package, run once per target (go test -fuzz
  # would relink it for each target). It runs in the package's folder, where its
  # testdata/fuzz corpus is, with the cache folder go test would give it.
  bin="$bins/$(basename "$pkg").test"
  echo "fuzz: building $pkg"
  go test -c -fuzz=. -o "$bin" "$pkg"
  for t in $targets; do
    echo "fuzz: $pkg $t ($fuzztime)"
    rc=0; fuzz_one "$dir" "$bin" "$t" "$cache/$pkg" || rc=$?
    [ "$rc" -eq 1 ] && { rc=0; fuzz_one "$dir" "$bin" "$t" "$cache/$pkg" || rc=$?; }
    [ "$rc" -eq 0 ] || { cat /tmp/fuzz-$$.log; exit 1; }
    count=$((count + 1))
    if $save && [ -d "$cache/$pkg/$t" ]; then
      mkdir -p "$dir/testdata/fuzz/$t"
      # Keep the corpus small: the 40 smallest inputs the fuzzer kept.
      ls -S -r "$cache/$pkg/$t" | head -n 40 | while read -r f; do cp "$cache/$pkg/$t/$f" "$dir/testdata/fuzz/$t/"; done
    fi
  done
done
echo "fuzz: $count targets, $fuzztime each, no failures"
