#!/usr/bin/env bash
# Where the .deb or .rpm was just installed: `s2c` on PATH says the version, its man page is
# there and lists its commands, the desktop file and the AppStream metainfo validate, the
# metainfo has this release; then (unless --no-window) the installed app starts under Xvfb and
# opens its window. The release workflow runs it in clean Ubuntu and Fedora containers;
# scripts/test-installed.sh runs the checks here before its own end-to-end test.
#   scripts/smoke-installed.sh VERSION [--no-window]
set -euo pipefail
version="${1:?usage: smoke-installed.sh VERSION [--no-window]}"
fail() { echo "smoke test: $*" >&2; exit 1; }
id=io.github.s2cdesktop.ScreenshotToCode

said="$(s2c --version)" || fail "s2c is not on PATH"
echo "s2c --version: $said"
case "$said" in "s2c $version (commit "*) ;; *) fail "s2c --version says '$said', not $version" ;; esac
man=/usr/share/man/man1/s2c.1.gz
[ -f "$man" ] || fail "no man page $man"
for command in $(s2c --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }' | grep -vx help); do
  zcat "$man" | grep -q "$command" || fail "the man page does not mention s2c $command"
done
desktop-file-validate "/usr/share/applications/$id.desktop" || fail "desktop-file-validate refused the desktop file"
appstreamcli validate --no-net "/usr/share/metainfo/$id.metainfo.xml" || fail "appstreamcli refused the metainfo"
grep -q "<release version=\"$version\"" "/usr/share/metainfo/$id.metainfo.xml" ||
  case "$version" in *-nightly.*) ;; *) fail "the metainfo has no release $version" ;; esac
echo "the command line, man page, desktop file and metainfo are right"
[ "${2:-}" = "--no-window" ] && exit 0

home="$(mktemp -d)"
export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
xvfb-run -a --server-args="-screen 0 1280x800x24" dbus-run-session -- sh -c '
  s2c-desktop & app=$!
  for _ in $(seq 1 240); do
    if xwininfo -root -tree | grep -q "\"Screenshot to Code\""; then echo "the window is open"; kill $app; exit 0; fi
    kill -0 $app 2>/dev/null || { echo "s2c-desktop exited before opening its window" >&2; exit 1; }
    sleep 0.25
  done
  echo "no window after 60 s" >&2; kill $app; exit 1'
echo "smoke test passed: $version"
