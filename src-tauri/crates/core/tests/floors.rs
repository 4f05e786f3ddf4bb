//! The floors of `s2c-core`: which top-level module may import which. A module that reaches a
//! floor it is not allowed (a `crate::…` path in any of its files) fails this test, naming the
//! file and line. The allowed graph is the one in docs/ARCHITECTURE.md "Floors"; the two cycles
//! still in it (`providers ⇄ tools`, `tools ⇄ render`) are written out so that none can grow.

use std::collections::BTreeMap;
use std::path::Path;

/// Each module and the modules it may import (besides itself).
const FLOORS: &[(&str, &[&str])] = &[
    ("vocab", &[]),
    ("secrets", &["redact", "vocab"]),
    ("safe_fetch", &["test_http"]),
    // Cycle with tools: ToolCall, ToolResult, CanonicalTool, ImageAttachment belong in vocab.
    ("providers", &["redact", "tools", "vocab"]),
    // Cycles with providers (ApiKey, the HTTP client) and render (RelPath).
    (
        "tools",
        &["app_info", "providers", "redact", "render", "vocab"],
    ),
    ("render", &["app_info", "prompts", "tools"]),
    ("prompts", &["providers", "tools"]),
    ("fidelity", &["render"]),
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
        ],
    ),
    (
        "engine",
        &[
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

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
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
    rust_files(&src.join(module), &mut files);
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
