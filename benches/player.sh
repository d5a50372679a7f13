#!/usr/bin/env bash
# Benchmark of `chess960 games --player` (a script, not a test: run it by
# hand). Figures and how to read them: benches/README-player.md.
#
#   bash benches/player.sh [SIZE_MB] [RUNS]      (defaults 1000 and 5)
#
# Generates the lichess-like Chess960 PGN of benches/games_gen.py (SIZE_MB
# megabytes, 100,000 player names), and from it an engine match of the
# same size (every White "EngineA", every Black "EngineB"). Each case runs
# RUNS times on one core (taskset -c 0); prints the median wall time, CPU
# time (user + system) and max RSS, and the ratio to the plain `games`
# run. BENCH_DIR=DIR keeps the generated files there between runs.
set -euo pipefail
size=${1:-1000}
runs=${2:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_DIR:-$(mktemp -d)}
cd "$root"
cargo build --release -p chess960-cli >/dev/null 2>&1
bin=${CARGO_TARGET_DIR:-$root/target}/release/chess960

[ -f "$work/big.pgn" ] || python3 benches/games_gen.py "$size" > "$work/big.pgn"
[ -f "$work/match.pgn" ] || sed -E 's/^\[White "player[0-9]+"\]/[White "EngineA"]/; s/^\[Black "player[0-9]+"\]/[Black "EngineB"]/' "$work/big.pgn" > "$work/match.pgn"
cat "$work/big.pgn" "$work/match.pgn" > /dev/null # warm the page cache
bytes=$(stat -c %s "$work/big.pgn")
echo "input: $bytes bytes; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

# case LABEL COMMAND...: RUNS runs; prints the medians.
case_() {
    local label=$1
    shift
    : > "$work/times"
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %U %S %M" -o "$work/time" taskset -c 0 "$@" > "$work/out" 2> "$work/err" || true
        tail -n 1 "$work/time" >> "$work/times"
    done
    read -r wall cpu rss < <(awk '{ print $1, $2 + $3, $4 }' "$work/times" | sort -n -k2 | awk -v n="$runs" 'NR == int((n + 1) / 2)')
    printf '%-46s wall %6.2f s  cpu %6.2f s  %5.0f MB/s (cpu)  rss %6d KB\n' "$label" "$wall" "$cpu" "$(echo "$bytes / $cpu / 1000000" | bc -l)" "$rss"
    echo "$cpu" > "$work/cpu-$label"
    grep -o 'player .*' "$work/err" | sed 's/^/  /' || true
}

case_ "games (no --player)" "$bin" games "$work/big.pgn"
case_ "games --player player42" "$bin" games --player player42 "$work/big.pgn"
case_ "games --player x 10 names" "$bin" games $(for n in 1 2 3 4 5 6 7 8 9 10; do echo --player "player$n"; done) "$work/big.pgn"
case_ "games --player EngineA (every game, match)" "$bin" games --player EngineA "$work/match.pgn"
case_ "games --games --player player42" "$bin" games --games --player player42 "$work/big.pgn"
base=$(cat "$work/cpu-games (no --player)")
for label in "games --player player42" "games --player x 10 names" "games --player EngineA (every game, match)"; do
    echo "$(cat "$work/cpu-$label") $base" | awk -v l="$label" '{ printf "  %s / games: %.2fx (cpu)\n", l, $1 / $2 }'
done
echo "files kept in $work"
