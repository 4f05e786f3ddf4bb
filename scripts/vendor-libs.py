#!/usr/bin/env python3
"""Vendor the CDN libraries previews use, from npm, as pinned in
src-tauri/crates/core/vendor/manifest.toml.

    scripts/vendor-libs.py           fetch (npm pack), verify each tarball's sha256, extract the
                                     listed files into vendor/npm/, rewrite vendor/SHA256SUMS
    scripts/vendor-libs.py --check   offline: the files on disk match SHA256SUMS exactly

The extracted files are committed, so building never needs this script or the network. Run it
after changing a version in manifest.toml (and src/prompts/cdn.rs); a new or changed package
needs its tarball_sha256 recorded first: the script prints the hash it saw and stops.
Needs Python 3.11+ (tomllib) and npm.
"""

import fnmatch
import hashlib
import json
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tempfile

VENDOR = pathlib.Path(__file__).resolve().parent.parent / "src-tauri/crates/core/vendor"
MANIFEST = VENDOR / "manifest.toml"
SUMS = VENDOR / "SHA256SUMS"
NPM_DIR = VENDOR / "npm"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def package_dir(pkg: dict) -> str:
    return f"{pkg['name']}@{pkg['version']}"


def wanted(path: str, patterns: list[str]) -> bool:
    return not path.endswith(".map") and any(fnmatch.fnmatchcase(path, p) for p in patterns)


def fetch(pkg: dict, tmp: pathlib.Path) -> pathlib.Path:
    spec = f"{pkg['name']}@{pkg['version']}"
    out = subprocess.run(
        ["npm", "pack", spec, "--json", "--pack-destination", str(tmp)],
        check=True, capture_output=True, text=True,
    )
    filename = json.loads(out.stdout)[0]["filename"]
    return tmp / filename


def extract(pkg: dict, tarball: pathlib.Path) -> dict[str, bytes]:
    files = {}
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            # npm tarballs put everything under one top folder, usually `package/`.
            inner = member.name.split("/", 1)[1] if "/" in member.name else member.name
            if ".." in inner.split("/") or inner.startswith("/"):
                sys.exit(f"{pkg['name']}: refusing the path {member.name!r} in the tarball")
            if wanted(inner, pkg["files"]):
                handle = tar.extractfile(member)
                if handle is not None:
                    files[inner] = handle.read()
    for pattern in pkg["files"]:
        if not any(fnmatch.fnmatchcase(p, pattern) for p in files):
            sys.exit(f"{pkg['name']}@{pkg['version']}: nothing matches {pattern!r}")
    return files


def vendor() -> None:
    import tomllib  # Python 3.11+; --check works without it

    manifest = tomllib.loads(MANIFEST.read_text())
    if NPM_DIR.exists():
        shutil.rmtree(NPM_DIR)
    sums = []
    with tempfile.TemporaryDirectory() as tmp:
        for pkg in manifest["package"]:
            tarball = fetch(pkg, pathlib.Path(tmp))
            seen = sha256(tarball.read_bytes())
            if seen != pkg.get("tarball_sha256"):
                sys.exit(
                    f"{pkg['name']}@{pkg['version']}: the tarball's sha256 is {seen}, the manifest "
                    f"records {pkg.get('tarball_sha256')!r}. If this version change is intended, "
                    "record the new hash in manifest.toml and run again."
                )
            files = extract(pkg, tarball)
            for inner, data in sorted(files.items()):
                rel = f"{package_dir(pkg)}/{inner}"
                target = NPM_DIR / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                sums.append(f"{sha256(data)}  {rel}")
            print(f"{pkg['name']}@{pkg['version']}: {len(files)} files, "
                  f"{sum(len(d) for d in files.values()) / 1e6:.2f} MB")
    SUMS.write_text("\n".join(sorted(sums, key=lambda line: line[66:])) + "\n")
    print(f"wrote {SUMS.relative_to(VENDOR.parent)} ({len(sums)} files)")


def check() -> None:
    recorded = {}
    for line in SUMS.read_text().splitlines():
        digest, rel = line.split("  ", 1)
        recorded[rel] = digest
    on_disk = {
        p.relative_to(NPM_DIR).as_posix(): p for p in NPM_DIR.rglob("*") if p.is_file()
    }
    problems = [f"missing: {rel}" for rel in recorded if rel not in on_disk]
    problems += [f"not in SHA256SUMS: {rel}" for rel in on_disk if rel not in recorded]
    problems += [
        f"checksum differs: {rel}"
        for rel, path in on_disk.items()
        if rel in recorded and sha256(path.read_bytes()) != recorded[rel]
    ]
    if problems:
        sys.exit("\n".join(problems))
    print(f"{len(recorded)} vendored files match SHA256SUMS")


if __name__ == "__main__":
    check() if sys.argv[1:] == ["--check"] else vendor()
