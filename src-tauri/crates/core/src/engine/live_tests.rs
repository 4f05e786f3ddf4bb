use super::*;
use crate::engine::EventKind;
use crate::render::live::LiveGeneration;
use crate::render::PreviewSource;
use std::sync::Arc;

fn apply(g: &LiveGeneration, event: &AgentEvent) {
    event.apply_to(g);
}

fn event(variant: u32, kind: EventKind) -> AgentEvent {
    AgentEvent {
        event_id: 1,
        variant,
        kind,
    }
}

fn read(g: &Arc<LiveGeneration>, index: u32, path: &str) -> Option<String> {
    let source = g.source(index)?;
    let rel = crate::vocab::paths::normalize(path).ok()?;
    source
        .read(&rel)
        .ok()
        .flatten()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

#[test]
fn drafts_show_while_streaming_and_set_code_wins() {
    let dir = tempfile::tempdir().unwrap();
    let g = Arc::new(LiveGeneration::new(
        vec![dir.path().join("0"), dir.path().join("1")],
        &[],
    ));
    let delta = |text: &str| EventKind::CodeDelta {
        call_id: "c1".into(),
        path: "index.html".into(),
        text: text.into(),
    };
    apply(&g, &event(0, delta("<h1>He")));
    apply(&g, &event(0, delta("llo")));
    assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>Hello"));
    assert_eq!(read(&g, 1, "index.html"), None, "variants are apart");
    apply(
        &g,
        &event(
            0,
            EventKind::SetCode {
                path: "index.html".into(),
                content: "<h1>Hello</h1>".into(),
            },
        ),
    );
    apply(
        &g,
        &event(
            0,
            EventKind::ToolResult {
                call_id: "c1".into(),
                name: "create_file".into(),
                ok: true,
                summary: String::new(),
                detail: None,
            },
        ),
    );
    assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>Hello</h1>"));
    std::fs::create_dir_all(dir.path().join("0/assets")).unwrap();
    std::fs::write(dir.path().join("0/assets/logo.svg"), "<svg/>").unwrap();
    assert_eq!(read(&g, 0, "assets/logo.svg").as_deref(), Some("<svg/>"));
    assert!(g.source(2).is_none());
}

#[test]
fn a_restarted_turn_drops_its_drafts_and_refills_without_doubling() {
    let dir = tempfile::tempdir().unwrap();
    let g = Arc::new(LiveGeneration::new(
        vec![dir.path().join("0")],
        &[("index.html".into(), "<h1>Before</h1>".into())],
    ));
    let delta = |text: &str| {
        event(
            0,
            EventKind::CodeDelta {
                call_id: "toolu_01".into(),
                path: "index.html".into(),
                text: text.into(),
            },
        )
    };
    apply(&g, &delta("<h1>Af"));
    assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>Af"));
    let retry = |discard_from| {
        event(
            0,
            EventKind::Retrying {
                attempt: 2,
                delay_ms: 500,
                reason: "overloaded".into(),
                code: None,
                discard_from,
            },
        )
    };
    // A retry before any output changes nothing.
    apply(&g, &retry(None));
    assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>Af"));
    apply(&g, &retry(Some(1)));
    assert_eq!(
        read(&g, 0, "index.html").as_deref(),
        Some("<h1>Before</h1>"),
        "back to the last good state"
    );
    // The retry streams the same call id again, from its start.
    apply(&g, &delta("<h1>After"));
    assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>After"));
}
