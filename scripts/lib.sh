# Shared helpers for the run/test/bundle scripts. Sourced, not run.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Packages the app needs to build and run (Tauri's Linux prerequisites), then screen capture:
# xcap's X11, Wayland and PipeWire libraries (libclang for the PipeWire bindings it generates)
# and ffmpeg, which records the screen (src-tauri/crates/capture/).
APT_BUILD=(build-essential pkg-config curl file libssl-dev libwebkit2gtk-4.1-dev
  libayatana-appindicator3-dev librsvg2-dev libxdo-dev
  libxcb1-dev libpipewire-0.3-dev libclang-dev libgbm-dev libegl-dev
  libwayland-dev ffmpeg)
# More for the tests: a virtual display, xwd to capture it and WebKit's WebDriver for the real
# window, Debian's Chromium for UI tests and its headless shell for the app's own shots (half the
# memory of the full browser, which the app falls back to), a private Secret Service for the
# keychain, git to check the repositories the app exports, iproute2 to bring up the loopback of a
# network namespace with nothing else (`s2c render` runs offline under `unshare -n`).
APT_TEST=(xvfb xauth x11-apps xdotool webkit2gtk-driver chromium chromium-headless-shell dbus-daemon dbus-bin gnome-keyring git iproute2)
# More for bundles: rpm to build the .rpm, help2man for the CLI's man page, and the checkers the
# installed-package tests run (lintian, rpmlint, desktop-file-validate, appstreamcli).
APT_BUNDLE=(rpm rpm2cpio cpio gnupg help2man lintian rpmlint desktop-file-utils appstream)

require_command() { # name, what to do if missing
  command -v "$1" >/dev/null 2>&1 || die "$1 is not installed: $2"
}

# Install whichever of the given Debian packages are missing (as root, or through sudo), or stop
# with one line naming them.
ensure_apt() {
  local missing=()
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "Not a Debian/Ubuntu system: skipping the package check; install the Tauri prerequisites yourself (https://v2.tauri.app/start/prerequisites/)."
    return 0
  fi
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo)
    elif command -v sudo >/dev/null 2>&1 && [ -t 0 ]; then
      sudo=(sudo)
    else
      die "missing system packages; install them with: sudo apt-get install -y ${missing[*]}"
    fi
  fi
  step "Installing system packages: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# npm install in a folder, only when its lockfile changed since the last install.
ensure_npm() { # folder
  local dir="$1" stamp hash
  stamp="$dir/node_modules/.s2c-lock-hash"
  hash="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then return 0; fi
  step "Installing npm packages in $dir"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  echo "$hash" >"$stamp"
}

ensure_toolchain() {
  require_command cargo "install Rust from https://rustup.rs"
  require_command node "install Node.js 20 or newer (https://nodejs.org or your package manager)"
  require_command npm "install npm (it comes with Node.js)"
  # The vendored packs' checks (scripts/vendor-*.py --check) need tomllib: Python 3.11+.
  require_command python3 "install Python 3.11 or newer"
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 20 ] || die "Node.js $major is too old: install Node.js 20 or newer"
}

ensure_nextest() {
  if cargo nextest --version >/dev/null 2>&1; then return 0; fi
  step "Installing cargo-nextest (cargo install, a few minutes)"
  cargo install cargo-nextest --locked --quiet
}

TAURI_DRIVER_VERSION="2.1.0"
ensure_tauri_driver() {
  if command -v tauri-driver >/dev/null 2>&1; then return 0; fi
  step "Installing tauri-driver $TAURI_DRIVER_VERSION (cargo install, about 2 minutes)"
  cargo install tauri-driver --locked --version "$TAURI_DRIVER_VERSION" --quiet
}
