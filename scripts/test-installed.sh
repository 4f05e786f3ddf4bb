#!/usr/bin/env bash
# The app as a designer gets it: check the newest .deb and .rpm that `make bundle` made (lintian,
# rpmlint, the desktop file, the AppStream metainfo), install the .deb with apt, check `s2c` on
# PATH, then start the installed binary under Xvfb and check that it shows the start screen,
# finds its Chromium and serves its vendored libraries (tests/e2e/installed/). With
# --if-bundled, a machine with no bundle skips this with a note instead of failing. (The updater
# test builds packages of its own: `make test-updater`.)
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
version="$(python3 scripts/release.py version)"
rpm_file="$(ls -t "$BUNDLE_DIR"/rpm/*.rpm 2>/dev/null | head -n 1 || true)"
for file in "$deb" $rpm_file; do
  printf '  %s: %s MiB\n' "$(basename "$file")" "$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.2f", b / 1048576 }')"
done

step "lintian and rpmlint (errors fail; the warnings they give are explained in docs/RELEASING.md)"
# --allow-root: CI runs as root.
lintian --allow-root --tag-display-limit 0 "$deb" | tee "$ROOT/target/lintian.txt" || true
if grep -q '^E:' "$ROOT/target/lintian.txt"; then die "lintian found errors in $(basename "$deb")"; fi
if [ -n "$rpm_file" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  checked="$rpm_file"
  if [ "$(rpm -qp --qf '%{RSAHEADER:pgpsig}' "$rpm_file")" = "(none)" ]; then
    # Packages made without RPM_SIGNING_KEY are unsigned: sign a copy with a key made for this
    # run, so rpmlint sees what a release has and the signing step is tested too.
    echo "The rpm is unsigned (no RPM_SIGNING_KEY at make bundle): checking a copy signed with a key made for this run."
    export GNUPGHOME="$work/gnupg"
    mkdir -m 700 "$GNUPGHOME"
    gpg --batch --quiet --passphrase '' --quick-gen-key 'Screenshot to Code test <test@example.invalid>' rsa3072 sign 1d
    checked="$work/$(basename "$rpm_file")"
    cp "$rpm_file" "$checked"
    RPM_SIGNING_KEY="$(gpg --batch --armor --export-secret-keys)" scripts/sign-rpm.sh "$checked"
    gpg --batch --armor --export >"$work/key.asc"
    # rpm names an imported key gpg-pubkey-<the last 8 hex digits of its id, lower case>.
    imported="gpg-pubkey-$(gpg --batch --with-colons --list-keys | awk -F: '/^pub/ { print tolower(substr($5, 9)); exit }')"
    gpgconf --kill gpg-agent
    unset GNUPGHOME
    # rpmlint checks the signature against the keys rpm trusts: this one, for the check only.
    "${sudo[@]}" rpm --import "$work/key.asc"
    trap '"${sudo[@]}" rpm -e "$imported" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
  fi
  rpm -K "$checked" || die "rpm -K refused $(basename "$rpm_file")"
  rpmlint --config "$ROOT/packaging/linux/rpmlint.toml" "$checked" | tee "$ROOT/target/rpmlint.txt" || true
  if grep -Eq ': E: |[1-9][0-9]* errors' "$ROOT/target/rpmlint.txt"; then die "rpmlint found errors in $(basename "$rpm_file")"; fi
fi

step "Installing $(basename "$deb") with apt"
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --reinstall --allow-downgrades "$(realpath "$deb")" >/dev/null
package="$(dpkg-deb -f "$deb" Package)"
installed="$(dpkg -L "$package" 2>/dev/null | grep -E '/bin/s2c-desktop$' | head -n 1 || true)"
[ -x "$installed" ] || die "the package $package installed no s2c-desktop binary (dpkg -L $package)"

step "The installed command line, man page, desktop file and metainfo"
scripts/smoke-installed.sh "$version" --no-window

step "The installed app under Xvfb ($installed)"
ensure_npm tests/e2e
S2C_APP_BINARY="$installed" S2C_E2E_ARTIFACTS="$ROOT/tests/e2e/artifacts" scripts/with-keyring.sh \
  sh -c 'cd tests/e2e && xvfb-run -a --server-args="-screen 0 1440x900x24" node --test --test-concurrency=1 installed/'
