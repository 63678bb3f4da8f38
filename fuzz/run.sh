#!/usr/bin/env bash
# Run each fuzz target for a bounded time (FUZZ_SECONDS, default 60) from
# the committed seed corpus; fail on the first crash. A crash is anything
# but the documented ValueError: another exception, a broken invariant, an
# input that takes longer than FUZZ_TIMEOUT seconds (default 20) or more
# than 2 GB. The input that crashed is kept in fuzz/crashes/ (not
# committed); replay it with `python fuzz/fuzz_<target>.py fuzz/crashes/<file>`.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
timeout="${FUZZ_TIMEOUT:-20}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p fuzz/crashes

for target in "${@:-loads rules apply serialized vector_env weights}"; do
  for name in $target; do
    mkdir -p "$work/$name"
    echo "-- fuzz_$name: ${seconds}s"
    if python "fuzz/fuzz_$name.py" \
        -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 \
        -artifact_prefix="fuzz/crashes/$name-" \
        "$work/$name" "fuzz/corpus/$name" > "$work/$name.log" 2>&1; then
      grep -E "^(#[0-9]+ +DONE|Done)" "$work/$name.log" || true
    else
      echo "fuzz_$name crashed; the last lines of its log:"
      tail -n 60 "$work/$name.log"
      exit 1
    fi
  done
done
