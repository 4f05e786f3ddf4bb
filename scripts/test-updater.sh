#!/usr/bin/env bash
# The app updates itself, end to end (`make test-updater`; tests/e2e/updater/): build two
# versions with the updater on — this one, and the next patch version made here from a copy of
# the sources with its version bumped and a CHANGELOG entry, as a release is made — both trusting
# a minisign key made for this run and reading a feed on a loopback port. Then install the first
# .deb with apt and drive the installed app under Xvfb: offline it says nothing; a package whose
# signature does not match is refused; as root it installs the update with apt and restarts as
# the new version; as an unprivileged user with no way to get root it gives the command to run,
# and restarts as the new version once that ran.
#
# Not part of `make test`: two bundles take minutes (docs/RELEASING.md, "How the updater is
# tested"). The release workflow runs it before anything is built for release. Needs root: it
# installs packages and runs the app as another user.
source "$(dirname "$0")/lib.sh"

[ "$(id -u)" -eq 0 ] || die "the updater test installs packages with apt and runs the app as another user: run it as root"

ensure_toolchain
ensure_apt "${APT_BUILD[@]}" "${APT_TEST[@]}" "${APT_BUNDLE[@]}"
ensure_npm ui
ensure_npm tests/e2e
ensure_tauri_driver

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
package=screenshot-to-code
# The system's unprivileged account (no sudo, no pkexec here): someone who cannot install
# packages. A real account, because D-Bus and GTK look the user up.
user_id="$(id -u nobody)"
group_id="$(id -g nobody)"
work="$(mktemp -d /tmp/s2c-updater-XXXXXX)"
chmod 755 "$work"
bus_pid=""
cleanup() {
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq "$package" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

current="$(python3 scripts/release.py version)"
next="$(python3 -c 'import sys; a, b, c = sys.argv[1].split("-")[0].split("."); print(f"{a}.{b}.{int(c) + 1}")' "$current")"

step "A signing key for this run only"
ui/node_modules/.bin/tauri signer generate --ci -p "" -w "$work/key" >/dev/null
export TAURI_SIGNING_PRIVATE_KEY="$(cat "$work/key")" TAURI_SIGNING_PRIVATE_KEY_PASSWORD=""
export S2C_UPDATER_PUBKEY="$(cat "$work/key.pub")"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export S2C_UPDATER_FEED="http://127.0.0.1:$port/{{channel}}/latest.json"
export S2C_BUNDLES=deb
started=$(date +%s)

keep_bundle() { # dest
  mkdir -p "$1"
  cp "$TARGET_DIR"/debug/bundle/deb/*.deb "$TARGET_DIR"/debug/bundle/deb/*.deb.sig "$1"/
}

step "Version $current with the updater, reading $S2C_UPDATER_FEED"
scripts/bundle.sh --debug
keep_bundle "$work/v1"

step "Version $next, made from a copy of the sources as a release would be"
# At a fixed place, so the next run's build of it is warm.
# It keeps its own ui/node_modules (its lockfile names another version, so npm reinstalls).
src="$TARGET_DIR/updater-test-source"
mkdir -p "$src/ui"
find "$src" -mindepth 1 -maxdepth 1 ! -name ui -exec rm -rf {} +
find "$src/ui" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard | cpio -0pdm --quiet "$src"
(
  cd "$src"
  python3 scripts/release.py set-version "$next" >/dev/null
  python3 - "$next" <<'PY'
import datetime, pathlib, sys
changelog = pathlib.Path("CHANGELOG.md")
head, sep, rest = changelog.read_text().partition("\n## ")
entry = f"## {sys.argv[1]} — {datetime.date.today()}\n\n- Made by the updater test: this version replaced the one before it.\n\n"
changelog.write_text(head + "\n" + entry + sep.lstrip("\n") + rest)
PY
  python3 scripts/release.py metainfo >/dev/null
  python3 scripts/release.py notes "$next" >"$work/notes.md"
  scripts/bundle.sh --debug
)
keep_bundle "$work/v2"
built=$(date +%s)

step "The feeds: the good one, and one whose package does not match its signature"
feeds="$work/feeds"
mkdir -p "$feeds/good" "$feeds/tampered" "$feeds/files/tampered"
cp "$work/v2"/*.deb "$feeds/files/"
python3 scripts/release.py latest-json --version "$next" --base-url "http://127.0.0.1:$port/files" \
  --notes-file "$work/notes.md" --require linux-x86_64-deb "$work/v2" >"$feeds/good/latest.json"
python3 - "$feeds" "$port" <<'PY'
import json, pathlib, sys
feeds, port = pathlib.Path(sys.argv[1]), sys.argv[2]
package = next((feeds / "files").glob("*.deb"))
# One byte changed in the middle of the package: what a broken mirror or an attacker serves.
data = bytearray(package.read_bytes())
data[len(data) // 2] ^= 0xFF
(feeds / "files/tampered" / package.name).write_bytes(data)
feed = json.loads((feeds / "good/latest.json").read_text())
feed["platforms"]["linux-x86_64-deb"]["url"] = f"http://127.0.0.1:{port}/files/tampered/{package.name}"
(feeds / "tampered/latest.json").write_text(json.dumps(feed, indent=2))
PY

step "Installing version $current with apt"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --allow-downgrades "$(ls "$work"/v1/*.deb)" >/dev/null
[ "$(dpkg-query -W -f '${Version}' "$package")" = "$current" ] || die "version $current is not the installed one"

step "The unprivileged user's session bus and the launcher that runs the app as that user"
user_home="$work/user"
mkdir -p "$user_home"
chown "$user_id:$group_id" "$user_home"
bus_pid="$(setpriv --reuid="$user_id" --regid="$group_id" --clear-groups env HOME="$user_home" \
  dbus-daemon --session --fork --print-pid=1 --address="unix:path=$user_home/bus")"
cat >"$work/as-user.sh" <<EOF
#!/bin/sh
# WebKitWebDriver (root) starts this: the installed app, run as the unprivileged user $user_id.
set -e
home="\$(dirname "\$XDG_DATA_HOME")"
mkdir -p "\$XDG_DATA_HOME" "\$XDG_CONFIG_HOME" "\$XDG_CACHE_HOME"
chown -R $user_id:$group_id "\$home"
cp "\$XAUTHORITY" "$user_home/.Xauthority"
chown $user_id:$group_id "$user_home/.Xauthority"
# GSettings in memory: the driver (root) made dconf's folder under the same cache first.
export XAUTHORITY="$user_home/.Xauthority" HOME="$user_home" DBUS_SESSION_BUS_ADDRESS="unix:path=$user_home/bus" GSETTINGS_BACKEND=memory
exec setpriv --reuid=$user_id --regid=$group_id --clear-groups /usr/bin/s2c-desktop "\$@"
EOF
chmod 755 "$work/as-user.sh"

step "The installed app updates itself under Xvfb"
S2C_APP_BINARY=/usr/bin/s2c-desktop S2C_E2E_ARTIFACTS="$ROOT/tests/e2e/artifacts" \
  S2C_UPDATE_FEEDS="$feeds" S2C_UPDATE_PORT="$port" S2C_UPDATE_FROM="$current" S2C_UPDATE_TO="$next" \
  S2C_UPDATE_PACKAGE="$package" S2C_UPDATE_FIRST_DEB="$(ls "$work"/v1/*.deb)" \
  S2C_UPDATE_AS_USER="$work/as-user.sh" S2C_UPDATE_USER_ID="$user_id" scripts/with-keyring.sh \
  sh -c 'cd tests/e2e && xvfb-run -a --server-args="-screen 0 1440x900x24" node --test --test-concurrency=1 updater/'
echo "Two versions built in $((built - started)) s; the update tests took $(($(date +%s) - built)) s."
