#!/usr/bin/env bash
# The steps of `make test` and the summary at its end. Each step runs through
# this script, which records whether it passed, failed or was skipped (and
# why) in $TEST_SUMMARY, and goes on to the next step; `summary` prints the
# record and fails when any step failed.
#
#   test-step.sh start                          new, empty record
#   test-step.sh run NAME [--note TEXT] -- CMD  run CMD as step NAME (TEXT: what it left out)
#   test-step.sh skip NAME REASON               record a step that could not run
#   test-step.sh summary                        print the record; exit 1 if a step failed
set -uo pipefail
record="${TEST_SUMMARY:-bin/test-summary.txt}"

case "${1:-}" in
start)
  mkdir -p "$(dirname "$record")"
  : >"$record"
  ;;
run)
  name="$2"
  shift 2
  note=""
  if [ "${1:-}" = "--note" ]; then
    note="$2"
    shift 2
  fi
  [ "${1:-}" = "--" ] && shift
  echo "=== $name"
  began=$SECONDS
  "$@"
  rc=$?
  took="$(((SECONDS - began) / 60))m$(((SECONDS - began) % 60))s"
  if [ $rc -eq 0 ]; then
    result="passed"
  else
    result="FAILED (exit $rc)"
  fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$result" "$took" "$note" >>"$record"
  ;;
skip)
  echo "=== $2: SKIPPED: $3"
  printf '%s\t%s\t%s\t%s\n' "$2" "SKIPPED" "-" "$3" >>"$record"
  ;;
summary)
  echo
  echo "make test summary"
  awk -F'\t' '{ printf "  %-34s %-16s %7s  %s\n", $1, $2, $3, $4 }' "$record"
  passed=$(awk -F'\t' '$2 == "passed"' "$record" | wc -l)
  failed=$(awk -F'\t' '$2 ~ /^FAILED/' "$record" | wc -l)
  skipped=$(awk -F'\t' '$2 == "SKIPPED"' "$record" | wc -l)
  echo "steps: $passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
  ;;
*)
  echo "usage: $0 start | run NAME [--note TEXT] -- CMD... | skip NAME REASON | summary" >&2
  exit 2
  ;;
esac
