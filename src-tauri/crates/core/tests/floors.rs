//! The floors of `s2c-core`: which top-level module may import which, and inside every folder
//! of every crate (core, fidelity, CLI, capture, the app), at every depth, which of its files
//! may use which. A module that reaches a floor it is not allowed (a `crate::…` path in any of
//! its files) fails this test, naming the file and line; so does a cycle among a folder's own
//! files. The allowed graph is the one in docs/ARCHITECTURE.md "Floors", and it is a DAG:
//! `vocab` at the bottom, `engine` at the top. The compiler holds no such rule inside a crate,
//! so this test reads every depth.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each module and the modules it may import (besides itself).
const FLOORS: &[(&str, &[&str])] = &[
    ("vocab", &["redact"]),
    ("secrets", &["redact", "vocab"]),
    ("safe_fetch", &["test_http"]),
    ("providers", &["redact", "safe_fetch", "vocab"]),
    ("prompts", &["visual_edit", "vocab"]),
    ("visual_edit", &[]),
    (
        "render",
        &["app_info", "child_env", "prompts", "visual_edit", "vocab"],
    ),
    ("fidelity", &["render"]),
    ("figma", &["prompts", "redact", "safe_fetch", "vocab"]),
    (
        "tools",
        &[
            "app_info",
            "fidelity",
            "providers",
            "redact",
            "render",
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
            "prompts",
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
        "versions",
        &[
            "fidelity",
            "project",
            "prompts",
            "render",
            "visual_edit",
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

/// The crates whose files the cycle check reads, each with whether its root's files count as
/// one folder (the core's root modules are held by `FLOORS` instead).
fn crates() -> Vec<(&'static str, PathBuf, bool)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    vec![
        ("core", crates.join("core/src"), false),
        ("fidelity", crates.join("fidelity/src"), true),
        ("cli", crates.join("cli/src"), true),
        ("capture", crates.join("capture/src"), true),
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
}

/// The app crate's files (`src-tauri/src`, tests aside) that never name Tauri, each with why it
/// stays in the app. Code that needs no Tauri lives in a crate (docs/ARCHITECTURE.md, "The
/// rules"): a new file here is a decision, not a drift.
const APP_WITHOUT_TAURI: &[(&str, &str)] = &[
    ("main.rs", "the binary: starts lib.rs's run()"),
    (
        "webview_env.rs",
        "the webview's environment, set before Tauri starts",
    ),
    (
        "error.rs",
        "the IPC error shape, the app's side of the boundary",
    ),
    ("figma/mod.rs", "a domain's module lines"),
    (
        "secrets/mod.rs",
        "a key read through the app's state, for its commands",
    ),
    (
        "secrets/figma.rs",
        "the Figma client from the app's settings and keychain",
    ),
    (
        "secrets/found_models.rs",
        "what each provider's Test found this run: the app's state",
    ),
    (
        "generation/models.rs",
        "the model pickers' list from the app's state",
    ),
    (
        "generation/plan.rs",
        "the app's request read back from its project, and the app as the plan builder's front end",
    ),
    (
        "generation/request.rs",
        "the IPC request and answer of generation_start",
    ),
];

/// The app crate's non-test files whose code never names Tauri, relative to `src`.
fn app_files_without_tauri(src: &Path) -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .iter()
        .filter(|f| {
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !name.ends_with("_tests.rs") && name != "test_harness.rs"
        })
        .filter(|f| !code_of(f).contains("tauri"))
        .map(|f| {
            f.strip_prefix(src)
                .unwrap_or(f)
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect()
}

#[test]
fn the_app_files_that_never_name_tauri_are_a_decision() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src");
    let found = app_files_without_tauri(&src);
    let listed: BTreeSet<String> = APP_WITHOUT_TAURI
        .iter()
        .map(|(file, _)| file.to_string())
        .collect();
    let new: Vec<&String> = found.difference(&listed).collect();
    assert!(
        new.is_empty(),
        "these app files never name Tauri: move their code into a crate (core, capture…), \
         or list them in APP_WITHOUT_TAURI with why they stay: {new:?}"
    );
    let stale: Vec<&String> = listed.difference(&found).collect();
    assert!(
        stale.is_empty(),
        "APP_WITHOUT_TAURI lists files that are gone or name Tauri now: {stale:?}"
    );
}
