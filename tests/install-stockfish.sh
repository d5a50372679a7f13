#!/usr/bin/env bash
# Installs Debian's stockfish (/usr/games/stockfish) when it is missing,
# as root or through sudo, for the engine analysis's tests; where that
# fails it says so, and those tests pass over it, saying why.
#
#   bash tests/install-stockfish.sh      (test.sh and python/run-tests.sh run it)
if [ ! -x /usr/games/stockfish ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
      && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stockfish; } \
    || echo "could not install stockfish: the analysis tests that need it are skipped" >&2
fi
exit 0
