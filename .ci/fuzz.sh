#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for a bounded time, from the committed
# seeds (fuzz/seeds/<target>/), and fails on any finding: a failed check,
# a panic, an input slower than FUZZ_TIMEOUT seconds or memory above
# FUZZ_RSS_MB. Needs the nightly toolchain (cargo-fuzz builds with
# libFuzzer's instrumentation); without it, says so and skips.
#
#   FUZZ_SECONDS=20 (per target)  FUZZ_TIMEOUT=10  FUZZ_RSS_MB=1024
#   FUZZ_JOBS=$(nproc) (targets run at once)
#   .ci/fuzz.sh [TARGET...]       (default: every target)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

seconds=${FUZZ_SECONDS:-20}
timeout=${FUZZ_TIMEOUT:-10}
rss_mb=${FUZZ_RSS_MB:-1024}

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "the nightly toolchain is not installed: skipping fuzzing"
  exit 0
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
cargo fuzz --version

# The fuzz crate is formatted and linted like the workspace, and the
# reference checks the targets compare against have their own tests.
cargo +nightly fmt --manifest-path fuzz/Cargo.toml --check
cargo +nightly clippy --manifest-path fuzz/Cargo.toml --all-targets --locked -- -D warnings -W clippy::pedantic
cargo +nightly test --manifest-path fuzz/Cargo.toml --locked --lib --quiet

# Without a sanitizer: the code fuzzed is safe Rust but for the creation
# of the archive's maps (archive/src/mapped.rs), whose bytes are read as
# bounds-checked slices; AddressSanitizer would find nothing more there,
# and it makes the build a minute longer (220 s against 142 s here) and
# every run slower.
cargo +nightly fuzz build -s none
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi

corpus=$(mktemp -d)
# On the way out (an interrupt too), fuzzers still running are stopped
# before their corpus goes.
trap 'kill $(jobs -p) 2>/dev/null || true; wait; rm -rf "$corpus"' EXIT
# libFuzzer runs on one core: the targets run FUZZ_JOBS at a time (the
# machine's cores by default; a count, at least 1), each for its full time.
jobs=${FUZZ_JOBS:-$(nproc)}
if ! [[ $jobs =~ ^[0-9]+$ ]] || [ "$jobs" -lt 1 ]; then
  echo "FUZZ_JOBS is a count of at least 1, not '$jobs'" >&2
  exit 2
fi
fuzz_one() {
  local target=$1
  mkdir -p "$corpus/$target"
  # New inputs go to the temporary corpus (the first directory); the
  # committed seeds are only read.
  if cargo +nightly fuzz run -s none "$target" "$corpus/$target" "fuzz/seeds/$target" -- \
      -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss_mb" \
      -print_final_stats=1 >"$corpus/$target.log" 2>&1; then
    touch "$corpus/$target.ok"
  fi
}
running=0
for target in "${targets[@]}"; do
  fuzz_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
failed=()
for target in "${targets[@]}"; do
  printf -- '-- %s: %s s\n' "$target" "$seconds"
  if [ -e "$corpus/$target.ok" ]; then
    grep -E '^(Done|stat::number_of_executed_units)' "$corpus/$target.log" || true
  else
    failed+=("$target")
    tail -n 40 "$corpus/$target.log" || echo "(no log for $target)"
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found inputs that fail: ${failed[*]} (saved in fuzz/artifacts/; replay one with: cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/FILE)" >&2
  exit 1
fi
echo "fuzzing: ${#targets[@]} targets, ${seconds} s each, no finding"
