//! Embeds the ESM pack (pack/dist/, built by scripts/vendor-esm-pack.py and committed) in the
//! binary, so previews and static builds work with no files beside the app and no network.
//! Generates a sorted table `(file name, bytes)`.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let dist = manifest_dir.join("pack").join("dist");
    println!("cargo:rerun-if-changed=pack/dist");
    println!("cargo:rerun-if-changed=pack/importmap.json");
    println!("cargo:rerun-if-changed=build.rs");

    let mut names: Vec<String> = std::fs::read_dir(&dist)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run scripts/vendor-esm-pack.py; the pack is normally committed)",
                dist.display()
            )
        })
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(!names.is_empty(), "the pack in {} is empty", dist.display());

    let mut table = String::from("pub(crate) static FILES: &[(&str, &[u8])] = &[\n");
    for name in &names {
        // Relative to CARGO_MANIFEST_DIR, not absolute: a target directory shared by two
        // checkouts must not point one at the other's files.
        let _ = writeln!(
            table,
            "    ({name:?}, include_bytes!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {:?}))),",
            format!("/pack/dist/{name}")
        );
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("pack.rs");
    std::fs::write(&out, table).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
