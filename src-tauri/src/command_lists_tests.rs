//! The three lists of IPC commands agree: the permissions `build.rs` declares, the commands
//! `bindings.rs` hands to tauri-specta (the invoke handler and the TypeScript bindings) and the
//! permissions `capabilities/main.json` grants. A command missing from one of them is either
//! unreachable (no permission, or no grant) or reachable without a binding.

use std::collections::BTreeSet;
use std::path::Path;

fn read(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The text between `start` and the first `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str, file: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{file} no longer contains `{start}`"))
        + start.len();
    let len = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("{file}: no `{end}` after `{start}`"));
    &text[from..from + len]
}

/// `"name",` entries of `AppManifest::commands(&[…])`.
fn declared_in_build_rs() -> BTreeSet<String> {
    let text = read("src-tauri/build.rs");
    between(&text, ".commands(&[", "])", "src-tauri/build.rs")
        .split(',')
        .map(|entry| entry.trim().trim_matches('"').to_owned())
        .filter(|name| !name.is_empty())
        .collect()
}

/// The last path segment of each `module::command,` in `collect_commands![…]`.
pub(super) fn collected_in_bindings_rs() -> BTreeSet<String> {
    let text = read("src-tauri/src/bindings.rs");
    between(
        &text,
        "collect_commands![",
        "]",
        "src-tauri/src/bindings.rs",
    )
    .split(',')
    .filter_map(|entry| entry.trim().rsplit("::").next())
    .map(str::to_owned)
    .filter(|name| !name.is_empty())
    .collect()
}

/// The app's own permissions (`allow-<command>`, no plugin prefix) granted by every capability
/// file (the main window's and the capture overlay's), as command names.
fn granted_in_capabilities() -> BTreeSet<String> {
    CAPABILITIES
        .iter()
        .flat_map(|file| granted_in(file))
        .collect()
}

const CAPABILITIES: [&str; 2] = [
    "src-tauri/capabilities/main.json",
    "src-tauri/capabilities/capture.json",
];

/// The app's own permissions one capability file grants, as command names.
fn granted_in(file: &str) -> BTreeSet<String> {
    let text = read(file);
    let json: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file} is not JSON: {e}"));
    json["permissions"]
        .as_array()
        .unwrap_or_else(|| panic!("{file} has no permissions list"))
        .iter()
        .filter_map(|p| p.as_str())
        .filter(|p| !p.contains(':'))
        .map(|p| {
            p.strip_prefix("allow-")
                .unwrap_or_else(|| panic!("app permission `{p}` is not an allow-<command>"))
                .replace('-', "_")
        })
        .collect()
}

fn missing(from: &BTreeSet<String>, present_in: &BTreeSet<String>) -> Vec<String> {
    from.difference(present_in).cloned().collect()
}

#[test]
fn every_command_is_declared_collected_and_granted() {
    let lists = [
        ("src-tauri/build.rs (declared)", declared_in_build_rs()),
        (
            "src-tauri/src/bindings.rs (collected)",
            collected_in_bindings_rs(),
        ),
        (
            "src-tauri/capabilities/*.json (granted)",
            granted_in_capabilities(),
        ),
    ];
    for (name, list) in &lists {
        assert!(!list.is_empty(), "no commands found in {name}");
    }
    let mut problems = Vec::new();
    for (from_name, from) in &lists {
        for (in_name, present) in &lists {
            let absent = missing(from, present);
            if from_name != in_name && !absent.is_empty() {
                problems.push(format!(
                    "in {from_name} but not in {in_name}: {}",
                    absent.join(", ")
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the command lists disagree:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_capture_overlay_may_only_read_finish_or_cancel_its_capture() {
    let overlay = granted_in("src-tauri/capabilities/capture.json");
    let expected: BTreeSet<String> = ["capture_frozen", "capture_region_finish", "capture_cancel"]
        .map(String::from)
        .into();
    assert_eq!(overlay, expected);
    let text = read("src-tauri/capabilities/capture.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["windows"], serde_json::json!(["capture"]));
    assert!(
        !text.contains(':'.to_string().as_str()) || !json["permissions"].to_string().contains(':'),
        "no plugin permission for the overlay"
    );
}
