#!/usr/bin/env bash
# Install whatever is missing, then start the app (a development build with live UI reload).
source "$(dirname "$0")/lib.sh"

ensure_toolchain
ensure_apt "${APT_BUILD[@]}"
ensure_npm ui

step "Starting Screenshot to Code"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  ensure_apt xvfb xauth
  echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): starting the app on a virtual Xvfb display."
  exec xvfb-run -a ui/node_modules/.bin/tauri dev "$@"
fi
exec ui/node_modules/.bin/tauri dev "$@"
