//! What the engine keeps when a model's answer and its files disagree: a page is taken from the
//! final text only when the variant has no file and the text holds a whole document, and a
//! Markdown fence wrapping create_file content is neither written nor previewed.

mod support;

use s2c_core::engine::{EventKind, LoopLimits, VariantEnd, VariantErrorCode};
use s2c_core::vocab::RelPath;
use support::engine_harness::{create_turn, sse, text_turn, Harness, PAGE};

const OLD: &str = "<!DOCTYPE html>\n<html><body><h1>The page so far</h1></body></html>\n";

fn index(files: &s2c_core::tools::AgentFileState) -> Option<&str> {
    files.get(&RelPath::default_file())
}

#[tokio::test]
async fn an_update_answered_in_text_keeps_the_files() {
    let answers = [
        (
            "a quoted fragment",
            "Add this where you want it:\n```html\n<button class=\"cta\">Buy</button>\n```"
                .to_owned(),
        ),
        (
            "a whole document",
            format!("It would look like this:\n```html\n{PAGE}```"),
        ),
    ];
    for (name, answer) in answers {
        let mut h = Harness::new(vec![sse(&text_turn(&answer))]).await;
        h.start_files = vec![(RelPath::default_file(), OLD.to_owned())];

        let outcome = h.run(1, LoopLimits::default()).await;

        let v = &outcome.variants[0];
        assert_eq!(v.status, VariantEnd::Complete, "case {name:?}");
        assert_eq!(index(&v.files), Some(OLD), "case {name:?}: the file wins");
        let overwritten = h
            .events()
            .iter()
            .any(|e| matches!(&e.kind, EventKind::SetCode { content, .. } if content != OLD));
        assert!(!overwritten, "case {name:?}: the UI never saw another page");
    }
}

#[tokio::test]
async fn a_first_run_answered_with_a_whole_document_gets_it() {
    let body = "<body>\n<h1>Hi</h1>\n</body>";
    let answers = [
        (format!("Here:\n```html\n{PAGE}```"), PAGE.trim()),
        (format!("Here:\n```html\n{body}\n```"), body),
    ];
    for (answer, want) in answers {
        let mut h = Harness::new(vec![sse(&text_turn(&answer))]).await;

        let outcome = h.run(1, LoopLimits::default()).await;

        let v = &outcome.variants[0];
        assert_eq!(v.status, VariantEnd::Complete, "{answer:?}");
        assert_eq!(index(&v.files).map(str::trim), Some(want), "{answer:?}");
    }
}

#[tokio::test]
async fn a_fragment_is_not_a_page() {
    let mut h = Harness::new(vec![sse(&text_turn(
        "Try:\n```html\n<button class=\"cta\">Buy</button>\n```",
    ))])
    .await;

    let outcome = h.run(1, LoopLimits::default()).await;

    let v = &outcome.variants[0];
    match &v.status {
        VariantEnd::Error { code, .. } => assert_eq!(*code, VariantErrorCode::NoCode),
        other => panic!("expected no code, got {other:?}"),
    }
    assert_eq!(index(&v.files), None, "no index.html from a fragment");
    assert!(
        !h.types(0).contains(&"set_code"),
        "the UI got no page: {:?}",
        h.types(0)
    );
}

#[tokio::test]
async fn a_fenced_create_file_is_written_and_previewed_without_the_fence() {
    let fenced = format!("```html\n{PAGE}```\n");
    let mut h = Harness::new(vec![
        sse(&create_turn("call_1", "index.html", &fenced)),
        sse(&text_turn("Done.")),
    ])
    .await;

    let outcome = h.run(1, LoopLimits::default()).await;

    let v = &outcome.variants[0];
    assert_eq!(v.status, VariantEnd::Complete);
    assert_eq!(index(&v.files), Some(PAGE));
    let streamed: String = h
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::CodeDelta { text, .. } => Some(text.as_str().to_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(streamed, PAGE, "the live draft never shows the fence");
    let set: Vec<String> = h
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::SetCode { content, .. } => Some(content.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(set, [PAGE], "set_code carries the clean file");
}
