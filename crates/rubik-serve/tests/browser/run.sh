#!/usr/bin/env bash
# The page's tests: its modules under node, then the page in headless Chromium against a
# `rubik serve --port 0` started here (and always stopped). Needs node, npm and Chromium
# ($CHROMIUM, default /usr/bin/chromium); .ci/run installs them. Arguments go to `node --test`
# (e.g. --test-name-pattern=share). RUBIK_SHOTS=DIR keeps screenshots of the page.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../../../.. && pwd)
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || { echo "no Chromium at $CHROMIUM (apt-get install chromium)" >&2; exit 1; }
[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund

cargo build --quiet --locked --manifest-path "$root/Cargo.toml" -p rubik-cli
export RUBIK_BIN="$root/target/debug/rubik"

out=$(mktemp)
# Tiny tables kept in memory: built in under a second, nothing written to the cache.
"$RUBIK_BIN" serve --port 0 --tables-size tiny --no-cache >"$out" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$out"' EXIT
# The first line says where it listens: "listening on http://HOST:PORT/".
for _ in $(seq 300); do
    line=$(head -n 1 "$out")
    [[ $line == "listening on "* ]] && break
    kill -0 "$server" 2>/dev/null || { cat "$out" >&2; exit 1; }
    sleep 0.1
done
[[ $line == "listening on "* ]] || { echo "rubik serve did not start: $(cat "$out")" >&2; exit 1; }
export RUBIK_URL=${line#listening on }
RUBIK_URL=${RUBIK_URL%/}
node --test "$@" modules.test.mjs page.test.mjs
