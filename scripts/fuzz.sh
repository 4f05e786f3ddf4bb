#!/usr/bin/env bash
# Fuzz the parsers that read untrusted input, each for a set time (not part of `make test`):
#   scripts/fuzz.sh [seconds per target, default 60] [target ...]
# Only a stable toolchain exists here, so cargo-fuzz runs without a sanitizer and with
# RUSTC_BOOTSTRAP for its few unstable flags. Crashes land in the target's artifacts folder;
# keep a regression test for each one fixed. Prints executions per target.
source "$(dirname "$0")/lib.sh"
ensure_toolchain
if ! cargo fuzz --version >/dev/null 2>&1; then
  step "Installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi
SECONDS_PER_TARGET="${1:-60}"
shift || true
cd "$ROOT/src-tauri/crates/core"
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  mapfile -t TARGETS < <(cargo fuzz list)
fi
export RUSTC_BOOTSTRAP=1
# The workspace's shared target folder would rebuild everything with coverage flags.
export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-$HOME/.cache/s2c-fuzz-target}"
for target in "${TARGETS[@]}"; do
  step "fuzz: $target (${SECONDS_PER_TARGET}s)"
  log="$(mktemp)"
  if cargo fuzz run "$target" --sanitizer none --release -- -max_total_time="$SECONDS_PER_TARGET" >"$log" 2>&1; then
    runs="$(grep -Eo 'Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1)"
    echo "$target: ${runs:-finished} — no crash"
  else
    echo "$target: FAILED — see $log and fuzz/artifacts/$target/"
    tail -30 "$log"
    exit 1
  fi
  rm -f "$log"
done
