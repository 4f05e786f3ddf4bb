#!/usr/bin/env bash
# Build the Linux installers (.deb and .rpm) of a release build. AppImage, msi and dmg are
# configured too, but AppImage's tools download from GitHub at bundle time, and msi/dmg need
# Windows/macOS.
source "$(dirname "$0")/lib.sh"

ensure_toolchain
ensure_apt "${APT_BUILD[@]}" "${APT_BUNDLE[@]}"
ensure_npm ui

step "Building the .deb and .rpm bundles (release build: about 15 minutes cold)"
ui/node_modules/.bin/tauri build --bundles deb,rpm "$@"
find "${CARGO_TARGET_DIR:-target}/release/bundle" -maxdepth 2 \( -name '*.deb' -o -name '*.rpm' \)
