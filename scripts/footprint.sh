#!/usr/bin/env bash
# Measure the app's footprint (tests/e2e/footprint.mjs, which lists its S2C_FOOTPRINT_* knobs):
# launch to interactive, idle memory; frames, memory, CPU and input latency while 4 variants
# stream Tailwind pages (4 × 300 KB fast, then 4 × 60 KB at a model's pace); typing in the code
# editor; a 20-version history. Uses the installed app when there is one
# (scripts/test-installed.sh installs the bundle), else the release binary `make bundle` builds;
# S2C_APP_BINARY picks another. Prints a Markdown table, each figure beside its budget, for
# docs/PERFORMANCE.md, and writes tests/e2e/artifacts/footprint.json.
source "$(dirname "$0")/lib.sh"

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
binary="${S2C_APP_BINARY:-}"
if [ -z "$binary" ]; then
  for candidate in /usr/bin/s2c-desktop "$TARGET_DIR/release/s2c-desktop"; do
    [ -x "$candidate" ] && { binary="$candidate"; break; }
  done
fi
[ -n "$binary" ] && [ -x "$binary" ] || die "no release build of the app: run make bundle first (or set S2C_APP_BINARY)"
ensure_apt "${APT_TEST[@]}"
ensure_npm tests/e2e
ensure_tauri_driver

step "Measuring the footprint of $binary"
S2C_APP_BINARY="$binary" S2C_FOOTPRINT_JSON="$ROOT/tests/e2e/artifacts/footprint.json" scripts/with-keyring.sh \
  sh -c 'mkdir -p tests/e2e/artifacts && cd tests/e2e && xvfb-run -a --server-args="-screen 0 1440x900x24" node footprint.mjs'
