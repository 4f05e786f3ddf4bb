#!/usr/bin/env bash
# The app as a designer gets it: check the newest .deb and .rpm that `make bundle` made (lintian,
# rpmlint, the desktop file, the AppStream metainfo), install the .deb with apt, check `s2c` on
# PATH, then start the installed binary under Xvfb and check that it shows the start screen,
# finds its Chromium and serves its vendored libraries (tests/e2e/installed/). Then the
# updater test (scripts/test-updater.sh). With --if-bundled, a machine with no bundle skips this
# with a note instead of failing.
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

ensure_apt "${APT_BUNDLE[@]}"
rpm_file="$(ls -t "$BUNDLE_DIR"/rpm/*.rpm 2>/dev/null | head -n 1 || true)"
step "Package checks: lintian and rpmlint (errors fail; warnings are listed in docs/RELEASING.md)"
# lintian runs as root here only because CI does; it says so once.
lintian --allow-root --no-tag-display-limit "$deb" | tee "$ROOT/target/lintian.txt" || true
if grep -q '^E:' "$ROOT/target/lintian.txt"; then die "lintian found errors in $(basename "$deb")"; fi
if [ -n "$rpm_file" ]; then
  rpmlint --file "$ROOT/packaging/linux/rpmlint.toml" "$rpm_file" | tee "$ROOT/target/rpmlint.txt" || true
  if grep -Eq ': E: |[1-9][0-9]* errors' "$ROOT/target/rpmlint.txt"; then die "rpmlint found errors in $(basename "$rpm_file")"; fi
fi

step "Installing $(basename "$deb") with apt"
for file in "$deb" "$BUNDLE_DIR"/rpm/*.rpm; do
  [ -f "$file" ] && printf '  %s: %s MiB\n' "$(basename "$file")" "$(echo "scale=2; $(stat -c %s "$file") / 1048576" | bc 2>/dev/null || stat -c %s "$file")"
done
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --reinstall "$(realpath "$deb")" >/dev/null
package="$(dpkg-deb -f "$deb" Package)"
installed="$(dpkg -L "$package" 2>/dev/null | grep -E '/bin/s2c-desktop$' | head -n 1 || true)"
[ -x "$installed" ] || die "the package $package installed no s2c-desktop binary (dpkg -L $package)"

step "The installed command line, desktop file and metainfo"
version="$(dpkg-deb -f "$deb" Version)"
cli_version="$(s2c --version)"
echo "  s2c --version: $cli_version"
case "$cli_version" in "s2c $version (commit "*) ;; *) die "s2c on PATH says '$cli_version', the package is $version" ;; esac
man -w s2c >/dev/null || die "no man page for s2c"
desktop_file="$(dpkg -L "$package" | grep -E '^/usr/share/applications/io\.github\.s2cdesktop\.ScreenshotToCode\.desktop$' || true)"
[ -n "$desktop_file" ] || die "the package has no desktop file named io.github.s2cdesktop.ScreenshotToCode.desktop"
desktop-file-validate "$desktop_file" || die "desktop-file-validate refused $desktop_file"
metainfo=/usr/share/metainfo/io.github.s2cdesktop.ScreenshotToCode.metainfo.xml
appstreamcli validate --no-net "$metainfo" || die "appstreamcli refused $metainfo"
grep -q "<release version=\"$version\"" "$metainfo" || die "the metainfo has no release $version"

step "The installed app under Xvfb ($installed)"
ensure_npm tests/e2e
S2C_APP_BINARY="$installed" S2C_E2E_ARTIFACTS="$ROOT/tests/e2e/artifacts" scripts/with-keyring.sh \
  sh -c 'cd tests/e2e && xvfb-run -a --server-args="-screen 0 1440x900x24" node --test --test-concurrency=1 installed/'

if [ "${S2C_SKIP_UPDATER_TEST:-}" != "1" ]; then
  scripts/test-updater.sh
fi
