#!/usr/bin/env bash
# The reminder engine and the calendar feed on many demo accounts, in a release build (not a test; see README.md).
# Environment: BENCH_USERS (default 1000), BENCH_ENTRIES per account (default 100), BENCH_BIN (a built binary).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=".build-bench"
BIN="${BENCH_BIN:-$SCRATCH/release/stashify}"
if [[ -z "${BENCH_BIN:-}" ]]; then
  swift build -c release --scratch-path "$SCRATCH" --product stashify >/dev/null
fi
DIR=$(mktemp -d /tmp/stashify-reminders-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
"$BIN" bench-reminders --users "${BENCH_USERS:-1000}" --entries "${BENCH_ENTRIES:-100}" --data-dir "$DIR/data"
