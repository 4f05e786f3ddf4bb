//! The floors of `s2c-core`: which top-level module may import which; the app crate's domains
//! likewise, and the app files that never name Tauri. A module that reaches a floor it is not
//! allowed (a `crate::…` path in any of its files) fails this test, naming the file and line.
//! The allowed graph is the one in docs/ARCHITECTURE.md "Floors", and it is a DAG: `vocab` at
//! the bottom, `engine` and `versions` at the top. Cycles among a folder's own files, at every
//! depth of every crate, are `floors_cycles.rs`'s.

mod floors_support;

use floors_support::{code_of, cycles, imports, rust_files, upward_imports};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each module and the modules it may import (besides itself).
const FLOORS: &[(&str, &[&str])] = &[
    ("vocab", &["redact"]),
    ("secrets", &["redact", "vocab"]),
    ("safe_fetch", &["test_http"]),
    ("providers", &["redact", "safe_fetch", "vocab"]),
    ("responsive", &[]),
    ("prompts", &["responsive", "visual_edit", "vocab"]),
    ("visual_edit", &[]),
    ("updates", &["app_info"]),
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
            "prompts",
            "providers",
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
        &[
            "atomic_file",
            "prompts",
            "providers",
            "secrets",
            "updates",
            "vocab",
        ],
    ),
    (
        "project",
        &[
            "atomic_file",
            "fidelity",
            "prompts",
            "redact",
            "responsive",
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
            "responsive",
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
    // A project's routes are read from a running variant's live files, which the preview keeps.
    ("projects", &["generation", "preview", "state"]),
    ("figma", &["secrets", "state"]),
    ("capture", &["state"]),
    ("updates", &["state"]),
    ("publish", &["state"]),
];

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
        "preview/native/policy.rs",
        "where the page's own view may go, read from the app's own preview addresses",
    ),
    (
        "preview/native/stage.rs",
        "the document the page's own view frames its page in, on the app's preview scheme",
    ),
    (
        "publish/mod.rs",
        "which publish or push runs per project: the app's state, for its commands",
    ),
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
