//! The floors of `s2c-core`: which top-level module may import which, and inside each module,
//! which of its files may use which. A module that reaches a floor it is not allowed (a
//! `crate::…` path in any of its files) fails this test, naming the file and line; so does a
//! cycle among a module's own files. The allowed graph is the one in docs/ARCHITECTURE.md
//! "Floors", and it is a DAG: `vocab` at the bottom, `engine` at the top.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each module and the modules it may import (besides itself).
const FLOORS: &[(&str, &[&str])] = &[
    ("vocab", &["redact"]),
    ("secrets", &["redact", "vocab"]),
    ("safe_fetch", &["test_http"]),
    ("providers", &["redact", "vocab"]),
    ("responsive", &[]),
    ("prompts", &["responsive", "visual_edit", "vocab"]),
    ("visual_edit", &[]),
    (
        "render",
        &["app_info", "child_env", "prompts", "visual_edit", "vocab"],
    ),
    ("fidelity", &["render", "responsive"]),
    ("figma", &["prompts", "redact", "safe_fetch", "vocab"]),
    (
        "tools",
        &[
            "app_info",
            "fidelity",
            "redact",
            "render",
            "responsive",
            "safe_fetch",
            "test_http",
            "vocab",
        ],
    ),
    (
        "settings",
        &["atomic_file", "prompts", "providers", "secrets", "vocab"],
    ),
    (
        "project",
        &[
            "atomic_file",
            "fidelity",
            "redact",
            "safe_fetch",
            "test_http",
            "vocab",
        ],
    ),
    (
        "publish",
        &[
            "app_info",
            "atomic_file",
            "project",
            "redact",
            "render",
            "secrets",
            "settings",
            "test_http",
            "vocab",
        ],
    ),
    (
        "engine",
        &[
            "fidelity",
            "prompts",
            "providers",
            "render",
            "responsive",
            "secrets",
            "settings",
            "tools",
            "vocab",
        ],
    ),
];

/// The app crate's domains (`src-tauri/src`) and the ones each may use. `state` holds only the
/// shared services and names no domain; each domain manages its own state; `lib.rs`, the
/// composition root, is the one place that names them all.
const APP_FLOORS: &[(&str, &[&str])] = &[
    ("state", &[]),
    ("secrets", &["state"]),
    ("settings", &["secrets", "state"]),
    ("preview", &["state"]),
    ("generation", &["preview", "secrets", "state"]),
    ("projects", &["generation", "state"]),
    ("figma", &["secrets", "state"]),
    ("capture", &["state"]),
    ("publish", &["state"]),
];

/// Every `crate::<module>` a source text names, with its line number.
fn imports(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.push((at + 1, name));
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The imports of `module`'s files that its floor does not allow, as `file:line → module`.
fn upward_imports(src: &Path, module: &str, allowed: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    let folder = src.join(module);
    if folder.is_dir() {
        rust_files(&folder, &mut files);
    } else {
        files.push(src.join(format!("{module}.rs")));
    }
    files.sort();
    let mut bad = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read source");
        for (line, name) in imports(&text) {
            if name != module && !allowed.contains(&name.as_str()) {
                let shown = file
                    .strip_prefix(src)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                bad.push(format!("src/{shown}:{line} imports crate::{name}"));
            }
        }
    }
    bad
}

#[test]
fn no_module_imports_a_floor_it_may_not() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let floors: BTreeMap<&str, &[&str]> = FLOORS.iter().copied().collect();
    let mut bad = Vec::new();
    for entry in std::fs::read_dir(&src).expect("read src") {
        let path = entry.expect("entry").path();
        if !path.is_dir() {
            continue;
        }
        let module = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let Some(allowed) = floors.get(module) else {
            bad.push(format!(
                "src/{module}/ has no floor in FLOORS: add it (and to ARCHITECTURE.md)"
            ));
            continue;
        };
        bad.extend(upward_imports(&src, module, allowed));
    }
    assert!(bad.is_empty(), "imports across floors:\n{}", bad.join("\n"));
}

#[test]
fn the_check_sees_an_upward_import() {
    let found = imports("use crate::engine::AgentEvent;\nlet x = crate::tools::ToolCall { };");
    assert_eq!(
        found,
        vec![(1, "engine".to_owned()), (2, "tools".to_owned())]
    );
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("vocab")).expect("mkdir");
    std::fs::write(
        dir.path().join("vocab/vendor.rs"),
        "use crate::providers::ApiKey;\n",
    )
    .expect("write");
    assert_eq!(
        upward_imports(dir.path(), "vocab", &[]),
        vec!["src/vocab/vendor.rs:1 imports crate::providers".to_owned()]
    );
}

#[test]
fn the_floors_form_a_dag() {
    let floors: BTreeMap<&str, &[&str]> = FLOORS.iter().copied().collect();
    let graph: BTreeMap<String, BTreeSet<String>> = floors
        .iter()
        .map(|(m, deps)| {
            let deps = deps
                .iter()
                .filter(|d| floors.contains_key(*d))
                .map(|d| d.to_string())
                .collect();
            (m.to_string(), deps)
        })
        .collect();
    assert_eq!(cycles(&graph), Vec::<Vec<String>>::new());
}

/// The source of a file as far as the build sees it outside tests: comments and everything from
/// the first `#[cfg(test)]` on are left out.
fn code_of(file: &Path) -> String {
    let text = std::fs::read_to_string(file).expect("read source");
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers right after each occurrence of `prefix` (a `{…}` group is read whole).
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let preceded = rest[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c == ':' || c.is_alphanumeric() || c == '_');
        rest = &rest[i + prefix.len()..];
        if preceded {
            continue;
        }
        let taken: String = if rest.starts_with('{') {
            rest.chars().take_while(|c| *c != '}').collect()
        } else {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        };
        names.extend(
            taken
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|n| !n.is_empty())
                .map(str::to_owned),
        );
    }
    names
}

/// The direct children of a module folder: its files (without `mod.rs` and tests) and folders.
fn children(dir: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("read module folder") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            out.insert(name.to_owned());
        } else if let Some(stem) = name.strip_suffix(".rs") {
            if stem != "mod" && !stem.ends_with("_tests") {
                out.insert(stem.to_owned());
            }
        }
    }
    out
}

/// What a module's `mod.rs` re-exports from which child (`pub use child::{A, B}` → A, B ↦ child).
fn reexports(dir: &Path, kids: &BTreeSet<String>) -> BTreeMap<String, String> {
    let Ok(text) = std::fs::read_to_string(dir.join("mod.rs")) else {
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

/// Which children of `module` use which: a child's file names a sibling by `crate::module::x`
/// or by as many `super::` as it takes to reach the module.
fn child_graph(src: &Path, module: &str) -> BTreeMap<String, BTreeSet<String>> {
    let dir = src.join(module);
    let kids = children(&dir);
    let exported = reexports(&dir, &kids);
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
            let mut names = names_after(&code, &format!("crate::{module}::"));
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

/// The strongly connected parts of `graph` with more than one node (Tarjan), each sorted.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        for next in w.graph.get(v).into_iter().flatten() {
            let next = next.as_str();
            if !w.index.contains_key(next) {
                visit(w, next);
                let low = w.low[v].min(w.low[next]);
                w.low.insert(v, low);
            } else if w.stack.contains(&next) {
                let low = w.low[v].min(w.index[next]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut part = Vec::new();
            while let Some(top) = w.stack.pop() {
                part.push(top.to_owned());
                if top == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                w.found.push(part);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            visit(&mut walk, v);
        }
    }
    walk.found
}

#[test]
fn no_module_has_a_cycle_among_its_files() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = Vec::new();
    for (module, _) in FLOORS {
        let graph = child_graph(&src, module);
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
            bad.push(format!("src/{module}/: {}", edges.join("; ")));
        }
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
fn the_app_domains_use_only_the_ones_below_them() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src");
    let mut bad = Vec::new();
    for (module, allowed) in APP_FLOORS {
        bad.extend(upward_imports(&src, module, allowed));
    }
    assert!(
        bad.is_empty(),
        "app domains across floors:\n{}",
        bad.join("\n")
    );
    let graph: BTreeMap<String, BTreeSet<String>> = APP_FLOORS
        .iter()
        .map(|(m, deps)| (m.to_string(), deps.iter().map(|d| d.to_string()).collect()))
        .collect();
    assert_eq!(cycles(&graph), Vec::<Vec<String>>::new());
    for (module, _) in APP_FLOORS {
        let folder = src.join(module);
        if folder.is_dir() {
            for part in cycles(&child_graph(&src, module)) {
                bad.push(format!("src-tauri/src/{module}/: {}", part.join(" ⇄ ")));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "files that use each other:\n{}",
        bad.join("\n")
    );
}
