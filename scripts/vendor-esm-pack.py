#!/usr/bin/env python3
"""Build the ESM pack project previews import, from npm, as pinned in
src-tauri/crates/webproject/pack/manifest.toml (the sibling of vendor-libs.py, same discipline).

    scripts/vendor-esm-pack.py           install the pinned packages (npm ci from the committed
                                         package-lock.json, whose integrity hashes npm verifies;
                                         the first run writes the lock), bundle every entry with
                                         esbuild (one React instance: shared code goes into shared
                                         chunks), write pack/dist/, pack/importmap.json,
                                         pack/LICENSES.txt and pack/SHA256SUMS
    scripts/vendor-esm-pack.py --check   offline: the files on disk match SHA256SUMS exactly, the
                                         import map names every entry of the manifest, and the
                                         lock holds the manifest's versions

The built files are committed, so building the app never needs this script or the network.
Needs Python 3.11+ (tomllib), and Node + npm for the build (not for --check).
"""

import hashlib
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

PACK = pathlib.Path(__file__).resolve().parent.parent / "src-tauri/crates/webproject/pack"
MANIFEST = PACK / "manifest.toml"
LOCK = PACK / "package-lock.json"
DIST = PACK / "dist"
IMPORT_MAP = PACK / "importmap.json"
LICENSES = PACK / "LICENSES.txt"
SUMS = PACK / "SHA256SUMS"
# name → version of every package of the manifest, for the package.json the app writes.
VERSIONS = PACK / "versions.json"

# Lists a specifier's export names the way a browser build will see them: the ES module's own
# names, or for CommonJS (React) the properties of module.exports, read in production mode.
LIST_EXPORTS = r"""
const spec = process.argv[1];
const { createRequire } = require("node:module");
const req = createRequire(process.cwd() + "/");
(async () => {
  const names = new Set();
  try { for (const k of Object.keys(await import(spec))) names.add(k); } catch {}
  try { for (const k of Object.keys(req(spec))) names.add(k); } catch {}
  process.stdout.write(JSON.stringify([...names]));
})();
"""

BUNDLE = r"""
const esbuild = require("esbuild");
const [entries, outdir] = [JSON.parse(process.argv[1]), process.argv[2]];
esbuild.build({
  entryPoints: entries,
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2020",
  minify: true,
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  entryNames: "[name]",
  chunkNames: "chunk-[hash]",
  metafile: true,
  logLevel: "warning",
}).then((result) => {
  process.stdout.write(JSON.stringify(Object.keys(result.metafile.inputs)));
}).catch(() => process.exit(1));
"""

# How the browser build of a specifier looks to esbuild: its module format, and whether it has a
# default export.
PROBE = r"""
const esbuild = require("esbuild");
const spec = process.argv[1];
const build = (contents) => esbuild.build({
  stdin: { contents, resolveDir: process.cwd() }, bundle: true, write: false, format: "esm",
  platform: "browser", metafile: true, logLevel: "silent",
  define: { "process.env.NODE_ENV": '"production"' },
});
(async () => {
  const { metafile } = await build(`import * as m from ${JSON.stringify(spec)}; console.log(m);`);
  const record = metafile.inputs["<stdin>"].imports.find((i) => i.original === spec);
  const format = metafile.inputs[record.path].format || "esm";
  let hasDefault = true;
  try { await build(`export { default } from ${JSON.stringify(spec)};`); } catch { hasDefault = false; }
  process.stdout.write(JSON.stringify({ format, default: hasDefault }));
})();
"""

IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def module_name(spec: str) -> str:
    """`@radix-ui/react-dialog` → `radix-ui-react-dialog`, `react-dom/client` → `react-dom-client`."""
    return spec.lstrip("@").replace("/", "-")


def load_manifest() -> dict:
    manifest = tomllib.loads(MANIFEST.read_text())
    names = [module_name(s) for p in manifest["package"] for s in p.get("entries", [])]
    if len(names) != len(set(names)):
        sys.exit("two entries of manifest.toml make the same module name")
    return manifest


def run(cmd: list[str], cwd: pathlib.Path, **kw) -> str:
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, **kw)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd[:2])} failed in {cwd}:\n{out.stderr.strip()}")
    return out.stdout


def install(manifest: dict, work: pathlib.Path) -> None:
    deps = {p["name"]: p["version"] for p in manifest["package"]}
    deps["esbuild"] = manifest["build"]["esbuild"]
    (work / "package.json").write_text(json.dumps(
        {"name": "s2c-esm-pack", "private": True, "dependencies": deps}, indent=2) + "\n")
    npm = ["--no-audit", "--no-fund", "--loglevel=error"]
    if LOCK.exists():
        shutil.copy(LOCK, work / "package-lock.json")
        # npm ci refuses a lock that disagrees with package.json (a version changed in the
        # manifest): then the lock is rewritten from the registry, and the diff shows it.
        if subprocess.run(["npm", "ci", *npm], cwd=work, capture_output=True).returncode == 0:
            return
        print("package-lock.json differs from manifest.toml: resolving again")
        (work / "package-lock.json").unlink()
    run(["npm", "install", *npm], work)
    shutil.copy(work / "package-lock.json", LOCK)


def entry_source(spec: str, work: pathlib.Path) -> str:
    """An entry module that re-exports everything `spec` exports in the browser build: `export *`
    for an ES module; for CommonJS (React), whose names esbuild cannot see statically, the
    names module.exports has in production mode. `default` only where the browser build has one."""
    probe = json.loads(run(["node", "-e", PROBE, spec], work))
    lines = []
    if probe["format"] == "esm":
        lines.append(f"export * from {json.dumps(spec)};")
    else:
        env = {"NODE_ENV": "production", "PATH": shutil.os.environ.get("PATH", "")}
        names = json.loads(run(["node", "-e", LIST_EXPORTS, spec], work, env=env))
        named = sorted(n for n in names if IDENT.match(n) and n not in ("default", "__esModule"))
        if not named:
            sys.exit(f"{spec}: no exports found")
        lines.append(f"export {{ {', '.join(named)} }} from {json.dumps(spec)};")
    if probe["default"]:
        lines.append(f"export {{ default }} from {json.dumps(spec)};")
    return "\n".join(lines) + "\n"


def licenses(inputs: list[str], work: pathlib.Path, manifest: dict) -> str:
    packages = set()
    for path in inputs:
        match = re.match(r"node_modules/((?:@[^/]+/)?[^/]+)/", path)
        if match:
            packages.add(match.group(1))
    packages |= {p["name"] for p in manifest["package"] if p.get("files")}
    parts = []
    for name in sorted(packages):
        folder = work / "node_modules" / name
        meta = json.loads((folder / "package.json").read_text())
        texts = sorted(f for f in folder.iterdir() if re.match(r"(?i)^(licen[cs]e|copying)", f.name))
        if texts:
            text = texts[0].read_text().strip()
        elif meta.get("license"):
            text = f"License: {meta['license']} (as its package.json says; the package ships no license text)"
        else:
            sys.exit(f"{name}@{meta['version']}: no license in the package")
        parts.append(f"{name}@{meta['version']}\n\n{text}\n")
    return ("\n" + "-" * 72 + "\n\n").join(parts)


def vendor() -> None:
    manifest = load_manifest()
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        install(manifest, work)
        entries_dir = work / "entries"
        entries_dir.mkdir()
        imports, entry_files = {}, []
        for pkg in manifest["package"]:
            for spec in pkg.get("entries", []):
                name = module_name(spec)
                path = entries_dir / f"{name}.js"
                path.write_text(entry_source(spec, work))
                entry_files.append(str(path))
                imports[spec] = f"{name}.js"
        out = work / "out"
        inputs = json.loads(run(["node", "-e", BUNDLE, json.dumps(entry_files), str(out)], work))
        for pkg in manifest["package"]:
            for inner, target in pkg.get("files", {}).items():
                shutil.copy(work / "node_modules" / pkg["name"] / inner, out / target)
        if DIST.exists():
            shutil.rmtree(DIST)
        shutil.copytree(out, DIST)
        LICENSES.write_text(licenses(inputs, work, manifest))
    IMPORT_MAP.write_text(json.dumps({"imports": dict(sorted(imports.items()))}, indent=2) + "\n")
    VERSIONS.write_text(versions_json(manifest))
    sums = [f"{sha256(p.read_bytes())}  {rel}" for rel, p in files_on_disk().items()]
    SUMS.write_text("\n".join(sorted(sums, key=lambda line: line[66:])) + "\n")
    total = sum(p.stat().st_size for p in DIST.iterdir())
    print(f"wrote {len(sums)} files ({total / 1e6:.2f} MB in dist/), {len(imports)} entries")


def versions_json(manifest: dict) -> str:
    versions = {p["name"]: p["version"] for p in manifest["package"]}
    return json.dumps(dict(sorted(versions.items())), indent=2) + "\n"


def files_on_disk() -> dict[str, pathlib.Path]:
    found = {f"dist/{p.name}": p for p in DIST.iterdir() if p.is_file()}
    for extra in (IMPORT_MAP, LICENSES, VERSIONS):
        if extra.exists():
            found[extra.name] = extra
    return found


def check() -> None:
    manifest = load_manifest()
    recorded = {}
    for line in SUMS.read_text().splitlines():
        digest, rel = line.split("  ", 1)
        recorded[rel] = digest
    on_disk = files_on_disk()
    problems = [f"missing: {rel}" for rel in recorded if rel not in on_disk]
    problems += [f"not in SHA256SUMS: {rel}" for rel in on_disk if rel not in recorded]
    problems += [
        f"checksum differs: {rel}"
        for rel, path in on_disk.items()
        if rel in recorded and sha256(path.read_bytes()) != recorded[rel]
    ]
    imports = json.loads(IMPORT_MAP.read_text())["imports"]
    specs = {s for p in manifest["package"] for s in p.get("entries", [])}
    if set(imports) != specs:
        problems.append(f"importmap.json names {sorted(set(imports) ^ specs)} unlike manifest.toml")
    problems += [f"importmap.json: {s} → missing {f}" for s, f in imports.items()
                 if f"dist/{f}" not in on_disk]
    if VERSIONS.read_text() != versions_json(manifest):
        problems.append("versions.json differs from manifest.toml")
    locked = json.loads(LOCK.read_text())["packages"]
    for pkg in manifest["package"]:
        seen = locked.get(f"node_modules/{pkg['name']}", {}).get("version")
        if seen != pkg["version"]:
            problems.append(f"package-lock.json has {pkg['name']}@{seen}, manifest {pkg['version']}")
    if problems:
        sys.exit("\n".join(problems))
    print(f"{len(recorded)} pack files match SHA256SUMS; {len(imports)} import map entries")


if __name__ == "__main__":
    check() if sys.argv[1:] == ["--check"] else vendor()
