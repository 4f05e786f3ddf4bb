#!/usr/bin/env python3
"""Release metadata, one version for everything (docs/RELEASING.md).

  version                     the workspace version (the one version of everything)
  set-version VERSION         write VERSION into Cargo.toml, Cargo.lock, tauri.conf.json and ui/
  notes VERSION               the CHANGELOG.md entry of VERSION, as Markdown (release notes)
  metainfo                    rewrite the AppStream metainfo's <releases> from CHANGELOG.md
  rpm-changelog VERSION [--release N]
                              the rpm %changelog (VERSION first when it is a nightly)
  deb-changelog VERSION PACKAGE
                              the same as a Debian changelog (the .deb's changelog.gz)
  latest-json --version V --base-url URL [--notes-file F] [--require KEY,...] DIR
                              the updater feed (latest.json) for the signed packages under DIR
  meta --ref-type T --ref-name N [--channel C] [--run N] [--date YYYYMMDD]
                              what the release workflow builds: channel, version, tag (key=value lines)
  updater-config OUT          the `tauri build --config` overlay of a build that updates itself:
                              the public key from S2C_UPDATER_PUBKEY, the feed from S2C_UPDATER_FEED
                              (else the GitHub releases), updater artifacts when
                              TAURI_SIGNING_PRIVATE_KEY is set
"""
import os
import argparse
import datetime
import email.utils
import json
import pathlib
import re
import sys
import textwrap
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
METAINFO = ROOT / "packaging/linux/io.github.s2cdesktop.ScreenshotToCode.metainfo.xml"
WORKSPACE_CRATES = ("s2c-desktop", "s2c-core", "s2c-cli", "s2c-fidelity", "s2c-build-info")
SEMVER = re.compile(r"^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$")


def fail(message):
    print(f"release.py: {message}", file=sys.stderr)
    sys.exit(1)


def workspace_version():
    text = (ROOT / "Cargo.toml").read_text()
    section = text.split("[workspace.package]", 1)[1]
    return re.search(r'^version = "([^"]+)"', section, re.M).group(1)


def set_version(version):
    if not SEMVER.match(version):
        fail(f"{version!r} is not a version like 1.2.3 or 1.2.4-nightly.20261205.1")
    cargo = ROOT / "Cargo.toml"
    head, tail = cargo.read_text().split("[workspace.package]", 1)
    tail = re.sub(r'^version = "[^"]+"', f'version = "{version}"', tail, count=1, flags=re.M)
    cargo.write_text(head + "[workspace.package]" + tail)
    lock = ROOT / "Cargo.lock"
    text = lock.read_text()
    for name in WORKSPACE_CRATES:
        text = re.sub(rf'(name = "{re.escape(name)}"\nversion = )"[^"]+"', rf'\1"{version}"', text)
    lock.write_text(text)
    # The first "version" of each file is its own (package-lock.json: the root's, twice), so a
    # plain replacement keeps the files' formatting.
    for path, count in (("tauri.conf.json", 1), ("ui/package.json", 1), ("ui/package-lock.json", 2)):
        file = ROOT / path
        text, n = re.subn(r'"version": "[^"]+"', f'"version": "{version}"', file.read_text(), count=count)
        if n != count:
            fail(f"{path} has no version field")
        file.write_text(text)
    print(f"version {version}")


def changelog():
    """[(version, date, [lines])], newest first."""
    entries = []
    for block in re.split(r"^## ", (ROOT / "CHANGELOG.md").read_text(), flags=re.M)[1:]:
        heading, _, body = block.partition("\n")
        match = re.match(r"(\S+) — (\d{4}-\d{2}-\d{2})\s*$", heading)
        if not match:
            fail(f"CHANGELOG.md: a heading should read '## 1.2.3 — 2026-12-05', not '## {heading}'")
        lines = [l[2:].strip() for l in body.splitlines() if l.startswith("- ")]
        entries.append((match.group(1), match.group(2), lines))
    return entries


def notes(version):
    for v, _, lines in changelog():
        if v == version:
            return "\n".join(f"- {l}" for l in lines)
    base = version.split("-", 1)[0]
    if "-nightly." in version:
        return f"Nightly build {version}: the newest code from main, on the way to {base}."
    fail(f"CHANGELOG.md has no entry for {version}: add '## {version} — <date>' with what changed")


def xml_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def inline_markup(text):
    """`code` → <code>code</code>; everything else escaped."""
    parts = text.split("`")
    return "".join(f"<code>{xml_escape(p)}</code>" if i % 2 else xml_escape(p) for i, p in enumerate(parts))


def metainfo_releases():
    out = ["  <releases>"]
    for version, date, lines in changelog():
        out.append(f'    <release version="{version}" date="{date}">')
        out.append("      <description>")
        out.append("        <ul>")
        out += [f"          <li>{inline_markup(l)}</li>" for l in lines]
        out.append("        </ul>")
        out.append("      </description>")
        out.append("    </release>")
    out.append("  </releases>")
    return "\n".join(out)


def metainfo():
    text = METAINFO.read_text()
    new = re.sub(r"  <releases>.*?</releases>", lambda _: metainfo_releases(), text, flags=re.S)
    METAINFO.write_text(new)
    print(f"{METAINFO.relative_to(ROOT)}: {len(changelog())} release(s)")


def packaged_entries(version):
    """The changelog a package of `version` carries: CHANGELOG.md's entries, with a nightly's
    own first. Versions as packages order them (`0.2.1~nightly…` sorts before `0.2.1`)."""
    entries = changelog()
    if version not in [v for v, _, _ in entries]:
        entries.insert(0, (version, datetime.date.today().isoformat(), [notes(version)]))
    return [(v.replace("-", "~"), datetime.date.fromisoformat(d), lines) for v, d, lines in entries]


def maintainer():
    return re.search(r'^authors = \["([^"]+)"\]', (ROOT / "Cargo.toml").read_text(), re.M).group(1)


def rpm_changelog(version, release):
    out = []
    for v, day, lines in packaged_entries(version):
        out.append(f"* {day.strftime('%a %b %d %Y')} {maintainer()} - {v}-{release}")
        out += [f"- {l}" for l in lines]
        out.append("")
    return "\n".join(out).rstrip()


def deb_changelog(version, package):
    """debian/changelog format: lintian reads a native package's changelog.gz as one."""
    out = []
    for v, day, lines in packaged_entries(version):
        out += [f"{package} ({v}) stable; urgency=medium", ""]
        for line in lines:
            out += textwrap.wrap(line, width=78, initial_indent="  * ", subsequent_indent="    ")
        stamp = datetime.datetime.combine(day, datetime.time(12), datetime.timezone.utc)
        out += ["", f" -- {maintainer()}  {email.utils.format_datetime(stamp)}", ""]
    return "\n".join(out)


def arch_of(name):
    lower = name.lower()
    if re.search(r"(aarch64|arm64)", lower):
        return "aarch64"
    if re.search(r"(x86_64|amd64|x64)", lower):
        return "x86_64"
    fail(f"cannot tell the architecture of {name}")


def updater_keys(name):
    """The latest.json keys a signed updater artifact serves; the first is its bundle's own key,
    the rest the plain {os}-{arch} key that clients before per-bundle keys (and AppImage,
    Windows NSIS, macOS by default) read."""
    arch = arch_of(name)
    if name.endswith(".deb"):
        return [f"linux-{arch}-deb"]
    if name.endswith(".rpm"):
        return [f"linux-{arch}-rpm"]
    if name.endswith(".AppImage") or name.endswith(".AppImage.tar.gz"):
        return [f"linux-{arch}-appimage", f"linux-{arch}"]
    if name.endswith(".app.tar.gz"):
        return [f"darwin-{arch}-app", f"darwin-{arch}"]
    if name.endswith("-setup.exe") or name.endswith("-setup.nsis.zip"):
        return [f"windows-{arch}-nsis", f"windows-{arch}"]
    if name.endswith(".msi") or name.endswith(".msi.zip"):
        return [f"windows-{arch}-msi"]
    return []


def latest_json(args):
    platforms = {}
    for sig in sorted(pathlib.Path(args.dir).rglob("*.sig")):
        artifact = sig.with_suffix("")
        if not artifact.is_file():
            fail(f"{sig} has no artifact beside it")
        for key in updater_keys(artifact.name):
            if key in platforms:
                fail(f"two artifacts for {key}: {platforms[key]['url']} and {artifact.name}")
            platforms[key] = {
                "signature": sig.read_text().strip(),
                "url": f"{args.base_url.rstrip('/')}/{urllib.parse.quote(artifact.name)}",
            }
    missing = [k for k in (args.require.split(",") if args.require else []) if k and k not in platforms]
    if missing:
        fail(f"no signed artifact for {', '.join(missing)} under {args.dir}")
    if not platforms:
        fail(f"no signed updater artifacts (*.sig) under {args.dir}")
    body = pathlib.Path(args.notes_file).read_text() if args.notes_file else notes(args.version)
    feed = {
        "version": args.version,
        "notes": body.strip(),
        "pub_date": datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "platforms": dict(sorted(platforms.items())),
    }
    print(json.dumps(feed, indent=2))


def meta(args):
    version = workspace_version()
    if args.ref_type == "tag":
        if args.ref_name != f"v{version}":
            fail(f"the tag {args.ref_name} does not match the version v{version} in Cargo.toml")
        channel, tag, draft, prerelease = "stable", args.ref_name, "true", "false"
        name = f"Screenshot to Code {version}"
    else:
        if (args.channel or "nightly") != "nightly":
            fail("stable releases are made by pushing a tag v<version> (docs/RELEASING.md)")
        major, minor, patch = (int(x) for x in version.split("-")[0].split("."))
        date = args.date or datetime.date.today().strftime("%Y%m%d")
        version = f"{major}.{minor}.{patch + 1}-nightly.{date}.{args.run or 0}"
        channel, tag, draft, prerelease = "nightly", "nightly", "true", "true"
        name = f"Nightly {version}"
    for key, value in (("channel", channel), ("version", version), ("tag", tag), ("name", name),
                       ("draft", draft), ("prerelease", prerelease)):
        print(f"{key}={value}")


LOOPBACK_FEEDS = ("http://127.0.0.1:", "http://localhost:", "http://[::1]:")


def updater_config(out):
    pubkey = os.environ.get("S2C_UPDATER_PUBKEY", "").strip()
    if not pubkey:
        fail("S2C_UPDATER_PUBKEY is empty: the minisign public key the app trusts (docs/RELEASING.md)")
    updater = {"pubkey": pubkey, "requireSignedVersion": True, "windows": {"installMode": "passive"}}
    feed = os.environ.get("S2C_UPDATER_FEED", "")
    if feed:
        updater["endpoints"] = [feed]
        # Plain http only for a feed on this machine: the updater test's local server.
        if feed.startswith(LOOPBACK_FEEDS):
            updater["dangerousInsecureTransportProtocol"] = True
        elif not feed.startswith("https://"):
            fail(f"the update feed {feed} is not https")
    # With a signing key tauri signs what it makes for the updater (the AppImage, the macOS and
    # Windows bundles); scripts/finish-packages.sh signs the finished .deb and .rpm.
    bundle = {"createUpdaterArtifacts": True} if os.environ.get("TAURI_SIGNING_PRIVATE_KEY") else {}
    pathlib.Path(out).write_text(json.dumps({"bundle": bundle, "plugins": {"updater": updater}}, indent=2))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("version")
    sub.add_parser("set-version").add_argument("version")
    sub.add_parser("notes").add_argument("version")
    sub.add_parser("metainfo")
    rc = sub.add_parser("rpm-changelog")
    rc.add_argument("version")
    rc.add_argument("--release", default="1")
    dc = sub.add_parser("deb-changelog")
    dc.add_argument("version")
    dc.add_argument("package")
    feed = sub.add_parser("latest-json")
    feed.add_argument("--version", required=True)
    feed.add_argument("--base-url", required=True)
    feed.add_argument("--notes-file")
    feed.add_argument("--require", default="")
    feed.add_argument("dir")
    m = sub.add_parser("meta")
    m.add_argument("--ref-type", required=True)
    m.add_argument("--ref-name", required=True)
    m.add_argument("--channel", default="")
    m.add_argument("--run", default="")
    m.add_argument("--date", default="")
    sub.add_parser("updater-config").add_argument("out")
    args = parser.parse_args()
    if args.command == "version":
        print(workspace_version())
    elif args.command == "set-version":
        set_version(args.version)
    elif args.command == "notes":
        print(notes(args.version))
    elif args.command == "metainfo":
        metainfo()
    elif args.command == "rpm-changelog":
        print(rpm_changelog(args.version, args.release))
    elif args.command == "deb-changelog":
        print(deb_changelog(args.version, args.package), end="")
    elif args.command == "latest-json":
        latest_json(args)
    elif args.command == "updater-config":
        updater_config(args.out)
    else:
        meta(args)


if __name__ == "__main__":
    main()
