#!/usr/bin/env bash
# The Python package's tests from a fresh clone: a virtual environment of
# its own (.venv-ci at the repository's root, gitignored), the test tools
# from the package registry, the package built and installed from ./python
# (a release build of the extension, as a wheel the tests open), the
# `chess960` command the tests compare against, Chromium and its driver
# for the explorer page and Stockfish for the engine analysis (Debian's
# packages, when missing), then pytest
# and mypy --strict.
#
#   bash python/run-tests.sh            (from the repository's root)
#
# The wheel's extension is built with cargo's dev profile unless
# CHESS960_WHEEL_PROFILE says otherwise: the same code with overflow
# checks on, built in about a minute beside `cargo test`'s build, where a
# release build of every crate takes four minutes on two cores (the
# tests then run in 41 s instead of 32). `CHESS960_WHEEL_PROFILE=release`
# tests the wheel as it is published.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
venv=${CHESS960_VENV:-.venv-ci}
python=${PYTHON:-python3}

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet maturin pytest mypy pyarrow polars duckdb chess \
  zstandard dask distributed selenium

# The explorer page's browser test drives Debian's Chromium through
# Selenium: installed here when missing (as root, or through sudo); where
# that fails the test says so and fails.
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
      && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; } \
    || echo "could not install chromium and chromium-driver: the browser test will fail" >&2
fi

# The engine analysis's tests drive Debian's Stockfish: installed here when
# missing, as Chromium is; where that fails those tests are skipped, saying why.
bash tests/install-stockfish.sh

# The command the tests compare with (debug: CI's cargo test builds it too).
cargo build --locked -p chess960-cli --quiet
export CHESS960_BIN=${CARGO_TARGET_DIR:-$PWD/target}/debug/chess960

# The wheel as it would be published (but for the profile), kept for the
# test that opens it.
profile=${CHESS960_WHEEL_PROFILE:-dev}
wheels=$(mktemp -d)
trap 'rm -rf "$wheels"' EXIT
MATURIN_PEP517_ARGS="--profile $profile" \
  "$venv/bin/python" -m pip wheel --quiet --no-deps --wheel-dir "$wheels" ./python
export CHESS960_WHEEL=$(ls "$wheels"/chess960-*.whl)
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "$CHESS960_WHEEL"

# pytest exits 5 when it collects no test: that is a failure here.
status=0
"$venv/bin/python" -m pytest -q python/tests || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests" >&2
fi
[ "$status" -eq 0 ] || exit "$status"

"$venv/bin/python" -m mypy --strict python/tests python/chess960
