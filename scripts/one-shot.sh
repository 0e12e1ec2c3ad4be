#!/usr/bin/env bash
# How long one answer takes, as a person or a shell script sees it: the wall time of one
# `rubik` process with the tables already cached, after a pause and back to back (hyperfine).
#
#   scripts/one-shot.sh [RUBIK]      (default: target/release/rubik)
#
# Environment: RUBIK_TABLES (the cache to use; default: a directory under /tmp, built first),
# SIZES (default "tiny small medium large"), PAUSE (seconds of sleep before each timed run after
# a pause; default 3), RUNS (runs per state; default 2), STATES (random states, seeds 1..STATES;
# default 5), KOCIEMBA_PYTHON (a Python with `pip install kociemba`, to time it the same way),
# SMALL_PAGES (if set: the table files are brought into the system's cache in 4 KiB pieces, as
# ext4 caches every file on kernels before Linux 6.16, instead of the 2 MiB pieces that rubik's
# huge-page advice gets from newer ones; they stay so until the system drops them).
# Prints how much of each large table file a solve maps in 2 MiB pieces, then the median wall time
# of each case over all its runs, in milliseconds.
set -euo pipefail

rubik=$(realpath "${1:-target/release/rubik}")
export RUBIK_TABLES=${RUBIK_TABLES:-/tmp/rubik-one-shot-tables}
sizes=${SIZES:-tiny small medium large}
pause=${PAUSE:-3}
runs=${RUNS:-2}
count=${STATES:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A written file leaves the system's cache (see forget_cached_pages in tables/storage.rs):
# `tables verify` reads each back whole from the disk (dropping what the cache held of it), so
# that the timed runs find it cached, in 2 MiB pieces where the kernel allows.
for size in $sizes; do
    "$rubik" tables build --tables-size "$size" >/dev/null
    "$rubik" tables verify --tables-size "$size" >/dev/null
done
"$rubik" tables build --puzzle 2x2 >/dev/null
if [ -n "${SMALL_PAGES:-}" ]; then
    # Dropped from the cache, then read back through a map advised random access: one 4 KiB
    # page at a time, without the read-ahead that brings large pieces.
    python3 - "$RUBIK_TABLES"/*.tbl <<'PY'
import mmap, os, sys
for name in sys.argv[1:]:
    fd = os.open(name, os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    size = os.fstat(fd).st_size
    pages = mmap.mmap(fd, size, prot=mmap.PROT_READ)
    pages.madvise(mmap.MADV_RANDOM)
    sum(pages[offset] for offset in range(0, size, 4096))
PY
fi
states=$(for seed in $(seq "$count"); do
    "$rubik" scramble --seed "$seed" | "$rubik" apply -
done | paste -sd, -)
algs=$(for seed in $(seq "$count"); do "$rubik" scramble --seed "$seed"; done | paste -sd, -)

# time NAME PREPARE COMMAND...: hyperfine over every state, median of all runs.
time_case() {
    local name=$1 prepare=$2
    shift 2
    hyperfine --style none --runs "$runs" --prepare "$prepare" --export-json "$work/$name.json" \
        "$@" >/dev/null
    python3 - "$work/$name.json" "$name" <<'PY'
import json, statistics, sys
def wall(r):  # hyperfine 1.x lists "times"; 2.x lists "measurements"
    return r.get("times") or [m["time_wall_clock"]["value"] for m in r["measurements"]]
times = [t for r in json.load(open(sys.argv[1]))["results"] for t in wall(r)]
print(f"{sys.argv[2]:<40} median {statistics.median(times) * 1e3:7.1f} ms over {len(times)} runs")
PY
}

echo "load: $(uptime | sed 's/.*load/load/')"
# How the page cache holds each large table file: the part of it a long solve has mapped in 2 MiB
# pieces (FilePmdMapped) against all it has mapped (Rss). The times below move with it.
if [[ " $sizes " == *" large "* ]]; then
    "$rubik" solve --tables-size large --timeout-ms 1500 "${states%%,*}" >/dev/null &
    sleep 1
    awk '/\.tbl$/ { name = $NF; sub(/.*\//, "", name) }
         name && /^Rss:/ { rss = $2 }
         name && /^FilePmdMapped:/ {
             printf "%-28s %4.0f of %4.0f MiB mapped in 2 MiB pieces\n", name, $2 / 1024, rss / 1024
             name = ""
         }' "/proc/$!/smaps" || true
    wait
fi
for mode in pause back-to-back; do
    if [ "$mode" = pause ]; then prepare="sleep $pause"; else prepare=true; fi
    for size in $sizes; do
        time_case "load-$size-$mode" "$prepare" -N \
            "$rubik tables build --tables-size $size"
        time_case "solve-$size-$mode" "$prepare" -N -L state "$states" \
            "$rubik solve --tables-size $size {state}"
    done
    time_case "solve-alg-$mode" "$prepare" -L alg "$algs" "$rubik solve --alg \"{alg}\""
    time_case "scramble-$mode" "$prepare" -N "$rubik scramble"
    if [ -n "${KOCIEMBA_PYTHON:-}" ]; then
        time_case "kociemba-$mode" "$prepare" -L state "$states" \
            "$KOCIEMBA_PYTHON -c 'import sys, kociemba; print(kociemba.solve(sys.argv[1]))' {state}"
    fi
done
