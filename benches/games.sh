#!/usr/bin/env bash
# Benchmark of `chess960 games` (a script, not a test: run it by hand).
#
#   bash benches/games.sh [SIZE_MB]      (default 1000)
#
# Generates a lichess-like Chess960 PGN of SIZE_MB megabytes (and one of
# 10 MB), compresses it with zstd, and measures with /usr/bin/time:
#   1. plain PGN on one core (taskset -c 0): MB/s and games/s;
#   2. .pgn.zst against `zstd -dc FILE > /dev/null` alone;
#   3. python-chess's fastest path (read_headers + chess960_pos) on the
#      first 100 MB (pip install chess);
#   4. max RSS at 10 MB and at SIZE_MB.
# Wall time and CPU time (user + system) are both printed: on a busy
# machine the CPU time is the steadier figure.
set -euo pipefail
size=${1:-1000}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_DIR:-$(mktemp -d)}
cd "$root"
cargo build --release -p chess960-cli >/dev/null 2>&1
bin=$root/target/${CARGO_BUILD_TARGET:-}/release/chess960
[ -x "$bin" ] || bin=${CARGO_TARGET_DIR:-$root/target}/release/chess960

[ -f "$work/big.pgn" ] || python3 benches/games_gen.py "$size" > "$work/big.pgn"
[ -f "$work/small.pgn" ] || python3 benches/games_gen.py 10 > "$work/small.pgn"
[ -f "$work/big.pgn.zst" ] || zstd -q -T0 -10 "$work/big.pgn" -o "$work/big.pgn.zst"
# The first 100 MB, cut at a game's start.
head -c 100000000 "$work/big.pgn" | awk '/^\[Event /{ last = NR } { lines[NR] = $0 } END { for (i = 1; i < last; i++) print lines[i] }' > "$work/head.pgn"
cat "$work/big.pgn" "$work/big.pgn.zst" > /dev/null # warm the page cache

bytes=$(stat -c %s "$work/big.pgn")
games=$("$bin" games --games "$work/big.pgn" 2>/dev/null | tail -n +2 | wc -l)

# measure LABEL COMMAND...: prints wall seconds, CPU seconds, max RSS (KB).
measure() {
    local label=$1
    shift
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > /dev/null 2>&1 || true
    # A non-zero exit adds a line before the figures: take the last line.
    read -r wall user system rss < <(tail -n 1 "$work/time")
    cpu=$(echo "$user + $system" | bc)
    printf '%-34s wall %6.2f s  cpu %6.2f s  rss %7d KB\n' "$label" "$wall" "$cpu" "$rss"
    echo "$wall $cpu $rss" > "$work/last"
}
rate() { # rate BYTES GAMES SECONDS
    echo "$1 $2 $3" | awk '{ printf "  %.0f MB/s, %.0f games/s\n", $1 / $3 / 1e6, $2 / $3 }'
}

echo "input: $bytes bytes, $games games; compressed $(stat -c %s "$work/big.pgn.zst") bytes"
measure "chess960 games (plain, 1 core)" taskset -c 0 "$bin" games "$work/big.pgn"
read -r wall cpu _ < "$work/last"
rate "$bytes" "$games" "$wall"; rate "$bytes" "$games" "$cpu" | sed 's/$/ (by CPU time)/'
measure "zstd -dc alone" zstd -dc "$work/big.pgn.zst"
read -r zwall zcpu _ < "$work/last"
measure "chess960 games (.pgn.zst)" "$bin" games "$work/big.pgn.zst"
read -r gwall gcpu _ < "$work/last"
echo "$gwall $zwall" | awk '{ printf "  .pgn.zst / zstd -dc: %.2fx (wall)\n", $1 / $2 }'
measure "chess960 games (first 100 MB)" taskset -c 0 "$bin" games "$work/head.pgn"
read -r hwall hcpu _ < "$work/last"
if python3 -c 'import chess' 2>/dev/null; then
    measure "python-chess (first 100 MB)" python3 benches/games_python_chess.py "$work/head.pgn"
    read -r pwall pcpu _ < "$work/last"
    echo "$pwall $hwall" | awk '{ printf "  python-chess %.1f MB/s; chess960 games %.1fx faster (wall)\n", 100 / $1, $1 / $2 }'
fi
measure "max RSS at 10 MB" "$bin" games "$work/small.pgn"
measure "max RSS at $size MB" "$bin" games "$work/big.pgn"
measure "max RSS at $size MB (.zst)" "$bin" games "$work/big.pgn.zst"
echo "files kept in $work"
