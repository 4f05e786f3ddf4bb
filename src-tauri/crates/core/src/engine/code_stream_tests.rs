use super::*;
use crate::engine::coalescer::{ManualClock, DEFAULT_FLUSH_INTERVAL};
use std::sync::Arc;
use std::time::Duration;

fn streamer() -> (Arc<ManualClock>, CodeStreamer) {
    let clock = Arc::new(ManualClock::default());
    let coalescer = CodeDeltaCoalescer::new(clock.clone(), DEFAULT_FLUSH_INTERVAL);
    (clock, CodeStreamer::new(coalescer))
}

fn pieces(text: &str, size: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        out.push(&text[start..end]);
        start = end;
    }
    out
}

#[test]
fn a_streamed_create_file_becomes_bounded_code_deltas_of_the_same_bytes() {
    let (clock, mut s) = streamer();
    let page = "<div class=\"card\">Café “quote”</div>\n".repeat(3000); // ~100 KB
    let args = serde_json::json!({"path": "index.html", "content": page}).to_string();
    let mut out = Vec::new();
    for piece in pieces(&args, 8) {
        clock.advance(Duration::from_micros(200));
        out.extend(s.on_arguments("call-1", "create_file", piece));
    }
    out.extend(s.flush());
    let text: String = out.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(text, page, "the file, exactly once");
    let seconds = pieces(&args, 8).len() as f64 * 0.0002;
    assert!(
        (out.len() as f64) <= seconds * 31.0 + 2.0,
        "≈30/s: {} in {seconds} s",
        out.len()
    );
    assert!(out
        .iter()
        .all(|d| d.path == "index.html" && d.call_id == "call-1"));
}

#[test]
fn the_path_is_provisional_until_read_and_other_tools_are_ignored() {
    let (_clock, mut s) = streamer();
    assert!(
        s.on_arguments("e1", "edit_file", r#"{"old_text": "a""#)
            .is_empty(),
        "not streamed"
    );
    let first = s.on_arguments("c1", "create_file", r#"{"content": "<p>"#);
    assert_eq!(
        first.first().map(|d| d.path.as_str()),
        Some("index.html"),
        "default first"
    );
    let _ = s.on_arguments("c1", "create_file", r#"hi</p>", "path": "about.html"}"#);
    assert_eq!(s.path_of("c1"), Some("about.html"));
    assert_eq!(
        s.flush().map(|d| (d.path, d.text)),
        Some(("about.html".into(), "hi</p>".into()))
    );
}

#[test]
fn a_new_call_flushes_the_previous_one_and_broken_json_pauses_the_preview() {
    let (_clock, mut s) = streamer();
    let _ = s.on_arguments("c1", "create_file", r#"{"content": "a"#);
    let _ = s.on_arguments("c1", "create_file", "b");
    let out = s.on_arguments("c2", "create_file", r#"{"content": "\q"#);
    let calls: Vec<(&str, &str)> = out
        .iter()
        .map(|d| (d.call_id.as_str(), d.text.as_str()))
        .collect();
    assert_eq!(calls, [("c1", "b")]);
    assert!(
        s.on_arguments("c2", "create_file", "more text").is_empty(),
        "paused"
    );
    assert_eq!(s.flush(), None);
}

#[test]
fn a_fence_around_the_content_is_never_previewed() {
    let (_clock, mut s) = streamer();
    let page = "<!DOCTYPE html>\n<html><body>`Hi`</body></html>\n";
    let content = format!("```html\n{page}```\n");
    let args = serde_json::json!({"content": content, "path": "index.html"}).to_string();
    let mut seen = String::new();
    for piece in pieces(&args, 3) {
        let out = s.on_arguments("c1", "create_file", piece);
        seen.extend(out.iter().map(|d| d.text.as_str()));
        assert!(
            !seen.starts_with('`'),
            "the opening fence was shown: {seen:?}"
        );
    }
    seen.extend(s.flush().map(|d| d.text));
    assert_eq!(seen, page, "the file and only the file");
}

#[test]
fn an_unfenced_draft_is_previewed_as_it_comes() {
    let (_clock, mut s) = streamer();
    let mut out = s.on_arguments("c1", "create_file", r#"{"content": "<p>a ``"#);
    out.extend(s.flush());
    let text: String = out.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(
        text, "<p>a ``",
        "backticks of a file without a fence are not held back"
    );
}

#[test]
fn content_that_arrives_whole_is_replayed_in_steps_of_the_same_bytes() {
    let (_clock, mut s) = streamer();
    let page = "<section>Ünïcode “page” 😀</section>\n".repeat(800); // ~33 KB
    let args = serde_json::json!({"content": page, "path": "about.html"}).to_string();
    let mut out = s.on_arguments("g1", "create_file", &args);
    assert_eq!(out.len(), 1, "the first step goes out at once");
    assert!(s.replaying());
    let mut ticks = 0;
    while s.replaying() {
        ticks += 1;
        out.extend(s.poll());
        assert!(ticks < 100, "the replay ends");
    }
    out.extend(s.flush());
    assert!(out.len() >= 8, "several steps: {}", out.len());
    assert!(out.len() <= 14, "a bounded number of steps: {}", out.len());
    let text: String = out.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(text, page);
    assert!(out.iter().all(|d| d.path == "about.html"));
}

#[test]
fn a_boundary_hands_out_the_rest_of_a_replay_and_a_small_call_is_not_replayed() {
    let (_clock, mut s) = streamer();
    let page = "x".repeat(10_000);
    let args = serde_json::json!({"path": "a.html", "content": page}).to_string();
    let mut out = s.on_arguments("g1", "create_file", &args);
    out.extend(s.on_arguments("g2", "create_file", r#"{"path": "b.html", "content": "<p>"#));
    let a: String = out
        .iter()
        .filter(|d| d.call_id == "g1")
        .map(|d| d.text.as_str())
        .collect();
    assert_eq!(a, page, "the next call flushed the replay, in order");
    assert_eq!(out.last().map(|d| d.text.as_str()), Some("<p>"));
    assert!(!s.replaying(), "a small piece goes through the coalescer");
}
