#!/usr/bin/env bash
# Load test of `rubik serve` on loopback: 1,000 concurrent solve requests of random 3×3 states
# (crates/rubik-serve/examples/load.rs), then the server's peak memory from /usr/bin/time -v.
#
#   scripts/load.sh [COUNT] [SEED]        (default 1000 1; extra server options in SERVE_ARGS)
set -euo pipefail

count=${1:-1000}
seed=${2:-1}
cargo build -q --release -p rubik-cli
cargo build -q --release -p rubik-serve --example load
work=$(mktemp -d)
# Ctrl-C for the server, which runs under `time` (which ignores SIGINT itself).
stop() { pkill -INT -P "$server" 2>/dev/null || true; }
trap 'stop; rm -rf "$work"' EXIT
mkfifo "$work/out"
# shellcheck disable=SC2086
/usr/bin/time -v -o "$work/time" target/release/rubik serve --port 0 ${SERVE_ARGS:-} >"$work/out" &
server=$!
read -r first <"$work/out"
url=${first#listening on }
echo "server: $url"
sleep 1   # the tables load in the background at start-up
target/release/examples/load "$url" "$count" "$seed"
stop
wait "$server"
grep -E "Maximum resident|Elapsed" "$work/time"
