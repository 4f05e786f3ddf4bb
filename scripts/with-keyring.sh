#!/usr/bin/env bash
# Run a command with a private D-Bus session and an unlocked gnome-keyring (a real Secret
# Service), isolated from the user's own keyring. Waiting for the bus name matters: without it
# the first keychain call fails about 2 runs in 10.
set -euo pipefail
XDG_DATA_HOME="$(mktemp -d)"
export XDG_DATA_HOME
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
dbus-run-session -- sh -c '
  echo -n s2c-test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  for _ in $(seq 1 200); do
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true" && break
    sleep 0.05
  done
  S2C_SECRET_SERVICE=1 "$@"' sh "$@"
