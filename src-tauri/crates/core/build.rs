//! Embeds the vendored CDN libraries (vendor/npm/, see vendor/manifest.toml) in the binary, so
//! previews render offline with no files beside the app. Generates a sorted table
//! `(path, bytes)`; identical files (Ionic ships the ionicons SVGs a second time) share one blob.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = manifest_dir.join("vendor").join("npm");
    println!("cargo:rerun-if-changed=vendor/npm");
    println!("cargo:rerun-if-changed=build.rs");

    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    if files.is_empty() {
        panic!(
            "no vendored libraries under {}: run scripts/vendor-libs.py (they are normally committed)",
            root.display()
        );
    }
    files.sort();

    let mut blobs: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut statics = String::new();
    let mut table = String::from("pub(super) static FILES: &[(&str, &[u8])] = &[\n");
    for (rel, abs) in &files {
        let data = std::fs::read(abs).unwrap_or_else(|e| panic!("{}: {e}", abs.display()));
        let next = blobs.len();
        let index = *blobs.entry(data).or_insert_with(|| {
            // Relative to CARGO_MANIFEST_DIR, not absolute: a target directory shared by two
            // checkouts (CI and a developer's) must not point one at the other's files.
            let _ = writeln!(
                statics,
                "static B{next}: &[u8] = include_bytes!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {:?}));",
                format!("/vendor/npm/{rel}")
            );
            next
        });
        let _ = writeln!(table, "    ({rel:?}, B{index}),");
    }
    table.push_str("];\n");

    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("vendored.rs");
    std::fs::write(&out, statics + &table).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}

/// Every file under `dir` as (`/`-separated path relative to `root`, absolute path).
fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            let rel: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push((rel.join("/"), path));
        }
    }
}
