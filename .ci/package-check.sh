#!/usr/bin/env bash
# The packages as users get them: `cargo package --workspace`, then each
# unpacked .crate built and tested on its own files only, plus a scratch
# crate that uses the `rand` feature with rand 0.10 as `cargo add rand`
# gives it.
#
# The crates of this workspace are not in the registry yet, so the unpacked
# crates are members of a scratch workspace (under target/) whose
# `[patch.crates-io]` resolves them among themselves; everything else comes
# from the registry, at the versions of the repository's Cargo.lock.
#
# What a package leaves out on purpose is said in its Cargo.toml: the
# integration tests of chess960-macros need the chess960 crate, which
# depends on chess960-macros, so they run only in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
packages=(chess960-core chess960-macros chess960 chess960-games chess960-archive chess960-explorer chess960-cli)
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)

# `--no-verify`: cargo's own verification would unpack the just-packed
# crates into the shared registry source cache under names and versions
# that do not change between runs (and that concurrent runs on one machine
# would share). The scratch workspace below builds and tests every unpacked
# crate from its own files, which checks more than that verification does.
packing=$CARGO_TARGET_DIR/package-verify
crates=$packing/package

# Packs each crate (cargo resolves the workspace's crates among the ones it
# has just packed). The working tree, committed or not, as the rest of
# .ci/run checks it.
rm -rf "$packing"
CARGO_TARGET_DIR=$packing cargo package --workspace --locked --allow-dirty --no-verify

for package in "${packages[@]}"; do
  printf '%s: %s bytes, %s files\n' "$package" \
    "$(stat -c %s "$crates/$package-$version.crate")" \
    "$(tar -tzf "$crates/$package-$version.crate" | grep -vc '/$')"
done

# Each package carries the licence texts and its readme.
for package in "${packages[@]}"; do
  listing=$(tar -tzf "$crates/$package-$version.crate")
  for file in LICENSE-MIT LICENSE-APACHE README.md; do
    grep -qx "$package-$version/$file" <<<"$listing" \
      || { echo "$package: $file is not in the package" >&2; exit 1; }
  done
done

scratch=$CARGO_TARGET_DIR/package-check
rm -rf "$scratch"
mkdir -p "$scratch"
members=()
patches=()
for package in "${packages[@]}"; do
  tar -xzf "$crates/$package-$version.crate" -C "$scratch"
  members+=("\"$package-$version\"")
  patches+=("$package = { path = \"$package-$version\" }")
done
# The files keep the times they had in the repository; newer ones make
# cargo rebuild them here whatever it built in an earlier run.
find "$scratch" -type f -exec touch {} +

# A user of the library: default features off, `rand` on, rand 0.10.
mkdir -p "$scratch/rand-0-10-user/src"
cat >"$scratch/rand-0-10-user/Cargo.toml" <<EOF
[package]
name = "rand-0-10-user"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
chess960 = { version = "$version", default-features = false, features = ["rand"] }
rand = "0.10"
EOF
cat >"$scratch/rand-0-10-user/src/main.rs" <<'EOF'
//! Draws with `rand::rng()` and a seeded `StdRng`, as a user of rand 0.10 would.
use chess960::{Position, PositionSet};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn main() {
    let position = Position::random(&mut rand::rng());
    let chess959 = PositionSet::EMPTY.with(Position::STANDARD);
    let other = Position::random_excluding(&mut StdRng::seed_from_u64(960), &chess959)
        .expect("959 positions are left");
    assert_ne!(other, Position::STANDARD);
    println!("rand 0.10 drew {} {position} and {} {other}", position.id(), other.id());
}
EOF
members+=('"rand-0-10-user"')

{
  echo '[workspace]'
  echo "members = [$(IFS=,; echo "${members[*]}")]"
  echo 'resolver = "3"'
  echo
  echo '[patch.crates-io]'
  printf '%s\n' "${patches[@]}"
} >"$scratch/Cargo.toml"
# The registry's crates at the versions the repository tests with.
cp Cargo.lock "$scratch/Cargo.lock"

cd "$scratch"
# The repository's target dir: the registry's crates built with the same
# features are shared with the repository's builds. The unpacked crates
# are other packages (other paths), built apart; their binaries take the
# repository's names under target/debug/, which cargo links again to the
# repository's own whenever a command of the repository builds them
# (also when they are up to date), as `cargo test` and
# python/run-tests.sh do before they run them.
cargo run -p rand-0-10-user
log=$(mktemp)
cargo test --workspace --all-features 2>&1 | tee "$log"
awk '/^test result:/ { passed += $4; failed += $6 }
     END { printf "packages: %d passed, %d failed\n", passed, failed }' "$log"
rm -f "$log"
