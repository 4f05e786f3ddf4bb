//! Inside every folder of every crate (core, fidelity, CLI, capture, webproject, the app), at every depth,
//! which of its files may use which: a cycle among a folder's own files fails this test, naming
//! the files. The compiler holds no such rule inside a crate, so this test reads every depth.

mod floors_support;

use floors_support::{code_of, cycles, rust_files};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The identifiers right after each occurrence of `prefix` that does not continue a longer path
/// (a `{…}` group is read whole, nested groups included).
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find(prefix) {
        let at = from + found;
        from = at + prefix.len();
        let preceded = text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c == ':' || c.is_alphanumeric() || c == '_');
        if preceded {
            continue;
        }
        let rest = &text[from..];
        let taken: String = if rest.starts_with('{') {
            let mut depth = 0usize;
            rest.chars()
                .take_while(|c| {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    depth > 0
                })
                .collect()
        } else {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        };
        names.extend(
            taken
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|n| !n.is_empty() && *n != "super" && *n != "self")
                .map(str::to_owned),
        );
    }
    names
}

/// The file that declares a folder's children: `mod.rs`, or at a crate's root `lib.rs`/`main.rs`.
fn parent_file(dir: &Path) -> Option<String> {
    ["mod.rs", "lib.rs", "main.rs"]
        .iter()
        .find_map(|name| std::fs::read_to_string(dir.join(name)).ok())
}

/// The children a folder's parent file declares for tests only (`#[cfg(test)] mod x;`).
fn test_only(dir: &Path) -> BTreeSet<String> {
    let text = parent_file(dir).unwrap_or_default();
    let mut out = BTreeSet::new();
    for part in text.split("#[cfg(test)]").skip(1) {
        let mut rest = part.trim_start();
        // Other attributes (`#[path = "…"]`) may stand between.
        while rest.starts_with("#[") {
            rest = rest
                .split_once(']')
                .map(|(_, r)| r.trim_start())
                .unwrap_or("");
        }
        if let Some(declared) = rest.strip_prefix("mod ") {
            let name: String = declared
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
    }
    out
}

/// The direct children of a module folder: its files (without the parent file and tests) and
/// folders.
fn children(dir: &Path) -> BTreeSet<String> {
    let tests = test_only(dir);
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("read module folder") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let stem = if path.is_dir() {
            name
        } else if let Some(stem) = name.strip_suffix(".rs") {
            stem
        } else {
            continue;
        };
        let parent = ["mod", "lib", "main"].contains(&stem);
        let test = stem.ends_with("_tests") || tests.contains(stem);
        if !parent && !test {
            out.insert(stem.to_owned());
        }
    }
    out
}

/// What a module's parent file re-exports from which child (`pub use child::{A, B}` → A, B ↦
/// child).
fn reexports(dir: &Path, kids: &BTreeSet<String>) -> BTreeMap<String, String> {
    let Some(text) = parent_file(dir) else {
        return BTreeMap::new();
    };
    let mut map = BTreeMap::new();
    for statement in text.split(';') {
        let Some(at) = statement
            .find("pub use ")
            .or_else(|| statement.find("pub(crate) use "))
        else {
            continue;
        };
        let path = statement[at..]
            .split_once("use ")
            .map(|(_, p)| p.trim())
            .unwrap_or("");
        let path = path.strip_prefix("self::").unwrap_or(path);
        let Some((kid, items)) = path.split_once("::") else {
            continue;
        };
        if !kids.contains(kid) {
            continue;
        }
        for name in items
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|n| !n.is_empty() && *n != "self")
        {
            map.entry(name.to_owned()).or_insert_with(|| kid.to_owned());
        }
    }
    map
}

/// Which children of the folder `module` (a path under `src`, `a/b`; empty for the crate's
/// root) use which: a child's file names a sibling by `crate::a::b::x` or by as many `super::`
/// as it takes to reach the folder's module.
fn child_graph(src: &Path, module: &str) -> BTreeMap<String, BTreeSet<String>> {
    let dir = src.join(module);
    let kids = children(&dir);
    let exported = reexports(&dir, &kids);
    let prefix: String = module
        .split('/')
        .filter(|part| !part.is_empty())
        .fold("crate::".to_owned(), |path, part| format!("{path}{part}::"));
    let mut graph = BTreeMap::new();
    for kid in &kids {
        let mut files = Vec::new();
        let folder = dir.join(kid);
        if folder.is_dir() {
            rust_files(&folder, &mut files);
        } else {
            files.push(dir.join(format!("{kid}.rs")));
        }
        let mut uses = BTreeSet::new();
        for file in files {
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.ends_with("_tests.rs") {
                continue;
            }
            let depth = file
                .strip_prefix(&dir)
                .map(|p| p.components().count() - 1)
                .unwrap_or(0);
            let ups = if depth == 0 {
                1
            } else if name == "mod.rs" {
                depth
            } else {
                depth + 1
            };
            let code = code_of(&file);
            let mut names = names_after(&code, &prefix);
            names.extend(names_after(&code, &"super::".repeat(ups)));
            for n in names {
                let target = if kids.contains(&n) {
                    Some(n)
                } else {
                    exported.get(&n).cloned()
                };
                if let Some(target) = target.filter(|t| t != kid) {
                    uses.insert(target);
                }
            }
        }
        graph.insert(kid.clone(), uses);
    }
    graph
}

/// Every folder under `src` that holds Rust files, as paths relative to it (`a`, `a/b`).
fn folders(src: &Path) -> Vec<String> {
    fn walk(src: &Path, dir: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("read folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.is_dir())
            .collect();
        entries.sort();
        for path in entries {
            let mut files = Vec::new();
            rust_files(&path, &mut files);
            if files.is_empty() {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap_or(&path);
            out.push(rel.to_string_lossy().replace('\\', "/"));
            walk(src, &path, out);
        }
    }
    let mut out = Vec::new();
    walk(src, src, &mut out);
    out
}

/// The cycles among the files of each folder of `src` at every depth (and of its root too,
/// with `with_root`), as `crate/folder/: a → b; b → a` lines.
fn cycles_in(label: &str, src: &Path, with_root: bool) -> Vec<String> {
    let mut modules = folders(src);
    if with_root {
        modules.insert(0, String::new());
    }
    let mut bad = Vec::new();
    for module in modules {
        let graph = child_graph(src, &module);
        for part in cycles(&graph) {
            let edges: Vec<String> = part
                .iter()
                .map(|a| {
                    let to: Vec<&str> = graph[a]
                        .iter()
                        .filter(|b| part.contains(b))
                        .map(String::as_str)
                        .collect();
                    format!("{a} → {}", to.join(", "))
                })
                .collect();
            let shown = if module.is_empty() {
                String::new()
            } else {
                format!("{module}/")
            };
            bad.push(format!("{label}/{shown}: {}", edges.join("; ")));
        }
    }
    bad
}

/// The crates whose files the cycle check reads, each with whether its root's files count as
/// one folder (the core's root modules are held by `FLOORS` instead).
fn crates() -> Vec<(&'static str, PathBuf, bool)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    vec![
        ("core", crates.join("core/src"), false),
        ("fidelity", crates.join("fidelity/src"), true),
        ("cli", crates.join("cli/src"), true),
        ("capture", crates.join("capture/src"), true),
        ("webproject", crates.join("webproject/src"), true),
        ("app", crates.join("../src"), true),
    ]
}

#[test]
fn no_folder_at_any_depth_has_a_cycle_among_its_files() {
    let mut bad = Vec::new();
    for (label, src, with_root) in crates() {
        bad.extend(cycles_in(label, &src, with_root));
    }
    assert!(
        bad.is_empty(),
        "files that use each other:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_cycle_check_sees_a_cycle_through_a_reexport() {
    let dir = tempfile::tempdir().expect("temp dir");
    let module = dir.path().join("m");
    std::fs::create_dir_all(module.join("deep")).expect("mkdir");
    let write = |path: &str, text: &str| std::fs::write(module.join(path), text).expect("write");
    write("mod.rs", "mod a;\nmod deep;\npub use a::Thing;\n");
    // a uses deep by name; deep/inner.rs reaches a's Thing through the re-export.
    write("a.rs", "use super::deep::Other;\npub struct Thing;\n");
    write("deep/mod.rs", "mod inner;\npub use inner::Other;\n");
    write("deep/inner.rs", "// use super::super::nothing;\nuse super::super::Thing;\npub struct Other;\n#[cfg(test)]\nuse crate::m::a;\n");
    let graph = child_graph(dir.path(), "m");
    assert_eq!(
        cycles(&graph),
        vec![vec!["a".to_owned(), "deep".to_owned()]]
    );
    write("deep/inner.rs", "pub struct Other;\n");
    assert!(cycles(&child_graph(dir.path(), "m")).is_empty());
}

#[test]
fn the_cycle_check_reads_every_depth_and_a_crate_root() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path();
    let write = |path: &str, text: &str| {
        let path = src.join(path);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    };
    write(
        "lib.rs",
        "mod a;\nmod b;\nmod deep;\n#[cfg(test)]\nmod test_pages;\n",
    );
    // The crate's root: a and b use each other.
    write("a.rs", "use crate::b::B;\npub struct A;\n");
    write("b.rs", "use super::a::A;\npub struct B;\n");
    write("test_pages.rs", "use crate::a::A;\n");
    write("deep/mod.rs", "mod a;\nmod inner;\nmod p;\n");
    // `super::super::a` from deep/p.rs is the root's a, not deep/a.rs: no cycle in deep/.
    write("deep/p.rs", "use super::super::a::A;\n");
    write("deep/a.rs", "use super::p;\n");
    write("deep/inner/mod.rs", "mod x;\nmod y;\n");
    write("deep/inner/x.rs", "use super::y::Y;\npub struct X;\n");
    write(
        "deep/inner/y.rs",
        "use crate::deep::inner::x::X;\npub struct Y;\n",
    );
    assert_eq!(
        cycles_in("t", src, true),
        vec![
            "t/: a → b; b → a".to_owned(),
            "t/deep/inner/: x → y; y → x".to_owned()
        ]
    );
    assert!(cycles_in("t", src, false)
        .iter()
        .all(|c| c.starts_with("t/deep/inner/")));
}
