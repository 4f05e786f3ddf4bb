#!/usr/bin/env bash
# After `tauri build`, give the .deb and .rpm what Tauri's bundler cannot (docs/RELEASING.md,
# "The packages"): the desktop file under our reverse-DNS id (the bundler names it after the
# product name, spaces included), `s2c` on PATH (a link to s2c-desktop, which is the command
# line when called so), the man pages, the AppStream metainfo, the copyright file and the
# changelog, and the rpm's %changelog. Then sign: the rpm with OpenPGP when RPM_SIGNING_KEY is
# set (scripts/sign-rpm.sh), each package for the updater (`<package>.sig`) when
# TAURI_SIGNING_PRIVATE_KEY is.
#   scripts/finish-packages.sh BUNDLE_DIR
source "$(dirname "$0")/lib.sh"

BUNDLE_DIR="${1:?usage: finish-packages.sh BUNDLE_DIR}"
DESKTOP_ID="io.github.s2cdesktop.ScreenshotToCode"
VERSION="$(python3 scripts/release.py version)"
MAINTAINER="$(python3 -c 'import tomllib; print(tomllib.load(open("Cargo.toml", "rb"))["workspace"]["package"]["authors"][0])')"
PUBLISHER="${MAINTAINER% <*}"
# xz for release packages (the size budget); debug packages (the updater test's) carry a
# ~150 MiB binary that xz would take minutes over, so they get gzip.
COMPRESSION="${S2C_PACKAGE_COMPRESSION:-xz}"

# The files every package has beyond the bundler's, laid into the package's tree.
complete_tree() { # root package-name
  local root="$1" package="$2" apps found
  apps="$root/usr/share/applications"
  found="$(find "$apps" -maxdepth 1 -name '*.desktop' | head -n 1)"
  [ -n "$found" ] || die "no desktop file in the package"
  [ "$found" = "$apps/$DESKTOP_ID.desktop" ] || mv "$found" "$apps/$DESKTOP_ID.desktop"
  [ -x "$root/usr/bin/s2c-desktop" ] || die "no usr/bin/s2c-desktop in the package"
  ln -sfn s2c-desktop "$root/usr/bin/s2c"
  install -Dm644 "packaging/linux/$DESKTOP_ID.metainfo.xml" "$root/usr/share/metainfo/$DESKTOP_ID.metainfo.xml"
  mkdir -p "$root/usr/share/man/man1"
  # The man page is `s2c --help` itself, so it cannot say anything the command does not.
  help2man --no-info --no-discard-stderr --name "Screenshot to Code from a terminal" \
    --source "Screenshot to Code $VERSION" --section 1 "$root/usr/bin/s2c" |
    sed "s|$root/usr/bin/||g" | gzip -9n >"$root/usr/share/man/man1/s2c.1.gz"
  gzip -9n <packaging/linux/s2c-desktop.1 >"$root/usr/share/man/man1/s2c-desktop.1.gz"
  install -Dm644 packaging/linux/copyright "$root/usr/share/doc/$package/copyright"
  chmod 644 "$root"/usr/share/man/man1/*.gz
}

# The libraries the binary links, with the versions its symbols need (what Debian's own
# packages declare), plus the config's Depends for what it opens at run time (ffmpeg…).
deb_depends() { # root control-depends
  local work shlibs
  work="$(mktemp -d)"
  mkdir -p "$work/debian"
  printf 'Source: s2c\n\nPackage: s2c\nArchitecture: any\n' >"$work/debian/control"
  shlibs="$(cd "$work" && dpkg-shlibdeps -O -e "$1/usr/bin/s2c-desktop" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
  rm -rf "$work"
  [ -n "$shlibs" ] || die "dpkg-shlibdeps found no libraries for s2c-desktop"
  printf '%s, %s\n' "$shlibs" "$2" | tr ',' '\n' | sed 's/^ *//' | awk 'NF && !seen[$1]++' | paste -sd, | sed 's/,/, /g'
}

sign() { # file
  [ -n "${TAURI_SIGNING_PRIVATE_KEY:-}" ] || return 0
  rm -f "$1.sig"
  # Bound to the version, which the app requires (requireSignedVersion): a feed cannot pass an
  # older signed package off as a newer version.
  ui/node_modules/.bin/tauri signer sign --app-version "$VERSION" "$1" >/dev/null
  [ -s "$1.sig" ] || die "signing $1 made no signature"
}

finish_deb() { # file
  local deb="$1" work package
  work="$(mktemp -d)"
  dpkg-deb -R "$deb" "$work/root"
  package="$(dpkg-deb -f "$deb" Package)"
  complete_tree "$work/root" "$package"
  # A pre-release sorts before its release in dpkg only with `~` (0.2.1~nightly.… < 0.2.1).
  sed -i "s/^Version: .*/Version: ${VERSION//-/\~}/" "$work/root/DEBIAN/control"
  sed -i "s/^Depends: .*/Depends: $(deb_depends "$work/root" "$(dpkg-deb -f "$deb" Depends)")/" "$work/root/DEBIAN/control"
  python3 scripts/release.py deb-changelog "$VERSION" "$package" | gzip -9n >"$work/root/usr/share/doc/$package/changelog.gz"
  chmod 644 "$work/root/usr/share/doc/$package/changelog.gz"
  sed -i "s/^Installed-Size: .*/Installed-Size: $(du -sk --exclude=DEBIAN "$work/root" | cut -f1)/" "$work/root/DEBIAN/control"
  (cd "$work/root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$work/root/DEBIAN/md5sums"
  case "$COMPRESSION" in xz) level=(-Zxz -z6) ;; *) level=(-Zgzip -z6) ;; esac
  dpkg-deb --root-owner-group "${level[@]}" -b "$work/root" "$work/out.deb" >/dev/null
  # The bundler's package, and its updater signature (made with createUpdaterArtifacts): stale now.
  rm -f "$deb" "$deb.sig"
  # Debian's own file name: the bundler's has spaces, which GitHub's release assets turn into dots.
  deb="$(dirname "$deb")/${package}_${VERSION}_$(dpkg-deb -f "$work/out.deb" Architecture).deb"
  mv "$work/out.deb" "$deb"
  rm -rf "$work"
  sign "$deb"
}

finish_rpm() { # file
  local rpm="$1" work name version release arch payload
  work="$(mktemp -d)"
  mkdir -p "$work/root" "$work/top"
  # rpm2cpio 4.18 exits 1 on the bundler's rpms although it writes the whole payload (their
  # header states another payload size; `rpm -K` finds every digest right): cpio's own status,
  # which fails on a cut archive, is the one that counts.
  (cd "$work/root" && { rpm2cpio "$rpm" || true; } | cpio -idm --quiet)
  q() { rpm -qp --qf "$1" "$rpm"; }
  name="$(q '%{NAME}')" version="$(q '%{VERSION}')" release="$(q '%{RELEASE}')" arch="$(q '%{ARCH}')"
  complete_tree "$work/root" "$name"
  gzip -9n <CHANGELOG.md >"$work/root/usr/share/doc/$name/changelog.gz"
  case "$COMPRESSION" in xz) payload=w6.xzdio ;; *) payload=w6.gzdio ;; esac
  {
    echo "Name: $name"
    echo "Version: $version"
    echo "Release: $release"
    echo "Summary: $(q '%{SUMMARY}')"
    echo "License: $(q '%{LICENSE}')"
    echo "URL: $(q '%{URL}')"
    echo "Vendor: $PUBLISHER"
    echo "Packager: $MAINTAINER"
    echo "Group: Graphics"
    # rpm's scan of the binary lists every library it links (the bundler names only WebKitGTK
    # and GTK); the package provides nothing to others.
    echo "AutoReq: yes"
    echo "AutoProv: no"
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
    # Only the folders the package owns: not /usr, /usr/bin, the icon theme's…
    (cd "$work/root" && find . -mindepth 1 -type d -printf '%%dir /%P\n' |
      grep -Ev '^%dir /usr(/(bin|lib|share(/(applications|doc|icons|icons/hicolor|icons/hicolor/[^/]+|icons/hicolor/[^/]+/apps|man|man/man1|metainfo))?))?$' || true)
    (cd "$work/root" && find . \( -type f -o -type l \) -printf '/%P\n' | sed 's/ /?/g' |
      sed -E "s|^(/usr/share/doc/$name/copyright)$|%license \1|; s|^(/usr/share/doc/$name/changelog.gz)$|%doc \1|")
    echo "%changelog"
    python3 "$ROOT/scripts/release.py" rpm-changelog "${version//\~/-}" --release "$release"
  } >"$work/package.spec"
  rpmbuild -bb --quiet --target "$arch" --define "_topdir $work/top" --define "_rpmdir $work/out" \
    --define "_binary_payload $payload" "$work/package.spec" >/dev/null
  rm -f "$rpm" "$rpm.sig"
  # name-version-release.arch.rpm, without the bundler's spaces (the version as it was tagged).
  rpm="$(dirname "$rpm")/$name-$VERSION-$release.$arch.rpm"
  mv "$(find "$work/out" -name '*.rpm' | head -n 1)" "$rpm"
  rm -rf "$work"
  if [ -n "${RPM_SIGNING_KEY:-}" ]; then scripts/sign-rpm.sh "$rpm"; fi
  sign "$rpm"
}

shopt -s nullglob
for deb in "$BUNDLE_DIR"/deb/*.deb; do finish_deb "$deb"; done
for rpm in "$BUNDLE_DIR"/rpm/*.rpm; do finish_rpm "$rpm"; done
