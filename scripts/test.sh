#!/usr/bin/env bash
# Install whatever is missing, then run every test: formatting, lints, Rust tests (with a real
# Secret Service), the UI's type check, lint, unit tests and browser tests, and the real app
# window end to end under Xvfb. Stops at the first failure.
source "$(dirname "$0")/lib.sh"

ensure_toolchain
ensure_apt "${APT_BUILD[@]}" "${APT_TEST[@]}"
ensure_nextest
ensure_npm ui
ensure_npm tests/e2e
ensure_tauri_driver

# Tests, lints and the e2e binary share one build: the UI is embedded (custom-protocol) in all.
FEATURES=(--features s2c-desktop/custom-protocol)
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"

step "Rust formatting"
cargo fmt --all --check

step "The project preview's ESM pack matches its SHA256SUMS and manifest (offline)"
python3 scripts/vendor-esm-pack.py --check

step "Release workflow (actionlint) and release metadata"
node scripts/lint-workflows.mjs

step "UI: type check, lint, unit tests, build"
(cd ui && npm run --silent typecheck && npm run --silent lint && npm run --silent test && npx vite build --logLevel warn)

step "Rust lints (clippy, warnings are errors)"
cargo clippy --workspace --all-targets "${FEATURES[@]}" --locked -- -D warnings
# The updater's code only compiles in release builds (the `updater` feature): lint it too, so a
# release is never the first build to see it.
cargo clippy -p s2c-desktop --all-targets "${FEATURES[@]}" --features s2c-desktop/updater --locked -- -D warnings

step "Rust tests (keychain tests on a private Secret Service; headless Chromium required)"
S2C_REQUIRE_CHROMIUM=1 scripts/with-keyring.sh cargo nextest run --workspace "${FEATURES[@]}" --locked --no-fail-fast

step "UI tests in Chromium (mocked IPC)"
(cd ui && npx playwright test)

step "The real app window under Xvfb (tauri-driver + WebKitWebDriver)"
cargo build -p s2c-desktop "${FEATURES[@]}" --locked
# On the private Secret Service too: the app stores keys there, and single-instance uses the bus.
S2C_APP_BINARY="$TARGET_DIR/debug/s2c-desktop" scripts/with-keyring.sh \
  sh -c 'cd tests/e2e && xvfb-run -a --server-args="-screen 0 1440x900x24" npm test'

scripts/test-installed.sh --if-bundled

step "All tests passed"
