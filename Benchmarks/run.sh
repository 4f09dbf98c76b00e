#!/usr/bin/env bash
# Stashify page benchmark: release build, fresh demo database, HTTPS server on 127.0.0.1, then
# per-page sequential timings (pages.py) and a wrk load test of Home. Not a test; never run in CI.
#
# Environment:
#   BENCH_ENTRIES     demo entries to create            (default 100000)
#   BENCH_REQUESTS    timed requests per page           (default 500, after 20 warm-up requests)
#   BENCH_WARMUP      warm-up requests per page         (default 20)
#   BENCH_DURATION    wrk duration, like 10s or 1m      (default 10s)
#   BENCH_PORT        port to try first                 (default 18443; a free one is picked if taken)
#   BENCH_SKIP_BUILD  1 = reuse .build-bench/release/stashify as it is
#   BENCH_BIN         measure this stashify binary instead (implies no build), e.g. an earlier release
#   BENCH_SCALE       1 = then run scale.py --check on the same binary: 10k, 100k and 1M entries over ten years and
#                     200 other users in one database, held to the flat-history targets (about 10 minutes more)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH_DIR="$ROOT/Benchmarks"
SCRATCH="$ROOT/.build-bench"
BIN="${BENCH_BIN:-$SCRATCH/release/stashify}"

ENTRIES="${BENCH_ENTRIES:-100000}"
REQUESTS="${BENCH_REQUESTS:-500}"
WARMUP="${BENCH_WARMUP:-20}"
DURATION="${BENCH_DURATION:-10s}"
PORT="${BENCH_PORT:-18443}"
SKIP_BUILD="${BENCH_SKIP_BUILD:-0}"
SCALE="${BENCH_SCALE:-0}"
[[ -n "${BENCH_BIN:-}" ]] && SKIP_BUILD=1
EMAIL="demo@example.com"
PASSWORD="stashify-demo"
PYTHON="${PYTHON:-python3}"

die() { echo "run.sh: $*" >&2; exit 1; }
step() { echo "==> $*" >&2; }

for pair in "BENCH_ENTRIES=$ENTRIES" "BENCH_REQUESTS=$REQUESTS" "BENCH_WARMUP=$WARMUP" "BENCH_PORT=$PORT"; do
    [[ "${pair#*=}" =~ ^[0-9]+$ ]] || die "${pair%%=*} must be a whole number, not '${pair#*=}'"
done
(( REQUESTS >= 1 )) || die "BENCH_REQUESTS must be at least 1"
(( PORT >= 1 && PORT <= 65535 )) || die "BENCH_PORT must be from 1 to 65535"
if [[ "$DURATION" =~ ^([0-9]+)(s|m)?$ ]]; then
    DURATION_S="${BASH_REMATCH[1]}"
    [[ "${BASH_REMATCH[2]}" == "m" ]] && DURATION_S=$(( DURATION_S * 60 ))
    (( DURATION_S >= 1 && DURATION_S <= 3600 )) || die "BENCH_DURATION must be from 1s to 60m"
else
    die "BENCH_DURATION must look like 10s or 2m, not '$DURATION'"
fi
command -v "$PYTHON" >/dev/null || die "$PYTHON not found"

# --- wrk ------------------------------------------------------------------------------------------
if ! command -v wrk >/dev/null; then
    step "installing wrk from Debian"
    SUDO=""
    (( EUID == 0 )) || SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null \
        || { $SUDO apt-get update >/dev/null && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null; } \
        || die "could not install wrk (apt-get install -y wrk)"
fi

# --- build ----------------------------------------------------------------------------------------
if [[ "$SKIP_BUILD" == "1" ]]; then
    [[ -x "$BIN" ]] || die "BENCH_SKIP_BUILD=1 but $BIN doesn't exist; build once without it"
    step "reusing $BIN"
else
    step "building release (swift build -c release --scratch-path .build-bench)"
    (cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH") || die "release build failed"
fi

# --- temp data, cleanup ---------------------------------------------------------------------------
TMP="$(mktemp -d "${TMPDIR:-/tmp}/stashify-bench.XXXXXX")"
SERVER_PID=""
cleanup() {
    local status=$?
    if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 50); do  # up to 5 s for a clean shutdown
            kill -0 "$SERVER_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$TMP"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

DATA="$TMP/data"
step "demo data: $ENTRIES entries over 3 years"
timeout 900 "$BIN" demo-data --email "$EMAIL" --password "$PASSWORD" --entries "$ENTRIES" --years 3 --data-dir "$DATA" \
    || die "demo-data failed"

# --- server ---------------------------------------------------------------------------------------
port_free() {
    "$PYTHON" - "$1" <<'EOF'
import socket, sys
s = socket.socket()
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)
finally:
    s.close()
EOF
}
if ! port_free "$PORT"; then
    PORT="$("$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
    step "port ${BENCH_PORT:-18443} is taken; using $PORT"
fi
BASE="https://127.0.0.1:$PORT"

step "starting the server on $BASE"
# wrk is one client with many connections, and the API's paths are asked with one token: the per-address cap and the
# per-token limit are lifted (environment variables, which earlier builds measured for comparison ignore).
(cd "$ROOT" && STASHIFY_MAX_CONNECTIONS_PER_ADDRESS=100000 STASHIFY_API_REQUESTS_PER_MINUTE=100000 exec "$BIN" --data-dir "$DATA" --port "$PORT" --host 127.0.0.1 --resources-dir "$ROOT") \
    >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
if ! "$PYTHON" "$BENCH_DIR/pages.py" wait --base-url "$BASE" --timeout 60; then
    tail -n 20 "$TMP/server.log" >&2 || true
    die "the server didn't become ready"
fi
kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 20 "$TMP/server.log" >&2; die "the server exited"; }

step "logging in as $EMAIL"
COOKIE="$("$PYTHON" "$BENCH_DIR/pages.py" login --base-url "$BASE" --email "$EMAIL" --password "$PASSWORD")" \
    || die "log-in failed"

# --- sequential page timings ----------------------------------------------------------------------
step "timing pages: $WARMUP warm-up + $REQUESTS timed requests each, one keep-alive connection"
"$PYTHON" "$BENCH_DIR/pages.py" measure --base-url "$BASE" --cookie "$COOKIE" \
    --warmup "$WARMUP" --requests "$REQUESTS" --out "$TMP/pages.json" || die "page timing failed"

# --- load test ------------------------------------------------------------------------------------
# Home, then /healthz, then /accounts (the signed-in floor) with the same cookie and settings: ratios from one run
# hold on any machine.
WRK_ARGS="-t2 -c32 -d$DURATION"
for key in load floor signed-in; do
    LOAD_PATH="$("$PYTHON" "$BENCH_DIR/pages.py" "$key-path")"
    step "load test: wrk $WRK_ARGS $LOAD_PATH"
    timeout --kill-after=5 $(( DURATION_S + 60 )) \
        wrk -t2 -c32 -d"$DURATION" --timeout 5s -s "$BENCH_DIR/count-status.lua" \
            -H "Cookie: $COOKIE" "$BASE$LOAD_PATH" >"$TMP/wrk-$key.txt" 2>&1 \
        || { cat "$TMP/wrk-$key.txt" >&2; die "wrk failed"; }
    sed 's/^/    /' "$TMP/wrk-$key.txt" >&2
    "$PYTHON" "$BENCH_DIR/pages.py" wrk-parse "$TMP/wrk-$key.txt" --wrk-args "$WRK_ARGS" --key "$key" --out "$TMP/wrk.json"
    kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 20 "$TMP/server.log" >&2; die "the server died during the load test"; }
done

if grep -qiE "error|critical|fatal" "$TMP/server.log"; then
    echo "Server log lines mentioning errors:" >&2
    grep -iE "error|critical|fatal" "$TMP/server.log" | head -n 20 >&2
fi

# --- results --------------------------------------------------------------------------------------
echo
"$PYTHON" "$BENCH_DIR/pages.py" table "$TMP/pages.json" --wrk "$TMP/wrk.json"

# --- scale ----------------------------------------------------------------------------------------
if [[ "$SCALE" == "1" ]]; then
    echo
    step "scale: 10k, 100k and 1M entries over ten years, and 200 other users (scale.py --check)"
    "$PYTHON" "$BENCH_DIR/scale.py" --bin "$BIN" --check || die "a flat-history target was missed (see MISSED above)"
fi
