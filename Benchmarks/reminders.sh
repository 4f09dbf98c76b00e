#!/usr/bin/env bash
# The reminder engine and the calendar feed on many demo accounts, in a release build (not a test; see README.md).
# Environment: BENCH_USERS (default 1000), BENCH_ENTRIES per account (default 100), BENCH_BIN (a built bench-reminders),
# BENCH_DATA (a data folder to fill once and keep, so two builds can be compared on the same accounts).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=".build-bench"
BIN="${BENCH_BIN:-$SCRATCH/release/bench-reminders}"
if [[ -z "${BENCH_BIN:-}" ]]; then
  swift build -c release --scratch-path "$SCRATCH" --product bench-reminders >/dev/null
fi
if [[ -n "${BENCH_DATA:-}" ]]; then
  DATA="$BENCH_DATA"
else
  DIR=$(mktemp -d /tmp/stashify-reminders-XXXXXX)
  trap 'rm -rf "$DIR"' EXIT
  DATA="$DIR/data"
fi
"$BIN" --users "${BENCH_USERS:-1000}" --entries "${BENCH_ENTRIES:-100}" --data-dir "$DATA"
