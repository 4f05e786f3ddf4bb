#!/usr/bin/env bash
# Run by `tauri build` before it packs the Linux bundles (tauri.linux.conf.json's
# beforeBundleCommand): put the `s2c` CLI built beside the app, the man pages and the changelog
# where the packages' `files` take them from (target/packaging/, not committed).
source "$(dirname "$0")/lib.sh"

profile=release
[ "${TAURI_ENV_DEBUG:-false}" = "true" ] && profile=debug
target_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
cli="$target_dir/${TAURI_ENV_TARGET_TRIPLE:-none}/$profile/s2c"
[ -x "$cli" ] || cli="$target_dir/$profile/s2c"
[ -x "$cli" ] || die "no s2c binary in $target_dir/$profile: build it with the app (scripts/bundle.sh passes -p s2c-cli)"

out="$ROOT/target/packaging"
rm -rf "$out"
mkdir -p "$out"
cp "$cli" "$out/s2c"
help2man --no-info --no-discard-stderr --name "Screenshot to Code from a terminal" \
  --source "Screenshot to Code" --section 1 "$out/s2c" | gzip -9n >"$out/s2c.1.gz"
gzip -9n <packaging/linux/s2c-desktop.1 >"$out/s2c-desktop.1.gz"
gzip -9n <CHANGELOG.md >"$out/changelog.gz"
echo "Staged for the packages: $(cd "$out" && echo *)"
