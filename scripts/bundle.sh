#!/usr/bin/env bash
# Build the Linux installers (.deb and .rpm) of a release build, then finish them
# (scripts/finish-packages.sh: `s2c` on PATH, man pages, metainfo, signatures). AppImage, msi and dmg are configured too, but
# AppImage's tools download from GitHub at bundle time, and msi/dmg need Windows/macOS: the
# release workflow builds those (docs/RELEASING.md).
#
#   scripts/bundle.sh [--debug] [tauri build options…] [-- cargo options…]
#
# Environment:
#   S2C_UPDATER_PUBKEY        turn the updater on, trusting this minisign public key (release
#                             builds get it from the release workflow; without it the app does
#                             not update itself)
#   S2C_UPDATER_FEED          the feed to read instead of the GitHub releases ({{channel}} is
#                             replaced); a loopback http:// feed is allowed (the updater test)
#   TAURI_SIGNING_PRIVATE_KEY (and _PASSWORD) sign each package for the updater (<package>.sig)
#   S2C_BUNDLES               which packages (deb,rpm unless told)
source "$(dirname "$0")/lib.sh"

ensure_toolchain
ensure_apt "${APT_BUILD[@]}" "${APT_BUNDLE[@]}"
ensure_npm ui

tauri_args=(--bundles "${S2C_BUNDLES:-deb,rpm}")
cargo_args=()
profile=release
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; cargo_args+=("$@"); break ;;
    --debug) profile=debug; tauri_args+=("$1") ;;
    *) tauri_args+=("$1") ;;
  esac
  shift
done

if [ -n "${S2C_UPDATER_PUBKEY:-}" ]; then
  overlay="$ROOT/target/updater.conf.json"
  mkdir -p "$ROOT/target"
  python3 scripts/release.py updater-config "$overlay"
  tauri_args+=(--features s2c-desktop/updater --config "$overlay")
  echo "The app updates itself (${S2C_UPDATER_FEED:-the GitHub releases})."
fi
# Debug packages (the updater test's) carry a ~150 MiB binary: gzip them, xz would take minutes.
if [ "$profile" = debug ]; then export S2C_PACKAGE_COMPRESSION="${S2C_PACKAGE_COMPRESSION:-gzip}"; fi
if [ ${#cargo_args[@]} -gt 0 ]; then tauri_args+=(-- "${cargo_args[@]}"); fi

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
BUNDLE_DIR="$TARGET_DIR/$profile/bundle"
rm -rf "$BUNDLE_DIR/deb" "$BUNDLE_DIR/rpm"
started=$(date +%s)
step "Building the .deb and .rpm bundles ($profile build)"
ui/node_modules/.bin/tauri build "${tauri_args[@]}"
built=$(date +%s)
step "Finishing the packages (s2c, man pages, metainfo, desktop id, signatures)"
scripts/finish-packages.sh "$BUNDLE_DIR"
finished=$(date +%s)
shopt -s nullglob
for file in "$BUNDLE_DIR"/deb/*.deb "$BUNDLE_DIR"/rpm/*.rpm; do
  printf '  %s: %s MiB\n' "$file" "$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.2f", b / 1048576 }')"
done
echo "Built in $((built - started)) s, finished in $((finished - built)) s."
