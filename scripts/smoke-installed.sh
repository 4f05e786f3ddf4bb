#!/usr/bin/env bash
# In a clean container where the .deb or .rpm was just installed (the release workflow's
# install-test job): the CLI on PATH says the version, the desktop file and the metainfo
# validate, and the installed app starts under Xvfb and opens its window.
#   scripts/smoke-installed.sh VERSION
set -euo pipefail
version="${1:?usage: smoke-installed.sh VERSION}"
fail() { echo "smoke test: $*" >&2; exit 1; }

case "$(s2c --version)" in "s2c $version (commit "*) ;; *) fail "s2c --version says '$(s2c --version)', not $version" ;; esac
desktop-file-validate /usr/share/applications/io.github.s2cdesktop.ScreenshotToCode.desktop
appstreamcli validate --no-net /usr/share/metainfo/io.github.s2cdesktop.ScreenshotToCode.metainfo.xml

export XDG_DATA_HOME="$(mktemp -d)" XDG_CONFIG_HOME="$(mktemp -d)"
xvfb-run -a --server-args="-screen 0 1280x800x24" dbus-run-session -- sh -c '
  s2c-desktop & app=$!
  for _ in $(seq 1 120); do
    if xwininfo -root -tree | grep -q "\"Screenshot to Code\""; then echo "the window is open"; kill $app; exit 0; fi
    kill -0 $app 2>/dev/null || { echo "s2c-desktop exited before opening its window" >&2; exit 1; }
    sleep 0.5
  done
  echo "no window after 60 s" >&2; kill $app; exit 1'
echo "smoke test passed: $version"
