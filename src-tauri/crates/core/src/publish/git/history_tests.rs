use super::*;
use crate::project::{FileEntry, Usage, VariantInfo, VersionSource};

fn variant(id: u32, version: u32, status: VariantStatus, model: &str) -> VariantInfo {
    VariantInfo {
        id,
        version_id: version,
        index: 0,
        model: Some(model.into()),
        provider: Some("openai".into()),
        status,
        error: None,
        usage: Usage::default(),
        cost_usd: 0.0,
        started_at: None,
        finished_at: None,
        files: vec![FileEntry {
            path: "index.html".into(),
            size: 10,
        }],
        drafts: vec![],
    }
}

fn version(
    id: u32,
    parent: Option<u32>,
    kind: VersionKind,
    prompt: Option<&str>,
    status: VariantStatus,
) -> VersionInfo {
    VersionInfo {
        id,
        parent_id: parent,
        kind,
        prompt: prompt.map(str::to_owned),
        stack: "html_tailwind".parse().ok(),
        created_at: 1_700_000_000_000 + i64::from(id) * 60_000,
        selected_variant: Some(id * 10),
        source: None,
        inputs: vec![],
        variants: vec![variant(id * 10, id, status, "gpt-5")],
    }
}

/// v1 → v2 → v3 (current), v2 → v4 (a fork), v3 → v5 failed (no page), v1 → v6 saved by hand.
fn tree() -> VersionTree {
    use VersionKind::*;
    let ok = VariantStatus::Complete;
    VersionTree {
        current_version: Some(3),
        versions: vec![
            version(1, None, Generation, None, ok),
            version(2, Some(1), Edit, Some("Make the header sticky"), ok),
            version(3, Some(2), Edit, Some("Darker hero, bigger type"), ok),
            version(4, Some(2), Edit, Some("Try a green palette"), ok),
            version(
                5,
                Some(3),
                Edit,
                Some("This one failed"),
                VariantStatus::Error,
            ),
            version(6, Some(1), ManualSave, Some("Saved index.html"), ok),
        ],
    }
}

#[test]
fn one_commit_per_version_with_a_page_parents_first() {
    let plan = plan(&tree());
    let shape: Vec<(u32, Option<u32>)> =
        plan.commits.iter().map(|c| (c.version, c.parent)).collect();
    assert_eq!(
        shape,
        [
            (1, None),
            (2, Some(1)),
            (3, Some(2)),
            (4, Some(2)),
            (6, Some(1))
        ]
    );
    assert_eq!(plan.commits[0].time_ms, 1_700_000_060_000);
    assert_eq!(plan.commits[1].variant, 20);
}

#[test]
fn main_follows_the_working_copy_and_every_fork_gets_a_branch() {
    let plan = plan(&tree());
    assert_eq!(
        plan.branches,
        vec![
            ("main".to_owned(), 3),
            ("v4-try-a-green-palette".to_owned(), 4),
            ("v6-saved-index-html".to_owned(), 6),
        ]
    );
}

#[test]
fn messages_tell_the_story() {
    let plan = plan(&tree());
    let first = &plan.commits[0].message;
    assert!(
        first.starts_with("New page\n\nScreenshot to Code v1 (generation)"),
        "{first}"
    );
    assert!(first.contains("written by gpt-5"), "{first}");
    assert!(
        plan.commits[1]
            .message
            .starts_with("Make the header sticky\n\n"),
        "{}",
        plan.commits[1].message
    );
    let mut long = tree();
    long.versions[1].prompt = Some("word ".repeat(40));
    let message = &super::plan(&long).commits[1].message;
    let title = message.lines().next().expect("title");
    assert!(
        title.chars().count() <= 72 && title.ends_with('…'),
        "{title}"
    );
    assert!(
        message.contains(&"word ".repeat(10).trim_end().to_owned()),
        "the whole prompt is in the body"
    );
    let mut restored = tree();
    restored.versions[5].kind = VersionKind::Restore;
    restored.versions[5].prompt = None;
    restored.versions[5].source = Some(VersionSource {
        version_id: 2,
        variant_id: None,
    });
    assert!(super::plan(&restored).commits[4]
        .message
        .starts_with("Restored v2\n"));
}

#[test]
fn a_crafted_cycle_or_a_later_parent_cannot_hang_or_reorder() {
    let mut crafted = tree();
    crafted.versions[0].parent_id = Some(3);
    let plan = plan(&crafted);
    assert_eq!(
        plan.commits[0].parent, None,
        "a parent made later is not a parent"
    );
    assert_eq!(plan.commits.len(), 5);
}

#[test]
fn no_page_no_history() {
    let mut empty = tree();
    for v in &mut empty.versions {
        v.variants[0].status = VariantStatus::Error;
    }
    assert_eq!(plan(&empty), HistoryPlan::default());
}
