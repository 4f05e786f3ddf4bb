#!/usr/bin/env bash
# The app as a designer gets it: install the newest .deb that `make bundle` made with apt, then
# start the installed binary under Xvfb and check that it shows the start screen, finds its
# Chromium and serves its vendored libraries (tests/e2e/installed/). With --if-bundled, a
# machine with no bundle skips this with a note instead of failing.
source "$(dirname "$0")/lib.sh"

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
BUNDLE_DIR="$TARGET_DIR/release/bundle"
deb="$(ls -t "$BUNDLE_DIR"/deb/*.deb 2>/dev/null | head -n 1 || true)"
if [ -z "$deb" ]; then
  [ "${1:-}" = "--if-bundled" ] && { echo "No bundle in $BUNDLE_DIR/deb (make bundle makes one): the installed-app test is skipped."; exit 0; }
  die "no .deb in $BUNDLE_DIR/deb: run make bundle first"
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
    sudo=(sudo)
  elif [ "${1:-}" = "--if-bundled" ]; then
    echo "Installing $deb needs root or sudo: the installed-app test is skipped."
    exit 0
  else
    die "installing $deb needs root or sudo"
  fi
fi

step "Installing $(basename "$deb") with apt"
for file in "$deb" "$BUNDLE_DIR"/rpm/*.rpm; do
  [ -f "$file" ] && printf '  %s: %s MiB\n' "$(basename "$file")" "$(echo "scale=2; $(stat -c %s "$file") / 1048576" | bc 2>/dev/null || stat -c %s "$file")"
done
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --reinstall "$(realpath "$deb")" >/dev/null
package="$(dpkg-deb -f "$deb" Package)"
installed="$(dpkg -L "$package" 2>/dev/null | grep -E '/bin/s2c-desktop$' | head -n 1 || true)"
[ -x "$installed" ] || die "the package $package installed no s2c-desktop binary (dpkg -L $package)"

step "The installed app under Xvfb ($installed)"
ensure_npm tests/e2e
S2C_APP_BINARY="$installed" S2C_E2E_ARTIFACTS="$ROOT/tests/e2e/artifacts" scripts/with-keyring.sh \
  sh -c 'cd tests/e2e && xvfb-run -a --server-args="-screen 0 1440x900x24" node --test --test-concurrency=1 installed/'
