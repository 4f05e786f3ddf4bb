#!/usr/bin/env bash
# The app updates itself, end to end (tests/e2e/updater/): build two versions of the app with
# the updater on — this one and the next patch version, made here with a bumped version — both
# trusting a minisign key made for this run, install the first .deb with apt, serve the second's
# latest.json and package from a local HTTP server on loopback, and let the installed app find,
# refuse a package whose signature does not match, then download, install and restart into the
# second. The bundles are debug builds with the `updater` feature: see docs/RELEASING.md, "How
# the updater is tested", for why that proves the release path. Needs root (apt) or sudo.
source "$(dirname "$0")/lib.sh"

if [ "$(id -u)" -ne 0 ] && ! sudo -n true 2>/dev/null; then
  echo "The updater test installs packages with apt and needs root or sudo: skipped."
  exit 0
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

ensure_toolchain
ensure_apt "${APT_BUILD[@]}" "${APT_TEST[@]}" "${APT_BUNDLE[@]}"
ensure_npm ui
ensure_npm tests/e2e
ensure_tauri_driver

work="$(mktemp -d /tmp/s2c-updater-XXXXXX)"
package=screenshot-to-code
cleanup() {
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get remove -y -qq "$package" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

current="$(python3 -c 'import re,sys; t=open("Cargo.toml").read().split("[workspace.package]",1)[1]; print(re.search(r"^version = \"([^\"]+)\"", t, re.M).group(1))')"
IFS=. read -r major minor patch <<<"${current%%-*}"
next="$major.$minor.$((patch + 1))"

step "A signing key for this run only (never stored)"
ui/node_modules/.bin/tauri signer generate --ci -p "" -w "$work/key" >/dev/null
export TAURI_SIGNING_PRIVATE_KEY="$(cat "$work/key")" TAURI_SIGNING_PRIVATE_KEY_PASSWORD=""
export S2C_UPDATER_PUBKEY="$(cat "$work/key.pub")"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export S2C_UPDATER_FEED="http://127.0.0.1:$port/{{channel}}/latest.json"
export S2C_BUNDLES=deb

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
bundle_of() { # dest
  mkdir -p "$1"
  cp "$TARGET_DIR"/debug/bundle/deb/*.deb "$TARGET_DIR"/debug/bundle/deb/*.deb.sig "$1"/
}

step "Version $current with the updater, reading $S2C_UPDATER_FEED"
scripts/bundle.sh --debug
bundle_of "$work/v1"

step "Version $next, made here from a copy of the sources with the version bumped"
mkdir -p "$work/src"
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/src"
ln -s "$ROOT/ui/node_modules" "$work/src/ui/node_modules"
(cd "$work/src" && python3 scripts/release.py set-version "$next" >/dev/null && scripts/bundle.sh --debug)
bundle_of "$work/v2"

step "The feeds: the good one, and one whose signature belongs to another package"
mkdir -p "$work/feed/good/stable" "$work/feed/tampered/stable" "$work/feed/files"
cp "$work/v2"/*.deb "$work/feed/files/"
python3 scripts/release.py latest-json --version "$next" --base-url "http://127.0.0.1:$port/files" \
  --require linux-x86_64-deb "$work/v2" >"$work/feed/good/stable/latest.json"
python3 - "$work/feed/good/stable/latest.json" "$work/v1" "$work/feed/tampered/stable/latest.json" <<'PY'
import glob, json, sys
feed = json.load(open(sys.argv[1]))
feed["platforms"]["linux-x86_64-deb"]["signature"] = open(glob.glob(sys.argv[2] + "/*.deb.sig")[0]).read().strip()
json.dump(feed, open(sys.argv[3], "w"), indent=2)
PY

step "Installing version $current with apt"
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --allow-downgrades "$(ls "$work"/v1/*.deb)" >/dev/null
[ "$(dpkg-query -W -f '${Version}' "$package")" = "$current" ] || die "version $current is not the installed one"

step "The installed app updates itself under Xvfb"
S2C_APP_BINARY=/usr/bin/s2c-desktop S2C_E2E_ARTIFACTS="$ROOT/tests/e2e/artifacts" \
  S2C_UPDATE_FEEDS="$work/feed" S2C_UPDATE_PORT="$port" S2C_UPDATE_FROM="$current" S2C_UPDATE_TO="$next" \
  S2C_UPDATE_PACKAGE="$package" scripts/with-keyring.sh \
  sh -c 'cd tests/e2e && xvfb-run -a --server-args="-screen 0 1440x900x24" node --test --test-concurrency=1 updater/'
