#!/usr/bin/env bash
# After `tauri build`, give the .deb and .rpm what Tauri's bundler cannot configure
# (docs/RELEASING.md): the desktop file under our reverse-DNS id (the bundler names it after the
# product name, spaces included) and the rpm's %changelog from CHANGELOG.md. Then, when
# TAURI_SIGNING_PRIVATE_KEY is set, sign each package for the updater (`<package>.sig`).
#   scripts/finish-packages.sh BUNDLE_DIR
source "$(dirname "$0")/lib.sh"

BUNDLE_DIR="${1:?usage: finish-packages.sh BUNDLE_DIR}"
DESKTOP_ID="io.github.s2cdesktop.ScreenshotToCode"
VERSION="$(python3 scripts/release.py version)"

# The one desktop file the bundler wrote, renamed to the id.
rename_desktop_file() { # root
  local apps="$1/usr/share/applications" found
  found="$(find "$apps" -maxdepth 1 -name '*.desktop' | head -n 1)"
  [ -n "$found" ] || die "no desktop file in the package"
  [ "$found" = "$apps/$DESKTOP_ID.desktop" ] || mv "$found" "$apps/$DESKTOP_ID.desktop"
}

finish_deb() { # file
  local deb="$1" work
  work="$(mktemp -d)"
  dpkg-deb -R "$deb" "$work/root"
  rename_desktop_file "$work/root"
  (cd "$work/root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$work/root/DEBIAN/md5sums"
  dpkg-deb --root-owner-group -Zxz -b "$work/root" "$work/out.deb" >/dev/null
  mv "$work/out.deb" "$deb"
  rm -rf "$work"
}

finish_rpm() { # file
  local rpm="$1" work q name version release arch
  work="$(mktemp -d)"
  mkdir -p "$work/root" "$work/top"
  (cd "$work/root" && rpm2cpio "$rpm" | cpio -idm --quiet)
  rename_desktop_file "$work/root"
  q() { rpm -qp --qf "$1" "$rpm"; }
  name="$(q '%{NAME}')" version="$(q '%{VERSION}')" release="$(q '%{RELEASE}')" arch="$(q '%{ARCH}')"
  {
    echo "Name: $name"
    echo "Version: $version"
    echo "Release: $release"
    echo "Summary: $(q '%{SUMMARY}')"
    echo "License: $(q '%{LICENSE}')"
    echo "URL: $(q '%{URL}')"
    echo "AutoReqProv: no"
    rpm -qp --requires "$rpm" | grep -v '^rpmlib(' | sed 's/^/Requires: /'
    rpm -qp --recommends "$rpm" | sed 's/^/Recommends: /'
    echo "%define debug_package %{nil}"
    echo "%define __os_install_post %{nil}"
    echo "%define _build_id_links none"
    echo "%description"
    q '%{DESCRIPTION}' | fold -s -w 79 | sed 's/ *$//'
    echo
    echo "%install"
    echo "cp -a '$work/root/.' %{buildroot}/"
    echo "%files"
    (cd "$work/root" && find . -mindepth 1 -type d -printf '%%dir /%P\n' | grep -Ev '^%dir /usr(/(bin|lib|share(/(applications|doc|icons|man|man/man1|metainfo))?))?$' || true)
    (cd "$work/root" && find . -type f -printf '/%P\n' | sed 's/ /?/g')
    echo "%changelog"
    python3 "$ROOT/scripts/release.py" rpm-changelog "${version//\~/-}" --release "$release"
  } >"$work/package.spec"
  rpmbuild -bb --quiet --target "$arch" --define "_topdir $work/top" --define "_rpmdir $work/out" \
    --define "_binary_payload w9.xzdio" "$work/package.spec" >/dev/null
  mv "$(find "$work/out" -name '*.rpm' | head -n 1)" "$rpm"
  rm -rf "$work"
}

sign() { # file
  [ -n "${TAURI_SIGNING_PRIVATE_KEY:-}" ] || return 0
  rm -f "$1.sig"
  # Bound to the version, which the app requires (requireSignedVersion): a feed cannot pass an
  # older signed package off as a newer version.
  ui/node_modules/.bin/tauri signer sign --app-version "$VERSION" "$1" >/dev/null
  [ -s "$1.sig" ] || die "signing $1 made no signature"
}

shopt -s nullglob
for deb in "$BUNDLE_DIR"/deb/*.deb; do finish_deb "$deb"; sign "$deb"; done
for rpm in "$BUNDLE_DIR"/rpm/*.rpm; do finish_rpm "$rpm"; sign "$rpm"; done
