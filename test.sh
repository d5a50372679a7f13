#!/usr/bin/env bash
# The whole test suite, from a clone: every crate's tests (unit,
# integration and doc tests, all features), then the Python package's
# (pytest and mypy --strict, in a virtual environment of its own that
# python/run-tests.sh makes and fills from the package registry).
#
#   bash test.sh
#
# Ends with one line counting both: `N passed, N failed`.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$HOME/.cargo/bin:$PATH"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# The engine analysis's tests drive Debian's Stockfish
# (/usr/games/stockfish): installed here when missing (as root, or through
# sudo); where that fails, those tests say why and pass over it.
bash tests/install-stockfish.sh

status=0
cargo test --workspace --all-features --locked 2>&1 | tee "$log" || status=$?
bash python/run-tests.sh 2>&1 | tee -a "$log" || status=$?

# cargo prints a `test result:` line per test binary; pytest one summary
# line (`N passed[, N failed] in S`).
awk '/^test result:/ { passed += $4; failed += $6; next }
     / in [0-9.]+s/ && /[0-9]+ (passed|failed)/ {
       if (match($0, /[0-9]+ passed/)) passed += substr($0, RSTART, RLENGTH) + 0
       if (match($0, /[0-9]+ failed/)) failed += substr($0, RSTART, RLENGTH) + 0
     }
     END { printf "%d passed, %d failed\n", passed, failed }' "$log"
exit "$status"
